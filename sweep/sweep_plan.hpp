#pragma once
// The sweep directory's description, written before any case runs so that `mbsweep run-case`
// (Slurm, GNU parallel) and `mbsweep collect` need nothing but the directory:
//   DIR/sweep.json   deck, mbsolve, fixed --set overrides, metrics, per-case timeout
//   DIR/cases.csv    case,<parameter names...> then one row per case (the design)
//   DIR/cases/ID/    result.csv/.json/.log (mbsolve -o), case.json (sweep/case_record.hpp)
//   DIR/summary.csv  (sweep/summary_file.hpp)
// Paths are stored absolute, so the files work from any working directory of the same
// file system.

#include <string>
#include <vector>

#include "sweep/design.hpp"
#include "sweep/metrics.hpp"

namespace mb::sweep {

struct SweepPlan {
  std::string deck;               ///< absolute path
  std::string mbsolve;            ///< absolute path of the mbsolve binary
  std::vector<std::string> sets;  ///< fixed NAME=VALUE overrides for every case
  std::vector<MetricSpec> metrics;
  double timeout_s = 0;  ///< per case; 0 = none
  /// The result file the metrics are read from: "csv", or "hdf5" (the cases run with mbsolve
  /// --format hdf5 and PREFIX.h5 is read).
  std::string results = "csv";
  Design design;
  std::vector<std::string> ids;  ///< case ids, one per design row

  /// The --set arguments of case `i`: the fixed ones, then the design row's.
  std::vector<std::string> case_sets(std::size_t i) const;
  /// True when both describe the same cases (deck, sets, metrics and design; not the mbsolve
  /// path or the timeout, which may change on a resume).
  bool same_cases(const SweepPlan& other) const;
};

/// Throws Error(kUsage) when a name is given twice among the fixed --set overrides and the
/// design's parameters (names compared without regard to case): which of two values would win
/// is not for mbsweep to guess.
void check_no_name_set_twice(const SweepPlan& plan);

/// Sets `ids` from the design.
void assign_case_ids(SweepPlan& plan);

void write_plan(const std::string& dir, const SweepPlan& plan);
/// Throws Error(kInputNotFound) when DIR/sweep.json is missing, kDeckError when unreadable.
SweepPlan read_plan(const std::string& dir);

}  // namespace mb::sweep
