// Oracle: the other integrator. The DAE form (IDA, DSTIFF) and the ODE form (CVODE BDF for
// VSTIFF and MSTIFF, CVODE Adams for ABAM) share only the System's equations; their integration,
// constraint handling (GGL stabilisation versus projection) and error control are independent. On a
// planar pendulum, a spherical pendulum and a double pendulum, at tight tolerances, every body
// state agrees at every output time.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <initializer_list>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// Largest difference of the body states (13 per moving body) over all outputs.
double max_state_difference(const test::InlineRun& a, const test::InlineRun& b, int nb) {
  REQUIRE(a.t.size() == b.t.size());
  double worst = 0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    REQUIRE(a.t[k] == Approx(b.t[k]).margin(1e-12));
    for (int i = 0; i < 13 * nb; ++i) worst = std::max(worst, std::abs(a.y[k][i] - b.y[k][i]));
  }
  return worst;
}

/// Largest relative difference of the multipliers (reactions) over all outputs.
double max_reaction_difference(const test::InlineRun& a, const test::InlineRun& b, int nb) {
  const int m = a.sys->num_constraint_equations();
  double worst = 0, scale = 0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    for (int e = 0; e < m; ++e) {
      scale = std::max(scale, std::abs(a.y[k][13 * nb + e]));
      worst = std::max(worst, std::abs(a.y[k][13 * nb + e] - b.y[k][13 * nb + e]));
    }
  }
  return worst / std::max(1.0, scale);
}

void compare_forms(const std::string& deck, int nb, double tol, double state_bound,
                   double reaction_bound, std::initializer_list<const char*> forms) {
  const auto ida = test::run_inline(test::with_integrator(deck, "DSTIFF", tol));
  REQUIRE(ida.report.code == ExitCode::kSuccess);
  for (const char* ode : forms) {
    INFO(ode);
    const auto cv = test::run_inline(test::with_integrator(deck, ode, tol));
    REQUIRE(cv.report.message == "");
    REQUIRE(cv.report.code == ExitCode::kSuccess);
    CHECK(max_state_difference(ida, cv, nb) < state_bound);
    CHECK(max_reaction_difference(ida, cv, nb) < reaction_bound);
  }
}

constexpr const char* kPendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.80665"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.01" inertia_yy="0.02" inertia_zz="0.03"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.2" pos_y="0"/>
    <Reference_Marker id="21" body_id="2" pos_x="0" pos_y="0"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML";

constexpr const char* kSphericalPendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.08" inertia_yy="0.3" inertia_zz="0.25"
                v_ic_y="1.8" w_ic_z="2.25" w_ic_x="0.4"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.8" pos_y="0" pos_z="-0.1"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML";

/// Two rods (1 m and 0.7 m) hinged about z at the origin and at the end of the first rod.
constexpr const char* kDoublePendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.001" inertia_yy="0.0843" inertia_zz="0.0843"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.35355339059327373" pos_y="-0.35355339059327373"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="0.70710678118654746" pos_y="-0.70710678118654746"/>
    <Body_Rigid id="3" cg_id="30" mass="0.6" inertia_xx="0.001" inertia_yy="0.0245" inertia_zz="0.0245"
                w_ic_z="1.5"/>
    <Reference_Marker id="30" body_id="3" pos_x="0.70710678118654746" pos_y="-1.0571067811865475"/>
    <Reference_Marker id="31" body_id="3" pos_x="0.70710678118654746" pos_y="-0.70710678118654746"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
  </Command></MotionSolve>)XML";

}  // namespace

TEST_CASE("ODE form (CVODE) agrees with the DAE form (IDA): planar pendulum") {
  compare_forms(kPendulum, 1, 1e-9, 1e-6, 1e-5, {"VSTIFF", "ABAM", "MSTIFF"});
}

TEST_CASE("ODE form (CVODE) agrees with the DAE form (IDA): spherical pendulum") {
  compare_forms(kSphericalPendulum, 1, 1e-9, 1e-6, 1e-5, {"VSTIFF", "ABAM"});
}

TEST_CASE("ODE form (CVODE) agrees with the DAE form (IDA): double pendulum") {
  compare_forms(kDoublePendulum, 2, 1e-9, 1e-6, 1e-5, {"VSTIFF", "ABAM"});
}

TEST_CASE("ODE form keeps the constraints: the pendulum pin stays on the pivot") {
  const auto run = test::run_inline(test::with_integrator(kPendulum, "VSTIFF", 1e-6));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Marker& pin = run.model->markers[run.model->marker_index.at(21)];
  double drift = 0, norm = 0;
  for (const auto& y : run.y) {
    const Vec4 p(y[3], y[4], y[5], y[6]);
    const Vec3 r(y[0], y[1], y[2]);
    drift = std::max(drift, (r + rotation_from_euler_parameters<double>(p) * pin.pos_body).norm());
    norm = std::max(norm, std::abs(p.norm() - 1.0));
  }
  CHECK(drift < 1e-9);
  CHECK(norm < 1e-12);
}
