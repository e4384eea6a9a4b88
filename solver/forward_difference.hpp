#pragma once
// The step of the forward differences that give user subroutines' partial derivatives
// (solver/user_state.cpp, solver/state_reads.cpp): sqrt(machine epsilon), relative to the
// value's magnitude when it exceeds 1.

#include <algorithm>
#include <cmath>

namespace mb {

inline double forward_difference_step(double v) {
  constexpr double kSqrtEps = 1.4901161193847656e-08;
  return kSqrtEps * std::max(1.0, std::abs(v));
}

}  // namespace mb
