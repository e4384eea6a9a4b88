// Joint initial conditions (Adams JOINT IC=, ICTRAN=, ICROT=; solver/held_coordinates.hpp)
// against closed forms: a slider with no force moves as x0 + v t, a pendulum released at
// IC=angle, rate keeps its energy and, at small amplitude, follows the linear solution; the DAE
// (IDA) and ODE (CVODE) forms agree. PART EXACT=: the listed coordinates keep their deck values
// while the others close the joint.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/small_swing.hpp"

using namespace mb;

namespace {

/// A point mass 1 on a massless rod of length 1, hanging along -y from a revolute joint about z
/// (gravity 9.81 along -y), with `ic` on the joint; REQUEST/1 F2 = the angle, F3 = the rate.
std::string pendulum(const std::string& ic, const std::string& integrator) {
  return R"ADM(pendulum
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=0, 0, 0
MARKER/20, PART=2, QP=0, -1, 0
MARKER/21, PART=2
JOINT/1, REVOLUTE, I=21, J=10, )ADM" +
         ic + R"ADM(
ACCGRAV/JGRAV=-9.81
REQUEST/1, F2=AZ(21, 10), F3=WZ(21, 10)
INTEGRATOR/)ADM" +
         integrator + R"ADM(, ERROR=1E-10
END
)ADM";
}

constexpr double kG = 9.81;

}  // namespace

TEST_CASE("JOINT IC on a translational joint: the slider moves as x0 + v t") {
  // No force along the slide: x(t) = 0.3 + 1.5 t exactly, from a deck that starts at x = 0.
  for (const char* integrator : {"GSTIFF", "VSTIFF"}) {
    INFO(integrator);
    const auto run = test::run_adm("ic_slider", std::string(R"ADM(slider
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
JOINT/1, TRANSLATIONAL, I=20, J=10, IC=0.3, 1.5
REQUEST/1, F2=DZ(20, 10, 10), F3=VZ(20, 10, 10)
INTEGRATOR/)ADM") + integrator + "\nEND\n",
                                   "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == 11);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      CHECK(test::request_channel(run, "req1.f2", k) == Approx(0.3 + 1.5 * t).margin(1e-9));
      CHECK(test::request_channel(run, "req1.f3", k) == Approx(1.5).margin(1e-9));
      CHECK(run.y[k][0] == Approx(0.3 + 1.5 * t).margin(1e-9));  // body2.x: the slide is along x
    }
  }
}

TEST_CASE("JOINT IC on a driven joint: the MOTION takes precedence") {
  // MotionSolve's rule (motions override joint initial conditions): x = 0.5 t^2 from 0.
  const auto run = test::run_adm("ic_driven", R"ADM(slider
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
JOINT/1, TRANSLATIONAL, I=20, J=10, IC=0.3, 1.5
MOTION/1, JOINT=1, TRANSLATION, FUNCTION=0.5*TIME**2
REQUEST/1, F2=DZ(20, 10, 10)
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=1, STEPS=4\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    CHECK(test::request_channel(run, "req1.f2", k) ==
          Approx(0.5 * run.t[k] * run.t[k]).margin(1e-9));
  }
}

TEST_CASE("JOINT IC on a revolute joint: a small swing follows the linear solution") {
  // The closed form of tests/solver/small_swing.hpp (error below 1e-8 at this amplitude).
  const test::SmallSwing swing(0.01, 0.02, kG);
  const auto run = test::run_adm("ic_pendulum_small", pendulum("IC=0.01, 0.02", "GSTIFF"),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req1.f2", k) == Approx(swing.angle(t)).margin(5e-8));
    CHECK(test::request_channel(run, "req1.f3", k) == Approx(swing.rate(t)).margin(2e-7));
  }
  CHECK(test::request_channel(run, "req1.f2", 0) == Approx(0.01).margin(1e-12));
  CHECK(test::request_channel(run, "req1.f3", 0) == Approx(0.02).margin(1e-12));
}

TEST_CASE("JOINT IC on a revolute joint: a large swing keeps its energy, every form agrees") {
  // Released at 1 rad with 0.5 rad/s: E = w^2 / 2 - g cos(theta) is constant (m = l = 1).
  const double e0 = 0.5 * 0.5 * 0.5 - kG * std::cos(1.0);
  const auto dae = test::run_adm("ic_pendulum_ida", pendulum("IC=1, 0.5", "GSTIFF"),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(dae.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < dae.t.size(); ++k) {
    INFO("t = " << dae.t[k]);
    const double th = test::request_channel(dae, "req1.f2", k);
    const double w = test::request_channel(dae, "req1.f3", k);
    CHECK(0.5 * w * w - kG * std::cos(th) == Approx(e0).margin(1e-6));
  }
  // The ODE forms (CVODE: ABAM in joint coordinates, VSTIFF) and the index-1 and index-3 DAE
  // forms start from the same assembly.
  for (const char* form : {"ABAM", "VSTIFF", "GSTIFF, SI1", "GSTIFF, I3"}) {
    INFO(form);
    const auto other = test::run_adm("ic_pendulum_form", pendulum("IC=1, 0.5", form),
                                     "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
    REQUIRE(other.report.code == ExitCode::kSuccess);
    REQUIRE(other.t.size() == dae.t.size());
    for (size_t k = 0; k < dae.t.size(); ++k) {
      INFO("t = " << dae.t[k]);
      CHECK(test::request_channel(other, "req1.f2", k) ==
            Approx(test::request_channel(dae, "req1.f2", k)).margin(1e-5));
      CHECK(test::request_channel(other, "req1.f3", k) ==
            Approx(test::request_channel(dae, "req1.f3", k)).margin(1e-5));
    }
    CHECK(test::request_channel(other, "req1.f3", 0) == Approx(0.5).margin(1e-12));
  }
  CHECK(test::request_channel(dae, "req1.f2", 0) == Approx(1.0).margin(1e-12));
  CHECK(test::request_channel(dae, "req1.f3", 0) == Approx(0.5).margin(1e-12));
}

TEST_CASE("JOINT ICTRAN and ICROT on a cylindrical joint") {
  // A free cylinder on a cylindrical joint along global x, no gravity: it slides as
  // 0.2 - 0.4 t and turns as 0.3 + 2 t.
  const auto run = test::run_adm("ic_cylinder", R"ADM(cylinder
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
JOINT/1, CYLINDRICAL, I=20, J=10, ICTRAN=0.2, -0.4, ICROT=0.3, 2
REQUEST/1, F2=DZ(20, 10, 10), F3=AZ(20, 10)
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(test::request_channel(run, "req1.f2", k) == Approx(0.2 - 0.4 * t).margin(1e-8));
    CHECK(std::remainder(test::request_channel(run, "req1.f3", k) - (0.3 + 2 * t), 2 * M_PI) ==
          Approx(0).margin(1e-7));
  }
}

TEST_CASE("Joint initial conditions in a MotionSolve deck (ic_rot_* attributes)") {
  // The mbsolve extension attributes carry what Adams IC= gives.
  const auto xml = test::run_inline(R"XML(<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0" inertia_yy="0" inertia_zz="0"/>
  <Reference_Marker id="20" body_id="2" pos_y="-1"/>
  <Reference_Marker id="21" body_id="2"/>
  <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"
    ic_rot_disp="0.25" ic_rot_vel="-0.5"/>
  <Force_Gravity grav_y="-9.81"/>
  <Post_Request id="1" type="EXPRESSION" expr1="AZ(21, 10)" expr2="WZ(21, 10)"/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.1"/>
</Command></MotionSolve>)XML");
  REQUIRE(xml.report.code == ExitCode::kSuccess);
  CHECK(test::request_channel(xml, "req1.f1", 0) == Approx(0.25).margin(1e-12));
  CHECK(test::request_channel(xml, "req1.f2", 0) == Approx(-0.5).margin(1e-12));
}

TEST_CASE("JOINT IC on a joint without that coordinate is a deck error in Adams words") {
  const std::string bad = R"ADM(bad
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1
MARKER/20, PART=2
JOINT/1, SPHERICAL, I=20, J=10, IC=0.1, 0
END
)ADM";
  try {
    test::run_adm("ic_bad", bad, "SIMULATE/DYNAMIC, END=1, STEPS=1\n");
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find(":6:33: error: JOINT 1: IC applies to REVOLUTE and TRANSLATIONAL joints "
                    "only (this JOINT is SPHERICAL)") != std::string::npos);
  }
}

namespace {

/// A link (CM at (0.6, 0.8, 0)) on a spherical joint at the origin whose marker the deck puts
/// at (-0.4, -0.2, 0.5), off the origin: the assembly must move the link; `exact` is the
/// PART's EXACT argument ("" for none).
test::InlineRun off_joint_link(const std::string& exact) {
  return test::run_adm("exact_link",
                       R"ADM(link
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=1, 1, 1)ADM" +
                           exact + R"ADM(
MARKER/20, PART=2, QP=0.6, 0.8, 0
MARKER/21, PART=2, QP=-0.4, -0.2, 0.5
JOINT/1, SPHERICAL, I=21, J=10
REQUEST/1, F2=DM(21, 10)
END
)ADM",
                       "SIMULATE/DYNAMIC, END=0.1, STEPS=1\n");
}

}  // namespace

TEST_CASE("PART EXACT: the listed coordinates keep their deck values, the others close the loop") {
  // Without EXACT the minimum-change assembly moves every coordinate of the link.
  const auto free = off_joint_link("");
  REQUIRE(free.report.code == ExitCode::kSuccess);
  CHECK(std::abs(free.y[0][0] - 0.6) > 0.1);
  CHECK(std::abs(free.y[0][1] - 0.8) > 0.1);
  // EXACT=X:Y: x and y stay; the link turns and z moves until |CM| = |s| (1.5): z = -sqrt(1.25).
  for (const char* exact : {", EXACT=X:Y", ", EXACT=Y:X:Z"}) {
    INFO(exact);
    const auto run = off_joint_link(exact);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y[0][0] == Approx(0.6).margin(1e-12));
    CHECK(run.y[0][1] == Approx(0.8).margin(1e-12));
    CHECK(std::abs(run.y[0][2]) == Approx(std::sqrt(1.25)).margin(1e-10));
    CHECK(test::request_channel(run, "req1.f2", 0) == Approx(0).margin(1e-10));  // the joint holds
  }
  // EXACT=PSI:THETA:PHI: the orientation stays (theta = 0 here: psi + phi and the z axis are
  // kept), the link translates by the marker's offset to (1, 1, -0.5).
  const auto turned = off_joint_link(", EXACT=PSI:THETA:PHI");
  REQUIRE(turned.report.code == ExitCode::kSuccess);
  CHECK(turned.y[0][3] == Approx(1).margin(1e-12));
  for (int k = 4; k < 7; ++k) CHECK(turned.y[0][static_cast<size_t>(k)] == Approx(0).margin(1e-12));
  CHECK(turned.y[0][0] == Approx(1).margin(1e-12));
  CHECK(turned.y[0][1] == Approx(1).margin(1e-12));
  CHECK(turned.y[0][2] == Approx(-0.5).margin(1e-12));
}

TEST_CASE("PART EXACT with an unknown coordinate is a deck error in Adams words") {
  try {
    off_joint_link(", EXACT=X:ROLL");
    FAIL("no error");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find(":4:42: error: PART 2: EXACT: unknown coordinate 'ROLL' (expected X, Y, Z, "
                    "PSI, THETA or PHI, separated by ':')") != std::string::npos);
  }
}

TEST_CASE("MotionSolve JointInitialVel_Rev, _Trans and _Cyl set the joint initial velocities") {
  // A pendulum released at its rest angle with 0.5 rad/s, a free slider at 1.5 (x = 1.5 t) and a
  // cylinder sliding at -0.4 and turning at 2: the velocities at t = 0 are the elements' values.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Reference_Marker id="11" body_id="1" psi="1.5707963267948966" theta="1.5707963267948966"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0" inertia_yy="0" inertia_zz="0"/>
  <Reference_Marker id="20" body_id="2" pos_y="-1"/>
  <Reference_Marker id="21" body_id="2"/>
  <Body_Rigid id="3" cg_id="30" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="30" body_id="3" psi="1.5707963267948966" theta="1.5707963267948966"/>
  <Body_Rigid id="4" cg_id="40" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="40" body_id="4" psi="1.5707963267948966" theta="1.5707963267948966"/>
  <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
  <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="11"/>
  <Constraint_Joint id="3" type="CYLINDRICAL" i_marker_id="40" j_marker_id="11"/>
  <JointInitialVel_Rev joint_id="1" iv="0.5"/>
  <JointInitialVel_Trans joint_id="2" iv="1.5"/>
  <JointInitialVel_Cyl joint_id="3" trans_iv="-0.4" rot_iv="2"/>
  <Force_Gravity grav_y="-9.81"/>
  <Post_Request id="1" type="EXPRESSION" expr1="WZ(21, 10)" expr2="VZ(30, 11, 11)"
    expr3="VZ(40, 11, 11)" expr4="WZ(40, 11, 11)" expr5="DZ(30, 11, 11)"/>
</Model><Command>
  <Simulate analysis_type="Transient" end_time="1" print_interval="0.5"/>
</Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(test::request_channel(run, "req1.f1", 0) == Approx(0.5).margin(1e-12));
  CHECK(test::request_channel(run, "req1.f2", 0) == Approx(1.5).margin(1e-12));
  CHECK(test::request_channel(run, "req1.f3", 0) == Approx(-0.4).margin(1e-12));
  CHECK(test::request_channel(run, "req1.f4", 0) == Approx(2).margin(1e-12));
  for (size_t k = 0; k < run.t.size(); ++k) {
    CHECK(test::request_channel(run, "req1.f5", k) == Approx(1.5 * run.t[k]).margin(1e-8));
  }
  CHECK_THROWS_WITH(
      test::model_inline(R"XML(<MotionSolve><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="10" body_id="1"/>
  <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="20" body_id="2"/>
  <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
  <JointInitialVel_Trans joint_id="1" iv="1"/>
</Model></MotionSolve>)XML"),
      Catch::Contains("inline.xml:7:26: error: JointInitialVel_Trans: joint_id 1 is a "
                      "REVOLUTE joint; this element is for TRANSLATIONAL joints"));
}
