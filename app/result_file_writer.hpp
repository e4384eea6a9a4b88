#pragma once
// A result file written beside the CSV (the Adams .res/.req, HDF5): it gets the rows the CSV gets
// (the same times, ResOutput abf_unique_time applied by CsvObserver) with the state they come
// from, and computes what its format holds. finish() after the last row, also after a failure
// (the rows so far are kept, like the CSV's).

#include <span>

#include "app/run_summary.hpp"
#include "solver/system.hpp"

namespace mb {

/// One output row: the state at time t and the CSV row computed from it.
struct OutputRow {
  double t = 0;
  const System* sys = nullptr;
  const double* y = nullptr;
  const double* yp = nullptr;
  std::span<const double> csv;       ///< the CSV row: time, body columns, request columns
  std::span<const double> requests;  ///< the request columns of csv
};

class ResultFileWriter {
 public:
  virtual ~ResultFileWriter() = default;
  virtual void write(const OutputRow& row) = 0;
  /// Completes the file under its final name; `successful`: the analysis ended without failure;
  /// `summary`: the run's counters and model size (its code and message are not set yet).
  virtual void finish(bool successful, const RunSummary& summary) = 0;
};

}  // namespace mb
