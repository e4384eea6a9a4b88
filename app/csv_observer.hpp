#pragma once
// Writes result rows as the analysis produces them, and moves the progress line (if any) on.
// Commands between Simulates may rebuild the System (Activate, Deactivate, modifications): the
// request evaluator follows the System of each row; the columns stay those of the first.
// Several rows at one time (a restart) are kept as ResOutput abf_unique_time says. The other
// result files (`files`: Adams .res/.req, HDF5) get the same rows.

#include <deque>
#include <string>
#include <vector>

#include "app/progress_line.hpp"
#include "app/result_file_writer.hpp"
#include "app/run_log.hpp"
#include "results/csv_result_writer.hpp"
#include "solver/analysis_observer.hpp"
#include "solver/body_outputs.hpp"
#include "solver/request_outputs.hpp"

namespace mb {

class CsvObserver : public AnalysisObserver {
 public:
  /// `requests`: sys's request outputs (their columns); the rows evaluate them in the run's
  /// Workspace. `progress`: the terminal's progress line, or null; `angles`: the body angle
  /// columns.
  CsvObserver(CsvResultWriter& csv, RunLog& log, const System& sys, RequestOutputs& requests,
              ProgressLine* progress, BodyAngles angles = BodyAngles::kNone,
              std::vector<ResultFileWriter*> files = {});
  void output(double t, const System& sys, Workspace& ws, const std::vector<double>& y,
              const std::vector<double>& yp) override;
  void log(const std::string& line) override { log_.line(line); }
  void progress_steps(long steps) override {
    if (progress_) progress_->steps(steps);
  }
  /// Writes a held row (abf_unique_time LAST) and ends the progress line.
  void end();

 private:
  /// row_ (and the state it came from) to the CSV and the other files.
  void emit();

  CsvResultWriter& csv_;
  RunLog& log_;
  const System* sys_;
  Workspace* ws_ = nullptr;  ///< the Workspace requests_ evaluates in (null: its own)
  RequestOutputs* requests_;
  std::deque<RequestOutputs> rebuilt_;  ///< those of the run's Workspaces and Systems
  ResultOptions::UniqueTime unique_time_;
  BodyAngles angles_;
  size_t n_body_;
  std::vector<double> row_;
  double last_t_ = 0;
  bool held_ = false;
  std::vector<ResultFileWriter*> files_;
  OutputRow out_;  ///< the row being emitted (a held row's state is in held_y_, held_yp_)
  std::vector<double> held_y_, held_yp_;
  ProgressLine* progress_;
};

/// The result columns: time (in the model's time unit), the body outputs, the requests.
std::vector<ResultColumn> result_columns(const System& sys, const RequestOutputs& requests,
                                         BodyAngles angles = BodyAngles::kNone);

}  // namespace mb
