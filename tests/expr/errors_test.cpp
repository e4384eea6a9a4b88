// Compile errors point at the text: the location of the offending token, the subject, the
// message, then the expression and a caret line. The text is API, so it is asserted exactly.
#include <catch2/catch.hpp>

#include "test_binder.hpp"

namespace mb::expr::test {
namespace {

// The expected diagnostic for `text` with an error at [offset, offset + length).
std::string expected(std::string_view text, size_t offset, size_t length,
                     const std::string& message) {
  std::string line(text);
  for (auto& c : line) {
    if (c == '\n') c = ' ';
  }
  return "deck.xml:12:" + std::to_string(30 + offset) +
         ": error: Force_Vector_TwoBody 30101 fx_expression: " + message + "\n  " + line + "\n  " +
         std::string(offset, ' ') + "^" + std::string(length ? length - 1 : 0, '~');
}

TEST_CASE("unknown names suggest the closest builtin", "[expr][errors]") {
  const std::string text = "BISTP(DX(1,2),VX(1,2),0.5,9.5,1e7,2.1,1,0.001)";
  CHECK(errors_of(text) ==
        "deck.xml:12:30: error: Force_Vector_TwoBody 30101 fx_expression: unknown function "
        "'BISTP' (did you mean 'BISTOP'?)\n"
        "  BISTP(DX(1,2),VX(1,2),0.5,9.5,1e7,2.1,1,0.001)\n"
        "  ^~~~~");
  CHECK(errors_of("2*TIMX") ==
        expected("2*TIMX", 2, 4, "unknown name 'TIMX' (did you mean 'TIME'?)"));
  CHECK(errors_of("FROB(1)") == expected("FROB(1)", 0, 4, "unknown function 'FROB'"));
  CHECK(errors_of("sine(TIME)") ==
        expected("sine(TIME)", 0, 4, "unknown function 'sine' (did you mean 'SIN'?)"));
  CHECK(errors_of("PI(2)") == expected("PI(2)", 0, 2, "'PI' is a constant, not a function"));
  CHECK(errors_of("SIN + 1") ==
        expected("SIN + 1", 0, 3, "'SIN' is a function: it needs arguments in ()"));
}

TEST_CASE("wrong argument counts", "[expr][errors]") {
  CHECK(errors_of("STEP(TIME,0,0,1)") ==
        expected("STEP(TIME,0,0,1)", 0, 4, "STEP takes 5 arguments, got 4"));
  CHECK(errors_of("1+DX()") == expected("1+DX()", 2, 2, "DX takes 1 to 3 arguments, got 0"));
  CHECK(errors_of("MAX(1)") == expected("MAX(1)", 0, 3, "MAX takes at least 2 arguments, got 1"));
  CHECK(errors_of("SQRT(1,2)") == expected("SQRT(1,2)", 0, 4, "SQRT takes 1 argument, got 2"));
  std::string poly = "POLY(TIME,0";
  for (int i = 0; i < 32; ++i) poly += ",1";
  poly += ")";
  CHECK(errors_of(poly) == expected(poly, 0, 4, "POLY takes 3 to 33 arguments, got 34"));
}

TEST_CASE("syntax errors: parentheses, empty and trailing input, operands", "[expr][errors]") {
  CHECK(errors_of("SIN(TIME") == expected("SIN(TIME", 3, 1, "unbalanced '(': missing ')'"));
  CHECK(errors_of("(1+2))") == expected("(1+2))", 5, 1, "unbalanced ')'"));
  CHECK(errors_of("((1)") == expected("((1)", 0, 1, "unbalanced '(': missing ')'"));
  CHECK(errors_of("") == expected("", 0, 0, "empty expression"));
  CHECK(errors_of("   ") == expected("   ", 3, 0, "empty expression"));
  CHECK(errors_of("1 2") == expected("1 2", 2, 1, "unexpected '2' after the expression"));
  CHECK(errors_of("1+") ==
        expected("1+", 2, 0, "expected an operand at the end of the expression"));
  CHECK(errors_of("1+*2") == expected("1+*2", 2, 1, "expected an operand, got '*'"));
  CHECK(errors_of("SIN(1 2)") ==
        expected("SIN(1 2)", 6, 1, "expected ')' or an operator, got '2'"));
  CHECK(errors_of("MAX(1,)") == expected("MAX(1,)", 6, 1, "expected an operand, got ')'"));
  CHECK(errors_of("IF(TIME, 1, 2, 3)") ==
        expected("IF(TIME, 1, 2, 3)", 7, 1, "expected ':' after the condition of IF, got ','"));
  CHECK(errors_of("IF(TIME: 1, 2)") ==
        expected("IF(TIME: 1, 2)", 13, 1, "expected ',' in IF(e1: e2, e3, e4), got ')'"));
  CHECK(errors_of("TIME $ 2") == expected("TIME $ 2", 5, 1, "unexpected character '$'"));
}

TEST_CASE("malformed numbers", "[expr][errors]") {
  CHECK(errors_of("1.5E+*2") == expected("1.5E+*2", 0, 5, "malformed number '1.5E+'"));
  CHECK(errors_of("2*3X") == expected("2*3X", 2, 2, "malformed number '3X'"));
  CHECK(errors_of("1.2.3") == expected("1.2.3", 0, 5, "malformed number '1.2.3'"));
  CHECK(errors_of("12DX") == expected("12DX", 0, 4, "malformed number '12DX'"));
  CHECK(errors_of("1e999") == expected("1e999", 0, 5, "number '1e999' is out of range"));
}

TEST_CASE("constant domain errors and constant parameter checks", "[expr][errors]") {
  CHECK(errors_of("TIME/(2-2)") == expected("TIME/(2-2)", 4, 1, "division by zero"));
  CHECK(errors_of("1/0 + TIME") == expected("1/0 + TIME", 1, 1, "division by zero"));
  CHECK(errors_of("MOD(TIME, 0)") == expected("MOD(TIME, 0)", 0, 3, "MOD with a zero divisor"));
  CHECK(errors_of("SQRT(-1)") == expected("SQRT(-1)", 0, 4, "SQRT of a negative number (got -1)"));
  CHECK(errors_of("(-8)**(1/3)") ==
        expected("(-8)**(1/3)", 4, 2,
                 "power of a negative number to a fractional exponent, or of zero to a negative "
                 "exponent (got -8**0.3333333333333333)"));
  CHECK(errors_of("STEP(TIME, 1, 0, 1, 1)") ==
        expected("STEP(TIME, 1, 0, 1, 1)", 17, 1,
                 "STEP: x0 must be less than x1 (got x0 = 1, x1 = 1)"));
  CHECK(errors_of("STEP5(TIME, 2, 0, 1, 1)") ==
        expected("STEP5(TIME, 2, 0, 1, 1)", 18, 1,
                 "STEP5: x0 must be less than x1 (got x0 = 2, x1 = 1)"));
  const std::string b = "BISTOP(DX(1,2),VX(1,2),9.5,0.5,1e7,2.1,1,0.001)";
  CHECK(errors_of(b) ==
        expected(b, 27, 3, "BISTOP: x1 must be less than x2 (got x1 = 9.5, x2 = 0.5)"));
  const std::string b2 = "BISTOP(DX(1,2),VX(1,2),0.5,9.5,-1,0,-2,0)";
  CHECK(errors_of(b2) == expected(b2, 31, 1, "BISTOP: k must be >= 0 (got -1)") + "\n" +
                             expected(b2, 34, 1, "BISTOP: e must be > 0 (got 0)") + "\n" +
                             expected(b2, 36, 1, "BISTOP: cmax must be >= 0 (got -2)") + "\n" +
                             expected(b2, 39, 1, "BISTOP: d must be > 0 (got 0)"));
  const std::string i = "IMPACT(DM(1,2), VM(1,2), 10, 2000, 1, 0.05, 0)";
  CHECK(errors_of(i) == expected(i, 44, 1, "IMPACT: d must be > 0 (got 0)"));
}

TEST_CASE("model-bound calls: constant arguments and binder errors", "[expr][errors]") {
  CHECK(errors_of("DX(99)") == expected("DX(99)", 0, 2, "marker 99 does not exist"));
  CHECK(errors_of("DX(TIME)") == expected("DX(TIME)", 3, 4, "argument 1 of DX must be a constant"));
  CHECK(errors_of("DX(1, 1.5)") ==
        expected("DX(1, 1.5)", 6, 3, "argument 2 of DX must be a whole number (got 1.5)"));
  CHECK(errors_of("VARVAL(77)") ==
        expected("VARVAL(77)", 0, 6, "Reference_Variable 77 does not exist"));
  CHECK(errors_of("AKISPL(TIME, 0, 5)") ==
        expected("AKISPL(TIME, 0, 5)", 0, 6, "Reference_Spline 5 does not exist"));
  TestBinder binder;
  binder.splines[1] = SplineData{{0, 1, 2}, {0, 1, 4}, {}, false};
  binder.splines[2] = SplineData{{0, 1, 1}, {0, 1, 4}, {}, false};
  binder.splines[3] = SplineData{{0, 1}, {0, 1, 2, 3}, {0, 1}, false};
  CHECK(errors_of("AKISPL(TIME, 0, 1, 3)", &binder) ==
        expected("AKISPL(TIME, 0, 1, 3)", 19, 1,
                 "AKISPL: the derivative order n must be 0, 1 or 2 (got 3)"));
  CHECK(
      errors_of("CUBSPL(TIME, 0, 2)", &binder) ==
      expected("CUBSPL(TIME, 0, 2)", 0, 6, "Reference_Spline 2: x values must increase strictly"));
  CHECK(errors_of("LINSPL(TIME, 0, 3, 1)", &binder) ==
        expected("LINSPL(TIME, 0, 3, 1)", 19, 1,
                 "LINSPL: the derivative order n is not allowed for a surface spline"));
}

TEST_CASE("every error of an expression is reported, with multi-line text on one line",
          "[expr][errors]") {
  const std::string text = "FOO(1) +\n BAR * DX(99)";
  CHECK(errors_of(text) == expected(text, 0, 3, "unknown function 'FOO'") + "\n" +
                               expected(text, 10, 3, "unknown name 'BAR'") + "\n" +
                               expected(text, 16, 2, "marker 99 does not exist"));
  // Locations come from the Source's locate function (here: line 12, column 30 + offset).
  TestBinder binder;
  Diagnostics diag;
  Source src{"1 +\n  SIN(2",
             [](size_t off) {
               return SourceLoc{intern_path("deck.xml"), off < 4 ? 7 : 8,
                                off < 4 ? 20 + int(off) : int(off) - 3};
             },
             "Motion_Joint 5 val_expression"};
  CHECK_FALSE(compile(src, binder, diag).has_value());
  REQUIRE(diag.error_count() == 1);
  CHECK(diag.all()[0].str() ==
        "deck.xml:8:6: error: Motion_Joint 5 val_expression: unbalanced '(': missing ')'\n"
        "  1 +   SIN(2\n"
        "           ^");
}

}  // namespace
TEST_CASE("a long expression is shown as a window around the caret", "[expr][errors]") {
  // Issue 20: a 200 KB expression was echoed whole. The excerpt keeps kExcerptWidth characters
  // from a third of the width before the error, its cut ends marked "...", and the caret still
  // under the offending token.
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "1+";
  text += "FROB(1)";
  for (int i = 0; i < 1000; ++i) text += "+1";
  const size_t offset = 2000;  // FROB
  const size_t before = kExcerptWidth / 3;
  const std::string window = "..." + text.substr(offset - before, kExcerptWidth) + "...";
  CHECK(errors_of(text) == "deck.xml:12:" + std::to_string(30 + offset) +
                               ": error: Force_Vector_TwoBody 30101 fx_expression: unknown "
                               "function 'FROB'\n  " +
                               window + "\n  " + std::string(3 + before, ' ') + "^~~~");
  // At the start and at the end of a long text the window is not cut on that side.
  const std::string head = "FROB(1)" + std::string(300, ' ') + "+1";
  CHECK(errors_of(head).ends_with("\n  FROB(1)" + std::string(kExcerptWidth - 7, ' ') +
                                  "...\n  ^~~~"));
  const std::string tail = std::string(300, ' ') + "1+";
  CHECK(errors_of(tail).ends_with("\n  ..." + std::string(kExcerptWidth - 2, ' ') + "1+\n  " +
                                  std::string(3 + kExcerptWidth, ' ') + "^"));
}

}  // namespace mb::expr::test
