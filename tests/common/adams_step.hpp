#pragma once
// Test oracle: Adams' STEP(x, x0, h0, x1, h1) (cubic), written from the function reference,
// independent of expr/'s implementation.

namespace mb::test {

inline double adams_step(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3 - 2 * s);
}

}  // namespace mb::test
