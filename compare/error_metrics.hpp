#pragma once
// Pointwise error metrics of a result against a reference on the same grid.

#include <span>

namespace mb::compare {

/// With d_i = result_i - reference_i over n points:
///   max_abs = max |d_i|, at time t_max_abs
///   rms     = sqrt(sum d_i^2 / n)                     (Chrono's "RMS norm")
///   rel_l2  = sqrt(sum d_i^2) / sqrt(sum reference_i^2); 0 when both are 0, +inf when only the
///             reference is 0
struct ErrorMetrics {
  double max_abs = 0;
  double t_max_abs = 0;
  double rms = 0;
  double rel_l2 = 0;
};

ErrorMetrics error_metrics(std::span<const double> time, std::span<const double> reference,
                           std::span<const double> result);

}  // namespace mb::compare
