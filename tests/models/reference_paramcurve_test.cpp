// Adams CURVE (with MATRIX in its FULL form) and MotionSolve Reference_ParamCurve read into the
// model and evaluated by CURVE(alpha, iord, comp, id) in requests and force expressions.
// Oracles: a closed curve through 32 points of a circle (on the circle up to the interpolation
// error, exactly at the points), a curve through points of a line (the line, linear in alpha),
// and the slider pushed by a force read from that line (x = t^3 / 12, integrated by hand).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kRadius = 2.0;

/// MATRIX/5 (row order): 33 points of a circle of radius kRadius about z (the last = the first).
std::string circle_matrix() {
  std::string values;
  for (int i = 0; i <= 32; ++i) {
    const double a = 2 * std::numbers::pi * (i % 32) / 32;
    values += fmt::format("{}{:.17g}, {:.17g}, 0\n", i == 0 ? "" : ", ", kRadius * std::cos(a),
                          kRadius * std::sin(a));
  }
  return "MATRIX/5, FULL=RORDER, ROWS=33, COLUMNS=3\n, VALUES = " + values;
}

/// A slider PART/2 (mass 2) on a translational joint along global x, pushed by
/// FX = 2 CURVE(0.25 TIME - 1, 0, 1, 6) where CURVE/6 runs through 5 points of the line from
/// (0, 1, 0) to (4, 1, 0): FX = t, x = t^3 / 12. REQUEST/7 reads both curves.
std::string curve_deck(const std::string& curve5 = "CURVE/5, CLOSED, MATRIX=5, CURVE_POINTS\n") {
  return R"ADM(curves
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
MARKER/11, PART=1
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
MARKER/21, PART=2
JOINT/1, TRANSLATIONAL, I=20, J=10
)ADM" + circle_matrix() +
         curve5 + R"ADM(MATRIX/6, FULL=CORDER, ROWS=5, COLUMNS=3
, VALUES = 0, 1, 2, 3, 4
, 1, 1, 1, 1, 1
, 0, 0, 0, 0, 0
CURVE/6, OPEN, MATRIX=6, CURVE_POINTS, ORDER=2
VFORCE/1, I=21, JFLOAT=11, RM=11, FX = 2*CURVE(0.25*TIME - 1, 0, 1, 6), FY = 0, FZ = 0
REQUEST/7, F2 = CURVE(0.5*TIME - 1, 0, 1, 5), F3 = CURVE(0.5*TIME - 1, 0, 2, 5)
, F4 = CURVE(0.5*TIME - 1, 1, 2, 5), F5 = CURVE(0.25*TIME - 1, 0, 2, 6)
, F6 = DX(20, 10)
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM";
}

/// Deck diagnostics of an .adm text (reading and model building), one per line.
std::string adm_errors(const std::string& adm) {
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(adm, "curves.adm", diag);
  if (!diag.has_errors()) build_model(deck, diag);
  CHECK(diag.has_errors());
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

}  // namespace

TEST_CASE("CURVE statements on MATRIX points evaluate as their closed forms in expressions") {
  const auto run = test::run_adm("curves", curve_deck(), "SIMULATE/DYNAMIC, END=4, STEPS=64\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 65);
  const auto values = test::request_values(run);  // req7.f1..f8 (f1 empty: NULL left out)
  auto column = [&](std::string_view name) { return test::request_column(run, name); };
  const size_t fx = column("req7.f2"), fy = column("req7.f3"), dy = column("req7.f4"),
               line_y = column("req7.f5"), slider = column("req7.f6");
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], alpha = 0.5 * t - 1;
    INFO("t = " << t);
    const double x = values[k][fx], y = values[k][fy];
    worst = std::max(worst, std::abs(std::hypot(x, y) - kRadius));
    if (k % 4 == 0 && k < 64) {  // alpha on the data points: -1 + 2 i / 32
      const double a = std::numbers::pi * (alpha + 1);
      CHECK(x == Approx(kRadius * std::cos(a)).margin(1e-10));
      CHECK(y == Approx(kRadius * std::sin(a)).margin(1e-10));
    }
    // dy/dalpha of a circle turning pi per unit alpha: pi R cos(pi (alpha + 1)).
    CHECK(
        values[k][dy] ==
        Approx(std::numbers::pi * kRadius * std::cos(std::numbers::pi * (alpha + 1))).margin(2e-3));
    CHECK(values[k][line_y] == Approx(1.0).margin(1e-12));
    CHECK(values[k][slider] == Approx(t * t * t / 12).margin(1e-6));
  }
  CHECK(worst < 4e-5);
}

TEST_CASE("Reference_ParamCurve in XML reads the same curve") {
  std::string rows;
  for (int i = 0; i <= 32; ++i) {
    const double a = 2 * std::numbers::pi * (i % 32) / 32;
    rows += fmt::format("{:.17g} {:.17g} 0\n", kRadius * std::cos(a), kRadius * std::sin(a));
  }
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Matrix id="5" nrow="33" ncol="3" isroworder="TRUE">{rows}</Reference_Matrix>
    <Reference_ParamCurve id="5" matrix_id="5" is_u_closed="TRUE" is_curve_points="TRUE"/>
    <Post_Request id="7" type="EXPRESSION" expr1="CURVE(TIME - 1, 0, 1, 5)"
      expr2="CURVE(TIME - 1, 0, 2, 5)"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.0625"/>
  </Command></MotionSolve>)XML",
                                                fmt::arg("rows", rows)));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto values = test::request_values(run);
  for (size_t k = 0; k + 1 < run.t.size(); ++k) {
    const double a = std::numbers::pi * run.t[k];
    CHECK(values[k][0] == Approx(kRadius * std::cos(a)).margin(1e-10));
    CHECK(values[k][1] == Approx(kRadius * std::sin(a)).margin(1e-10));
  }
}

TEST_CASE("CURVE errors name the statement and what is allowed") {
  SECTION("a missing matrix") {
    const auto all = adm_errors(curve_deck("CURVE/5, CLOSED, MATRIX=9, CURVE_POINTS\n"));
    CHECK(all.find("error: CURVE 5: matrix 9 does not exist") != std::string::npos);
  }
  SECTION("a closed curve whose ends differ") {
    const auto all = adm_errors(curve_deck("CURVE/5, CLOSED, MATRIX=6, CURVE_POINTS\n"));
    CHECK(all.find("CURVE 5: matrix 6: a closed curve needs its first and last points equal") !=
          std::string::npos);
  }
  SECTION("a CURSUB curve") {
    const auto all =
        adm_errors(curve_deck("CURVE/5, OPEN, MINPAR=0, MAXPAR=1, FUNCTION=USER(0)\n"));
    CHECK(all.find("CURVE 5: a curve computed by a user subroutine (CURSUB) is not supported; "
                   "give its points in a matrix (MATRIX=)") != std::string::npos);
  }
  SECTION("ORDER out of range") {
    const auto all = adm_errors(curve_deck("CURVE/5, CLOSED, MATRIX=5, ORDER=6\n"));
    CHECK(all.find("CURVE 5: ORDER: expected 2, 3 or 4") != std::string::npos);
  }
  SECTION("CURVE() of a curve that does not exist") {
    std::string deck = curve_deck();
    deck.replace(deck.find("CURVE(0.5*TIME - 1, 0, 1, 5)"), 28, "CURVE(0.5*TIME - 1, 0, 1, 8)");
    const auto all = adm_errors(deck);
    CHECK(all.find("curve 8 (Reference_ParamCurve, Adams CURVE) does not exist") !=
          std::string::npos);
  }
}
