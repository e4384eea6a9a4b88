#include "compare/error_metrics.hpp"

#include <cmath>
#include <limits>

#include "common/error.hpp"

namespace mb::compare {

ErrorMetrics error_metrics(std::span<const double> time, std::span<const double> reference,
                           std::span<const double> result) {
  MB_ASSERT(time.size() == reference.size() && reference.size() == result.size());
  ErrorMetrics m;
  if (time.empty()) return m;
  double sum_d2 = 0, sum_r2 = 0;
  m.t_max_abs = time[0];
  for (std::size_t i = 0; i < time.size(); ++i) {
    const double d = result[i] - reference[i];
    if (std::abs(d) > m.max_abs) {
      m.max_abs = std::abs(d);
      m.t_max_abs = time[i];
    }
    sum_d2 += d * d;
    sum_r2 += reference[i] * reference[i];
  }
  m.rms = std::sqrt(sum_d2 / static_cast<double>(time.size()));
  if (sum_r2 > 0) {
    m.rel_l2 = std::sqrt(sum_d2 / sum_r2);
  } else {
    m.rel_l2 = sum_d2 > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  }
  return m;
}

}  // namespace mb::compare
