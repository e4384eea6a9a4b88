#include "compare/dtw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "common/error.hpp"

namespace mb::compare {
namespace {
enum Step : std::uint8_t { kStart, kDiagonal, kStepA, kStepB };
}

WarpPath dtw(std::span<const double> a, std::span<const double> b) {
  MB_ASSERT(!a.empty() && !b.empty());
  const std::size_t n = a.size(), m = b.size();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<std::uint8_t> from(n * m, kStart);
  std::vector<double> prev(m, kInf), cur(m, kInf);

  // Accumulated cost row by row; from[] remembers the predecessor of every cell.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < m; ++j) {
      const double local = std::abs(a[i] - b[j]);
      if (i == 0 && j == 0) {
        cur[j] = local;
        continue;
      }
      const double diag = (i > 0 && j > 0) ? prev[j - 1] : kInf;
      const double up = i > 0 ? prev[j] : kInf;       // step in a
      const double left = j > 0 ? cur[j - 1] : kInf;  // step in b
      double best = diag;
      std::uint8_t step = kDiagonal;
      if (up < best) {
        best = up;
        step = kStepA;
      }
      if (left < best) {
        best = left;
        step = kStepB;
      }
      cur[j] = best + local;
      from[i * m + j] = step;
    }
    std::swap(prev, cur);
  }

  // Backtrack from the end.
  WarpPath path;
  path.cost = prev[m - 1];
  std::size_t i = n - 1, j = m - 1;
  while (true) {
    path.pairs.emplace_back(i, j);
    const auto step = from[i * m + j];
    if (step == kStart) break;
    if (step == kDiagonal) {
      --i;
      --j;
    } else if (step == kStepA) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(path.pairs.begin(), path.pairs.end());
  return path;
}

}  // namespace mb::compare
