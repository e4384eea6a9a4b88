#include "app/csv_observer.hpp"

#include <span>

#include "solver/body_outputs.hpp"

namespace mb {

CsvObserver::CsvObserver(CsvResultWriter& csv, RunLog& log, const System& sys,
                         RequestOutputs& requests, ProgressLine* progress, BodyAngles angles)
    : csv_(csv),
      log_(log),
      sys_(&sys),
      requests_(&requests),
      unique_time_(sys.model().results.unique_time),
      angles_(angles),
      n_body_(body_output_columns(sys, angles).size()),
      row_(1 + n_body_ + requests.size()),
      progress_(progress) {}

void CsvObserver::output(double t, const System& sys, const std::vector<double>& y,
                         const std::vector<double>& yp) {
  using UniqueTime = ResultOptions::UniqueTime;
  const bool repeated = (csv_.rows() > 0 || held_) && t <= last_t_;
  if (repeated && unique_time_ == UniqueTime::kFirst) return;
  if (&sys != sys_) {
    rebuilt_.emplace_back(sys);
    sys_ = &sys;
    requests_ = &rebuilt_.back();
  }
  if (held_ && !repeated) csv_.write_row(row_);  // LAST: the held row was the last at its time
  row_[0] = t;
  body_output_values(sys, y.data(), std::span<double>(row_).subspan(1, n_body_), angles_);
  requests_->values(t, y.data(), yp.data(), std::span<double>(row_).subspan(1 + n_body_));
  if (unique_time_ == UniqueTime::kLast) {
    held_ = true;
  } else {
    csv_.write_row(row_);
  }
  last_t_ = t;
  if (progress_) progress_->at(t);
}

void CsvObserver::end() {
  if (held_) csv_.write_row(row_);
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
