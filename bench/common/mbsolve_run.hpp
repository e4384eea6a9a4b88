#pragma once
// One timed in-process mbsolve run of a deck text, shared by the benchmarks against a peer
// (bench/chain, bench/ladder) and by the tests that compare the same decks with Simbody: read +
// build_model + System and run_analyses (no result files), then the global position of one
// marker at the last output.

#include <string>

namespace mb::bench {

/// One run of mbsolve or of a peer program (for a peer: wall and CPU time are its own report,
/// setup_s stays 0, residual_evals are its right-hand side evaluations or realizations).
struct BenchRun {
  double setup_s = 0, solve_s = 0;
  double cpu_s = 0;  ///< process CPU time of setup + solve
  long steps = 0, residual_evals = 0;
  double x = 0, y = 0;  ///< the compared point at the end
};

/// Runs the deck `xml` (`name` in messages) and returns the global x, y of marker `marker_id`'s
/// origin at the last output. Exits the process with a message when the deck or the run fails.
BenchRun run_mbsolve_deck(const std::string& xml, const std::string& name, int marker_id);

}  // namespace mb::bench
