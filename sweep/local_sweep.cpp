#include "sweep/local_sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <utility>

#include "common/error.hpp"
#include "results/curve_reader.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/eigen_metric.hpp"
#include "sweep/progress.hpp"
#include "sweep/summary_file.hpp"

namespace mb::sweep {

CaseRecord record_case(const SweepPlan& plan, const std::string& dir, std::size_t index,
                       const ProcessEnd& end) {
  CaseRecord r = outcome_of(dir, plan.ids[index], end);
  r.params = plan.design.rows[index];
  add_metrics(r, dir, plan.metrics, plan.results);
  std::error_code ec;
  std::filesystem::create_directories(case_dir(dir, r.id), ec);
  write_case_json(dir, r);
  return r;
}

namespace {

/// The channels the metrics need that the result CSV of case `index` lacks, as one message;
/// "" when all are there or the case left no readable CSV (then each case reports it).
std::string missing_metric_channels(const SweepPlan& plan, const std::string& dir,
                                    std::size_t index) {
  results::CurveTable table;
  try {
    table = results::read_curves(result_file(dir, plan.ids[index], plan.results));
  } catch (const std::exception&) {
    return {};
  }
  std::string missing;
  for (const auto& m : plan.metrics) {
    if (!is_eigen_metric(m) && !table.find(m.channel))
      missing += (missing.empty() ? "" : ", ") + m.label;
  }
  if (missing.empty()) return {};
  std::string known;
  for (std::size_t c = 0; c < table.channels() && c < 12; ++c) {
    known += (c ? ", " : "") + table.names[c];
  }
  if (table.channels() > 12) known += fmt::format(", ... ({} in all)", table.channels());
  return fmt::format(
      "-m {}: no such channel in the result of the first case {} (its channels: {}); no other "
      "case was run",
      missing, plan.ids[index], known);
}

/// Removes what a sweep that stopped in its first case wrote into a directory it created, so
/// that the corrected command starts afresh (only mbsweep's own files; never the user's).
void remove_fresh_sweep(const std::string& dir, const std::string& first_id, bool dir_existed) {
  std::error_code ec;
  std::filesystem::remove_all(case_dir(dir, first_id), ec);
  for (const char* f : {"/cases", "/sweep.json", "/cases.csv", "/workers.log"}) {
    std::filesystem::remove(dir + f, ec);  // a directory only when empty
  }
  if (!dir_existed) std::filesystem::remove(dir, ec);  // only when empty
}

}  // namespace

int run_local_sweep(const SweepPlan& plan, const std::string& dir, const LocalSweepOptions& opt) {
  // The directory may hold an earlier run of this sweep (resume) but not another sweep.
  const bool dir_existed = std::filesystem::exists(dir);
  const bool fresh = !std::filesystem::exists(dir + "/sweep.json");
  if (!fresh) {
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

  // The metrics' channels are checked on the first case, run alone before the others: a channel
  // that is not in the result is a usage error, not a sweep of empty metrics.
  std::optional<std::pair<std::size_t, ProcessEnd>> first;
  if (!plan.metrics.empty() && !todo.empty()) {
    RunnerOptions one = opt.runner;
    one.jobs = 1;
    const bool complete =
        run_cases(plan, dir, {todo.front()}, one,
                  [&](std::size_t i, const ProcessEnd& end) { first.emplace(i, end); }, {});
    if (!complete || !first) {
      std::cerr << "mbsweep: interrupted; run the same command again to resume\n";
      return 130;
    }
    if (const std::string missing = missing_metric_channels(plan, dir, first->first);
        !missing.empty()) {
      if (fresh) remove_fresh_sweep(dir, plan.ids[first->first], dir_existed);
      throw Error(ExitCode::kUsage, missing);
    }
    todo.erase(todo.begin());
  }

  SummaryFile summary(summary_path, header, std::move(done));
  Progress progress(plan.ids.size(), plan.ids.size() - todo.size() - (first ? 1 : 0), opt.progress);
  int not_ok = 0;
  std::size_t metrics_lacking = 0;
  const auto finished = [&](std::size_t i, const ProcessEnd& end) {
    const CaseRecord r = record_case(plan, dir, i, end);
    summary.append(r.id, summary_line(r));
    const bool ok = r.status == "ok";
    if (!ok) ++not_ok;
    if (ok && std::any_of(r.metrics.begin(), r.metrics.end(),
                          [](const std::optional<double>& v) { return !v; })) {
      ++metrics_lacking;
    }
    progress.case_done(ok);
    if (!ok && !opt.quiet) {
      progress.end();
      std::cerr << fmt::format("mbsweep: {} {} (exit {}): {}\n", r.id, r.status, r.exit_code,
                               r.message);
    }
    progress.draw();
  };
  if (first) finished(first->first, first->second);
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
  if (metrics_lacking > 0) {
    std::cerr << fmt::format(
        "mbsweep: warning: {} ok case(s) lack a metric value; the message column of {} says "
        "why\n",
        metrics_lacking, summary_path);
  }
  return ok_rows == plan.ids.size() ? 0 : 1;
}

}  // namespace mb::sweep
