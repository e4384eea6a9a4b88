#pragma once
// What became of one case: the row of the summary CSV, and `case.json` in the case directory
// (written by the runner and by `mbsweep run-case`, read by `mbsweep collect`).
//
// status: "ok" | "failed" (mbsolve exited non-zero; exit_code and message from its JSON) |
//         "crashed" (killed by a signal: exit_code 128+N, message "crashed: signal N") |
//         "timeout" (killed after the per-case time limit: exit_code 124) |
//         "missing" (collect: the case never ran).

#include <optional>
#include <string>
#include <vector>

#include "sweep/metrics.hpp"

namespace mb::sweep {

struct CaseRecord {
  std::string id;
  std::vector<std::string> params;
  std::string status;
  int exit_code = 0;
  double wall_s = 0;
  std::vector<std::optional<double>> metrics;
  std::string message;
};

/// How the case's process ended, as the runner saw it.
struct ProcessEnd {
  enum class Kind { kExited, kSignaled, kTimedOut, kNotStarted };
  Kind kind = Kind::kExited;
  int code = 0;  ///< exit code, or signal number
  double wall_s = 0;
  double timeout_s = 0;
  std::string error;  ///< kNotStarted: why
};

/// The files of a case: DIR/cases/ID/result.{csv,json,log} (mbsolve -o prefix), case.json.
std::string case_dir(const std::string& sweep_dir, const std::string& id);
std::string result_prefix(const std::string& sweep_dir, const std::string& id);

/// Status, exit code and message of a finished case from how it ended and its result JSON.
CaseRecord outcome_of(const std::string& sweep_dir, const std::string& id, const ProcessEnd& end);

/// Fills `metrics` from the case's result CSV (only for status ok; nothing when unreadable). A
/// metric without a value (sweep/metrics.hpp, metric_problem) is named in the message.
/// The result file of case `id` the metrics read: PREFIX.csv, or PREFIX.h5 for results "hdf5".
std::string result_file(const std::string& sweep_dir, const std::string& id,
                        const std::string& results);
void add_metrics(CaseRecord& r, const std::string& sweep_dir, const std::vector<MetricSpec>& m,
                 const std::string& results = "csv");

/// case.json: status, exit_code, wall_s, message (written atomically).
void write_case_json(const std::string& sweep_dir, const CaseRecord& r);
/// Reads case.json into status, exit code, wall time and message; false if absent or unreadable.
bool read_case_json(const std::string& sweep_dir, CaseRecord& r);

/// The summary header: case, parameters..., status, exit_code, wall_s, metrics..., message.
std::vector<std::string> summary_header(const std::vector<std::string>& param_names,
                                        const std::vector<MetricSpec>& metrics);
/// One summary line for the record, ending with '\n'.
std::string summary_line(const CaseRecord& r);

}  // namespace mb::sweep
