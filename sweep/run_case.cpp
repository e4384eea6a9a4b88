#include "sweep/run_case.hpp"

#include <algorithm>
#include <iostream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/local_sweep.hpp"

namespace mb::sweep {

int run_one_case(const std::string& dir, const std::string& which) {
  const SweepPlan plan = read_plan(dir);
  std::size_t index = plan.ids.size();
  const auto it = std::find(plan.ids.begin(), plan.ids.end(), which);
  if (it != plan.ids.end()) {
    index = static_cast<std::size_t>(it - plan.ids.begin());
  } else if (const auto n = parse_int(which, 1, static_cast<long long>(plan.ids.size()))) {
    index = static_cast<std::size_t>(*n - 1);
  } else {
    throw Error(ExitCode::kUsage, "run-case: no case '" + which + "' in " + dir +
                                      " (ids c..., or 1 to " + std::to_string(plan.ids.size()) +
                                      ")");
  }
  RunnerOptions opt;
  opt.jobs = 1;
  opt.workers = false;
  opt.timeout_s = plan.timeout_s;
  int recorded = 0;
  const bool complete =
      run_cases(plan, dir, {index}, opt,
                [&](std::size_t i, const ProcessEnd& end) {
                  const CaseRecord r = record_case(plan, dir, i, end);
                  std::cerr << "mbsweep: " << r.id << ' ' << r.status << " (exit " << r.exit_code
                            << ")" << (r.message.empty() ? "" : ": " + r.message) << '\n';
                  ++recorded;
                },
                {});
  return complete && recorded == 1 ? 0 : 130;
}

}  // namespace mb::sweep
