#pragma once
// A Reference_ParamCurve (expr/param_curve.hpp) as a point function of its parameter, for the
// higher-pair constraints (Constraint_PTCV): c(u) = (x(u), y(u), z(u)) and its derivatives, and
// the parameter of the curve point closest to a given point. Closed curves are periodic in u
// (period 2); open ones end at u = +-1.

#include <array>

#include "common/linalg.hpp"
#include "expr/param_curve.hpp"
#include "expr/spline.hpp"

namespace mb::expr {

class CurveGeometry {
 public:
  explicit CurveGeometry(const CurveData& data);

  bool closed() const { return closed_; }
  /// Component k (0 = x, 1 = y, 2 = z) of c as a function of u.
  const SplineCurve& component(int k) const { return comp_[static_cast<size_t>(k)]; }
  /// d^order c / du^order at u (order 0..3).
  Vec3 point(double u, int order) const {
    return {comp_[0].eval(u, order), comp_[1].eval(u, order), comp_[2].eval(u, order)};
  }
  /// The diagonal of the box around the curve's data points (its size, for tolerances).
  double size() const { return size_; }
  /// The parameter of the curve point closest to p: the nearest of dense samples (to `start`
  /// when given, else to p), refined by Newton on c'(u) . (c(u) - p) = 0 towards p; in [-1, 1]
  /// (an open curve's ends are candidates).
  double closest(const Vec3& p, const Vec3* start = nullptr) const;

 private:
  std::array<SplineCurve, 3> comp_;
  bool closed_ = false;
  double size_ = 0.0;
};

}  // namespace mb::expr
