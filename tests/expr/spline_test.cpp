// Spline math against independent constructions: the natural cubic spline's defining
// conditions, Akima's slope formula on a small data set, exact reproduction of lines and
// cubics, linear interpolation, surfaces, and AKISPL/CUBSPL/LINSPL through the compiler.
#include "expr/spline.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

const std::vector<double> kX = {0, 1, 2.5, 3, 4.5, 6};
const std::vector<double> kY = {1, 2, 0.5, 0.7, 3, 2};

TEST_CASE("natural cubic spline: interpolates, C2 at the knots, zero curvature at the ends",
          "[expr][spline]") {
  SplineCurve s(SplineMethod::kCubic, kX, kY, false);
  const double eps = 1e-9;
  for (size_t i = 0; i < kX.size(); ++i) CHECK(s.eval(kX[i], 0) == Approx(kY[i]).margin(1e-14));
  for (size_t i = 1; i + 1 < kX.size(); ++i) {
    for (int order = 0; order <= 2; ++order) {
      CHECK(s.eval(kX[i] - eps, order) == Approx(s.eval(kX[i] + eps, order)).margin(1e-6));
    }
  }
  CHECK(s.eval(kX.front(), 2) == Approx(0).margin(1e-12));
  CHECK(s.eval(kX.back(), 2) == Approx(0).margin(1e-12));
  // Derivative orders against finite differences inside a segment.
  const double x = 3.7, h = 1e-5;
  CHECK(s.eval(x, 1) == Approx((s.eval(x + h, 0) - s.eval(x - h, 0)) / (2 * h)).epsilon(1e-7));
  CHECK(s.eval(x, 2) == Approx((s.eval(x + h, 1) - s.eval(x - h, 1)) / (2 * h)).epsilon(1e-7));
}

TEST_CASE("Akima spline: Akima's node slopes, interpolation, lines reproduced", "[expr][spline]") {
  SplineCurve s(SplineMethod::kAkima, kX, kY, false);
  // Node slope at an interior point from Akima's formula with the four neighbouring slopes.
  std::vector<double> m;
  for (size_t i = 0; i + 1 < kX.size(); ++i) m.push_back((kY[i + 1] - kY[i]) / (kX[i + 1] - kX[i]));
  for (size_t i = 2; i + 2 < kX.size(); ++i) {
    const double w1 = std::abs(m[i + 1] - m[i]), w2 = std::abs(m[i - 1] - m[i - 2]);
    const double t = (w1 * m[i - 1] + w2 * m[i]) / (w1 + w2);
    CHECK(s.eval(kX[i], 1) == Approx(t).epsilon(1e-12));
  }
  for (size_t i = 0; i < kX.size(); ++i) CHECK(s.eval(kX[i], 0) == Approx(kY[i]).margin(1e-14));
  // A straight line is reproduced exactly by all three methods, also outside the data.
  std::vector<double> line;
  for (double x : kX) line.push_back(2 * x - 1);
  for (auto method : {SplineMethod::kAkima, SplineMethod::kCubic, SplineMethod::kLinear}) {
    SplineCurve l(method, kX, line, false);
    for (double x : {-1.0, 0.3, 2.7, 5.9, 7.0}) {
      CHECK(l.eval(x, 0) == Approx(2 * x - 1).margin(1e-12));
      CHECK(l.eval(x, 1) == Approx(2).margin(1e-12));
    }
  }
}

TEST_CASE("linear spline and extrapolation", "[expr][spline]") {
  SplineCurve s(SplineMethod::kLinear, kX, kY, false);
  CHECK(s.eval(0.5, 0) == Approx(1.5));
  CHECK(s.eval(2.75, 0) == Approx(0.6));
  CHECK(s.eval(2.75, 1) == Approx(0.4));
  CHECK(s.eval(7, 0) == Approx(2 - 2.0 / 3));  // the end segment continued
  SplineCurve c(SplineMethod::kCubic, kX, kY, true);
  const double slope = c.eval(6, 1);
  CHECK(c.eval(8, 0) == Approx(2 + 2 * slope));
  CHECK(c.eval(8, 1) == Approx(slope));
  CHECK(c.eval(8, 2) == 0);
}

TEST_CASE("spline calls in expressions, surfaces, and their derivatives", "[expr][spline]") {
  TestBinder binder;
  binder.splines[7] = SplineData{kX, kY, {}, false};
  // Surface: y(x, z) = x + 10 z on z = {0, 1, 3}.
  SplineData surf{{0, 1, 2}, {}, {0, 1, 3}, false};
  for (double z : surf.z)
    for (double x : surf.x) surf.y.push_back(x + 10 * z);
  binder.splines[8] = surf;
  SplineCurve akima(SplineMethod::kAkima, kX, kY, false);
  SplineCurve cubic(SplineMethod::kCubic, kX, kY, false);
  SplineCurve linear(SplineMethod::kLinear, kX, kY, false);
  const Expression e = must_compile(
      "AKISPL(2*TIME, 0, 7) + CUBSPL($1, 0, 7, 1) + "
      "LINSPL(TIME, 0, 7, 0) + AKISPL($1, $2, 8)",
      &binder);
  const double t = 1.6, x = 3.3, z = 2.2;
  CHECK(eval_at(e, t, {x, z}) ==
        Approx(akima.eval(2 * t, 0) + cubic.eval(x, 1) + linear.eval(t, 0) + x + 10 * z));
  CHECK(eval_at(e.partial_time(), t, {x, z}) ==
        Approx(2 * akima.eval(2 * t, 1) + linear.eval(t, 1)));
  CHECK(eval_at(e.partial(0), t, {x, z}) == Approx(cubic.eval(x, 2) + 1));
  CHECK(eval_at(e.partial(1), t, {x, z}) == Approx(10));
  CHECK(eval_at(e.partial(0).partial(0), t, {x, z}) == Approx(cubic.eval(x, 3)));
}

}  // namespace
}  // namespace mb::expr::test
