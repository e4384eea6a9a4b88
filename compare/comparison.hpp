#pragma once
// Compares a result table with one or more reference tables, channel by channel:
//   1. pair channels (by the map file, else by equal names, case-insensitive);
//   2. resample the result linearly onto the reference's time grid (only reference times
//      inside the result's time range are compared; any outside make the channel fail);
//   3. compute the error metrics (and the ISO/TS 18571 rating when asked or checked);
//   4. evaluate the channel's checks from the tolerance set.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "compare/channel_kind.hpp"
#include "compare/channel_map.hpp"
#include "compare/error_metrics.hpp"
#include "compare/iso18571.hpp"
#include "compare/tolerance.hpp"
#include "compare/tube.hpp"
#include "results/curve_table.hpp"

namespace mb::compare {

struct CheckOutcome {
  Check check;
  double value = 0;  ///< the metric's value (tube: the largest excess outside the tube)
  bool pass = false;
  std::optional<TubeResult> tube;
};

struct ChannelComparison {
  std::string result_name;
  std::string reference_name;  ///< "stem:column"
  Kind kind = Kind::kOther;
  double scale = 1.0;
  std::vector<double> time;       ///< the compared reference times
  std::vector<double> reference;  ///< reference values (times scale) at `time`
  std::vector<double> result;     ///< result resampled at `time`
  std::size_t uncovered = 0;      ///< reference times outside the result's time range
  ErrorMetrics errors;
  std::optional<IsoRating> iso;
  std::vector<CheckOutcome> checks;
  bool pass = false;
  std::string problem;  ///< why the channel failed besides its checks (coverage), or ""
};

struct Comparison {
  std::vector<ChannelComparison> channels;
  std::vector<std::string> unmatched_result;  ///< result channels not compared (no map)
  bool pass() const;
  std::size_t failed() const;
};

struct CompareOptions {
  bool iso = false;  ///< compute the ISO/TS 18571 rating of every channel
  IsoParams iso_params;
};

/// A reference table and the stem that qualifies its channel names.
struct Reference {
  std::string stem;
  const results::CurveTable* table = nullptr;
};

/// The stem of a path: file name without directory and extension.
std::string path_stem(const std::string& path);

/// Throws mb::Error(kUsage) when a mapped channel does not exist, a bare reference name is
/// ambiguous, a channel to compare is the name of two columns of one file, a `channel`
/// tolerance rule names no compared channel, or no channel matched at all.
Comparison compare_tables(const results::CurveTable& result, std::span<const Reference> references,
                          const ChannelMap* map, const ToleranceSet& tolerances,
                          const CompareOptions& options);

}  // namespace mb::compare
