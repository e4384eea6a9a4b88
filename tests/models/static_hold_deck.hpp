#pragma once
// The is_static_hold deck and its closed-form checks, shared by tests/models/static_hold_test.cpp
// (LINEAR) and tests/usersub/user_static_hold_test.cpp (USERSUB): a body hanging on a vertical
// translational joint under gravity, loaded by a Force_StateEqn FZ = -k DZ - x with the state x' =
// -a x + b DZ (x(0) = 0), then a Static analysis followed by a 0.5 s Transient.
//   FALSE: the static analysis solves x' = 0 too, so x = (b/a) DZ and DZ = -m g / (k + b/a);
//   TRUE:  x stays at its initial value 0, so DZ = -m g / k.

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

namespace mb::test {

namespace static_hold {
constexpr double kM = 2.0, kK = 400.0, kA = 5.0, kB = 600.0, kGrav = 9.81;
}

/// `element` gives the Force_StateEqn's type and its matrices or routine; the deck defines the
/// matrices A = -a (201), B = b (202), C = (0 0 -1 0 0 0) (203), D = (0 0 -k 0 0 0) (204).
/// `extra` adds elements to the model.
inline std::string static_hold_deck(bool hold, const std::string& element,
                                    const std::string& extra = "") {
  using namespace static_hold;
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
    <Force_StateEqn id="9" {element} x_array_id="101" u_array_id="100" ic_array_id="0"
        i_marker_id="20" j_floating_marker_id="10" ref_marker_id="10"
        is_static_hold="{hold}"/>
    {extra}
    <Param_Transient integr_tol="1e-8"/>
    <Param_Static max_error="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Static"/>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("grav", kGrav), fmt::arg("m", kM), fmt::arg("a", kA),
                     fmt::arg("b", kB), fmt::arg("k", kK), fmt::arg("element", element),
                     fmt::arg("extra", extra), fmt::arg("hold", hold ? "TRUE" : "FALSE"));
}

/// The LINEAR element of static_hold_deck.
inline std::string static_hold_linear(bool hold) {
  return static_hold_deck(
      hold,
      R"(type="LINEAR" a_matrix_id="201" b_matrix_id="202" c_matrix_id="203" d_matrix_id="204")");
}

/// A run of static_hold_deck with is_static_hold FALSE: the static analysis solved x' = 0, and
/// the transient starts in equilibrium, so nothing moves.
inline void check_static_solved(const InlineRun& run) {
  using namespace static_hold;
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / (kK + kB / kA);
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == Approx(kB / kA * dz).margin(1e-7));
  double drift = 0;
  for (size_t k = 1; k < run.t.size(); ++k) drift = std::max(drift, std::abs(run.y[k][2] - dz));
  CHECK(drift < 1e-7);
}

/// A run of static_hold_deck with is_static_hold TRUE: the state kept its value 0; no jump into
/// the transient (after one output step of 0.01 s the body has moved by O(dt^2) only, the state
/// by about x' dt = b DZ dt), but the body does move later because x' = b DZ != 0 at the start.
inline void check_static_frozen(const InlineRun& run) {
  using namespace static_hold;
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / kK;
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == 0.0);
  CHECK(std::abs(run.y[1][2] - dz) < 1e-3);
  CHECK(std::abs(run.y[1][xs]) < 1.1 * std::abs(kB * dz) * 0.01);
  double moved = 0;
  for (size_t k = 1; k < run.t.size(); ++k) moved = std::max(moved, std::abs(run.y[k][2] - dz));
  CHECK(moved > 1e-3);
}

}  // namespace mb::test
