// Every pure builtin against an independent implementation of its formula, at interior points,
// at each branch and at the boundaries. Each case runs three ways: all arguments as run-time
// inputs (tape), all as literals (constant folding), and x, xdot as inputs with the rest literal
// (the tape's fixed-argument call path).
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

// ---- oracles: straightforward transcriptions of docs/motionsolve-format.md 5.5 ----
namespace oracle {

double aint(double x) { return x >= 0 ? std::floor(x) : std::ceil(x); }
double anint(double x) { return x >= 0 ? std::floor(x + 0.5) : -std::floor(-x + 0.5); }
double mod(double a, double b) { return a - aint(a / b) * b; }
double sign(double a, double b) { return b >= 0 ? std::abs(a) : -std::abs(a); }
double dim(double a, double b) { return a > b ? a - b : 0; }

double step(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * (3 * std::pow(s, 2) - 2 * std::pow(s, 3));
}
double step5(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * (10 * std::pow(s, 3) - 15 * std::pow(s, 4) + 6 * std::pow(s, 5));
}
double havsin(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return (h0 + h1) / 2 + (h1 - h0) / 2 * std::sin(std::numbers::pi * s - std::numbers::pi / 2);
}
double shf(double x, double x0, double a, double w, double phi, double b) {
  return a * std::sin(w * (x - x0) - phi) + b;
}
double poly(const std::vector<double>& a) {
  double sum = 0;
  for (size_t j = 2; j < a.size(); ++j) sum += a[j] * std::pow(a[0] - a[1], double(j - 2));
  return sum;
}
// T_j(u) = cos(j acos u) for |u| <= 1, cosh(j acosh u) for u > 1, (-1)^j T_j(-u) for u < -1.
double chebyshev_t(int j, double u) {
  if (std::abs(u) <= 1) return std::cos(j * std::acos(u));
  if (u > 1) return std::cosh(j * std::acosh(u));
  return (j % 2 ? -1 : 1) * std::cosh(j * std::acosh(-u));
}
double cheby(const std::vector<double>& a) {
  double sum = 0;
  for (size_t j = 2; j < a.size(); ++j) sum += a[j] * chebyshev_t(int(j - 2), a[0] - a[1]);
  return sum;
}
double fourier(const std::vector<double>& a, bool cosine) {
  double sum = a[3];
  for (size_t j = 4; j < a.size(); ++j) {
    const double arg = double(j - 3) * a[2] * (a[0] - a[1]);
    sum += a[j] * (cosine ? std::cos(arg) : std::sin(arg));
  }
  return sum;
}
double impact(double x, double xd, double x1, double k, double e, double cmax, double d) {
  if (x >= x1) return 0;
  return std::max(0.0, k * std::pow(x1 - x, e) - step(x, x1 - d, cmax, x1, 0) * xd);
}
double bistop(double x, double xd, double x1, double x2, double k, double e, double cmax,
              double d) {
  if (x < x1) return std::max(k * std::pow(x1 - x, e) - step(x, x1 - d, cmax, x1, 0) * xd, 0.0);
  if (x > x2) return std::min(-k * std::pow(x - x2, e) - step(x, x2, 0, x2 + d, cmax) * xd, 0.0);
  return 0;
}

}  // namespace oracle

std::string lit(double v) { return fmt::format("{:.17g}", v); }

// Runs NAME(args) the three ways and compares with `expected`.
void check(const std::string& name, const std::vector<double>& args, double expected,
           double tol = 1e-13) {
  std::string vars, lits, mixed;
  for (size_t i = 0; i < args.size(); ++i) {
    const char* sep = i ? ", " : "";
    vars += fmt::format("{}${}", sep, i + 1);
    lits += fmt::format("{}({})", sep, lit(args[i]));
    mixed += i < 2 ? fmt::format("{}${}", sep, i + 1) : fmt::format("{}({})", sep, lit(args[i]));
  }
  for (const auto& text : {fmt::format("{}({})", name, vars), fmt::format("{}({})", name, lits),
                           fmt::format("{}({})", name, mixed)}) {
    INFO(text << " at args " << fmt::format("{}", fmt::join(args, ", ")));
    const Expression e = must_compile(text);
    const double got = eval_at(e, 0, args);
    CHECK(got == Approx(expected).epsilon(tol).margin(tol));
  }
}

TEST_CASE("math functions match the C library and Fortran definitions", "[expr][functions]") {
  const std::vector<double> pts = {-2.5, -1, -0.5, -0.3, 0, 0.2, 0.5, 1, 1.5, 2.5, 7.25};
  for (double x : pts) {
    check("ABS", {x}, std::abs(x));
    check("ATAN", {x}, std::atan(x));
    check("COS", {x}, std::cos(x));
    check("COSH", {x}, std::cosh(x));
    check("EXP", {x}, std::exp(x));
    check("SIN", {x}, std::sin(x));
    check("SINH", {x}, std::sinh(x));
    check("TAN", {x}, std::tan(x));
    check("TANH", {x}, std::tanh(x));
    check("AINT", {x}, oracle::aint(x));
    check("ANINT", {x}, oracle::anint(x));
    if (x >= 0) check("SQRT", {x}, std::sqrt(x));
    if (x > 0) check("LOG", {x}, std::log(x));
    if (x > 0) check("LOG10", {x}, std::log10(x));
    if (std::abs(x) <= 1) check("ASIN", {x}, std::asin(x));
    if (std::abs(x) <= 1) check("ACOS", {x}, std::acos(x));
    for (double y : {-2.0, -0.5, 0.0, 0.5, 3.0}) {
      check("ATAN2", {x, y}, std::atan2(x, y));
      check("DIM", {x, y}, oracle::dim(x, y));
      check("SIGN", {x, y}, oracle::sign(x, y));
      check("MAX", {x, y}, std::max(x, y));
      check("MIN", {x, y}, std::min(x, y));
      if (y != 0) check("MOD", {x, y}, oracle::mod(x, y));
    }
  }
  // Fortran details pinned by value.
  check("ANINT", {2.5}, 3);
  check("ANINT", {-2.5}, -3);
  check("ANINT", {0.5}, 1);
  check("ANINT", {-0.5}, -1);
  check("ANINT", {-1.6}, -2);
  check("AINT", {-1.9}, -1);
  check("MOD", {7, 3}, 1);
  check("MOD", {-7, 3}, -1);
  check("MOD", {7, -3}, 1);
  check("MOD", {-7, -3}, -1);
  check("MOD", {5.5, 2}, 1.5);
  check("SIGN", {3, -2}, -3);
  check("SIGN", {-3, 0}, 3);
  check("DIM", {5, 3}, 2);
  check("DIM", {3, 5}, 0);
  check("ATAN2", {0, -1}, std::numbers::pi);
  check("MAX", {1, 7, 3}, 7);
  check("MIN", {4, -2, 9, 0}, -2);
}

TEST_CASE("STEP, STEP5 and HAVSIN: both ends, the interior and outside", "[expr][functions]") {
  for (double h0 : {2.0, 5.0}) {
    const double h1 = h0 == 2 ? 5 : -1;
    for (double x : {0.0, 1.0, 1.0 + 1e-9, 1.5, 2.0, 2.7, 3.0 - 1e-9, 3.0, 4.0}) {
      check("STEP", {x, 1, h0, 3, h1}, oracle::step(x, 1, h0, 3, h1));
      check("STEP5", {x, 1, h0, 3, h1}, oracle::step5(x, 1, h0, 3, h1));
      check("HAVSIN", {x, 1, h0, 3, h1}, oracle::havsin(x, 1, h0, 3, h1));
    }
  }
  check("STEP", {1, 1, 2, 3, 5}, 2);  // x = x0: h0
  check("STEP", {3, 1, 2, 3, 5}, 5);  // x = x1: h1
  check("STEP", {2, 1, 2, 3, 5}, 3.5);
}

TEST_CASE("SHF, POLY, CHEBY, FORCOS, FORSIN", "[expr][functions]") {
  for (double x : {-1.3, 0.0, 0.4, 1.0, 2.2}) {
    check("SHF", {x, 0.3, 2, 3, 0.5, -1}, oracle::shf(x, 0.3, 2, 3, 0.5, -1));
    const std::vector<double> p5 = {x, 0.5, 1, -2, 0.5, 3, -1, 0.25};
    check("POLY", p5, oracle::poly(p5));
    check("POLY", {x, 0.5, 4}, 4);
    const std::vector<double> c5 = {x, 0.2, 1, -2, 0.5, 3, -1, 0.25};
    check("CHEBY", c5, oracle::cheby(c5));
    check("CHEBY", {x, 0.2, 3, 2}, oracle::cheby({x, 0.2, 3, 2}));
    const std::vector<double> f = {x, 0.1, 6.28, 0.1, 0.2, -0.3, 0.7};
    check("FORCOS", f, oracle::fourier(f, true));
    check("FORSIN", f, oracle::fourier(f, false));
    check("FORSIN", {x, 0.1, 6.28, 0.1}, 0.1);
  }
  // The largest forms: 31 coefficients (literal arguments; the first two as inputs).
  std::vector<double> p = {0.7, 0.2};
  std::vector<double> f = {0.7, 0.2, 1.3};
  for (int j = 0; j <= 30; ++j) p.push_back(1.0 / (j + 1)), f.push_back(std::cos(j));
  check("POLY", p, oracle::poly(p), 1e-12);
  check("CHEBY", p, oracle::cheby(p), 1e-10);
  check("FORCOS", f, oracle::fourier(f, true), 1e-12);
  check("FORSIN", f, oracle::fourier(f, false), 1e-12);
}

TEST_CASE("IMPACT: no contact, the boundary, the damping ramp, full damping, the clamp",
          "[expr][functions]") {
  const double x1 = 1, k = 100, e = 1.5, cmax = 10, d = 0.1;
  for (double x : {2.0, 1.0, 0.99, 0.95, 0.9, 0.5})
    for (double xd : {-1.0, 0.0, 1.0, 1e4})
      check("IMPACT", {x, xd, x1, k, e, cmax, d}, oracle::impact(x, xd, x1, k, e, cmax, d));
  check("IMPACT", {0.5, 1e4, x1, k, e, cmax, d}, 0);  // the clamp: no pulling force
}

TEST_CASE("BISTOP: all three branches, the damping ramps and the clamps", "[expr][functions]") {
  const double x1 = 0.5, x2 = 9.5, k = 1e3, e = 2.1, cmax = 10, d = 0.1;
  for (double x : {-1.0, 0.2, 0.4, 0.45, 0.5, 5.0, 9.5, 9.55, 9.6, 10.0, 12.0})
    for (double xd : {-1e5, -2.0, 0.0, 3.0, 1e5})
      check("BISTOP", {x, xd, x1, x2, k, e, cmax, d}, oracle::bistop(x, xd, x1, x2, k, e, cmax, d),
            1e-12);
  // Pinned by hand: the lower branch without damping, the gap, the upper branch.
  check("BISTOP", {0.3, 0, 0.5, 9.5, 100, 2, 1, 0.001}, 100 * 0.2 * 0.2, 1e-12);
  check("BISTOP", {4, 7, 0.5, 9.5, 100, 2, 1, 0.001}, 0);
  check("BISTOP", {9.7, 0, 0.5, 9.5, 100, 2, 1, 0.001}, -100 * 0.2 * 0.2, 1e-12);
  // The seed deck's call, x inside the gap and in both bumpers.
  check("BISTOP", {0.4, -0.01, 0.5, 9.5, 1e7, 2.1, 1, 0.001},
        oracle::bistop(0.4, -0.01, 0.5, 9.5, 1e7, 2.1, 1, 0.001), 1e-12);
}

TEST_CASE("run-time domain errors give NaN (inf on overflow) and a recorded error, never silently",
          "[expr][functions]") {
  struct Case {
    const char* text;
    std::vector<double> vars;
    const char* message;
    const char* token;  ///< the error points at the first occurrence of this text
  };
  const Case cases[] = {
      {"1 + SQRT($1)", {-4}, "SQRT of a negative number (-4)", "SQRT"},
      {"LOG($1)", {0}, "logarithm of a number <= 0 (0)", "LOG"},
      {"LOG10($1)", {-1}, "logarithm of a number <= 0 (-1)", "LOG10"},
      {"ACOS($1)", {2}, "ACOS of a number outside [-1, 1] (2)", "ACOS"},
      {"ASIN($1)", {-1.5}, "ASIN of a number outside [-1, 1] (-1.5)", "ASIN"},
      {"1 / $1", {0}, "division by zero", "/"},
      {"TIME / $1", {0}, "division by zero", "/"},
      {"MOD(1, $1)", {0}, "MOD with a zero divisor", "MOD"},
      {"$1 ** 0.5",
       {-2},
       "power of a negative number to a fractional exponent, or of zero to a "
       "negative exponent (-2)",
       "**"},
      {"$1 ** -2",
       {0},
       "power of a negative number to a fractional exponent, or of zero to a "
       "negative exponent (0)",
       "**"},
      {"STEP(TIME, $1, 0, 1, 1)", {2}, "step function with x0 >= x1", "STEP"},
      {"EXP($1) * 2", {1000}, "the result is not finite (inf)", "*"},
      {"BISTOP(TIME, 0, $1, 1, 1, 1, 1, 1)",
       {2},
       "contact parameters out of range (need x1 < x2, k >= 0, e > 0, cmax >= 0, d > 0)",
       "BISTOP"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const Expression e = must_compile(c.text);
    std::vector<double> in = c.vars;
    in.resize(8, 0.0);
    Workspace ws(e);
    CHECK_FALSE(std::isfinite(e.eval(0.5, in, ws)));  // NaN, or inf on overflow
    REQUIRE_FALSE(ws.ok());
    CHECK(ws.error().message() == c.message);
    CHECK(ws.error().offset == subst(c.text).find(c.token));
    CHECK(ws.error().length == std::string_view(c.token).size());
    ws.clear_error();
    CHECK(ws.ok());
  }
}

}  // namespace
}  // namespace mb::expr::test
