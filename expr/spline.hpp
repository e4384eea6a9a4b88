#pragma once
// Spline math for AKISPL, CUBSPL and LINSPL (docs/motionsolve-format.md 2.7 and 5.5). The binder
// hands over the Reference_Spline data; the interpolation is done here.
//
// Every method gives, on segment [x_i, x_i+1] with h = x - x_i, a cubic
//   y(x) = c0 + c1*h + c2*h^2 + c3*h^3.
// * Akima (AKISPL), Akima 1970: segment slopes m_i = (y_i+1 - y_i)/(x_i+1 - x_i), extended by
//   two on each end with m_-1 = 2m_0 - m_1, m_-2 = 2m_-1 - m_0 (same at the right end); node
//   slope t_i = (|m_i+1 - m_i|*m_i-1 + |m_i-1 - m_i-2|*m_i) / (|m_i+1 - m_i| + |m_i-1 - m_i-2|),
//   or (m_i-1 + m_i)/2 when both weights are 0; then the cubic Hermite segment with end slopes
//   t_i and t_i+1. Two points give a line.
// * Natural cubic (CUBSPL): C2 interpolant with second derivative 0 at both ends.
// * Linear (LINSPL): straight segments.
// Outside [x_0, x_n-1] the end segment's cubic is continued, or, when the spline asks for linear
// extrapolation, the tangent line at the end point. Derivative orders 0..3 are supported (order
// 3 is piecewise constant, higher orders are 0).
// Surfaces y(x, z): one curve in x per z value (same method), linear interpolation in z between
// neighbouring curves (the z derivative is the slope between them; order >= 2 in z is 0).

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mb::expr {

enum class SplineMethod { kAkima, kCubic, kLinear };

/// Reference_Spline data as the binder returns it.
struct SplineData {
  std::vector<double> x;  ///< strictly increasing, at least 2 values
  std::vector<double> y;  ///< curve: y[i] at x[i]; surface: y[k*x.size() + i] at (x[i], z[k])
  std::vector<double> z;  ///< empty for a curve; strictly increasing for a surface
  bool linear_extrapolation = false;
};

/// Why the data cannot be used, or nothing when it is valid.
std::optional<std::string> validate(const SplineData& data);

/// One interpolating curve in x.
class SplineCurve {
 public:
  SplineCurve(SplineMethod method, std::span<const double> x, std::span<const double> y,
              bool linear_extrapolation);
  /// A piecewise cubic given by its breakpoints and 4 coefficients per segment (c0 + c1 h +
  /// c2 h^2 + c3 h^3, h = x - x_i); `periodic`: x is taken modulo x.back() - x.front().
  SplineCurve(std::vector<double> x, std::vector<double> coefficients, bool periodic);
  /// d^order y / dx^order at x.
  double eval(double x, int order) const;

 private:
  std::vector<double> x_;
  std::vector<double> c_;  ///< 4 coefficients per segment
  bool linear_extrapolation_ = false;
  bool periodic_ = false;
};

/// A curve or a surface, ready to evaluate.
class Spline {
 public:
  Spline(SplineMethod method, const SplineData& data);
  explicit Spline(SplineCurve curve) : curves_{std::move(curve)} {}
  bool is_surface() const { return !z_.empty(); }
  /// d^(order_x + order_z) y / dx^order_x dz^order_z at (x, z). z is ignored for a curve.
  double eval(double x, double z, int order_x, int order_z) const;

 private:
  std::vector<SplineCurve> curves_;
  std::vector<double> z_;
};

}  // namespace mb::expr
