// Lexer and parser rules (Adams/Fortran): precedence, associativity, numbers, names, IF.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "expr/lexer.hpp"
#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

double value_of(std::string_view text, double time = 0, std::vector<double> vars = {}) {
  return eval_at(must_compile(text), time, std::move(vars));
}

TEST_CASE("power groups right to left and binds tighter than unary minus", "[expr][syntax]") {
  CHECK(value_of("2**3**2") == 512);
  CHECK(value_of("-2**2") == -4);
  CHECK(value_of("(-2)**2") == 4);
  CHECK(value_of("2**-1") == 0.5);
  CHECK(value_of("-2**-2") == -0.25);
  CHECK(value_of("2**3*4") == 32);
  CHECK(value_of("2*3**2") == 18);
  CHECK(value_of("2**-TIME", 3) == 0.125);
  CHECK(value_of("3*-TIME", 2) == -6);
  CHECK(value_of("-TIME**2", 3) == -9);
  CHECK(value_of("--3") == 3);
  CHECK(value_of("+-+3") == -3);
}

TEST_CASE("additive and multiplicative operators group left to right", "[expr][syntax]") {
  CHECK(value_of("10-4-3") == 3);
  CHECK(value_of("64/4/2") == 8);
  CHECK(value_of("2+3*4") == 14);
  CHECK(value_of("(2+3)*4") == 20);
  CHECK(value_of("8/2*4") == 16);
  CHECK(value_of("1-2+3") == 2);
}

TEST_CASE("numbers: decimals, exponents, Fortran D exponents and the degree suffix",
          "[expr][syntax]") {
  CHECK(value_of("12") == 12);
  CHECK(value_of("12.") == 12);
  CHECK(value_of(".5") == 0.5);
  CHECK(value_of("1.5E-3") == 1.5e-3);
  CHECK(value_of("1.5e+3") == 1500);
  CHECK(value_of("1.0D-3") == 1.0e-3);
  CHECK(value_of("2d2") == 200);
  CHECK(value_of("90D") == Approx(std::numbers::pi / 2).epsilon(1e-15));
  CHECK(value_of("45d") == Approx(std::numbers::pi / 4).epsilon(1e-15));
  CHECK(value_of("180D") == Approx(std::numbers::pi).epsilon(1e-15));
  CHECK(value_of("90D-TIME", 1) == Approx(std::numbers::pi / 2 - 1).epsilon(1e-15));
  CHECK(value_of("1D1D") == Approx(10 * std::numbers::pi / 180).epsilon(1e-15));
}

TEST_CASE("names are case-insensitive; constants", "[expr][syntax]") {
  CHECK(value_of("pi") == std::numbers::pi);
  CHECK(value_of("Pi") == std::numbers::pi);
  CHECK(value_of("DTOR") == std::numbers::pi / 180);
  CHECK(value_of("rtod") == 180 / std::numbers::pi);
  CHECK(value_of("time", 2.5) == 2.5);
  CHECK(value_of("sqrt(4)+Sqrt(9)+SQRT(16)") == 9);
  CHECK(value_of("step5(time, .2, 0, .4, 180D)", 1) == Approx(std::numbers::pi));
}

TEST_CASE("blanks and newlines between tokens, also before '('", "[expr][syntax]") {
  CHECK(value_of("  1 +\n 2\t*\r\n3 ") == 7);
  CHECK(value_of("MAX (1,\n 2)") == 2);
  CHECK(value_of("BISTOP(-1,0,\n 0,1,\n 10,1,0,0.1)") == 10);
}

TEST_CASE("IF selects by the sign of its first argument and runs only that branch",
          "[expr][syntax]") {
  CHECK(value_of("IF($1: 1, 2, 3)", 0, {-5}) == 1);
  CHECK(value_of("IF($1: 1, 2, 3)", 0, {0}) == 2);
  CHECK(value_of("IF($1: 1, 2, 3)", 0, {1e-300}) == 3);
  // Only the selected branch runs: the unselected SQRT(-1) raises no error.
  auto e = must_compile("IF($1: SQRT($1), 0, SQRT($1))");
  std::vector<double> in(8, 0.0);
  Workspace ws(e);
  in[0] = 4;
  CHECK(e.eval(0, in, ws) == 2);
  in[0] = -4;
  CHECK(std::isnan(e.eval(0, in, ws)));
  CHECK_FALSE(ws.ok());
  CHECK(ws.error().message() == "SQRT of a negative number (-4)");
  ws.clear_error();
  in[0] = 0;
  CHECK(e.eval(0, in, ws) == 0);
  CHECK(ws.ok());
  // Nested IFs and IF inside arithmetic.
  CHECK(value_of("1 + IF(TIME - 1: 10, IF(2: 0, 0, 20), 30) * 2", 1) == 41);
  CHECK(value_of("if(-1:2,3,4)") == 2);
}

TEST_CASE("optional arguments default to 0 and identical calls share one slot", "[expr][syntax]") {
  TestBinder b;
  auto e = must_compile("DX(11) + DX(11, 0, 0) + DX(11,12) + VX(11,12,0,0) + JOINT(1,0,2)", &b);
  CHECK(b.calls ==
        std::vector<std::string>{"DX(11,0,0)", "DX(11,12,0)", "VX(11,12,0,0)", "JOINT(1,0,2,0)"});
  CHECK(std::vector<int>(e.input_slots().begin(), e.input_slots().end()) ==
        std::vector<int>{40, 41, 42, 43});
  CHECK_FALSE(e.reads_time());
  std::vector<double> in(44, 0.0);
  in[40] = 1, in[41] = 10, in[42] = 100, in[43] = 1000;
  Workspace ws(e);
  CHECK(e.eval(0, in, ws) == 1112);
  // Constant-folded ids: DX(10+1, 2*6).
  TestBinder b2;
  must_compile("DX(10+1, 2*6)", &b2);
  CHECK(b2.calls == std::vector<std::string>{"DX(11,12,0)"});
}

TEST_CASE("constant folding and the tape", "[expr][syntax]") {
  auto c = must_compile("2*PI*3 + SIN(0) + STEP(0.5, 0, 1, 1, 2)");
  CHECK(c.is_constant());
  CHECK(c.constant_value() == Approx(6 * std::numbers::pi + 1.5));
  CHECK(c.tape_size() == 1);
  auto e = must_compile("$1 * (2 + 3) + 0 * $2");
  CHECK(e.str() == "(* in0 5)");
  CHECK(e.tape_size() == 2);
  CHECK(e.max_stack() == 1);
  // Stack depth: operands that are inputs or constants fold into the operation...
  auto d = must_compile("($1 + $2) * ($3 + ($4 * ($5 - $6)))");
  CHECK(d.max_stack() == 2);
  CHECK(eval_at(d, 0, {1, 2, 3, 4, 5, 6}) == Approx(3 * (3 + 4 * -1.0)));
  // ... other operands stay on the stack: SIN(a)+SIN(b), SIN(c), SIN(d), SIN(e), SIN(f).
  auto s = must_compile("(SIN($1) + SIN($2)) * (SIN($3) + (SIN($4) * (SIN($5) - SIN($6))))");
  CHECK(s.max_stack() == 5);
  // POLY keeps exactly the coefficients given (no padding to 31).
  CHECK(must_compile("POLY($1, 0, 1, 2)").str() == "(POLY in0 0 1 2)");
  CHECK(must_compile("TIME").reads_time());
}

TEST_CASE("the lexer reports positions and malformed numbers", "[expr][syntax]") {
  auto t = tokenize("BISTOP( x ,1.5e3)**2");
  REQUIRE(t.size() == 9);
  CHECK(t[0].kind == Tok::kIdent);
  CHECK(t[0].offset == 0);
  CHECK(t[0].length == 6);
  CHECK(t[2].offset == 8);
  CHECK(t[4].number == 1500);
  CHECK(t[6].kind == Tok::kPow);
  CHECK(t[8].kind == Tok::kEnd);
  CHECK(tokenize("1.5E")[0].kind == Tok::kError);
  CHECK(tokenize("3X")[0].text == "malformed number '3X'");
  CHECK(tokenize("1.2.3")[0].text == "malformed number '1.2.3'");
}

}  // namespace
}  // namespace mb::expr::test
