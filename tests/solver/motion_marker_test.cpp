// Motion_Marker: six marker motions (X, Y, Z, B1, B2, B3) drive a free body completely (0 DOF)
// relative to a ground marker. Oracle: the body's position is (fx, fy, fz)(t), its orientation
// A = Rx(b1) Ry(b2) Rz(b3) (the body-fixed 1-2-3 definition), its angular velocity in ground
// axes A_J E(b) b' with E = [e_x, Rx(b1) e_y, Rx(b1) Ry(b2) e_z], its acceleration (fx'', fy'',
// fz''). b3 = 1.5 t passes pi: the angle is tracked past the branch cut.

#include <fmt/format.h>

#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <cmath>

#include "solver/body_kernel.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

Mat3 rot(int axis, double angle) {
  return Eigen::AngleAxisd(angle, Vec3::Unit(axis)).toRotationMatrix();
}

}  // namespace

TEST_CASE("six Motion_Markers drive a free body along closed-form translations and angles") {
  for (const char* analysis : {"Kinematic", "Transient"}) {
    INFO(analysis);
    const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Reference_Marker id="10" body_id="1"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.2" inertia_zz="0.1"/>
      <Reference_Marker id="20" body_id="2"/>
      <Motion_Marker id="1" i_marker_id="20" j_marker_id="10" direction="X" expr="0.1*SIN(TIME)"/>
      <Motion_Marker id="2" i_marker_id="20" j_marker_id="10" direction="Y" expr="0.2*TIME"/>
      <Motion_Marker id="3" i_marker_id="20" j_marker_id="10" direction="Z" val_type="D"
                     expr="-0.05*TIME*TIME"/>
      <Motion_Marker id="4" i_marker_id="20" j_marker_id="10" direction="B1" expr="0.3*SIN(2*TIME)"/>
      <Motion_Marker id="5" i_marker_id="20" j_marker_id="10" direction="B2" expr="0.4*COS(TIME)-0.4"/>
      <Motion_Marker id="6" i_marker_id="20" j_marker_id="10" direction="B3" expr="1.5*TIME"/>
      <Param_Transient integr_tol="1e-9"/>
    </Model><Command>
      <Simulate analysis_type="{}" end_time="3" print_interval="0.05"/>
    </Command></MotionSolve>)XML",
                                                  analysis));
    REQUIRE(run.report.message == "");
    REQUIRE(run.t.size() == 61);
    CHECK(run.sys->dof() == 0);
    const double tol = std::string(analysis) == "Kinematic" ? 1e-10 : 1e-6;
    double worst_r = 0, worst_a = 0, worst_v = 0, worst_w = 0, worst_acc = 0;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      const auto& y = run.y[k];
      const double b1 = 0.3 * std::sin(2 * t), b2 = 0.4 * std::cos(t) - 0.4, b3 = 1.5 * t;
      const Vec3 bdot(0.6 * std::cos(2 * t), -0.4 * std::sin(t), 1.5);
      const Mat3 A_exact = rot(0, b1) * rot(1, b2) * rot(2, b3);
      const Mat3 A = rotation_from_euler_parameters<double>(Vec4(y[3], y[4], y[5], y[6]));
      Mat3 E;
      E.col(0) = Vec3::UnitX();
      E.col(1) = rot(0, b1) * Vec3::UnitY();
      E.col(2) = rot(0, b1) * rot(1, b2) * Vec3::UnitZ();
      const Vec3 w_exact = E * bdot;
      worst_r = std::max(
          worst_r,
          (Vec3(y[0], y[1], y[2]) - Vec3(0.1 * std::sin(t), 0.2 * t, -0.05 * t * t)).norm());
      worst_a = std::max(worst_a, (A - A_exact).norm());
      worst_v = std::max(worst_v,
                         (Vec3(y[7], y[8], y[9]) - Vec3(0.1 * std::cos(t), 0.2, -0.1 * t)).norm());
      worst_w = std::max(worst_w, (A * Vec3(y[10], y[11], y[12]) - w_exact).norm());
      worst_acc = std::max(worst_acc, (Vec3(run.yp[k][7], run.yp[k][8], run.yp[k][9]) -
                                       Vec3(-0.1 * std::sin(t), 0, -0.1))
                                          .norm());
    }
    CHECK(worst_r < tol);
    CHECK(worst_a < tol);
    CHECK(worst_v < tol);
    CHECK(worst_w < 10 * tol);
    CHECK(worst_acc < 1e3 * tol);
  }
}

TEST_CASE("a Motion_Marker V motion reproduces the displacement motion it integrates") {
  // A slider on a translational joint along ground z: DZ = 0.1 + 0.5 sin(2t) from a velocity
  // motion cos(2t) with ic_disp 0.1. Oracle: the closed form.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.2" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Motion_Marker id="1" i_marker_id="20" j_marker_id="10" direction="Z" val_type="V"
                   ic_disp="0.1" expr="COS(2*TIME)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.message == "");
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    worst = std::max(worst, std::abs(run.y[k][2] - (0.1 + 0.5 * std::sin(2 * run.t[k]))));
  }
  CHECK(worst < 1e-6);
}
