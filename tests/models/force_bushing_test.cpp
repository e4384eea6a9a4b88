// Force_Bushing against independent oracles: small-angle theory for the default (Adams) model
// (static deflection m g / k, free vibration at sqrt(k / m)), the energy balance of the
// euler_xyz (Simbody LinearBushing) model in a 3-D motion with all six axes loaded, exact
// Jacobians against central finite differences for both models, and the BUSH() request query.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/models/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

/// A body (CM marker 20, bushing marker 21 at the CM) on a bushing 9 to ground marker 10.
std::string body_on_bushing(const std::string& gravity, const std::string& body_ic,
                            const std::string& bushing, double end, double dt, double x0 = 0) {
  return fmt::format(R"XML(<MotionSolve><Model>
    {}
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.2" inertia_yy="0.3" inertia_zz="0.4" {}/>
    <Reference_Marker id="20" body_id="2" pos_x="{}"/>
    <Reference_Marker id="21" body_id="2" pos_x="{}"/>
    <Force_Bushing id="9" i_marker_id="21" j_marker_id="10" {}/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{}" print_interval="{}"/>
  </Command></MotionSolve>)XML",
                     gravity, body_ic, x0, x0, bushing, end, dt);
}

/// Simbody's body-fixed x-y-z angles of R = Rx(qx) Ry(qy) Rz(qz).
Vec3 xyz_angles(const Mat3& R) {
  return Vec3(std::atan2(-R(1, 2), R(2, 2)), std::asin(R(0, 2)), std::atan2(-R(0, 1), R(0, 0)));
}

}  // namespace

TEST_CASE("bushing (small angle): static deflection under gravity is m g / k per axis") {
  const double m = 2, g[3] = {3.0, -9.81, 5.0}, k[3] = {1000, 1500, 800};
  // Damping ratio about 0.5 on every axis: the transient is gone long before t = 4.
  const std::string bushing = fmt::format(
      R"(kx="{}" ky="{}" kz="{}" ktx="50" kty="50" ktz="50" cx="45" cy="55" cz="40" ctx="3"
         cty="3" ctz="3")",
      k[0], k[1], k[2]);
  const std::string gravity =
      fmt::format(R"(<Force_Gravity grav_x="{}" grav_y="{}" grav_z="{}"/>)", g[0], g[1], g[2]);
  const InlineRun run = run_inline(body_on_bushing(gravity, "", bushing, 4, 0.05));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Pose p = body_pose(*run.sys, 1, run.y.back());
  for (int a = 0; a < 3; ++a) {
    INFO("axis " << a);
    CHECK(std::abs(p.r(a) - m * g[a] / k[a]) < 1e-8);
  }
  CHECK(p.w.norm() < 1e-8);
}

TEST_CASE("bushing (small angle): free vibration at sqrt(k / m) and sqrt(kt / I)") {
  // Undamped: x(0) = 0.01, y'(0) = 0.05, rotation rate about z 0.02 rad/s (all small). The
  // translations and the rotation about z decouple exactly (the force acts at the CM).
  const double m = 2, izz = 0.4, kx = 1000, ky = 1500, ktz = 60;
  const std::string bushing =
      fmt::format(R"(kx="{}" ky="{}" kz="900" ktx="50" kty="50" ktz="{}")", kx, ky, ktz);
  const InlineRun run =
      run_inline(body_on_bushing("", R"(v_ic_y="0.05" w_ic_z="0.02")", bushing, 2, 0.01, 0.01));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double wx = std::sqrt(kx / m), wy = std::sqrt(ky / m), wz = std::sqrt(ktz / izz);
  double worst = 0;
  for (size_t s = 0; s < run.t.size(); ++s) {
    const double t = run.t[s];
    const Pose p = body_pose(*run.sys, 1, run.y[s]);
    worst = std::max(worst, std::abs(p.r.x() - 0.01 * std::cos(wx * t)));
    worst = std::max(worst, std::abs(p.r.y() - 0.05 / wy * std::sin(wy * t)));
    worst =
        std::max(worst, std::abs(std::atan2(p.A(1, 0), p.A(0, 0)) - 0.02 / wz * std::sin(wz * t)));
  }
  CHECK(worst < 1e-8);
}

namespace {

const char* kEulerBody = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="-0.1" pos_z="0.2" psi="0.3"
                      theta="0.2" phi="-0.1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.05" inertia_yy="0.08" inertia_zz="0.1"
                inertia_xy="0.004" v_ic_x="0.3" v_ic_y="-0.2" v_ic_z="0.25" w_ic_x="2.4"
                w_ic_y="-1.6" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.2" pos_y="-0.05" pos_z="0.3"/>
    <Reference_Marker id="21" body_id="2" pos_x="0.15" pos_y="-0.1" pos_z="0.25" psi="0.25"
                      theta="0.3" phi="-0.2"/>
    <Force_Bushing id="9" i_marker_id="21" j_marker_id="10" rotation_model="EULER_XYZ"
        kx="400" ky="500" kz="300" ktx="20" kty="25" ktz="15"
        cx="0.6" cy="0.4" cz="0.5" ctx="0.02" cty="0.03" ctz="0.015"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.0005"/>
  </Command></MotionSolve>)XML";

}  // namespace

TEST_CASE("bushing (euler_xyz): kinetic + potential + dissipated energy is constant") {
  const Vec3 kt(400, 500, 300), kr(20, 25, 15), ct(0.6, 0.4, 0.5), cr(0.02, 0.03, 0.015);
  const InlineRun run = run_inline(kEulerBody);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const size_t n = run.t.size();
  std::vector<double> e(n), power(n);
  double max_angle = 0;
  for (size_t s = 0; s < n; ++s) {
    const Pose I = marker_pose(*run.sys, 21, run.y[s]);
    const Pose J = marker_pose(*run.sys, 10, run.y[s]);
    const Vec3 d = I.r - J.r;
    const Vec3 p = J.A.transpose() * d;
    const Vec3 pdot = J.A.transpose() * ((I.v - J.v) - J.w.cross(d));
    const Vec3 q = xyz_angles(J.A.transpose() * I.A);
    max_angle = std::max(max_angle, q.cwiseAbs().maxCoeff());
    // Rates of the angles from the relative angular velocity in I's axes.
    const double cy = std::cos(q.y()), sy = std::sin(q.y()), cz = std::cos(q.z()),
                 sz = std::sin(q.z());
    Mat3 N;
    N << cz / cy, -sz / cy, 0, sz, cz, 0, -sy * cz / cy, sy * sz / cy, 1;
    const Vec3 qdot = N * (I.A.transpose() * (I.w - J.w));
    e[s] = kinetic_energy(*run.sys, run.y[s]) + 0.5 * p.dot(kt.cwiseProduct(p)) +
           0.5 * q.dot(kr.cwiseProduct(q));
    power[s] = pdot.dot(ct.cwiseProduct(pdot)) + qdot.dot(cr.cwiseProduct(qdot));
  }
  double worst = 0;
  for (size_t s = 0; s < n; ++s) {
    worst = std::max(worst, std::abs(e[s] + trapezoid(run.t, power, s) - e[0]));
  }
  const double dissipated = trapezoid(run.t, power, n - 1);
  INFO("dissipated " << dissipated << ", initial energy " << e[0] << ", max angle " << max_angle);
  CHECK(max_angle > 0.3);                     // large rotations, not a small-angle test
  CHECK(dissipated > 0.02 * std::abs(e[0]));  // the dampers matter
  CHECK(worst < 1e-6 * std::abs(e[0]));
}

TEST_CASE("bushing (euler_xyz): the singular configuration stops the run with a clear error") {
  // Free spin about J's y axis at 2 rad/s: qy reaches 90 degrees - 1e-3 rad at t ~ 0.785 and
  // leaves the 2e-3 rad wide window 1 ms later. The check is made at every residual evaluation,
  // so h_max keeps the integrator from stepping over the window.
  std::string xml = body_on_bushing(
      "", R"(w_ic_y="2")", R"(rotation_model="EULER_XYZ" kx="1000" ky="1000" kz="1000")", 2, 0.01);
  xml.replace(xml.find("<Param_Transient"), 16, R"(<Param_Transient h_max="2e-4")");
  const InlineRun run = run_inline(xml);
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  const std::string prefix = "Force_Bushing 9: rotation_model EULER_XYZ became singular at t = ";
  const auto at = run.report.message.find(prefix);
  REQUIRE(at != std::string::npos);
  const double t = std::stod(run.report.message.substr(at + prefix.size()));
  CHECK(std::abs(t - (M_PI / 2 - 1e-3) / 2) < 0.02);
  CHECK_THAT(run.report.message, Catch::Contains("within 0.001 rad of 90 degrees"));
}

TEST_CASE("bushing: deck errors point at the attribute") {
  const std::string errors = deck_errors(
      body_on_bushing("", "", R"(kx="-3" rotation_model="EULER_XYZ" preload_ty="2")", 1, 0.1));
  CHECK_THAT(errors, Catch::Contains("error: Force_Bushing 9: kx must be >= 0 (got -3)"));
  CHECK_THAT(errors, Catch::Contains("error: Force_Bushing 9: preload_ty is not allowed with "
                                     "rotation_model=\"EULER_XYZ\""));
}

TEST_CASE("bushing: exact Jacobian equals central finite differences (both models)") {
  for (const char* model : {"SMALL_ANGLE", "EULER_XYZ"}) {
    INFO("rotation_model " << model);
    const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"/>
      <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
      <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3"/>
      <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                        theta="0.4" phi="0.2"/>
      <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
      <Reference_Marker id="31" body_id="3" pos_x="1.5" pos_y="0.2" pos_z="0.35" psi="0.3"
                        theta="0.2" phi="0.6"/>
      <Force_Bushing id="9" i_marker_id="31" j_marker_id="21" rotation_model="{}"
          kx="400" ky="500" kz="300" ktx="20" kty="25" ktz="15"
          cx="6" cy="4" cz="5" ctx="0.2" cty="0.3" ctz="0.15"/>
    </Model></MotionSolve>)XML",
                                        model);
    const auto m = model_from(xml);
    CHECK(jacobian_mismatch(*m, 0.1, 11) < 1e-6);
  }
}

TEST_CASE("BUSH() request query returns the bushing force (kernel numbering after springs)") {
  // A spring-damper comes first in the kernel order; BUSH must still find the bushing.
  std::string xml = body_on_bushing("", R"(v_ic_x="0.2" w_ic_z="0.1")",
                                    R"(kx="1000" ky="1500" kz="900" ktz="60" cx="7")", 0.2, 0.05);
  const std::string extra = R"X(<Reference_Marker id="11" body_id="1" pos_z="2"/>
    <Force_SpringDamper id="9" type="TRANSLATIONAL" i_marker_id="20"
      j_marker_id="11" stiffness="1" damping="0" length="3"/>
    <Post_Request id="1" type="EXPRESSION" expr1="BUSH(9, 0, 2)" expr2="BUSH(9, 1, 2)"
      expr3="BUSH(9, 0, 8)" expr4="SPDP(9, 0, 1)"/>
    <Param_Transient)X";
  xml.replace(xml.find("<Param_Transient"), 16, extra);
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 4);
  const std::vector<double>& y = run.y.back();
  std::vector<double> yp(y.size(), 0.0), out(req.size());
  req.values(run.t.back(), y.data(), yp.data(), out);
  const Pose p = body_pose(*run.sys, 1, y);
  const double theta = std::atan2(p.A(1, 0), p.A(0, 0));
  CHECK(std::abs(out[0] - (-1000 * p.r.x() - 7 * p.v.x())) < 1e-9);
  CHECK(std::abs(out[1] + out[0]) < 1e-12);
  CHECK(std::abs(out[2] - (-60 * theta)) < 1e-9);
  CHECK(std::abs(out[3] - std::abs(1 * ((p.r - Vec3(0, 0, 2)).norm() - 3))) < 1e-9);
}
