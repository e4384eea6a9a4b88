#pragma once
// Test oracle: the joint friction law of models/force_jointfriction.hpp with EFFECT=ALL for one
// slip direction, written from its description there, and a fixed-step RK4 of a one-direction
// friction ODE (position, velocity, creep) to integrate it independently of the solver.

#include <array>
#include <cmath>
#include <functional>

#include "tests/common/adams_step.hpp"

namespace mb::test {

/// The signed friction coefficient from the slip velocity v and the creep z.
struct FrictionLaw {
  double mu_s, mu_d, vs, c, d;
  double creep_rate(double v, double z) const {
    const double u = z / d;
    return v - std::abs(v) * u * u * u * u * u;
  }
  double mu(double v, double z) const {
    const double w = adams_step(std::abs(v), vs, 1, c * vs, 0);
    const double tau = d / vs;
    return w * mu_s * adams_step((z + tau * creep_rate(v, z)) / d, -1, -1, 1, 1) +
           (1 - w) * mu_d * adams_step(v, -vs, -1, vs, 1);
  }
};

/// RK4 of u = (position, velocity, creep): velocity' = accel(velocity, creep),
/// creep' = law.creep_rate(slip(velocity), creep).
struct FrictionRk4 {
  std::function<double(double, double)> accel;
  std::function<double(double)> slip;
  FrictionLaw law;
  std::array<double, 3> u{};
  void advance(double dt, int n) {
    auto f = [&](const std::array<double, 3>& s) {
      return std::array<double, 3>{s[1], accel(s[1], s[2]), law.creep_rate(slip(s[1]), s[2])};
    };
    for (int i = 0; i < n; ++i) {
      const auto k1 = f(u);
      std::array<double, 3> t;
      for (size_t j = 0; j < 3; ++j) t[j] = u[j] + 0.5 * dt * k1[j];
      const auto k2 = f(t);
      for (size_t j = 0; j < 3; ++j) t[j] = u[j] + 0.5 * dt * k2[j];
      const auto k3 = f(t);
      for (size_t j = 0; j < 3; ++j) t[j] = u[j] + dt * k3[j];
      const auto k4 = f(t);
      for (size_t j = 0; j < 3; ++j) u[j] += dt / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    }
  }
};

/// The creep ratio x in [0, 1] with STEP(x, -1, -1, 1, 1) = s (the stiction saturation
/// inverted by bisection): a joint held by stiction against a load s mu_s N rests at z = x d.
inline double stiction_creep_ratio(double s) {
  double lo = 0, hi = 1;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (adams_step(mid, -1, -1, 1, 1) < s ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace mb::test
