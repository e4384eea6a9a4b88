// Invariants: a spherical pendulum (a rod on a ball joint, gravity -z) conserves total energy
// and the angular momentum about the vertical through the pivot.

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("spherical pendulum conserves energy and vertical angular momentum") {
  const double m = 2.0, g = 9.81;
  const Vec3 J_diag(0.08, 0.3, 0.25);
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.08" inertia_yy="0.3" inertia_zz="0.25"
                v_ic_y="1.8" w_ic_z="2.25" w_ic_x="0.4"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.8" pos_y="0" pos_z="-0.1"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="5" print_interval="0.01"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Mat3 J = J_diag.asDiagonal();
  auto invariants = [&](const std::vector<double>& y) {
    const Vec3 r(y[0], y[1], y[2]), v(y[7], y[8], y[9]), w(y[10], y[11], y[12]);
    const Mat3 A = rotation_from_euler_parameters<double>(Vec4(y[3], y[4], y[5], y[6]));
    const double energy = 0.5 * m * v.squaredNorm() + 0.5 * w.dot(J * w) + m * g * r.z();
    const double lz = (m * r.cross(v) + A * (J * w)).z();
    return std::pair{energy, lz};
  };
  const auto [e0, l0] = invariants(run.y.front());
  REQUIRE(std::abs(l0) > 1.0);
  double max_de = 0, max_dl = 0;
  for (const auto& y : run.y) {
    const auto [e, l] = invariants(y);
    max_de = std::max(max_de, std::abs(e - e0));
    max_dl = std::max(max_dl, std::abs(l - l0));
  }
  CHECK(max_de / std::abs(e0) < 1e-6);
  CHECK(max_dl / std::abs(l0) < 1e-6);
}
