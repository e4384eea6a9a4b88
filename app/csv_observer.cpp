#include "app/csv_observer.hpp"

#include <span>

#include "solver/body_outputs.hpp"

namespace mb {

CsvObserver::CsvObserver(CsvResultWriter& csv, RunLog& log, const System& sys,
                         RequestOutputs& requests, ProgressLine* progress, BodyAngles angles,
                         std::vector<ResultFileWriter*> files)
    : csv_(csv),
      log_(log),
      sys_(&sys),
      requests_(&requests),
      unique_time_(sys.model().results.unique_time),
      angles_(angles),
      n_body_(body_output_columns(sys, angles).size()),
      row_(1 + n_body_ + requests.size()),
      files_(std::move(files)),
      progress_(progress) {
  out_.csv = row_;
  out_.requests = std::span<const double>(row_).subspan(1 + n_body_);
}

void CsvObserver::emit() {
  csv_.write_row(row_);
  for (ResultFileWriter* f : files_) f->write(out_);
}

void CsvObserver::output(double t, const System& sys, Workspace& ws, const std::vector<double>& y,
                         const std::vector<double>& yp) {
  using UniqueTime = ResultOptions::UniqueTime;
  const bool repeated = (csv_.rows() > 0 || held_) && t <= last_t_;
  if (repeated && unique_time_ == UniqueTime::kFirst) return;
  if (&sys != sys_ || &ws != ws_) {  // the run's first output, or a rebuilt System
    rebuilt_.emplace_back(sys, ws);
    sys_ = &sys;
    ws_ = &ws;
    requests_ = &rebuilt_.back();
  }
  if (held_ && !repeated) emit();  // LAST: the held row was the last at its time
  row_[0] = t;
  body_output_values(sys, y.data(), std::span<double>(row_).subspan(1, n_body_), angles_);
  requests_->values(t, y.data(), yp.data(), std::span<double>(row_).subspan(1 + n_body_));
  out_.t = t;
  out_.sys = &sys;
  out_.y = y.data();
  out_.yp = yp.data();
  if (unique_time_ == UniqueTime::kLast) {
    if (!files_.empty()) {  // the state outlives this call (same sizes: no allocation)
      held_y_ = y;
      held_yp_ = yp;
      out_.y = held_y_.data();
      out_.yp = held_yp_.data();
    }
    held_ = true;
  } else {
    emit();
  }
  last_t_ = t;
  if (progress_) progress_->at(t);
}

void CsvObserver::end() {
  if (held_) emit();
  held_ = false;
  if (progress_) progress_->end();
}

std::vector<ResultColumn> result_columns(const System& sys, const RequestOutputs& requests,
                                         BodyAngles angles) {
  const Units& u = sys.model().units;
  std::vector<ResultColumn> cols = {{"time", u.time.empty() ? "time" : u.time}};
  for (auto& c : body_output_columns(sys, angles)) cols.push_back(std::move(c));
  for (auto& c : requests.columns()) cols.push_back(std::move(c));
  return cols;
}

}  // namespace mb
