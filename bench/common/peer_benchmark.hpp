#pragma once
// The benchmark driver shared by bench_chain and bench_ladder: mbsolve against a peer program
// (Simbody) on the same mechanism of size N, in the same run, for N in a list, each N run REPEATS
// times with mbsolve and the peer interleaved (mbsolve, peer, mbsolve, ...). Per N: the median
// process CPU time of each (and the median wall time), integrator steps and right-hand side or
// residual evaluations (realizations for Simbody), the error of one point of each against a
// tight reference run, and the CPU ratio mbsolve / peer. Then the log-log slope of the median CPU
// time against N from the first to the last N, for both. On a shared machine the wall times
// measure the load more than the solvers; the CPU medians are what the READMEs report.
//
// Command line (the defaults come from the PeerBenchmark):
//   PROGRAM [--angle RAD] [--tol TOL] [--sb-acc SB_ACC] [--ref-acc REF_ACC] [--ref-tol REF_TOL]
//           [--ns N1,N2,...] [--repeats R] [--integrator NAME]
//   PROGRAM --write-deck N FILE [ANGLE]   (the N deck, no integrator named, integr_tol 1e-6)
// --tol is mbsolve's integr_tol (default 1e-6), --sb-acc the peer's accuracy (1e-5). The reference
// is the peer at --ref-acc (the PeerBenchmark's default_ref_acc), or, with --ref-tol, mbsolve at
// that integr_tol with the same integrator (for sizes where the tight peer run takes too long). The
// peer program is called as `PEER N ACCURACY ANGLE` and prints one line `wall_s=... cpu_s=...
// steps=... realizations=... tip_x=... tip_y=...`.

#include <functional>
#include <string>
#include <vector>

namespace mb::bench {

struct PeerBenchmark {
  std::string program;    ///< e.g. "bench_chain", in messages
  std::string mechanism;  ///< e.g. "chain of N links", head of the report
  std::string peer_path;  ///< the peer program
  double default_angle = 0;
  std::vector<int> default_ns;
  double default_ref_acc = 1e-10;  ///< the reference peer run's accuracy
  /// The deck for size n; `integrator` empty: none named (mbsolve's default form).
  std::function<std::string(int n, double tol, const std::string& integrator, double angle)> deck;
  /// Deck id of the marker whose origin is the compared point.
  std::function<int(int n)> point_marker;
};

/// Parses the command line, runs the comparison and prints the report; returns the exit code.
int run_peer_benchmark(const PeerBenchmark& bench, int argc, char** argv);

}  // namespace mb::bench
