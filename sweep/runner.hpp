#pragma once
// Runs cases of a plan on this machine, up to `jobs` at a time, and reports each one as it ends.
//
// Two ways to run a case, the same results:
//   * workers (default): `mbsolve DECK --worker --set FIXED...` processes that read the deck once
//     and take one case per line (app/case_worker.hpp); a worker that crashes or times out is
//     killed and replaced, and only its current case is affected. Only the reply naming the
//     current case's result prefix counts; other stdout of the worker (user routines' output)
//     goes to DIR/cases/ID/mbsolve.out;
//   * one process per case: `mbsolve DECK -q -o DIR/cases/ID/result --set ...`, its stdout and
//     stderr in DIR/cases/ID/mbsolve.out (also what `mbsweep run-case` uses).
// A case that runs longer than the timeout has its process group killed. SIGINT and SIGTERM stop
// the run: running cases are killed and run_cases returns false (finished cases stay reported).

#include <cstddef>
#include <functional>
#include <vector>

#include "sweep/case_record.hpp"
#include "sweep/sweep_plan.hpp"

namespace mb::sweep {

struct RunnerOptions {
  int jobs = 1;
  bool workers = true;
  double timeout_s = 0;  ///< 0 = none
};

/// Called once per case, in the order cases end, with its index into the plan.
using CaseFinished = std::function<void(std::size_t index, const ProcessEnd& end)>;
/// Called about five times a second while cases run (for a progress display).
using Tick = std::function<void()>;

/// Returns false when interrupted by SIGINT or SIGTERM.
bool run_cases(const SweepPlan& plan, const std::string& dir, const std::vector<std::size_t>& todo,
               const RunnerOptions& options, const CaseFinished& finished, const Tick& tick);

}  // namespace mb::sweep
