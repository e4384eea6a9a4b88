#pragma once
// Tube (envelope) test with an optional time tolerance, for curves whose events may shift.
//
// At each reference time t_i the allowed band is
//   [ min ref(s) - tol , max ref(s) + tol ]  over s in [t_i - time_tol, t_i + time_tol],
// where ref(s) is the reference interpolated linearly (so the extremes are taken over the
// samples inside the window and the interpolated window ends). With time_tol = 0 this is the
// plain band |result - reference| <= tol. The result passes when it lies inside the band at every
// reference time.

#include <cstddef>
#include <span>

namespace mb::compare {

struct TubeResult {
  std::size_t violations = 0;  ///< reference times where the result leaves the tube
  double first_violation = 0;  ///< time of the first one (meaningless when violations == 0)
  double max_excess = 0;       ///< largest distance outside the tube (0 when inside)
};

TubeResult tube_test(std::span<const double> time, std::span<const double> reference,
                     std::span<const double> result, double tol, double time_tol);

}  // namespace mb::compare
