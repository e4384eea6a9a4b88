#pragma once
// The simple pendulum theta'' = -w2 sin(theta) from rest at theta0, integrated by RK4 with a small
// fixed step: the independent reference of the point-curve and curve-curve pendulum tests.

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace mb::test {

/// theta and theta' at the times of `ts` (ascending), w2 = g / L.
inline std::vector<std::pair<double, double>> rk4_pendulum(double theta0, double w2,
                                                           const std::vector<double>& ts) {
  const double h = 1e-4;
  double th = theta0, om = 0, t = 0;
  std::vector<std::pair<double, double>> out;
  auto f = [&](double a) { return -w2 * std::sin(a); };
  for (double target : ts) {
    while (t < target - 1e-12) {
      const double dt = std::min(h, target - t);
      const double k1t = om, k1o = f(th);
      const double k2t = om + 0.5 * dt * k1o, k2o = f(th + 0.5 * dt * k1t);
      const double k3t = om + 0.5 * dt * k2o, k3o = f(th + 0.5 * dt * k2t);
      const double k4t = om + dt * k3o, k4o = f(th + dt * k3t);
      th += dt / 6 * (k1t + 2 * k2t + 2 * k3t + k4t);
      om += dt / 6 * (k1o + 2 * k2o + 2 * k3o + k4o);
      t += dt;
    }
    out.emplace_back(th, om);
  }
  return out;
}

}  // namespace mb::test
