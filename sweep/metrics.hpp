#pragma once
// Response metrics of one result channel: `-m CHANNEL:KIND`, KIND one of
//   final   the last value                 max / min   the extreme value
//   rms     sqrt(1/T * integral x^2 dt) over the whole output (trapezoidal; |x| for one row)
//   tmax    time of the (first) maximum    tmin        time of the (first) minimum
//   at=T    the value at time T (linear interpolation; none outside the output times, which
//           the case's summary message says)
// e.g. `body30102.x:max`, `body30102.vy:at=1.5`. The summary column is named like the spec.
// `eig:N:freq` and the other eigenvalue metrics: sweep/eigen_metric.hpp.

#include <optional>
#include <string>
#include <string_view>

#include "results/curve_table.hpp"
#include "sweep/metric_spec.hpp"

namespace mb::sweep {

/// Throws Error(kUsage) naming the spec and the known kinds.
MetricSpec parse_metric(std::string_view spec);

/// The metric's value, or nothing when the channel is missing, the table has no rows, or an
/// `at` time lies outside the output.
std::optional<double> evaluate_metric(const MetricSpec& m, const results::CurveTable& t);

/// Why evaluate_metric gives nothing, as `LABEL: reason` (the channel is not in the result, the
/// result has no rows, the at= time lies outside the output times), or "" when it gives a value.
std::string metric_problem(const MetricSpec& m, const results::CurveTable& t);

}  // namespace mb::sweep
