#include "expr/spline.hpp"

#include <algorithm>
#include <cmath>

namespace mb::expr {

namespace {

bool strictly_increasing(const std::vector<double>& v) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i])) return false;
    if (i > 0 && !(v[i] > v[i - 1])) return false;
  }
  return true;
}

// Index of the segment [v[i], v[i+1]] that holds t, clamped to the first and last segments.
size_t segment(const std::vector<double>& v, double t) {
  auto it = std::upper_bound(v.begin() + 1, v.end() - 1, t);
  return static_cast<size_t>(it - v.begin()) - 1;
}

}  // namespace

std::optional<std::string> validate(const SplineData& d) {
  if (d.x.size() < 2) return "needs at least 2 x values";
  if (!strictly_increasing(d.x)) return "x values must increase strictly";
  const size_t nz = d.z.empty() ? 1 : d.z.size();
  if (d.y.size() != d.x.size() * nz) return "the number of y values does not match";
  for (double y : d.y) {
    if (!std::isfinite(y)) return "y values must be finite";
  }
  if (!d.z.empty() && !strictly_increasing(d.z)) return "z values must increase strictly";
  return std::nullopt;
}

SplineCurve::SplineCurve(SplineMethod method, std::span<const double> x, std::span<const double> y,
                         bool linear_extrapolation)
    : x_(x.begin(), x.end()), c_(4 * (x.size() - 1)), linear_extrapolation_(linear_extrapolation) {
  const size_t n = x.size();
  const size_t ns = n - 1;
  std::vector<double> h(ns), m(ns);
  for (size_t i = 0; i < ns; ++i) {
    h[i] = x[i + 1] - x[i];
    m[i] = (y[i + 1] - y[i]) / h[i];
  }
  std::vector<double> t(n);  // node slopes (Akima) or second derivatives (cubic)
  switch (method) {
    case SplineMethod::kLinear:
      for (size_t i = 0; i < ns; ++i) c_[4 * i] = y[i], c_[4 * i + 1] = m[i];
      return;
    case SplineMethod::kAkima: {
      if (ns == 1) {
        t[0] = t[1] = m[0];
      } else {
        // Slopes with two extra on each side: me[j + 2] = m_j for j = -2 .. ns + 1.
        std::vector<double> me(ns + 4);
        for (size_t i = 0; i < ns; ++i) me[i + 2] = m[i];
        me[1] = 2 * me[2] - me[3];
        me[0] = 2 * me[1] - me[2];
        me[ns + 2] = 2 * me[ns + 1] - me[ns];
        me[ns + 3] = 2 * me[ns + 2] - me[ns + 1];
        for (size_t i = 0; i < n; ++i) {
          // m_{i-2} = me[i], m_{i-1} = me[i+1], m_i = me[i+2], m_{i+1} = me[i+3]
          const double w1 = std::fabs(me[i + 3] - me[i + 2]);
          const double w2 = std::fabs(me[i + 1] - me[i]);
          t[i] = (w1 + w2 == 0) ? 0.5 * (me[i + 1] + me[i + 2])
                                : (w1 * me[i + 1] + w2 * me[i + 2]) / (w1 + w2);
        }
      }
      for (size_t i = 0; i < ns; ++i) {
        c_[4 * i] = y[i];
        c_[4 * i + 1] = t[i];
        c_[4 * i + 2] = (3 * m[i] - 2 * t[i] - t[i + 1]) / h[i];
        c_[4 * i + 3] = (t[i] + t[i + 1] - 2 * m[i]) / (h[i] * h[i]);
      }
      return;
    }
    case SplineMethod::kCubic: {
      // Tridiagonal system for the second derivatives M_1 .. M_n-2 (M_0 = M_n-1 = 0), solved
      // with the Thomas algorithm.
      std::vector<double> diag(n, 1.0), upper(n, 0.0), rhs(n, 0.0);
      for (size_t i = 1; i + 1 < n; ++i) {
        const double lower = h[i - 1];
        diag[i] = 2 * (h[i - 1] + h[i]);
        upper[i] = h[i];
        rhs[i] = 6 * (m[i] - m[i - 1]);
        const double f = lower / diag[i - 1];
        diag[i] -= f * upper[i - 1];
        rhs[i] -= f * rhs[i - 1];
      }
      t[n - 1] = 0;
      for (size_t i = n - 1; i-- > 1;) t[i] = (rhs[i] - upper[i] * t[i + 1]) / diag[i];
      t[0] = 0;
      for (size_t i = 0; i < ns; ++i) {
        c_[4 * i] = y[i];
        c_[4 * i + 1] = m[i] - h[i] * (2 * t[i] + t[i + 1]) / 6;
        c_[4 * i + 2] = t[i] / 2;
        c_[4 * i + 3] = (t[i + 1] - t[i]) / (6 * h[i]);
      }
      return;
    }
  }
}

SplineCurve::SplineCurve(std::vector<double> x, std::vector<double> coefficients, bool periodic)
    : x_(std::move(x)), c_(std::move(coefficients)), periodic_(periodic) {}

double SplineCurve::eval(double x, int order) const {
  const size_t last = x_.size() - 1;
  if (periodic_ && (x < x_[0] || x > x_[last])) {
    const double period = x_[last] - x_[0];
    x = x_[0] + (x - x_[0]) - period * std::floor((x - x_[0]) / period);
  }
  if (linear_extrapolation_ && (x < x_[0] || x > x_[last])) {
    const bool left = x < x_[0];
    const double xe = left ? x_[0] : x_[last];
    const double y0 = eval(xe, 0), y1 = eval(xe, 1);
    if (order == 0) return y0 + y1 * (x - xe);
    return order == 1 ? y1 : 0.0;
  }
  const size_t i = segment(x_, x);
  const double* c = &c_[4 * i];
  const double h = x - x_[i];
  switch (order) {
    case 0:
      return c[0] + h * (c[1] + h * (c[2] + h * c[3]));
    case 1:
      return c[1] + h * (2 * c[2] + 3 * h * c[3]);
    case 2:
      return 2 * c[2] + 6 * h * c[3];
    case 3:
      return 6 * c[3];
    default:
      return 0.0;
  }
}

Spline::Spline(SplineMethod method, const SplineData& data) : z_(data.z) {
  const size_t nx = data.x.size();
  const size_t nz = z_.empty() ? 1 : z_.size();
  for (size_t k = 0; k < nz; ++k) {
    curves_.emplace_back(method, data.x, std::span<const double>(data.y).subspan(k * nx, nx),
                         data.linear_extrapolation);
  }
  if (z_.size() == 1) z_.clear();
}

double Spline::eval(double x, double z, int order_x, int order_z) const {
  if (z_.empty()) return order_z == 0 ? curves_[0].eval(x, order_x) : 0.0;
  const size_t k = segment(z_, z);
  const double a = curves_[k].eval(x, order_x);
  const double b = curves_[k + 1].eval(x, order_x);
  const double dz = z_[k + 1] - z_[k];
  if (order_z == 0) {
    const double w = (z - z_[k]) / dz;
    return a + w * (b - a);
  }
  return order_z == 1 ? (b - a) / dz : 0.0;
}

}  // namespace mb::expr
