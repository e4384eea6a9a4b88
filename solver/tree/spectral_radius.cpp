#include "solver/tree/spectral_radius.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

namespace {
double norm(const std::vector<double>& v) {
  double s = 0;
  for (double e : v) s += e * e;
  return std::sqrt(s);
}
}  // namespace

double estimate_spectral_radius(const std::function<void(double, const double*, double*)>& f,
                                double t, const std::vector<double>& x, int iterations) {
  const size_t n = x.size();
  if (n == 0) return 0;
  std::vector<double> f0(n), f1(n), xv(n), v(n);
  f(t, x.data(), f0.data());
  // A start vector with every component present (a fixed, not random, pattern: reproducible).
  for (size_t i = 0; i < n; ++i) v[i] = 1.0 + 0.5 * std::sin(1.0 + static_cast<double>(i));
  double scale = norm(v);
  for (double& e : v) e /= scale;
  const double xnorm = norm(x);
  double log_growth = 0;  // log |J^k v0|, v0 of unit norm
  int k = 0;
  for (; k < iterations; ++k) {
    // The difference increment: sqrt(eps) relative to the state's size.
    const double e = 1.49e-8 * std::max(1.0, xnorm);
    for (size_t i = 0; i < n; ++i) xv[i] = x[i] + e * v[i];
    f(t, xv.data(), f1.data());
    for (size_t i = 0; i < n; ++i) v[i] = (f1[i] - f0[i]) / e;
    const double g = norm(v);
    if (!(g > 0) || !std::isfinite(g)) break;
    log_growth += std::log(g);
    for (double& c : v) c /= g;
  }
  return k == 0 ? 0.0 : std::exp(log_growth / k);
}

}  // namespace mb
