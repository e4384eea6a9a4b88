#include "sweep/local_sweep.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <set>

#include "common/error.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/progress.hpp"
#include "sweep/summary_file.hpp"

namespace mb::sweep {

CaseRecord record_case(const SweepPlan& plan, const std::string& dir, std::size_t index,
                       const ProcessEnd& end) {
  CaseRecord r = outcome_of(dir, plan.ids[index], end);
  r.params = plan.design.rows[index];
  add_metrics(r, dir, plan.metrics);
  std::error_code ec;
  std::filesystem::create_directories(case_dir(dir, r.id), ec);
  write_case_json(dir, r);
  return r;
}

int run_local_sweep(const SweepPlan& plan, const std::string& dir, const LocalSweepOptions& opt) {
  // The directory may hold an earlier run of this sweep (resume) but not another sweep.
  if (std::filesystem::exists(dir + "/sweep.json")) {
    const SweepPlan old = read_plan(dir);
    if (!old.same_cases(plan)) {
      throw Error(ExitCode::kUsage,
                  dir +
                      " holds a different sweep (other deck, --set, parameters, values or "
                      "metrics); use another -o directory or remove it");
    }
  }
  write_plan(dir, plan);

  const std::string summary_path = dir + "/summary.csv";
  const auto header = summary_header(plan.design.names, plan.metrics);
  const std::set<std::string> ids(plan.ids.begin(), plan.ids.end());
  auto done = complete_rows(read_file_or_empty(summary_path), header, ids, summary_path);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < plan.ids.size(); ++i) {
    if (!done.count(plan.ids[i])) todo.push_back(i);
  }
  if (!opt.quiet) {
    std::cerr << fmt::format("mbsweep: {} case(s) in {}", plan.ids.size(), dir);
    if (!done.empty()) std::cerr << fmt::format(", {} already done (resuming)", done.size());
    std::cerr << fmt::format(", running {} with -j {}{}\n", todo.size(), opt.runner.jobs,
                             opt.runner.workers ? "" : " (one process per case)");
  }

  SummaryFile summary(summary_path, header, std::move(done));
  Progress progress(plan.ids.size(), plan.ids.size() - todo.size(), opt.progress);
  int not_ok = 0;
  const auto finished = [&](std::size_t i, const ProcessEnd& end) {
    const CaseRecord r = record_case(plan, dir, i, end);
    summary.append(r.id, summary_line(r));
    const bool ok = r.status == "ok";
    if (!ok) ++not_ok;
    progress.case_done(ok);
    if (!ok && !opt.quiet) {
      progress.end();
      std::cerr << fmt::format("mbsweep: {} {} (exit {}): {}\n", r.id, r.status, r.exit_code,
                               r.message);
    }
    progress.draw();
  };
  const bool complete = run_cases(plan, dir, todo, opt.runner, finished, [&] { progress.draw(); });
  progress.end();
  if (!complete) {
    std::cerr << "mbsweep: interrupted; finished cases are in " << summary_path
              << "; run the same command again to resume\n";
    return 130;
  }
  summary.finish();

  // Count over the whole summary, resumed rows included.
  const auto rows = complete_rows(read_file_or_empty(summary_path), header, ids, summary_path);
  std::size_t ok_rows = 0;
  const std::size_t status_col = 1 + plan.design.names.size();
  for (const auto& [id, line] : rows) {
    const auto fields = split_csv_line(std::string_view(line).substr(0, line.size() - 1));
    if (fields && fields->size() > status_col && (*fields)[status_col] == "ok") ++ok_rows;
  }
  if (!opt.quiet) {
    std::cerr << fmt::format("mbsweep: {} ok, {} not ok; summary: {}\n", ok_rows,
                             rows.size() - ok_rows, summary_path);
  }
  return ok_rows == plan.ids.size() ? 0 : 1;
}

}  // namespace mb::sweep
