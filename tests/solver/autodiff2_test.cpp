// Oracles for AD2 (solver/autodiff2.hpp), the forward-over-dual scalar of the index-1 form's
// acceleration Jacobian: on test functions built from every operation it offers (the
// arithmetic with constants and other AD2, sin, cos, tan, sqrt, exp, log, asin, acos, atan,
// atan2, pow, abs, and Eigen's 3x3 inverse and cross product as the joint kernels use them),
// (1) the nested Eigen AutoDiffScalar<Matrix<AD, 1, 1>> it replaces gives the same value,
// tangent, gradient and tangent gradient to rounding (Eigen's has no pow, abs or atan for it:
// those two are checked by (2) alone, atan through atan2), and (2) central finite differences
// of the double function (gradient, rate along the direction) and of the Dual function (the
// tangent's gradient) agree with them to truncation accuracy.

#include "solver/autodiff2.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <utility>

using namespace mb;

namespace {

using Nested = Eigen::AutoDiffScalar<Eigen::Matrix<AD, 1, 1>>;
constexpr int kN = 5;

/// Scalar functions of x[0..kN) mixing every operation; inputs stay inside every domain.
template <class T>
T f_trig(const T* x) {
  using std::atan2;
  using std::cos;
  using std::sin;
  using std::tan;
  // A constant operand with sized derivatives (0 x + 0.7): Eigen's nested atan2 mishandles an
  // empty one; AD2's constants are checked below.
  return sin(x[0]) * cos(x[1]) + atan2(x[2], x[3]) * x[4] - tan(0.5 * x[0]) / (2.0 + x[1]) +
         atan2(-x[4], 0.0 * x[1] + 0.7);
}

template <class T>
T f_algebra(const T* x) {
  using std::exp;
  using std::log;
  using std::sqrt;
  const T r = sqrt(x[0] * x[0] + x[1] * x[1] + 1.0);
  return r / (x[2] - 3.0) + 1.0 / r - exp(0.3 * x[3]) * log(2.0 + x[4]) -
         2.0 * x[3] / (x[4] + 1.5) * (3.0 - x[0]);
}

/// pow and abs (Eigen's nested AutoDiffScalar has neither: finite differences only).
template <class T>
T f_pow_abs(const T* x) {
  using std::abs;
  using std::pow;
  const T r = x[0] * x[0] + x[1] * x[1] + 1.0;
  return pow(r, 1.5) * x[2] + abs(x[3] - x[4]) * (3.0 - x[0]) + abs(x[4] + 2.0 * x[2]);
}

template <class T>
T f_inverse_trig(const T* x) {
  using std::acos;
  using std::asin;
  return asin(0.4 * x[0]) * acos(0.3 * x[1]) - x[4] * x[4] * x[4] / (x[2] * x[3] + 2.0);
}

/// A 3x3 inverse and a cross product, as the Bryant-angle rows and the joints use them.
template <class T>
T f_matrix(const T* x) {
  using std::cos;
  using std::sin;
  M3<T> E;
  E << T(1.0), x[0], sin(x[1]), T(0.0), cos(x[2]), -sin(x[2]) * cos(x[1]), x[3], sin(x[2]),
      cos(x[2]) * cos(x[1]) + 2.0;
  const V3<T> g = E.inverse().row(1).transpose();
  const V3<double> s(0.3, -0.2, 0.5);
  const V3<T> c = s.cast<T>().cross(g) + V3<T>(x[4], x[0], T(1.0)).cross(g);
  return c.dot(V3<T>(x[1], x[2], x[3]));
}

struct Derivatives {
  double value, tangent, g[kN], gt[kN];
};

template <class F>
Derivatives with_ad2(F f, const double* x, const double* dir) {
  AD2 in[kN];
  for (int i = 0; i < kN; ++i) in[i] = AD2::variable(x[i], dir[i], kN, i);
  const AD2 r = f(in);
  Derivatives d{r.value(), r.tangent(), {}, {}};
  for (int i = 0; i < kN; ++i) {
    d.g[i] = r.gradient(i);
    d.gt[i] = r.tangent_gradient(i);
  }
  return d;
}

template <class F>
Derivatives with_nested(F f, const double* x, const double* dir) {
  Nested in[kN];
  for (int i = 0; i < kN; ++i) {
    in[i] = Nested(AD(x[i], kN, i), Eigen::Matrix<AD, 1, 1>(AD(dir[i], ADVector::Zero(kN))));
  }
  const Nested r = f(in);
  Derivatives d{r.value().value(), r.derivatives()(0).value(), {}, {}};
  for (int i = 0; i < kN; ++i) {
    d.g[i] = r.value().derivatives()(i);
    d.gt[i] = r.derivatives()(0).derivatives()(i);
  }
  return d;
}

/// The rate of f along dir at x (a Dual evaluation).
template <class F>
double rate(F f, const double* x, const double* dir) {
  Dual in[kN];
  for (int i = 0; i < kN; ++i) in[i] = Dual(x[i], Eigen::Matrix<double, 1, 1>(dir[i]));
  return f(in).derivatives()(0);
}

template <bool kNestedOracle = true, class F>
void check(F f, const char* name) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.9, 0.9);
  for (int trial = 0; trial < 5; ++trial) {
    double x[kN], dir[kN];
    for (int i = 0; i < kN; ++i) {
      x[i] = u(rng);
      dir[i] = u(rng);
    }
    INFO(name << ", trial " << trial);
    const Derivatives a = with_ad2(f, x, dir);
    Derivatives e = a;
    if constexpr (kNestedOracle) e = with_nested(f, x, dir);
    const auto close = [](double p, double q) {
      return std::abs(p - q) <= 1e-13 * (1.0 + std::abs(q));
    };
    CHECK(close(a.value, e.value));
    CHECK(close(a.tangent, e.tangent));
    CHECK(a.value == Approx(f(x)).epsilon(1e-14));
    // Finite differences, step h: truncation O(h^2) with a margin for the curvatures.
    const double h = 1e-5;
    double xp[kN], xm[kN];
    std::copy_n(x, kN, xp);
    std::copy_n(x, kN, xm);
    for (int i = 0; i < kN; ++i) {
      xp[i] += h * dir[i];
      xm[i] -= h * dir[i];
    }
    CHECK(a.tangent == Approx((f(xp) - f(xm)) / (2 * h)).epsilon(1e-8).margin(1e-9));
    for (int i = 0; i < kN; ++i) {
      INFO("input " << i);
      CHECK(close(a.g[i], e.g[i]));
      CHECK(close(a.gt[i], e.gt[i]));
      std::copy_n(x, kN, xp);
      std::copy_n(x, kN, xm);
      xp[i] += h;
      xm[i] -= h;
      CHECK(a.g[i] == Approx((f(xp) - f(xm)) / (2 * h)).epsilon(1e-8).margin(1e-9));
      CHECK(a.gt[i] ==
            Approx((rate(f, xp, dir) - rate(f, xm, dir)) / (2 * h)).epsilon(1e-8).margin(1e-9));
    }
  }
}

}  // namespace

TEST_CASE("AD2 matches nested Eigen AD and finite differences: trigonometry, atan2") {
  check([](const auto* x) { return f_trig(x); }, "trig");
}

TEST_CASE("AD2 matches nested Eigen AD and finite differences: algebra, sqrt, exp, log") {
  check([](const auto* x) { return f_algebra(x); }, "algebra");
}

TEST_CASE("AD2 matches finite differences: pow, abs") {
  check<false>([](const auto* x) { return f_pow_abs(x); }, "pow abs");
}

TEST_CASE("AD2 matches nested Eigen AD and finite differences: asin, acos") {
  check([](const auto* x) { return f_inverse_trig(x); }, "inverse trig");
}

TEST_CASE("AD2 matches nested Eigen AD and finite differences: 3x3 inverse, cross product") {
  check([](const auto* x) { return f_matrix(x); }, "matrix");
}

TEST_CASE("AD2 atan(u) equals atan2(u, 1), which the oracles check") {
  // Eigen's AutoDiffScalar has no atan: the identity stands in for the oracle.
  const AD2 u = AD2::variable(0.6, -0.8, 3, 0) * AD2::variable(-1.3, 0.4, 3, 2);
  const AD2 a = atan(u), b = atan2(u, AD2(1.0));
  CHECK(a.value() == Approx(b.value()).epsilon(1e-15));
  CHECK(a.tangent() == Approx(b.tangent()).epsilon(1e-14));
  for (int i = 0; i < 3; ++i) {
    CHECK(a.gradient(i) == Approx(b.gradient(i)).epsilon(1e-14).margin(1e-15));
    CHECK(a.tangent_gradient(i) == Approx(b.tangent_gradient(i)).epsilon(1e-14).margin(1e-15));
  }
}

TEST_CASE("AD2 with inputs of fewer derivatives: constants and a narrower variable") {
  // A constant (size 0) and a variable of 2 inputs combined with one of 4: the missing
  // entries count as zero, in every operation order.
  const AD2 c(1.5, 0.25);
  const AD2 a = AD2::variable(0.7, -0.3, 2, 1), b = AD2::variable(-0.4, 0.6, 4, 3);
  for (const AD2& r : {a * b, b * a, a / b, b / a, c * b, b * c, a + b, b - a, c / b}) {
    REQUIRE(r.size() == 4);
    CHECK(r.gradient(0) == 0.0);
    CHECK(r.gradient(2) == 0.0);
    CHECK(r.tangent_gradient(0) == 0.0);
  }
  // (a b) = a b: d/da = b, d/db = a; the tangent a' b + a b' has d/da = b', d/db = a'.
  const AD2 p = a * b;
  CHECK(p.gradient(1) == Approx(-0.4));
  CHECK(p.gradient(3) == Approx(0.7));
  CHECK(p.tangent_gradient(1) == Approx(0.6));
  CHECK(p.tangent_gradient(3) == Approx(-0.3));
  // c / b with c constant: tangent (c' b - c b') / b^2.
  const AD2 q = c / b;
  CHECK(q.tangent() == Approx((0.25 * -0.4 - 1.5 * 0.6) / 0.16));
  // atan2 with a constant operand equals atan2 with the same operand given zero derivatives.
  const AD2 c_sized = c + 0.0 * b;
  for (const auto& [p1, p2] :
       {std::pair{atan2(a, c), atan2(a, c_sized)}, std::pair{atan2(c, b), atan2(c_sized, b)}}) {
    CHECK(p1.value() == p2.value());
    CHECK(p1.tangent() == Approx(p2.tangent()).epsilon(1e-15));
    for (int i = 0; i < 4; ++i) {
      CHECK(p1.gradient(i) == Approx(p2.gradient(i)).epsilon(1e-15).margin(1e-16));
      CHECK(p1.tangent_gradient(i) == Approx(p2.tangent_gradient(i)).epsilon(1e-15).margin(1e-16));
    }
  }
}
