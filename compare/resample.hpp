#pragma once
// Linear resampling of a curve onto another time grid (the reference's).

#include <cstddef>
#include <span>
#include <vector>

namespace mb::compare {

/// The half-open index range [begin, end) of `grid` whose times lie inside
/// [t.front(), t.back()] (with a relative slack of 1e-9 of the span for rounding in the files).
struct GridRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
};
GridRange covered_range(std::span<const double> grid, std::span<const double> t);

/// y(t) linearly interpolated at every time in `at`; `t` is non-decreasing with at least one
/// sample. Times outside [t.front(), t.back()] take the nearest end value. At a repeated time
/// (an event written twice) the later sample wins.
std::vector<double> resample(std::span<const double> t, std::span<const double> y,
                             std::span<const double> at);

}  // namespace mb::compare
