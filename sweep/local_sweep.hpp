#pragma once
// `mbsweep DECK ...`: runs a sweep on this machine into DIR, resuming where an earlier run of
// the same sweep stopped (sweep/summary_file.hpp), and writes DIR/summary.csv.
// Returns the exit status of mbsweep: 0 every case ok, 1 every case ran but some are not ok,
// 130 interrupted (run the same command again to resume). Throws Error(kUsage) when DIR holds a
// different sweep.

#include <string>

#include "sweep/runner.hpp"
#include "sweep/sweep_plan.hpp"

namespace mb::sweep {

struct LocalSweepOptions {
  RunnerOptions runner;
  bool progress = false;  ///< draw the progress line (stderr is a terminal)
  bool quiet = false;     ///< no per-case failure lines, no final line
};

int run_local_sweep(const SweepPlan& plan, const std::string& dir, const LocalSweepOptions& opt);

/// Records one finished case: status from how it ended and its JSON, metrics, case.json.
CaseRecord record_case(const SweepPlan& plan, const std::string& dir, std::size_t index,
                       const ProcessEnd& end);

}  // namespace mb::sweep
