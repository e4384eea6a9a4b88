// Oracles with analytic answers for the joints beyond the lower pairs:
// * SCREW: a nut on a vertical screw (CYLINDRICAL + SCREW, pitch p) falls with
//   a = g m / (m + I_z (2 pi / p)^2) and turns by 2 pi z / p, through several turns;
// * RACK_PINION: the ADAMS deck test_RackPinion_Case01.adm (rack falling along z, driving a
//   pinion of pitch diameter D on a revolute joint) falls with a = g m / (m + I / (D/2)^2) and
//   the pinion turns by 2 z / D (the deck has no ADAMS curves: regression/README.md);
// * CONSTANT_VELOCITY: a driven shaft and a shaft bent by 30 degrees: the CV joint transmits
//   the speed exactly, a HOOKE joint with the same markers makes it oscillate between
//   w cos(b) and w / cos(b);
// * Constraint_Jprim: ATPOINT + PARALLEL_AXES reproduce a REVOLUTE pendulum's motion and its
//   reaction force and torque (JPRIM() against JOINT()).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "parser/acf_reader.hpp"
#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

using test::request_values;

TEST_CASE("a nut on a SCREW joint falls and turns by 2 pi per pitch of travel") {
  const double m = 2, iz = 0.05, pitch = 0.1, g = 9.81;
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-{}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.08" inertia_yy="0.08"
                inertia_zz="{}"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="CYLINDRICAL" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="SCREW" pitch="{}" i_marker_id="20" j_marker_id="10"/>
    <Post_Request id="1" type="EXPRESSION" expr1="DZ(20,10,10)" expr2="COS(AZ(20,10))"
                  expr3="SIN(AZ(20,10))" expr4="WZ(20,10,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.02"/>
  </Command></MotionSolve>)XML",
                                                g, m, iz, pitch));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double k = pitch / (2 * std::numbers::pi);
  const double a = g * m / (m + iz / (k * k));
  const auto v = request_values(run);
  for (size_t n = 0; n < run.t.size(); ++n) {
    const double t = run.t[n], z = -0.5 * a * t * t, theta = z / k;
    CHECK(v[n][0] == Approx(z).margin(1e-7));
    CHECK(v[n][1] == Approx(std::cos(theta)).margin(1e-5));
    CHECK(v[n][2] == Approx(std::sin(theta)).margin(1e-5));
    CHECK(v[n][3] == Approx(-a * t / k).margin(1e-5));
  }
  CHECK(-0.5 * a * 4 / k < -3 * std::numbers::pi);  // the nut made about two turns
}

TEST_CASE("the ADAMS rack-and-pinion deck: the rack falls with g / (1 + I / (m r^2))") {
  const auto adm = std::filesystem::path(MBSOLVE_REFDATA_DIR) /
                   "chrono_adams_joints/adams_models/test_RackPinion_Case01.adm";
  REQUIRE(std::filesystem::exists(adm));
  const std::string acf = adm.string() +
                          "\nout\nINTEGRATOR/GSTIFF, ERROR=1.0E-9\n"
                          "SIMULATE/DYNAMIC, END=2, DTOUT=0.02\nSTOP\n";
  Diagnostics diag;
  const Deck deck = read_acf_text(acf, "rack.acf", diag);
  const auto run = test::run_deck_object(deck, diag);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // Deck: rack PART/03 mass 1 sliding along global z; pinion PART/02 turning about global x
  // with I = 0.1 (IP's zz about its CM marker, whose z is global x); PD = 0.1; g = 9.80665.
  const double g = 9.80665, m = 1, inertia = 0.1, r = 0.05;
  const double a = g / (1 + inertia / (m * r * r));
  const int rack = run.sys->body_offset(run.model->body_index.at(3));
  const int pinion = run.sys->body_offset(run.model->body_index.at(2));
  for (size_t n = 0; n < run.t.size(); ++n) {
    const double t = run.t[n];
    const double* yr = run.y[n].data() + rack;
    const double* yp = run.y[n].data() + pinion;
    CHECK(yr[2] == Approx(-0.5 * a * t * t).margin(1e-7));
    CHECK(yr[9] == Approx(-a * t).margin(1e-7));
    // Pinion spin about global x: |w| = |v_rack| / r.
    const Mat3 A = rotation_from_euler_parameters<double>(Vec4(yp[3], yp[4], yp[5], yp[6]));
    const Vec3 w = A * Vec3(yp[10], yp[11], yp[12]);
    CHECK(std::abs(w(0)) == Approx(a * t / r).margin(1e-6));
    CHECK(std::abs(w(1)) + std::abs(w(2)) < 1e-7);
  }
}

namespace {
/// Two shafts meeting at the origin: shaft 1 (body 2) along -z, driven at 2 rad/s about z;
/// shaft 2 (body 3) along a2 = (sin b, 0, cos b), held by `joint` at the centre and an INLINE
/// primitive at its far end. Requests: shaft 2's spin about a2, shaft 1's about z.
std::string bent_shafts(const std::string& joint) {
  const double b = std::numbers::pi / 6, c = std::cos(b), s = std::sin(b);
  // Shaft 2 axes: x = (0,1,0), y = (-cos b, 0, sin b), z = a2.
  const std::string a2 =
      fmt::format(R"(a00="0" a10="1" a20="0" a01="{}" a11="0" a21="{}" a02="{}" a12="0" a22="{}")",
                  -c, s, s, c);
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_z="-1"/>
    <Reference_Marker id="11" body_id="1" pos_x="{s}" pos_z="{c}" {a2}/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.02" inertia_yy="0.02" inertia_zz="0.01"/>
    <Reference_Marker id="20" body_id="2" pos_z="-0.5"/>
    <Reference_Marker id="21" body_id="2" pos_z="-1"/>
    <Reference_Marker id="22" body_id="2"
                      a00="0" a10="1" a20="0" a01="1" a11="0" a21="0" a02="0" a12="0" a22="-1"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.02" inertia_yy="0.02" inertia_zz="0.01"/>
    <Reference_Marker id="30" body_id="3" pos_x="{hs}" pos_z="{hc}" {a2}/>
    <Reference_Marker id="31" body_id="3" {a2}/>
    <Reference_Marker id="32" body_id="3" pos_x="{s}" pos_z="{c}"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Motion_Joint id="1" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="2*TIME"/>
    <Constraint_Joint id="2" type="{joint}" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Jprim id="3" type="INLINE" i_marker_id="32" j_marker_id="11"/>
    <Post_Request id="1" type="EXPRESSION" expr1="WZ(30,10,11)" expr2="WZ(20,10,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3.2" print_interval="0.005"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("s", s), fmt::arg("c", c), fmt::arg("hs", 0.5 * s),
                     fmt::arg("hc", 0.5 * c), fmt::arg("a2", a2), fmt::arg("joint", joint));
}
}  // namespace

TEST_CASE("a CONSTANT_VELOCITY joint transmits equal speeds at a bend; HOOKE does not") {
  const double b = std::numbers::pi / 6;
  const auto cv = test::run_inline(bent_shafts("CONSTANT_VELOCITY"));
  REQUIRE(cv.report.code == ExitCode::kSuccess);
  for (const auto& v : request_values(cv)) {
    CHECK(v[1] == Approx(2.0).margin(1e-9));
    CHECK(v[0] == Approx(2.0).margin(1e-6));
  }
  const auto hooke = test::run_inline(bent_shafts("HOOKE"));
  REQUIRE(hooke.report.code == ExitCode::kSuccess);
  double lo = 1e9, hi = -1e9;
  for (const auto& v : request_values(hooke)) {
    lo = std::min(lo, v[0]);
    hi = std::max(hi, v[0]);
  }
  // Over a full turn (3.2 s at 2 rad/s) the Hooke joint's output speed spans 2 cos b .. 2/cos b.
  CHECK(lo == Approx(2 * std::cos(b)).epsilon(1e-4));
  CHECK(hi == Approx(2 / std::cos(b)).epsilon(1e-4));
}

TEST_CASE("ATPOINT + PARALLEL_AXES primitives reproduce a REVOLUTE joint and its reactions") {
  // Two identical pendulums with a product of inertia (so that the joint carries torque about
  // x and y) hang from the ground origin: one on a REVOLUTE joint, one on two primitives.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.1" inertia_yy="0.12"
                inertia_zz="0.15" inertia_xz="0.02"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.8" pos_z="0.1"/>
    <Reference_Marker id="21" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1.5" inertia_xx="0.1" inertia_yy="0.12"
                inertia_zz="0.15" inertia_xz="0.02"/>
    <Reference_Marker id="30" body_id="3" pos_x="0.8" pos_z="0.1"/>
    <Reference_Marker id="31" body_id="3"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Jprim id="1" type="ATPOINT" i_marker_id="31" j_marker_id="10"/>
    <Constraint_Jprim id="2" type="PARALLEL_AXES" i_marker_id="31" j_marker_id="10"/>
    <Post_Request id="1" type="EXPRESSION" expr1="JOINT(1,0,2,10)" expr2="JOINT(1,0,3,10)"
                  expr3="JOINT(1,0,4,10)" expr4="JOINT(1,0,6,10)" expr5="JOINT(1,0,7,10)"
                  expr6="JOINT(1,0,8,10)"/>
    <Post_Request id="2" type="EXPRESSION" expr1="JPRIM(1,0,2,10)" expr2="JPRIM(1,0,3,10)"
                  expr3="JPRIM(1,0,4,10)" expr4="JPRIM(2,0,6,10)" expr5="JPRIM(2,0,7,10)"
                  expr6="JPRIM(2,0,8,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.02"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto v = request_values(run);
  const int b2 = run.sys->body_offset(1), b3 = run.sys->body_offset(2);
  double swing = 0, torque = 0;
  for (size_t n = 0; n < run.t.size(); ++n) {
    for (int c = 0; c < 13; ++c) {
      CHECK(run.y[n][b3 + c] == Approx(run.y[n][b2 + c]).margin(1e-7));
    }
    for (int c = 0; c < 6; ++c) CHECK(v[n][6 + c] == Approx(v[n][c]).margin(1e-5));
    swing = std::max(swing, std::abs(run.y[n][b2 + 12]));
    torque = std::max({torque, std::abs(v[n][3]), std::abs(v[n][4])});
  }
  CHECK(swing > 1.0);   // it really swings
  CHECK(torque > 0.1);  // and the joints really carry torque about x and y
}
