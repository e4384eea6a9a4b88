// Adams DIFF statements end to end (parser/adm_reader.cpp -> Control_Diff): the explicit form,
// IMPLICIT (FUNCTION is the residual F(y, y', t) = 0, IC = y0, y'0) and STATIC_HOLD (the state
// keeps its value during a static analysis), each against its closed form:
//   DIFF/1  y' = -2 y, y0 = 1                       y = exp(-2 t)
//   DIFF/2  IMPLICIT, 0 = y' + 2 y, y0 = 1, y'0 = -2   the same
//   DIFF/3  STATIC_HOLD, y' = 1 - y, y0 = 0.5       static: held at 0.5; then 1 - 0.5 exp(-t)
//   DIFF/4  y' = 1 - y, y0 = 0.5                     static: solved (y' = 0) to 1; then 1

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const std::string kDiffs = R"ADM(diffs
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
DIFF/1, IC=1, FUNCTION = -2*DIF(1)
DIFF/2, IMPLICIT, IC=1, -2
, FUNCTION = DIF1(2) + 2*DIF(2)
DIFF/3, IC=0.5, STATIC_HOLD, FUNCTION = 1 - DIF(3)
DIFF/4, IC=0.5, FUNCTION = 1 - DIF(4)
REQUEST/7, F1 = DIF(1), F2 = DIF(2), F3 = DIF(3), F4 = DIF(4)
INTEGRATOR/GSTIFF, ERROR=1E-10
END
)ADM";

}  // namespace

TEST_CASE("DIFF IMPLICIT follows the same closed form as the explicit DIFF") {
  const auto run = test::run_adm("diffs", kDiffs, "SIMULATE/DYNAMIC, END=1, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 21);
  const auto values = test::request_values(run);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(values[k][0] == Approx(std::exp(-2 * t)).margin(1e-6));
    CHECK(values[k][1] == Approx(std::exp(-2 * t)).margin(1e-6));
    CHECK(values[k][2] == Approx(1 - 0.5 * std::exp(-t)).margin(1e-6));
    CHECK(values[k][3] == Approx(1 - 0.5 * std::exp(-t)).margin(1e-6));
  }
}

TEST_CASE("DIFF STATIC_HOLD keeps the state during SIMULATE/STATIC; the others are solved") {
  const auto run =
      test::run_adm("diffs_static", kDiffs, "SIMULATE/STATIC\nSIMULATE/DYNAMIC, END=1, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(!run.t.empty());
  const auto values = test::request_values(run);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(values[k][0] == Approx(0).margin(1e-8));  // the static solution of y' = -2 y
    CHECK(values[k][1] == Approx(0).margin(1e-8));  // of 0 = y' + 2 y with y' = 0
    CHECK(values[k][2] == Approx(1 - 0.5 * std::exp(-t)).margin(1e-6));  // held at 0.5
    CHECK(values[k][3] == Approx(1).margin(1e-8));                       // solved: y = 1
  }
}
