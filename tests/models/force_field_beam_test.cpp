// Force_Field and Force_Beam against independent oracles: the static solution of the linear law
// (x = length + K^-1 (m g + preload) for a field; Timoshenko cantilever tip deflection
// P L^3 / (3 E I) + P L asy / (G A) and tip rotation P L^2 / (2 E I) for a beam), reached
// through a damped transient, and exact Jacobians against central finite differences.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/models/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

/// Two moving bodies joined by `element` between markers 31 (I) and 21 (J).
std::string two_bodies(const std::string& element) {
  return fmt::format(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"/>
      <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
      <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3"/>
      <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                        theta="0.4" phi="0.2"/>
      <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
      <Reference_Marker id="31" body_id="3" pos_x="2.3" pos_y="0.2" pos_z="0.35" psi="0.3"
                        theta="0.2" phi="0.6"/>
      {}
    </Model></MotionSolve>)XML",
                     element);
}

}  // namespace

TEST_CASE("field: exact Jacobian equals central finite differences (full K and C)") {
  std::string attrs;
  for (int r = 1; r <= 6; ++r) {
    for (int c = 1; c <= 6; ++c) {
      attrs += fmt::format(R"( k{}{}="{}" c{}{}="{}")", r, c, 100.0 / (r + c) + (r == c ? 300 : 0),
                           r, c, 0.5 + 0.1 * r - 0.05 * c);
    }
  }
  const auto m = model_from(two_bodies(fmt::format(
      R"(<Force_Field id="4" i_marker_id="31" j_marker_id="21" length_x="0.5" length_tz="0.1"
          preload_y="2" preload_tx="0.3" {}/>)",
      attrs)));
  CHECK(jacobian_mismatch(*m, 0.1, 5) < 1e-6);
}

TEST_CASE("beam: exact Jacobian equals central finite differences") {
  const auto m = model_from(two_bodies(
      R"(<Force_Beam id="4" i_marker_id="31" j_marker_id="21" length="0.9" e="2e5" g="8e4"
          area="0.01" ixx="2e-5" iyy="1e-5" izz="1.5e-5" asy="1.2" asz="1.1" cratio="0.01"
          preload_z="1"/>)"));
  CHECK(jacobian_mismatch(*m, 0.1, 9) < 1e-6);
}

TEST_CASE("field: a body on a field to ground settles at length + K^-1 (m g + preload)") {
  const double m = 2;
  const Vec3 g(1.0, -9.81, 2.0), length(0.1, 0, 0), preload(0, 3, 0);
  Mat3 K;
  K << 1000, 200, 0, 200, 1500, 100, 0, 100, 800;
  std::string k_attrs;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) k_attrs += fmt::format(R"( k{}{}="{}")", r + 1, c + 1, K(r, c));
  }
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="{}" grav_y="{}" grav_z="{}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.2" inertia_yy="0.3" inertia_zz="0.4"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Field id="4" i_marker_id="20" j_marker_id="10" {} k44="50" k55="50" k66="50"
        cratio="0.05" length_x="{}" preload_y="{}"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="4" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                                      g.x(), g.y(), g.z(), m, k_attrs, length.x(), preload.y());
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Vec3 expected = length + K.inverse() * (m * g + preload);
  const Pose p = body_pose(*run.sys, 1, run.y.back());
  CHECK((p.r - expected).norm() < 1e-8);
  CHECK(p.w.norm() < 1e-8);
}

TEST_CASE("beam: cantilever tip deflection and rotation match Timoshenko theory") {
  // A tip mass on a massless cantilever along ground x; gravity loads it along -y and -z.
  const double L = 0.5, E = 2e11, G = 1e8, A = 1e-4, I = 1e-8, as = 1.2, m = 1;
  const double gy = -9.81, gz = -5.0;
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="{}" grav_z="{}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.01" inertia_yy="0.01" inertia_zz="0.01"/>
    <Reference_Marker id="20" body_id="2" pos_x="{}"/>
    <Force_Beam id="4" i_marker_id="20" j_marker_id="10" length="{}" e="{}" g="{}" area="{}"
        ixx="2e-8" iyy="{}" izz="{}" asy="{}" asz="{}" cratio="0.02"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                                      gy, gz, m, L, L, E, G, A, I, I, as, as);
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Pose p = body_pose(*run.sys, 1, run.y.back());
  const double flex = L * L * L / (3 * E * I) + L * as / (G * A);  // tip deflection per load
  const double dy = m * gy * flex, dz = m * gz * flex;
  INFO("dy " << p.r.y() << " vs " << dy << ", dz " << p.r.z() << " vs " << dz);
  CHECK(std::abs(p.r.y() - dy) < 1e-3 * std::abs(dy));
  CHECK(std::abs(p.r.z() - dz) < 1e-3 * std::abs(dz));
  CHECK(std::abs(p.r.x() - L) < 1e-9);
  // Tip rotation: about z by m gy L^2 / (2 E I), about y by -m gz L^2 / (2 E I).
  const double rz = m * gy * L * L / (2 * E * I), ry = -m * gz * L * L / (2 * E * I);
  CHECK(std::abs(std::atan2(p.A(1, 0), p.A(0, 0)) - rz) < 1e-3 * std::abs(rz));
  CHECK(std::abs(std::atan2(p.A(0, 2), p.A(2, 2)) - ry) < 1e-3 * std::abs(ry));
}

TEST_CASE("field and beam: deck errors point at the attribute") {
  const std::string field = deck_errors(two_bodies(
      R"(<Force_Field id="4" i_marker_id="31" j_marker_id="21" k11="5" c11="1" cratio="0.1"/>)"));
  CHECK_THAT(field, Catch::Contains("error: Force_Field 4: give either cratio or the damping "
                                    "matrix c11 .. c66, not both (c11 is also given)"));
  const std::string asymmetric = deck_errors(two_bodies(
      R"(<Force_Field id="4" i_marker_id="31" j_marker_id="21" k11="5" k12="1" k21="2"/>)"));
  CHECK_THAT(asymmetric, Catch::Contains("warning: Force_Field 4: the stiffness matrix is not "
                                         "symmetric (k12 = 1, k21 = 2): the field is not "
                                         "conservative"));
  const std::string beam = deck_errors(two_bodies(
      R"(<Force_Beam id="4" i_marker_id="31" j_marker_id="21" length="1" e="-2" g="1" area="1"
          ixx="1" iyy="1" izz="1" asy="0" asz="0"/>)"));
  CHECK_THAT(beam, Catch::Contains("error: Force_Beam 4: e must be > 0 (got -2)"));
}

TEST_CASE("BUSH FIELD and BEAM queries find their element after the spring-dampers") {
  // Every family uses id 4; the body sits 0.01 above the free position of each element.
  const double E = 2e9, I = 1e-8, L = 0.3;
  const auto m = model_from(fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="{}"/>
    <Reference_Marker id="12" body_id="1" pos_x="0.5"/>
    <Reference_Marker id="13" body_id="1" pos_x="0.5" pos_y="0.01" pos_z="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.2" inertia_yy="0.3" inertia_zz="0.4"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5" pos_y="0.01"/>
    <Force_SpringDamper id="4" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="13"
        stiffness="1" damping="0" length="1"/>
    <Force_Bushing id="4" i_marker_id="20" j_marker_id="12" ky="200"/>
    <Force_Field id="4" i_marker_id="20" j_marker_id="10" k22="1000" length_x="0.5"/>
    <Force_Beam id="4" i_marker_id="20" j_marker_id="11" length="{}" e="{}" g="1e9" area="1e-4"
        ixx="2e-8" iyy="{}" izz="{}" asy="0" asz="0"/>
    <Post_Request id="1" type="EXPRESSION" expr1="BUSH(4, 0, 3)" expr2="FIELD(4, 0, 3)"
        expr3="FIELD(4, 1, 8)" expr4="BEAM(4, 0, 3)" expr5="BEAM(4, 0, 8)"/>
  </Model></MotionSolve>)XML",
                                        0.5 - L, L, E, I, I));
  const System sys(*m);
  RequestOutputs req(sys);
  REQUIRE(req.size() == 5);
  const std::vector<double> y = sys.initial_state(), yp(y.size(), 0.0);
  std::vector<double> out(req.size());
  req.values(0.0, y.data(), yp.data(), out);
  CHECK(std::abs(out[0] - (-200 * 0.01)) < 1e-12);
  CHECK(std::abs(out[1] - (-1000 * 0.01)) < 1e-12);
  // Reaction moment about J: -(R_I - R_J) x F = -(0.5 * Fy) about z.
  CHECK(std::abs(out[2] - (-0.5 * -1000 * 0.01)) < 1e-12);
  // Euler-Bernoulli end stiffness: Fy = -12 E I / L^3 dy, Tz = 6 E I / L^2 dy.
  CHECK(std::abs(out[3] - (-12 * E * I / (L * L * L) * 0.01)) < 1e-9);
  CHECK(std::abs(out[4] - (6 * E * I / (L * L) * 0.01)) < 1e-9);
}
