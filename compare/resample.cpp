#include "compare/resample.hpp"

#include <algorithm>
#include <cmath>

#include "common/error.hpp"

namespace mb::compare {

GridRange covered_range(std::span<const double> grid, std::span<const double> t) {
  GridRange r;
  if (t.empty() || grid.empty()) return r;
  const double slack = 1e-9 * std::max(std::abs(t.back() - t.front()), 1e-300);
  const double lo = t.front() - slack;
  const double hi = t.back() + slack;
  r.begin = static_cast<std::size_t>(std::lower_bound(grid.begin(), grid.end(), lo) - grid.begin());
  r.end = static_cast<std::size_t>(std::upper_bound(grid.begin(), grid.end(), hi) - grid.begin());
  if (r.end < r.begin) r.end = r.begin;
  return r;
}

std::vector<double> resample(std::span<const double> t, std::span<const double> y,
                             std::span<const double> at) {
  MB_ASSERT(!t.empty() && t.size() == y.size());
  std::vector<double> out;
  out.reserve(at.size());
  for (double x : at) {
    if (x <= t.front()) {
      out.push_back(y.front());
      continue;
    }
    if (x >= t.back()) {
      out.push_back(y.back());
      continue;
    }
    // First sample strictly after x; its predecessor is at or before x.
    const auto hi = static_cast<std::size_t>(std::upper_bound(t.begin(), t.end(), x) - t.begin());
    const std::size_t lo = hi - 1;
    const double dt = t[hi] - t[lo];
    const double w = dt > 0 ? (x - t[lo]) / dt : 1.0;
    out.push_back(y[lo] + w * (y[hi] - y[lo]));
  }
  return out;
}

}  // namespace mb::compare
