// is_static_hold on a USERSUB Force_StateEqn (YFOSUB_SPRING_LAG of test_subs.c), the twin of
// the LINEAR deck of tests/states/static_hold_test.cpp: a body hanging on a vertical
// translational joint under gravity, FZ = -k DZ - x with the state x' = -a x + b DZ (x(0) = 0):
//   FALSE: the static analysis solves x' = 0 too, so x = (b/a) DZ and DZ = -m g / (k + b/a);
//          the following transient starts at rest in equilibrium and stays there;
//   TRUE:  x stays at its initial value 0, so DZ = -m g / k; the following transient starts from
//          that position (no jump) with x' = b DZ != 0, so the body then moves.
// Oracles: the closed forms above (MotionSolve's Force_StateEqn documentation, note 4), and the
// LINEAR element, whose transient the USERSUB one must follow.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kM = 2.0, kK = 400.0, kA = 5.0, kB = 600.0, kGrav = 9.81;

std::string deck(bool hold, bool user) {
  const std::string linear = fmt::format(
      R"XML(type="LINEAR" a_matrix_id="201" b_matrix_id="202" c_matrix_id="203" d_matrix_id="204")XML");
  const std::string usersub = fmt::format(
      R"XML(type="USERSUB" num_state="1" usrsub_dll_name="{lib}"
        usrsub_fnc_name="YFOSUB_SPRING_LAG" usrsub_param_string="USER({a}, {b}, {k})")XML",
      fmt::arg("lib", MB_TEST_USERSUB_LIB), fmt::arg("a", kA), fmt::arg("b", kB),
      fmt::arg("k", kK));
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-{grav}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Reference_Variable id="1" expr="DZ(20, 10)"/>
    <Reference_Array id="100" type="U" num_element="1" variable_id="1"/>
    <Reference_Array id="101" type="X" num_element="1"/>
    <Reference_Matrix id="201" nrow="1" ncol="1"> -{a} </Reference_Matrix>
    <Reference_Matrix id="202" nrow="1" ncol="1"> {b} </Reference_Matrix>
    <Reference_Matrix id="203" nrow="6" ncol="1"> 0 0 -1 0 0 0 </Reference_Matrix>
    <Reference_Matrix id="204" nrow="6" ncol="1"> 0 0 -{k} 0 0 0 </Reference_Matrix>
    <Force_StateEqn id="9" {type} x_array_id="101" u_array_id="100" ic_array_id="0"
        i_marker_id="20" j_floating_marker_id="10" ref_marker_id="10"
        is_static_hold="{hold}"/>
    <Param_Transient integr_tol="1e-8"/>
    <Param_Static max_error="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Static"/>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("grav", kGrav), fmt::arg("m", kM), fmt::arg("a", kA),
                     fmt::arg("b", kB), fmt::arg("k", kK),
                     fmt::arg("type", user ? usersub : linear),
                     fmt::arg("hold", hold ? "TRUE" : "FALSE"));
}

/// Largest difference of the body height between two runs.
double max_height_difference(const test::InlineRun& a, const test::InlineRun& b) {
  REQUIRE(a.t.size() == b.t.size());
  double worst = 0;
  for (size_t k = 0; k < a.t.size(); ++k) worst = std::max(worst, std::abs(a.y[k][2] - b.y[k][2]));
  return worst;
}

}  // namespace

TEST_CASE("USERSUB Force_StateEqn, is_static_hold FALSE: static states solved with x' = 0") {
  auto run = test::run_inline(deck(false, true));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / (kK + kB / kA);
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == Approx(kB / kA * dz).margin(1e-7));
  // The transient starts in equilibrium: nothing moves.
  double drift = 0;
  for (size_t k = 1; k < run.t.size(); ++k) drift = std::max(drift, std::abs(run.y[k][2] - dz));
  CHECK(drift < 1e-7);
}

TEST_CASE("USERSUB Force_StateEqn, is_static_hold TRUE: static states frozen") {
  auto run = test::run_inline(deck(true, true));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / kK;
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == 0.0);
  // No jump: after one output step (0.01 s) the body has moved by O(dt^2) only, and the state
  // by about x' dt = b DZ dt; the body does move later.
  CHECK(std::abs(run.y[1][2] - dz) < 1e-3);
  CHECK(std::abs(run.y[1][xs]) < 1.1 * std::abs(kB * dz) * 0.01);
  double moved = 0;
  for (size_t k = 1; k < run.t.size(); ++k) moved = std::max(moved, std::abs(run.y[k][2] - dz));
  CHECK(moved > 1e-3);
  // The transient that follows is the LINEAR twin's.
  auto linear = test::run_inline(deck(true, false));
  REQUIRE(linear.report.code == ExitCode::kSuccess);
  CHECK(max_height_difference(run, linear) < 1e-6);
}
