#include "compare/tube.hpp"

#include <algorithm>
#include <array>

#include "common/error.hpp"
#include "compare/resample.hpp"

namespace mb::compare {

TubeResult tube_test(std::span<const double> time, std::span<const double> reference,
                     std::span<const double> result, double tol, double time_tol) {
  MB_ASSERT(time.size() == reference.size() && reference.size() == result.size());
  TubeResult out;
  const std::size_t n = time.size();
  std::size_t lo = 0, hi = 0;  // window [lo, hi) of samples inside [t - time_tol, t + time_tol]
  for (std::size_t i = 0; i < n; ++i) {
    const double a = time[i] - time_tol;
    const double b = time[i] + time_tol;
    while (lo < n && time[lo] < a) ++lo;
    if (hi < lo) hi = lo;
    while (hi < n && time[hi] <= b) ++hi;
    double mn = reference[i], mx = reference[i];
    for (std::size_t j = lo; j < hi; ++j) {
      mn = std::min(mn, reference[j]);
      mx = std::max(mx, reference[j]);
    }
    if (time_tol > 0) {
      const std::array<double, 2> ends{std::max(a, time.front()), std::min(b, time.back())};
      for (double v : resample(time, reference, ends)) {
        mn = std::min(mn, v);
        mx = std::max(mx, v);
      }
    }
    const double excess = std::max(mn - tol - result[i], result[i] - (mx + tol));
    if (excess > 0) {
      if (out.violations == 0) out.first_violation = time[i];
      ++out.violations;
      out.max_excess = std::max(out.max_excess, excess);
    }
  }
  return out;
}

}  // namespace mb::compare
