// Long and large expressions (issue 20): flat chains of any length compile without recursion,
// derivatives share their expression's subtrees (the tape is linear in the expression, no
// expression swell), shared subexpressions are evaluated once (also inside IF branches), and a
// huge expression or error is quoted as a short window.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

// `term` repeated n times, joined by `op`.
std::string chain(const std::string& term, const std::string& op, int n) {
  std::string s = term;
  s.reserve(static_cast<size_t>(n) * (term.size() + op.size()));
  for (int i = 1; i < n; ++i) s += op + term;
  return s;
}

// Occurrences of the instruction `name` in a tape listing.
size_t count_instr(const std::string& dump, const std::string& name) {
  size_t n = 0;
  for (size_t at = dump.find(" " + name + " "); at != std::string::npos;
       at = dump.find(" " + name + " ", at + 1))
    ++n;
  return n;
}

TEST_CASE("long flat chains compile and differentiate", "[expr][size]") {
  // 8,000 ones (the crashing Post_Request of issue 20) fold to a constant.
  const Expression ones = must_compile(chain("1", "+", 8000));
  CHECK(ones.is_constant());
  CHECK(ones.constant_value() == 8000);

  // 20,000 DX(20,10) terms: one bound slot, value and partial by the closed form.
  TestBinder b;
  const Expression dx = must_compile(chain("DX(20,10)", "+", 20000), &b);
  REQUIRE(dx.input_slots().size() == 1);
  const int slot = dx.input_slots()[0];
  std::vector<double> in(64, 0.0);
  in[static_cast<size_t>(slot)] = 0.25;
  CHECK(eval_at(dx, 0, in) == 5000);
  CHECK(dx.partial(slot).is_constant());
  CHECK(dx.partial(slot).constant_value() == 20000);

  // A chain that does not fold: x + 1 - 1 + 1 ... (tape linear, derivative 1).
  const Expression x = must_compile("$1" + chain("+ 2*TIME - TIME", " ", 10000));
  CHECK(eval_at(x, 0.5, {1.0}) == Approx(1.0 + 10000 * 0.5));
  CHECK(x.tape_size() < 6 * 10000);
  CHECK(x.partial(0).constant_value() == 1);
  const Expression xt = x.partial_time();
  CHECK(eval_at(xt, 0.5, {1.0}) == Approx(10000));

  // MAX with many arguments nests pairwise: 1,000 levels (the most arguments allowed).
  std::string max = "MAX(";
  for (int i = 0; i < kUnbounded - 1; ++i) max += fmt::format("$1*{}, ", i % 7);
  max += "TIME)";
  const Expression m = must_compile(max);
  CHECK(eval_at(m, -1, {2.0}) == 12);  // 2*6
  CHECK(eval_at(m.partial(0), -1, {2.0}) == 6);
  CHECK(eval_at(m.partial_time(), 5, {0.5}) == 1);
  CHECK(errors_of("MAX(1" + chain(",1", "", kUnbounded) + ")")
            .find("MAX takes at most 1000 arguments, got 1001") != std::string::npos);
}

TEST_CASE("the derivative of a long product stays linear", "[expr][size]") {
  // TIME*TIME*...*TIME: d/dt = n t^(n-1), d2/dt2 = n (n-1) t^(n-2). Before, 300 factors took
  // 33 s and 2.4 GB and 400 ran out of memory (the derivative trees were expanded).
  const double t = 1.001;
  size_t tape_200 = 0, tape_400 = 0;
  for (int n : {200, 400, 800}) {
    INFO(n << " factors");
    const Expression e = must_compile(chain("TIME", "*", n));
    const Expression d1 = e.partial_time();
    const Expression d2 = d1.partial_time();
    CHECK(eval_at(e, t, {}) == Approx(std::pow(t, n)).epsilon(1e-10));
    CHECK(eval_at(d1, t, {}) == Approx(n * std::pow(t, n - 1)).epsilon(1e-10));
    CHECK(eval_at(d2, t, {}) == Approx(n * (n - 1.0) * std::pow(t, n - 2)).epsilon(1e-10));
    // Against a central difference of the value tape, too.
    const double h = 1e-7;
    CHECK(eval_at(d1, t, {}) ==
          Approx((eval_at(e, t + h, {}) - eval_at(e, t - h, {})) / (2 * h)).epsilon(1e-6));
    // O(n) tapes: a few instructions per factor.
    CHECK(e.tape_size() <= 2 * static_cast<size_t>(n));
    CHECK(d1.tape_size() <= 8 * static_cast<size_t>(n));
    CHECK(d2.tape_size() <= 16 * static_cast<size_t>(n));
    // Linear, not quadratic: 400 more factors add twice what 200 more did.
    if (n == 200) tape_200 = d2.tape_size();
    if (n == 400) tape_400 = d2.tape_size();
    if (n == 800) CHECK(d2.tape_size() - tape_400 <= 2 * (tape_400 - tape_200) + 16);
  }
}

TEST_CASE("nested divisions differentiate linearly", "[expr][size]") {
  // (1+TIME)/(1+TIME)/.../(1+TIME), n terms = (1+TIME)^(2-n); 100 terms took 200 MB before.
  for (int n : {100, 1000}) {
    INFO(n << " terms");
    const Expression e = must_compile(chain("(1+TIME)", "/", n));
    const double t = 0.01, u = 1 + t;
    const Expression d1 = e.partial_time();
    const Expression d2 = d1.partial_time();
    CHECK(eval_at(e, t, {}) == Approx(std::pow(u, 2 - n)).epsilon(1e-10));
    CHECK(eval_at(d1, t, {}) == Approx((2 - n) * std::pow(u, 1 - n)).epsilon(1e-10));
    CHECK(eval_at(d2, t, {}) == Approx((2.0 - n) * (1 - n) * std::pow(u, -n)).epsilon(1e-10));
    CHECK(d2.tape_size() <= 40 * static_cast<size_t>(n));
  }
  // Nested within the depth limit: 1/(2+SIN(1/(2+SIN(... TIME)) + TIME) + TIME) ...
  std::string frac = "TIME";
  for (int i = 0; i < 60; ++i) frac = "1/(2+SIN(" + frac + ")) + TIME";
  const Expression f = must_compile(frac);
  const double h = 1e-6;
  CHECK(eval_at(f.partial_time(), 0.3, {}) ==
        Approx((eval_at(f, 0.3 + h, {}) - eval_at(f, 0.3 - h, {})) / (2 * h)).epsilon(1e-6));
}

TEST_CASE("shared subexpressions are evaluated once", "[expr][size]") {
  const Expression e = must_compile("SIN($1)*SIN($1) + COS(SIN($1))");
  CHECK(count_instr(e.dump_tape(), "sin") == 1);
  CHECK(eval_at(e, 0, {0.7}) == Approx(std::sin(0.7) * std::sin(0.7) + std::cos(std::sin(0.7))));
  // A value first computed inside a branch of IF is not reused outside it.
  const Expression g = must_compile("IF($2: SIN($1)*2, 1, SIN($1)) + SIN($1) + EXP($1)*EXP($1)");
  for (double c : {-1.0, 0.0, 1.0}) {
    const double s = std::sin(0.7), x = std::exp(0.7);
    const double want = (c < 0 ? 2 * s : (c == 0 ? 1 : s)) + s + x * x;
    CHECK(eval_at(g, 0, {0.7, c}) == Approx(want));
  }
  // A value computed before the IF is reused in every branch.
  const Expression h = must_compile("EXP($1) + IF($2: EXP($1), 0, EXP($1)*3)");
  CHECK(count_instr(h.dump_tape(), "exp") == 1);
  for (double c : {-1.0, 0.0, 1.0}) {
    const double x = std::exp(0.3);
    CHECK(eval_at(h, 0, {0.3, c}) == Approx(x + (c < 0 ? x : (c == 0 ? 0 : 3 * x))));
  }
}

TEST_CASE("errors in huge expressions are quoted as a short window", "[expr][size]") {
  // An unknown name at the end of a 200 KB expression.
  const std::string text = chain("1", "+", 100000) + "+FOO";
  const std::string err = errors_of(text);
  INFO(err.substr(0, 400));
  CHECK(err.size() < 500);
  const size_t nl = err.find('\n');
  const std::string line = err.substr(nl + 1, err.find('\n', nl + 1) - nl - 1);
  const std::string caret = err.substr(err.rfind('\n') + 1);
  CHECK(line.size() <= kExcerptWidth + 8);
  CHECK(line.rfind("  ...", 0) == 0);
  CHECK(line.substr(caret.find('^'), 3) == "FOO");
  CHECK(caret.substr(caret.find('^')) == "^~~");
  CHECK(err.rfind("deck.xml:12:200030: error: Force_Vector_TwoBody 30101 fx_expression: unknown "
                  "name 'FOO'",
                  0) == 0);

  // Too deep: the message says the limit; the excerpt is short.
  const std::string deep =
      std::string(300, '(') + chain("TIME", "+", 50000) + std::string(300, ')');
  const std::string d = errors_of(deep);
  CHECK(d.size() < 600);
  CHECK(d.find("expression is nested too deeply (more than 200 levels") != std::string::npos);

  // Too long: one error at the start, nothing parsed.
  const std::string huge = chain("TIME", "+", static_cast<int>(kMaxExpressionLength / 5) + 1);
  const std::string h = errors_of(huge);
  CHECK(h.size() < 500);
  CHECK(h.find(fmt::format("the expression is {} characters long; at most {} are allowed",
                           huge.size(), kMaxExpressionLength)) != std::string::npos);

  // Many errors: the first ones, the last counting the rest.
  Diagnostics diag;
  TestBinder binder;
  CHECK_FALSE(try_compile(chain("FOO", "+", 30), binder, diag).has_value());
  REQUIRE(diag.all().size() == kMaxReportedProblems);
  CHECK(diag.all().back().message == "unknown name 'FOO' (and 10 more errors in this expression)");
}

}  // namespace
}  // namespace mb::expr::test
