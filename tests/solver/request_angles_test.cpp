// The body 3-1-3 angles of a DISPLACEMENT request and of PSI/THETA/PHI.
//
// Oracle (closed form): a crank turns about the global z axis at a prescribed angle
// a(t) = 2 t. A marker on it with the unrotated axes has R = Rz(a): theta = 0 is the singular
// case of the 3-1-3 sequence, where only psi + phi is defined and psi carries the whole angle,
// so psi = a wrapped to (-pi, pi], theta = phi = 0 (and psi = 0 at the unrotated pose). A marker
// set at psi0, theta0, phi0 on the crank has R = Rz(a) Rz(psi0) Rx(theta0) Rz(phi0), so its
// angles are psi = wrap(a + psi0), theta0, phi0.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

double wrap(double a) { return a - 2 * std::numbers::pi * std::round(a / (2 * std::numbers::pi)); }

/// |a - b| modulo 2 pi (psi = pi and -pi are the same angle).
double angle_error(double a, double b) { return std::abs(wrap(a - b)); }

}  // namespace

TEST_CASE("request angles of a crank turning about z follow the body 3-1-3 closed form") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.25"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.3"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="0.3" psi="0.3" theta="0.5" phi="0.7"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="2*TIME"/>
    <Post_Request id="1" type="MARKER_DISPLACEMENT" i_marker_id="21" j_marker_id="10"/>
    <Post_Request id="2" type="MARKER_DISPLACEMENT" i_marker_id="22"/>
    <Post_Request id="3" type="EXPRESSION" expr1="PSI(21,10)" expr2="THETA(21,10)"
                  expr3="PHI(21,10)" expr4="PSI(22)" expr5="THETA(22)" expr6="PHI(22)"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="5" print_interval="0.1"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto req = test::request_values(run);
  REQUIRE(req.front().size() == 18);
  const size_t n1 = 6;  // x y z psi theta phi of one displacement request
  REQUIRE(run.t.size() == 51);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double a = 2 * run.t[k];
    INFO("t = " << run.t[k]);
    const auto& v = req[k];
    // Request 1: x y z psi theta phi of marker 21 (at the pivot) in ground.
    CHECK(v[0] == Approx(0).margin(1e-7));
    CHECK(angle_error(v[3], a) < 1e-7);
    CHECK(v[3] > -std::numbers::pi - 1e-12);
    CHECK(v[3] <= std::numbers::pi + 1e-12);
    CHECK(v[4] == Approx(0).margin(1e-12));
    CHECK(v[5] == Approx(0).margin(1e-12));
    // Request 2: marker 22.
    CHECK(angle_error(v[n1 + 3], a + 0.3) < 1e-7);
    CHECK(v[n1 + 4] == Approx(0.5).margin(1e-9));
    CHECK(angle_error(v[n1 + 5], 0.7) < 1e-7);
    // The same angles as expression functions.
    CHECK(angle_error(v[2 * n1], a) < 1e-7);
    CHECK(v[2 * n1 + 1] == Approx(0).margin(1e-12));
    CHECK(v[2 * n1 + 2] == Approx(0).margin(1e-12));
    CHECK(angle_error(v[2 * n1 + 3], a + 0.3) < 1e-7);
    CHECK(v[2 * n1 + 4] == Approx(0.5).margin(1e-9));
    CHECK(angle_error(v[2 * n1 + 5], 0.7) < 1e-7);
  }
  // The unrotated pose (t = 0) reads psi = 0, not pi.
  CHECK(req.front()[3] == Approx(0).margin(1e-12));
  CHECK(req.front()[2 * n1] == Approx(0).margin(1e-12));
}
