// Oracles for Constraint_Coupler and Constraint_Gear (closed forms):
// * two wheels on revolute joints coupled 2 q1 + q2 = 0, wheel 1 driven by q1 = 3 t: wheel 2
//   turns by exactly -2 q1, through almost five turns (its turn count too);
// * a rack on a translational joint coupled to a pinion of radius 0.3: x = 0.3 theta;
// * three joints (a cylindrical one by its rotation): q3 = -(c1 q1 + c2 q2) / c3;
// * a gear pair of pitch radii 0.2 and 0.5 through a CV marker: q2 = -(0.2 / 0.5) q1;
// * a free coupled pair: a torque T on wheel 1 gives q1'' = T / (I1 + r^2 I2), the coupler's
//   multiplier is the torque I2 q2'' on wheel 2, and IDA and CVODE agree with both;
// * a Deactivate COUPLER command uncouples the wheels (wheel 2 coasts);
// * a FREE joint adds no equation: its body falls freely;
// * reactions in statics (virtual work): a torque T on wheel 1 of the 2 q1 + q2 = 0 pair, held by
//   a torsional spring k on wheel 2, rests at q1 = T / 4k, q2 = -T / 2k; the coupler's torque
//   on wheel 1 is -T and on wheel 2 -T / 2 (it balances the spring), and MARKER_FORCE requests
//   and TZ() on the joints' markers report them. A gear pair (pitch radii 0.2, 0.5) held the
//   same way: gear 2 takes -(0.5 / 0.2) T and the multiplier is the pitch-point contact force
//   on gear 1 along z_CV, -T / 0.2;
// * the same torque-driven pair and gear pair read from Adams .adm datasets (COUPLER, GEAR)
//   follow the same closed forms and agree with the MotionSolve XML decks.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/coupled_wheels.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;
using test::run_adm;
using test::two_wheels;
using test::two_wheels_adm;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// x - 2 pi round(x / 2 pi): angles compared modulo full turns.
double wrap(double x) { return x - kTwoPi * std::round(x / kTwoPi); }

/// Rotation angle about global z of a body turning about z only (from its Euler parameters).
double angle_z(const test::InlineRun& run, size_t k, int body_id) {
  const int o = run.sys->body_offset(run.model->body_index.at(body_id));
  return 2.0 * std::atan2(run.y[k][o + 6], run.y[k][o + 3]);
}

/// A state component of a body at output k (0..12: r, p, v, w in body axes).
double body_state(const test::InlineRun& run, size_t k, int body_id, int component) {
  return run.y[k][run.sys->body_offset(run.model->body_index.at(body_id)) + component];
}

/// Gear 2 (pitch radius 0.2, at the origin) and gear 3 (0.5, at x = 0.7) on revolute joints 1
/// and 2 to ground, Constraint_Gear 3 through CV marker 12 at the pitch point (0.2, 0, 0) with
/// z along global y (the common velocity): q2 = -(0.2 / 0.5) q1.
std::string gear_pair(const std::string& extra, const std::string& commands) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="0.7"/>
    <Reference_Marker id="12" body_id="1" pos_x="0.2" a00="1" a10="0" a20="0" a01="0" a11="0"
                      a21="-1" a02="0" a12="1" a22="0"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_x="0.7"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="30" j_marker_id="11"/>
    <Constraint_Gear id="3" joint1_id="1" joint2_id="2" cv_marker_id="12"/>
    {}
  </Model><Command>{}</Command></MotionSolve>)XML",
                     extra, commands);
}

}  // namespace

TEST_CASE("a 2:1 coupler turns the second wheel by -2 q1 through several turns") {
  const auto run = test::run_inline(two_wheels(
      R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>
         <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                       expr="3*TIME"/>
         <Param_Transient integr_tol="1e-10"/>)",
      R"(<Simulate analysis_type="Transient" end_time="5" print_interval="0.05"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() > 90);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double q1 = 3.0 * run.t[k];
    INFO("t = " << run.t[k]);
    CHECK(std::abs(wrap(angle_z(run, k, 2) - q1)) < 1e-7);
    CHECK(std::abs(wrap(angle_z(run, k, 3) + 2.0 * q1)) < 1e-7);
    CHECK(body_state(run, k, 3, 12) == Approx(-6.0).margin(1e-6));
  }
  // The turn counts follow the unwrapped angles: 15 rad and -30 rad at the end.
  const int s = run.sys->coupler_state_offset(0);
  CHECK(run.y.back()[s] == Approx(15.0).epsilon(1e-6));
  CHECK(run.y.back()[s + 1] == Approx(-30.0).epsilon(1e-6));
}

TEST_CASE("a Kinematic analysis keeps counting the coupled wheel's turns") {
  // No integration here: each output is a position solve, 0.6 rad of wheel 3 apart.
  const auto run = test::run_inline(two_wheels(
      R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>
         <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                       expr="3*TIME"/>)",
      R"(<Simulate analysis_type="Kinematic" end_time="5" print_interval="0.1"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 51);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double q1 = 3.0 * run.t[k];
    INFO("t = " << run.t[k]);
    CHECK(std::abs(wrap(angle_z(run, k, 3) + 2.0 * q1)) < 1e-9);
    CHECK(body_state(run, k, 3, 12) == Approx(-6.0).margin(1e-9));
  }
}

TEST_CASE("a rack coupled to a pinion travels the pinion radius times its angle") {
  // Rack: body 3, sliding along global x (markers 31 and 12 have z along x).
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="12" body_id="1" pos_y="-0.3" a00="0" a10="1" a20="0" a01="0" a11="0"
                      a21="1" a02="1" a12="0" a22="0"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="4" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_y="-0.3"/>
    <Reference_Marker id="31" body_id="3" pos_y="-0.3" a00="0" a10="1" a20="0" a01="0" a11="0"
                      a21="1" a02="1" a12="0" a22="0"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="31" j_marker_id="12"/>
    <Constraint_Coupler id="1" joint1_id="2" freedom_1="T" joint2_id="1" freedom_2="R"
                        coefficients="1, -0.3"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="2*TIME"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="5" print_interval="0.1"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    CHECK(body_state(run, k, 3, 0) == Approx(0.6 * run.t[k]).margin(1e-7));
    CHECK(body_state(run, k, 3, 7) == Approx(0.6).margin(1e-6));
  }
}

TEST_CASE("a three-joint coupler sets q3 = -(c1 q1 + c2 q2) / c3") {
  // Wheel 4 on a cylindrical joint, coupled by its rotation.
  const auto run = test::run_inline(two_wheels(
      R"X(<Reference_Marker id="13" body_id="1" pos_y="2"/>
         <Body_Rigid id="4" cg_id="40" mass="1" inertia_xx="0.2" inertia_yy="0.2"
                     inertia_zz="0.3"/>
         <Reference_Marker id="40" body_id="4" pos_y="2"/>
         <Constraint_Joint id="3" type="CYLINDRICAL" i_marker_id="40" j_marker_id="13"/>
         <Constraint_Coupler id="7" joint1_id="1" joint2_id="2" joint3_id="3" freedom_3="R"
                             coefficients="1, 2, -0.5"/>
         <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                       expr="1.5*TIME"/>
         <Motion_Joint id="6" joint_id="2" joint_type="R" val_type="D" type="EXPRESSION"
                       expr="-SIN(TIME)"/>
         <Param_Transient integr_tol="1e-10"/>)X",
      R"(<Simulate analysis_type="Transient" end_time="4" print_interval="0.05"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const double q3 = 2.0 * (1.5 * t) + 4.0 * (-std::sin(t));
    INFO("t = " << t);
    CHECK(std::abs(wrap(angle_z(run, k, 4) - q3)) < 1e-7);
    CHECK(body_state(run, k, 4, 12) == Approx(3.0 - 4.0 * std::cos(t)).margin(1e-6));
    CHECK(body_state(run, k, 4, 2) == Approx(0.0).margin(1e-9));  // its free slide stays put
  }
}

TEST_CASE("a gear pair turns the second gear by the ratio of the pitch radii") {
  // Pitch radii 0.2 (gear 2 at the origin) and 0.5 (gear 3 at x = 0.7); the CV marker at the
  // pitch point (0.2, 0, 0) on ground, its z axis along global y (the common velocity).
  for (int index : {2, 1}) {  // also in the stabilised index-1 form
    INFO("dae_index " << index);
    const auto run = test::run_inline(
        gear_pair(fmt::format(R"(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D"
                       type="EXPRESSION" expr="4*TIME"/>
         <Param_Transient integr_tol="1e-10" dae_index="{}"/>)",
                              index),
                  R"(<Simulate analysis_type="Transient" end_time="4" print_interval="0.05"/>)"));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double q1 = 4.0 * run.t[k];
      INFO("t = " << run.t[k]);
      CHECK(std::abs(wrap(angle_z(run, k, 3) + 0.4 * q1)) < 1e-7);
      CHECK(body_state(run, k, 3, 12) == Approx(-1.6).margin(1e-6));
    }
  }
}

TEST_CASE("a torque on a coupled pair accelerates it with the effective inertia (IDA, CVODE)") {
  // 2 q1 + q2 = 0, I1 = 0.5, I2 = 0.2: I_eff = I1 + 4 I2 = 1.3 and T = 0.65 give q1'' = 0.5,
  // q2'' = -1; the coupler carries the torque I2 q2'' = -0.2 to wheel 2 (its multiplier: wheel 2
  // enters the equation with coefficient 1) and 2 (-0.2) to wheel 1.
  // DSTIFF also in the stabilised index-1 form (dae_index 1: the coupler's acceleration row
  // determines its multiplier).
  for (const auto& [integrator, index] :
       {std::pair{"DSTIFF", 2}, std::pair{"VSTIFF", 2}, std::pair{"DSTIFF", 1}}) {
    INFO(integrator << " dae_index " << index);
    const auto run = test::run_inline(
        two_wheels(fmt::format(R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2"
                                              coefficients="2, 1"/>
           <Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20" j_marker_id="10"
                                 val="0.65"/>
           <Param_Transient integr_tol="1e-9" integrator_type="{}" dae_index="{}"/>)",
                               integrator, index),
                   R"(<Simulate analysis_type="Transient" end_time="8" print_interval="0.1"/>)"));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->coupler_equation(0);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      const double tol = 1e-6 + 1e-7 * t * t;  // 1e-6 absolute and ~2e-7 relative
      CHECK(std::abs(wrap(angle_z(run, k, 2) - 0.25 * t * t)) < tol);
      CHECK(std::abs(wrap(angle_z(run, k, 3) + 0.5 * t * t)) < tol);
      CHECK(body_state(run, k, 2, 12) == Approx(0.5 * t).margin(1e-6));
      CHECK(body_state(run, k, 3, 12) == Approx(-t).margin(1e-6));
      CHECK(run.y[k][lambda] == Approx(-0.2).margin(1e-6));
    }
  }
}

TEST_CASE("Deactivate COUPLER uncouples the wheels") {
  const auto run = test::run_inline(two_wheels(
      R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>
         <Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20" j_marker_id="10"
                               val="0.65"/>
         <Param_Transient integr_tol="1e-9"/>)",
      R"(<Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
         <Deactivate element_type="COUPLER" element_id="7"/>
         <Simulate analysis_type="Transient" end_time="2" print_interval="0.1"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    if (t > 1.0 + 1e-9) {  // wheel 2 coasts at -1 rad/s, wheel 1 takes T / I1 = 1.3 rad/s^2
      CHECK(body_state(run, k, 3, 12) == Approx(-1.0).margin(1e-6));
      CHECK(body_state(run, k, 2, 12) == Approx(0.5 + 1.3 * (t - 1.0)).margin(1e-6));
    } else {
      CHECK(body_state(run, k, 3, 12) == Approx(-t).margin(1e-6));
    }
  }
}

TEST_CASE("a FREE joint adds no equation") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="FREE" i_marker_id="20" j_marker_id="10"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(run.sys->num_constraint_equations() == 0);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    CHECK(body_state(run, k, 2, 2) == Approx(-0.5 * 9.81 * t * t).margin(1e-6));
  }
}

TEST_CASE("an Adams COUPLER runs like the XML coupler and follows the closed form") {
  // 2 q1 + q2 = 0 driven by T = 0.65 on wheel 1: q1'' = T / (I1 + 4 I2) = 0.5 (see above).
  const auto adm = run_adm("pair",
                           two_wheels_adm("COUPLER/7, JOINTS=1, 2, TYPE=R:R, SCALES=2, 1\n"
                                          "SFORCE/4, ROTATION, I=20, J=10, FUNCTION=0.65\n"),
                           "INTEGRATOR/GSTIFF, ERROR=1.0E-9\nSIMULATE/DYNAMIC, END=4, DTOUT=0.1\n");
  const auto xml = test::run_inline(
      two_wheels(R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>
           <Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20" j_marker_id="10"
                                 val="0.65"/>
           <Param_Transient integr_tol="1e-9"/>)",
                 R"(<Simulate analysis_type="Transient" end_time="4" print_interval="0.1"/>)"));
  REQUIRE(adm.report.code == ExitCode::kSuccess);
  REQUIRE(xml.report.code == ExitCode::kSuccess);
  REQUIRE(adm.t.size() == xml.t.size());
  REQUIRE(adm.t.size() == 41);
  for (size_t k = 0; k < adm.t.size(); ++k) {
    const double t = adm.t[k];
    INFO("t = " << t);
    CHECK(std::abs(wrap(angle_z(adm, k, 2) - 0.25 * t * t)) < 1e-6);
    CHECK(std::abs(wrap(angle_z(adm, k, 3) + 0.5 * t * t)) < 1e-6);
    CHECK(body_state(adm, k, 3, 12) == Approx(-t).margin(1e-6));
    CHECK(std::abs(wrap(angle_z(adm, k, 3) - angle_z(xml, k, 3))) < 1e-8);
    CHECK(body_state(adm, k, 2, 12) == Approx(body_state(xml, k, 2, 12)).margin(1e-8));
  }
}

TEST_CASE("an Adams GEAR runs like the XML gear and follows the closed form") {
  // Pitch radii 0.2 and 0.5 (CV marker 12 at the pitch point, z along global y, given by
  // ZP/XP): q2 = -0.4 q1; a torque T = 0.65 on gear 1 gives q1'' = T / (I1 + 0.16 I2).
  const std::string gear_adm = R"ADM(gear pair
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, QP=0.7, 0, 0
MARKER/12, PART=1, QP=0.2, 0, 0, ZP=0.2, 1, 0, XP=1.2, 0, 0
PART/2, MASS=2, CM=20, IP=0.3, 0.3, 0.5
MARKER/20, PART=2
PART/3, MASS=1, CM=30, IP=0.1, 0.1, 0.2
MARKER/30, PART=3, QP=0.7, 0, 0
JOINT/1, REVOLUTE, I=20, J=10
JOINT/2, REVOLUTE, I=30, J=11
GEAR/3, JOINTS=1, 2, CV=12
SFORCE/4, ROTATION, I=20, J=10, FUNCTION=0.65
END
)ADM";
  const auto adm = run_adm("gear", gear_adm,
                           "INTEGRATOR/GSTIFF, ERROR=1.0E-9\nSIMULATE/DYNAMIC, END=3, DTOUT=0.1\n");
  const auto xml = test::run_inline(gear_pair(
      R"(<Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20" j_marker_id="10"
                               val="0.65"/>
         <Param_Transient integr_tol="1e-9"/>)",
      R"(<Simulate analysis_type="Transient" end_time="3" print_interval="0.1"/>)"));
  REQUIRE(adm.report.code == ExitCode::kSuccess);
  REQUIRE(xml.report.code == ExitCode::kSuccess);
  REQUIRE(adm.t.size() == xml.t.size());
  REQUIRE(adm.t.size() == 31);
  const double a1 = 0.65 / (0.5 + 0.16 * 0.2);
  for (size_t k = 0; k < adm.t.size(); ++k) {
    const double t = adm.t[k];
    INFO("t = " << t);
    CHECK(std::abs(wrap(angle_z(adm, k, 2) - 0.5 * a1 * t * t)) < 1e-6);
    CHECK(std::abs(wrap(angle_z(adm, k, 3) + 0.2 * a1 * t * t)) < 1e-6);
    CHECK(body_state(adm, k, 3, 12) == Approx(-0.4 * a1 * t).margin(1e-6));
    CHECK(std::abs(wrap(angle_z(adm, k, 3) - angle_z(xml, k, 3))) < 1e-8);
    CHECK(body_state(adm, k, 2, 12) == Approx(body_state(xml, k, 2, 12)).margin(1e-8));
  }
}

namespace {

/// The torque T = 0.65 on the first wheel (markers 21 -> 12) and the torsional spring k = 2
/// on the second (markers 31 -> 13); requests on both joints' markers; a Static analysis.
/// `origin2` is the second wheel's x.
std::string held_pair(double origin2) {
  return fmt::format(R"X(<Reference_Marker id="13" body_id="1" pos_x="{0}"/>
         <Reference_Marker id="14" body_id="1"/>
         <Reference_Marker id="21" body_id="2"/>
         <Reference_Marker id="31" body_id="3" pos_x="{0}"/>
         <Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="21" j_marker_id="14"
                               val="0.65"/>
         <Force_SpringDamper id="6" type="ROTATIONAL" i_marker_id="31" j_marker_id="13"
                             stiffness="2" damping="0.1" length="0" preload="0"/>
         <Post_Request id="1" type="MARKER_FORCE" i_marker_id="20" j_marker_id="10"/>
         <Post_Request id="2" type="MARKER_FORCE" i_marker_id="30" j_marker_id="11"/>
         <Post_Request id="3" type="MARKER_FORCE" i_marker_id="10" j_marker_id="20"/>
         <Post_Request id="4" type="EXPRESSION" expr1="TZ(20,10)" expr2="TZ(30,11)"
                       expr3="AZ(20,10)" expr4="AZ(30,11)"/>)X",
                     origin2);
}

/// Checks the requests of held_pair(): torques tz1 on wheel 1 and tz2 on wheel 2 about z,
/// no other component, angles q1 and q2.
void check_held(const std::vector<double>& v, double tz1, double tz2, double q1, double q2) {
  REQUIRE(v.size() == 22);
  for (int c = 0; c < 5; ++c) {
    INFO("channel " << c);
    CHECK(v[c] == Approx(0.0).margin(1e-8));
    CHECK(v[6 + c] == Approx(0.0).margin(1e-8));
    CHECK(v[12 + c] == Approx(0.0).margin(1e-8));
  }
  CHECK(v[5] == Approx(tz1).margin(1e-8));
  CHECK(v[11] == Approx(tz2).margin(1e-8));
  CHECK(v[17] == Approx(-tz1).margin(1e-8));  // ground's side of joint 1
  CHECK(v[18] == Approx(tz1).margin(1e-8));
  CHECK(v[19] == Approx(tz2).margin(1e-8));
  CHECK(v[20] == Approx(q1).margin(1e-8));
  CHECK(v[21] == Approx(q2).margin(1e-8));
}

}  // namespace

TEST_CASE("coupler reactions balance a held shaft by the ratio (MARKER_FORCE, TZ)") {
  const double T = 0.65, k = 2.0;
  const auto run = test::run_inline(
      two_wheels(R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>)" +
                     held_pair(3.0),
                 R"(<Simulate analysis_type="Static"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(!run.t.empty());
  const auto v = test::request_values(run);
  check_held(v.back(), -T, -T / 2, T / (4 * k), -T / (2 * k));
  const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->coupler_equation(0);
  CHECK(run.y.back()[lambda] == Approx(-T / 2).margin(1e-8));
}

TEST_CASE("gear reactions: the multiplier is the pitch-point contact force") {
  const double T = 0.65, k = 2.0;
  const auto run =
      test::run_inline(gear_pair(held_pair(0.7), R"(<Simulate analysis_type="Static"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(!run.t.empty());
  // Virtual work: T dq1 - k q2 dq2 = 0 with dq2 = -0.4 dq1: q2 = -2.5 T / k.
  const auto v = test::request_values(run);
  check_held(v.back(), -T, -2.5 * T, 2.5 * T / k / 0.4, -2.5 * T / k);
  const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->coupler_equation(0);
  CHECK(run.y.back()[lambda] == Approx(-T / 0.2).margin(1e-7));
}
