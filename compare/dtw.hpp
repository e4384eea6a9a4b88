#pragma once
// Dynamic time warping of two sequences (used by the ISO/TS 18571 magnitude score).
//
// Local cost |a_i - b_j|; steps (i+1, j), (i, j+1), (i+1, j+1), each of weight 1; the path runs
// from (0, 0) to (n-1, m-1) and minimises the summed local cost. On ties the diagonal step is
// preferred, then the step in a, then the step in b. Time O(n m), memory O(n m) bytes.

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace mb::compare {

struct WarpPath {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  ///< (i, j) from start to end
  double cost = 0;                                         ///< summed |a_i - b_j| on the path
};

WarpPath dtw(std::span<const double> a, std::span<const double> b);

}  // namespace mb::compare
