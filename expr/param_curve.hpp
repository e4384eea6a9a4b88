#pragma once
// B-spline curves for the CURVE(alpha, iord, comp, id) function (Adams CURVE statement,
// MotionSolve Reference_ParamCurve). The binder hands over the points of the curve's matrix;
// the curve is built here, once, as three piecewise polynomials x(u), y(u), z(u) on
// u in [-1, 1] that SplineCurve evaluates (spline.hpp).
//
// * Order k (Adams ORDER, 2..4; degree k - 1; default 4, a cubic): a B-spline of order k has
//   k - 2 continuous derivatives.
// * Control points (no CURVE_POINTS): the n rows of the matrix are the control polygon. An open
//   curve has the clamped uniform knot vector (k knots at -1 and at 1, n - k uniform interior
//   knots), so it starts at the first point and ends at the last. A closed curve (first and last
//   points equal) is the uniform periodic B-spline of the n - 1 distinct points.
// * Curve points (CURVE_POINTS): the curve passes through the points, the i-th at
//   u_i = -1 + 2 i / (n - 1). Open: clamped knots placed by averaging the u_i (Piegl & Tiller,
//   The NURBS Book, 9.2.1); closed: the periodic uniform B-spline whose knots are the u_i
//   (shifted by half a span for an even degree), C(k-2) across the closure.
// A closed curve is periodic in u with period 2; an open one continues its end polynomials
// beyond [-1, 1].

#include <optional>
#include <string>
#include <vector>

#include "expr/spline.hpp"

namespace mb::expr {

/// A curve's data as the binder returns it.
struct CurveData {
  std::vector<double> points;  ///< x y z of each point, point after point
  int order = 4;               ///< 2..4
  bool closed = false;
  bool through_points = false;  ///< CURVE_POINTS: the points lie on the curve
};

/// Why the data cannot be used, or nothing when it is valid.
std::optional<std::string> validate(const CurveData& data);

/// Component `comp` (0 = x, 1 = y, 2 = z) of a valid curve as a SplineCurve in u.
SplineCurve curve_component(const CurveData& data, int comp);

}  // namespace mb::expr
