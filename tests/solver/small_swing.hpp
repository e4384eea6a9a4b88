#pragma once
// Test oracle: the swing of a simple pendulum (length l, gravity g) released at angle a with
// rate w0, to third order in the amplitude A: theta = a cos(W t) + (w0 / W) sin(W t) with the
// amplitude-dependent frequency W = sqrt(g / l) (1 - A^2 / 16) (Lindstedt-Poincare); what is
// left is of order A^3 / 192.

#include <cmath>

namespace mb::test {

struct SmallSwing {
  double a, w0, W;
  SmallSwing(double a0, double rate0, double g_over_l) : a(a0), w0(rate0) {
    const double W0 = std::sqrt(g_over_l), A = std::hypot(a0, rate0 / W0);
    W = W0 * (1 - A * A / 16);
  }
  double angle(double t) const { return a * std::cos(W * t) + w0 / W * std::sin(W * t); }
  double rate(double t) const { return -a * W * std::sin(W * t) + w0 * std::cos(W * t); }
};

}  // namespace mb::test
