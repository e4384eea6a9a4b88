// Every derivative tape against central finite differences of the value tape: first partials
// with respect to every input and TIME, and second (mixed) partials against finite differences
// of the first-derivative tapes. Points are away from kinks unless the case says otherwise.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

constexpr int kTime = -1;

double eval_var(const Expression& e, double t, std::vector<double> vars, int var, double dv) {
  if (var == kTime) {
    t += dv;
  } else {
    vars.resize(64, 0.0);
    vars[static_cast<size_t>(var)] += dv;
  }
  return eval_at(e, t, vars);
}

Expression d_of(const Expression& e, int var) {
  return var == kTime ? e.partial_time() : e.partial(var);
}

std::vector<int> vars_of(const Expression& e) {
  std::vector<int> v(e.input_slots().begin(), e.input_slots().end());
  if (e.reads_time()) v.push_back(kTime);
  return v;
}

// Compares d e / d var (a derivative tape) with a central difference of e.
void check_fd(const Expression& e, const Expression& de, double t, const std::vector<double>& x,
              int var, const std::string& what) {
  const double at = var == kTime ? t : x[static_cast<size_t>(var)];
  const double h = 1e-6 * std::max(1.0, std::abs(at));
  const double fd = (eval_var(e, t, x, var, h) - eval_var(e, t, x, var, -h)) / (2 * h);
  const double an = eval_at(de, t, x);
  INFO(what << " wrt " << (var == kTime ? std::string("TIME") : fmt::format("${}", var + 1))
            << ": analytic " << an << ", finite difference " << fd << "\n tree " << de.str());
  CHECK(std::abs(an - fd) <= 1e-6 * std::max(1.0, std::abs(fd)));
}

// Spline 1: a curve; spline 2: a surface over z = {0, 1, 3}.
TestBinder& spline_binder() {
  static TestBinder b = [] {
    TestBinder t;
    t.splines[1] = SplineData{{0, 1, 2.5, 3, 4.5, 6}, {1, 2, 0.5, 0.7, 3, 2}, {}, false};
    SplineData s{{0, 1, 2, 4}, {}, {0, 1, 3}, false};
    for (double z : s.z)
      for (double x : s.x) s.y.push_back(std::sin(x) + z * z * 0.3 + x * z);
    t.splines[2] = s;
    return t;
  }();
  return b;
}

// First and second partials of `text` at (t, x) with respect to everything it reads.
void check_partials(const std::string& text, std::vector<double> x, double t = 0.3,
                    bool second = true) {
  INFO(text << " at t = " << t << ", x = " << fmt::format("{}", fmt::join(x, ", ")));
  x.resize(64, 0.0);
  const Expression e = must_compile(text, &spline_binder());
  for (int v : vars_of(e)) {
    const Expression de = d_of(e, v);
    check_fd(e, de, t, x, v, "d " + text);
    if (!second) continue;
    for (int w : vars_of(de)) check_fd(de, d_of(de, w), t, x, w, "d2 " + text);
  }
}

TEST_CASE("derivatives of arithmetic and powers", "[expr][derivative]") {
  check_partials("$1 + 2*$2 - $3/$1 + -$2*TIME", {1.3, -0.7, 2.1});
  check_partials("($1 - $2) / ($1 * $2 + 3)", {1.3, -0.7});
  check_partials("$1**$2", {1.3, 2.7});
  check_partials("$1**3 + $1**-2 + $1**0.5 + 2**$1 + $1**1", {1.3});
  check_partials("(-$1)**3 + (-$1)**2", {1.3});
  check_partials("2**-TIME + 3*-TIME + TIME**2", {}, 0.7);
  check_partials("(TIME - $1)**3 / $2", {0.2, 1.7}, 0.9);
}

TEST_CASE("derivatives of the math functions", "[expr][derivative]") {
  for (double x : {-0.5, 0.35, 0.55}) {
    for (const char* f :
         {"SIN", "COS", "TAN", "ASIN", "ACOS", "ATAN", "SINH", "COSH", "TANH", "EXP", "ABS"}) {
      check_partials(fmt::format("{}(2*$1 - $2)", f), {x, 0.3 * x});
      check_partials(fmt::format("{}($1)", f), {x});
    }
  }
  for (double x : {0.2, 1.7, 30.0}) {
    check_partials("SQRT($1)", {x});
    check_partials("LOG($1 * $2)", {x, 1.3});
    check_partials("LOG10($1 + TIME)", {x});
  }
  for (double a : {-1.7, 0.4, 2.3}) {
    for (double b : {-0.9, 0.6, 1.9}) {
      const std::vector<double> ab = {a, b};
      check_partials("ATAN2($1, $2)", ab);
      check_partials("SIGN($1, $2) * $1", ab);
      check_partials("MOD($1, $2) + MOD($1**2, 1.5)", ab);
      check_partials("DIM($1, $2)", ab);
      check_partials("MAX($1, $2, 0.1) + MIN($1*$2, $2, 0.3)", ab);
      check_partials("AINT($1) * $2 + ANINT($2 * 1.1) * $1", ab);
      check_partials("IF($1 - $2: $1**2, 0, SIN($1*$2))", ab);
    }
  }
}

TEST_CASE("derivatives of the general functions, with respect to every argument",
          "[expr][derivative]") {
  // STEP family: before, inside (several points), after; every argument an input.
  for (double x : {0.5, 1.3, 2.0, 2.8, 3.5}) {
    for (const char* f : {"STEP", "STEP5", "HAVSIN"}) {
      check_partials(fmt::format("{}($1, $2, $3, $4, $5)", f), {x, 1, 2, 3, 5});
      check_partials(fmt::format("{}(TIME, 1, $1, 3, $2)", f), {2, 5}, x);
    }
  }
  check_partials("SHF($1, $2, $3, $4, $5, $6)", {0.7, 0.3, 2, 3, 0.5, -1});
  check_partials("SHF(TIME, 0, 2, 2, 0, 0)", {}, 0.4);
  check_partials("POLY($1, $2, $3, $4, $5, $6, $7, $8)", {0.9, 0.5, 1, -2, 0.5, 3, -1, 0.25});
  check_partials("CHEBY($1, $2, $3, $4, $5, $6, $7)", {0.9, 0.2, 1, -2, 0.5, 3, -1});
  check_partials("FORCOS($1, $2, $3, $4, $5, $6, $7)", {0.9, 0.1, 6.28, 0.1, 0.2, -0.3, 0.7});
  check_partials("FORSIN($1, $2, $3, $4, $5, $6, $7)", {0.9, 0.1, 6.28, 0.1, 0.2, -0.3, 0.7});
  // IMPACT: deep (full damping), in the ramp, no contact.
  for (double x : {0.5, 0.95, 2.0}) {
    check_partials("IMPACT($1, $2, $3, $4, $5, $6, $7)", {x, -0.4, 1, 100, 1.5, 10, 0.1});
  }
  // BISTOP: lower bumper (deep and in the ramp), the gap, upper bumper (ramp and deep).
  for (double x : {0.2, 0.45, 5.0, 9.55, 10.0}) {
    check_partials("BISTOP($1, $2, $3, $4, $5, $6, $7, $8)", {x, 0.3, 0.5, 9.5, 1e3, 2.1, 10, 0.1});
    check_partials("BISTOP($1, $2, 0.5, 9.5, 1e3, 2.1, 10, 0.1)", {x, -0.3});
  }
}

TEST_CASE("derivatives of spline calls and model-bound inputs", "[expr][derivative]") {
  for (double x : {0.4, 1.7, 2.8, 5.2}) {
    for (const char* f : {"AKISPL", "CUBSPL", "LINSPL"}) {
      check_partials(fmt::format("{}($1 * $2, 0, 1)", f), {x, 1.1});
      check_partials(fmt::format("{}(TIME, 0, 1, 1) + {}(TIME, 0, 1, 2)", f, f), {}, x);
      check_partials(fmt::format("{}($1, $2, 2)", f), {0.5 + 0.5 * x, 0.3 + 0.4 * x});
    }
  }
  // Bound measures are inputs like any other (slots 40, 41 from the test binder).
  std::vector<double> v(42, 0.0);
  v[40] = 0.7, v[41] = -0.3;
  check_partials("DX(1, 2) * VX(1, 2) + SIN(DX(1, 2))", v, 0.3);
}

TEST_CASE("higher time derivatives for motions", "[expr][derivative]") {
  // d2/dt2 and d3/dt3 through nested dual numbers, against finite differences.
  for (double t : {0.1, 0.25, 0.33}) {
    const Expression e = must_compile("STEP5(TIME, 0, 0, 0.4, 180D) + SHF(TIME, 0, 2, 2, 0, 0)");
    const Expression d1 = e.partial_time(), d2 = d1.partial_time(), d3 = d2.partial_time();
    check_fd(d1, d2, t, {}, kTime, "d2/dt2");
    check_fd(d2, d3, t, {}, kTime, "d3/dt3");
    // Oracle for the second derivative of STEP5: (h1-h0)*60 s (1-s)(1-2s) / dx^2.
    const double s = t / 0.4, h = std::numbers::pi;
    const double expected = h * 60 * s * (1 - s) * (1 - 2 * s) / (0.4 * 0.4) - 8 * std::sin(2 * t);
    CHECK(eval_at(d2, t, {}) == Approx(expected).epsilon(1e-12));
  }
  // General functions support total derivative order 4; the 5th reports an error.
  {
    const Expression e4 = must_compile("STEP5(TIME, 0, 0, 1, 1)");
    Expression d = e4;
    for (int k = 0; k < 4; ++k) d = d.partial_time();
    Workspace ws(d);
    const double s = 0.3;  // d4/dt4 of 10s^3 - 15s^4 + 6s^5 = -360 + 720 s
    CHECK(d.eval(s, {}, ws) == Approx(-360 + 720 * s));
    CHECK(ws.ok());
    const Expression d5 = d.partial_time();
    ws.reserve(d5);
    CHECK(std::isnan(d5.eval(s, {}, ws)));
    CHECK(ws.error().message() == "derivative of too high an order");
  }
  // Partials of a slot not read, and of a constant, are the constant 0.
  const Expression e = must_compile("$1 * 2");
  CHECK(e.partial(5).is_constant());
  CHECK(e.partial(5).constant_value() == 0);
  CHECK(e.partial_time().is_constant());
  CHECK(e.partial(0).constant_value() == 2);
}

TEST_CASE("derivatives at kinks are one-sided as documented", "[expr][derivative]") {
  // ABS at 0: +1; STEP at x0 and x1: 0 (the constant branch); MAX at a tie: first argument.
  CHECK(eval_at(must_compile("ABS($1)").partial(0), 0, {0}) == 1);
  CHECK(eval_at(must_compile("STEP($1, 1, 0, 2, 1)").partial(0), 0, {1}) == 0);
  CHECK(eval_at(must_compile("STEP($1, 1, 0, 2, 1)").partial(0), 0, {2}) == 0);
  CHECK(eval_at(must_compile("MAX($1, 2*$2)").partial(0), 0, {2, 1}) == 1);
  CHECK(eval_at(must_compile("MAX($1, 2*$2)").partial(1), 0, {2, 1}) == 0);
}

TEST_CASE("derivative tapes stay small", "[expr][derivative]") {
  const Expression e = must_compile("BISTOP($1, $2, 0.5, 9.5, 1e7, 2.1, 1, 0.001)");
  CHECK(e.tape_size() == 3);
  CHECK(e.partial(0).tape_size() == 3);  // one partial call of BISTOP
  CHECK(e.partial(1).tape_size() == 3);
  const Expression p = must_compile("POLY($1, 0, 1, 2, 3, 4, 5, 6)");
  CHECK(p.partial(0).tape_size() == 2);
}

}  // namespace
}  // namespace mb::expr::test
