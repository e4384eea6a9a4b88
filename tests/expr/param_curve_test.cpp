// B-spline curves of CURVE(alpha, iord, comp, id) (expr/param_curve.hpp) against closed forms:
// a line through equally spaced points is reproduced exactly with alpha linear along it; the
// closed curve through points of a circle stays on the circle (interpolation error only); the
// uniform periodic cubic B-spline of a regular polygon meets (P_s + 4 P_s+1 + P_s+2) / 6 at its
// knots; an open curve on control points starts and ends at the end points. Derivatives against
// central differences.

#include "expr/param_curve.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

namespace mb::expr::test {
namespace {

constexpr double kPi = std::numbers::pi;

/// The three components of a valid curve.
struct Curve3 {
  std::vector<SplineCurve> c;
  explicit Curve3(const CurveData& d) {
    REQUIRE_FALSE(validate(d).has_value());
    for (int k = 0; k < 3; ++k) c.push_back(curve_component(d, k));
  }
  double at(int comp, double u, int order = 0) const { return c[comp].eval(u, order); }
};

CurveData line_points(int n, int order, bool through) {
  CurveData d;
  d.order = order;
  d.through_points = through;
  for (int i = 0; i < n; ++i) {
    const double s = static_cast<double>(i) / (n - 1);
    d.points.insert(d.points.end(), {1.0 + 3.0 * s, -2.0 + 1.0 * s, 0.5 - 2.0 * s});
  }
  return d;
}

CurveData circle_points(int m, double radius, int order, bool through) {
  CurveData d;
  d.order = order;
  d.closed = true;
  d.through_points = through;
  for (int i = 0; i <= m; ++i) {
    const double a = 2 * kPi * (i % m) / m;
    d.points.insert(d.points.end(), {radius * std::cos(a), radius * std::sin(a), 0.25});
  }
  return d;
}

/// Central differences of every component and order 0..1 against the next order.
void check_derivatives(const Curve3& c, double u) {
  const double h = 1e-5;
  for (int k = 0; k < 3; ++k) {
    for (int order = 0; order <= 1; ++order) {
      const double fd = (c.at(k, u + h, order) - c.at(k, u - h, order)) / (2 * h);
      CHECK(c.at(k, u, order + 1) == Approx(fd).epsilon(1e-6).margin(1e-6));
    }
  }
}

}  // namespace

TEST_CASE("a curve through points on a line is that line, linear in alpha", "[expr][curve]") {
  for (int order = 2; order <= 4; ++order) {
    INFO("ORDER " << order);
    const Curve3 c(line_points(7, order, true));
    for (double u = -1.0; u <= 1.0; u += 0.0625) {
      const double s = (u + 1) / 2;
      CHECK(c.at(0, u) == Approx(1.0 + 3.0 * s).margin(1e-12));
      CHECK(c.at(1, u) == Approx(-2.0 + 1.0 * s).margin(1e-12));
      CHECK(c.at(2, u) == Approx(0.5 - 2.0 * s).margin(1e-12));
      CHECK(c.at(0, u, 1) == Approx(1.5).margin(1e-10));  // d/dalpha = (B - A) / 2
      CHECK(c.at(2, u, 1) == Approx(-1.0).margin(1e-10));
      if (order > 2) CHECK(c.at(1, u, 2) == Approx(0).margin(1e-9));
    }
  }
}

TEST_CASE("an open curve on control points ends at the end points, tangent to the polygon",
          "[expr][curve]") {
  CurveData d;
  d.points = {0, 0, 0, 1, 2, 0, 3, 2, 1, 4, 0, 1, 6, 1, 0};
  const Curve3 c(d);
  for (int k = 0; k < 3; ++k) {
    CHECK(c.at(k, -1.0) == Approx(d.points[k]).margin(1e-12));
    CHECK(c.at(k, 1.0) == Approx(d.points[12 + k]).margin(1e-12));
  }
  // Clamped cubic with 5 points: 2 spans of length 1; C'(-1) = 3 (P1 - P0) / (t4 - t1).
  CHECK(c.at(0, -1.0, 1) == Approx(3.0 * (1 - 0) / 1.0).margin(1e-10));
  CHECK(c.at(1, -1.0, 1) == Approx(3.0 * (2 - 0) / 1.0).margin(1e-10));
  for (double u : {-0.7, -0.2, 0.3, 0.8}) check_derivatives(c, u);
}

TEST_CASE("a closed curve through points of a circle stays on it and closes smoothly",
          "[expr][curve]") {
  const double radius = 2.0;
  const Curve3 c(circle_points(32, radius, 4, true));
  double worst = 0;
  for (double u = -1.0; u <= 1.0; u += 1.0 / 512) {
    worst = std::max(worst, std::abs(std::hypot(c.at(0, u), c.at(1, u)) - radius));
    CHECK(c.at(2, u) == Approx(0.25).margin(1e-12));
  }
  CHECK(worst < 2e-5 * radius);  // cubic interpolation of a circle with 32 points
  // Through the points, at alpha_i = -1 + 2 i / 32.
  for (int i = 0; i < 32; ++i) {
    const double u = -1.0 + 2.0 * i / 32, a = 2 * kPi * i / 32;
    CHECK(c.at(0, u) == Approx(radius * std::cos(a)).margin(1e-12));
    CHECK(c.at(1, u) == Approx(radius * std::sin(a)).margin(1e-12));
  }
  // Periodic: value, slope and curvature agree across the closure and beyond [-1, 1].
  for (int k = 0; k < 3; ++k) {
    for (int order = 0; order <= 2; ++order) {
      CHECK(c.at(k, -1.0 + 1e-9, order) == Approx(c.at(k, 1.0 - 1e-9, order)).margin(1e-6));
      CHECK(c.at(k, 1.3, order) == Approx(c.at(k, -0.7, order)).margin(1e-9));
    }
  }
  // The tangent of a circle at angle pi (alpha + 1): |dC/dalpha| ~ pi R.
  CHECK(std::hypot(c.at(0, 0.1, 1), c.at(1, 0.1, 1)) == Approx(kPi * radius).epsilon(1e-3));
  for (double u : {-0.93, -0.2, 0.41, 0.99}) check_derivatives(c, u);
}

TEST_CASE("the closed curve on a regular polygon's vertices is the periodic cubic B-spline",
          "[expr][curve]") {
  const int m = 12;
  const double radius = 1.5, h = 2 * kPi / m;
  const Curve3 c(circle_points(m, radius, 4, false));
  for (int s = 0; s < m; ++s) {
    // At knot alpha_s the curve is (P_s + 4 P_s+1 + P_s+2) / 6: on the bisector of P_s+1.
    const double u = -1.0 + 2.0 * s / m, a = (s + 1) * h;
    const double r = radius * (4 + 2 * std::cos(h)) / 6;
    CHECK(c.at(0, u) == Approx(r * std::cos(a)).margin(1e-12));
    CHECK(c.at(1, u) == Approx(r * std::sin(a)).margin(1e-12));
  }
  for (double u : {-0.45, 0.05, 0.77}) check_derivatives(c, u);  // off the knots
}

TEST_CASE("closed quadratic curves through points are built (knots shifted half a span)",
          "[expr][curve]") {
  const Curve3 c(circle_points(10, 1.0, 3, true));
  for (int i = 0; i < 10; ++i) {
    const double u = -1.0 + 2.0 * i / 10, a = 2 * kPi * i / 10;
    CHECK(c.at(0, u) == Approx(std::cos(a)).margin(1e-12));
    CHECK(c.at(1, u) == Approx(std::sin(a)).margin(1e-12));
  }
}

TEST_CASE("curve data that cannot make a curve is refused with the reason", "[expr][curve]") {
  CurveData d = line_points(6, 5, false);
  CHECK(validate(d).value_or("").find("ORDER 5 is not supported") != std::string::npos);
  d = line_points(3, 4, true);
  CHECK(validate(d).value_or("").find("3 points given; at least 4") != std::string::npos);
  d = circle_points(8, 1.0, 4, true);
  d.points.back() = 0.5;
  CHECK(validate(d).value_or("").find("first and last points equal") != std::string::npos);
  d = line_points(6, 4, true);
  d.points[3] = d.points[0], d.points[4] = d.points[1], d.points[5] = d.points[2];
  CHECK(validate(d).value_or("").find("points 1 and 2 are equal") != std::string::npos);
}

}  // namespace mb::expr::test
