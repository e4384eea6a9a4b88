// Oracles for the command section's model edits (Activate/Deactivate, element modification):
// closed-form oscillator and ballistic motion, piecewise across the commands that change the
// model. The state after one Simulate is the initial condition of the next.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// A 1-kg body on a translational spring to ground along x (free length 1, stiffness 4: omega
/// = 2), started 0.5 beyond the free length at rest; no gravity. `commands` goes in <Command>.
std::string oscillator(const std::string& commands, const std::string& mass = "1") {
  return R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass=")XML" +
         mass + R"XML(" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.5"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="4" damping="0" length="1"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>)XML" +
         commands + R"XML(</Command></MotionSolve>)XML";
}

/// Output index of time t (outputs every 0.05).
size_t at(const test::InlineRun& run, double t) {
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (std::abs(run.t[k] - t) < 1e-9) return k;
  }
  FAIL("no output at t = " << t);
  return 0;
}

}  // namespace

TEST_CASE("a spring deactivated half-way: oscillation, then free flight") {
  const auto run = test::run_inline(oscillator(R"XML(
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Deactivate element_type="SPDP" element_id="5"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>)XML"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.back() == Approx(2.0));
  const double x1 = 1 + 0.5 * std::cos(2.0), v1 = -std::sin(2.0);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const double x = t <= 1 ? 1 + 0.5 * std::cos(2 * t) : x1 + v1 * (t - 1);
    const double v = t <= 1 ? -std::sin(2 * t) : v1;
    CHECK(run.y[k][0] == Approx(x).margin(1e-6));
    CHECK(run.y[k][7] == Approx(v).margin(1e-6));
  }
}

TEST_CASE("a deactivated force acts again after Activate") {
  const auto run = test::run_inline(oscillator(R"XML(
    <Deactivate element_type="FORCE" element_id="5"/>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Activate element_type="SPDP" element_id="5"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>)XML"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // At rest 0.5 beyond the free length without the spring, then x - 1 = 0.5 cos(2 (t - 1)).
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const double x = t <= 1 ? 1.5 : 1 + 0.5 * std::cos(2 * (t - 1));
    CHECK(run.y[k][0] == Approx(x).margin(1e-6));
  }
}

TEST_CASE("stiffness changed between two Simulates: each part has its own frequency") {
  const auto run = test::run_inline(oscillator(R"XML(
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Force_SpringDamper id="5" stiffness="9"/>
    <Simulate analysis_type="Transient" end_time="2.5" print_interval="0.05"/>)XML"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // Part 1: omega 2. Part 2: omega 3 from the state at t = 1.
  const double u1 = 0.5 * std::cos(2.0), v1 = -std::sin(2.0);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const double u = t <= 1 ? 0.5 * std::cos(2 * t)
                            : u1 * std::cos(3 * (t - 1)) + v1 / 3 * std::sin(3 * (t - 1));
    CHECK(run.y[k][0] == Approx(1 + u).margin(1e-6));
  }
  // One output per time across the command: times strictly increase, spaced 0.05.
  for (size_t k = 1; k < run.t.size(); ++k) CHECK(run.t[k] - run.t[k - 1] == Approx(0.05));
}

TEST_CASE("mass changed by a Body_Rigid command: omega = sqrt(k / m)") {
  const auto run = test::run_inline(oscillator(R"XML(
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Body_Rigid id="2" mass="4" inertia_zz="2"/>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>)XML"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double u1 = 0.5 * std::cos(2.0), v1 = -std::sin(2.0);  // omega 2, then omega 1
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const double u = t <= 1 ? 0.5 * std::cos(2 * t) : u1 * std::cos(t - 1) + v1 * std::sin(t - 1);
    CHECK(run.y[k][0] == Approx(1 + u).margin(1e-6));
  }
}

TEST_CASE("a pendulum whose joint is deactivated flies ballistically from the release state") {
  // A point-like bob (CM 1 below a ground pivot, principal inertia) on a revolute joint about
  // z, gravity -y, started with angular velocity 2 about z.
  const std::string deck = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="-9.81" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"
                w_ic_z="2" v_ic_x="2"/>
    <Reference_Marker id="20" body_id="2" pos_y="-1"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="3" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Param_Transient integr_tol="1e-10" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.05"/>
    <Deactivate element_type="JOINT" element_id="3"/>
    <Simulate analysis_type="Transient" end_time="1.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML";
  // Also in the stabilised index-1 form: its System is rebuilt for the edited model too.
  for (const char* index : {"2", "1"}) {
    INFO("dae_index " << index);
    std::string text = deck;
    text.replace(text.find("{index}"), 7, index);
    const auto run = test::run_inline(text);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const size_t k1 = at(run, 0.5);
    const auto& y1 = run.y[k1];
    // Still on the circle of radius 1 at the release.
    CHECK(std::hypot(y1[0], y1[1]) == Approx(1.0).margin(1e-6));
    for (size_t k = k1 + 1; k < run.t.size(); ++k) {
      const double s = run.t[k] - 0.5;
      const auto& y = run.y[k];
      CHECK(y[0] == Approx(y1[0] + y1[7] * s).margin(1e-6));
      CHECK(y[1] == Approx(y1[1] + y1[8] * s - 0.5 * 9.81 * s * s).margin(1e-6));
      CHECK(y[12] == Approx(y1[12]).margin(1e-8));  // torque-free spin about a principal axis
    }
    // After the release the bob leaves the circle.
    CHECK(std::hypot(run.y.back()[0], run.y.back()[1]) > 1.5);
  }
}

TEST_CASE("a force expression changed by a command") {
  // Force_Vector_OneBody: fx = 2 on a free 1-kg body, then fx = -4 * TIME.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Vector_OneBody id="7" marker_id="20" type="ForceOnly" fx_expression="2"
                          fy_expression="1"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Force_Vector_OneBody id="7" fx_expression="-4 * TIME"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    // x = t^2 up to 1; then x'' = -4 t from x = 1, v = 2: v = 2 - 2 (t^2 - 1) and
    // x = 1 + 4 (t - 1) - 2/3 (t^3 - 1).
    const double s = t - 1;
    const double x = t <= 1 ? t * t : 1 + 4 * s - 2.0 / 3.0 * (t * t * t - 1);
    CHECK(run.y[k][0] == Approx(x).margin(1e-6));
    CHECK(run.y[k][1] == Approx(0.5 * t * t).margin(1e-6));  // fy kept by the command
  }
}

namespace {

/// A 1-kg body whose x motion is held by `element` (a bushing, field or beam from the body's
/// CM marker 20 to the ground marker 10, written with its stiffness set by the caller), started
/// at x = 1.5 at rest; no gravity.
std::string linear_oscillator(const std::string& element, const std::string& commands) {
  return R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.5"/>
    )XML" +
         element +
         R"XML(
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    )XML" +
         commands +
         R"XML(
    <Simulate analysis_type="Transient" end_time="2.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML";
}

/// x(t) of a unit mass at rest at x = 1.5 at t = 0 on a spring to `rest1` with omega 2 up to
/// t = 1, then on a spring to `rest2` with omega `w2`.
double two_part_oscillation(double t, double rest1, double rest2, double w2) {
  if (t <= 1) return rest1 + (1.5 - rest1) * std::cos(2 * t);
  const double x1 = rest1 + (1.5 - rest1) * std::cos(2.0);
  const double v1 = -2 * (1.5 - rest1) * std::sin(2.0);
  const double s = t - 1;
  return rest2 + (x1 - rest2) * std::cos(w2 * s) + v1 / w2 * std::sin(w2 * s);
}

void check_two_part(const test::InlineRun& run, double rest1, double rest2, double w2) {
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.back() == Approx(2.5));
  for (size_t k = 0; k < run.t.size(); ++k) {
    CHECK(run.y[k][0] == Approx(two_part_oscillation(run.t[k], rest1, rest2, w2)).margin(1e-6));
    CHECK(run.y[k][1] == Approx(0).margin(1e-9));
  }
}

}  // namespace

TEST_CASE("Force_Bushing stiffness changed by a command") {
  // Bushing force -kx * (x_I - x_J) in J's axes: a spring to x = 0, omega 2, then 3.
  check_two_part(test::run_inline(linear_oscillator(
                     R"XML(<Force_Bushing id="5" i_marker_id="20" j_marker_id="10" kx="4"/>)XML",
                     R"XML(<Force_Bushing id="5" kx="9"/>)XML")),
                 0, 0, 3);
}

TEST_CASE("Force_Field free length changed by a command") {
  // k11 = 4 about length_x = 1.5 - 0.5, then about 1.2 with the same stiffness.
  check_two_part(test::run_inline(linear_oscillator(
                     R"XML(<Force_Field id="5" i_marker_id="20" j_marker_id="10" k11="4"
                                 length_x="1"/>)XML",
                     R"XML(<Force_Field id="5" length_x="1.2"/>)XML")),
                 1, 1.2, 2);
}

TEST_CASE("Force_Beam Young's modulus changed by a command") {
  // Axial stiffness E A / L along J's x axis (the neutral axis): 4, then 9; free length 1.
  check_two_part(
      test::run_inline(linear_oscillator(
          R"XML(<Force_Beam id="5" i_marker_id="20" j_marker_id="10" length="1" E="4" G="1"
                     area="1" ixx="1" iyy="1" izz="1" asy="0" asz="0" cratio="0"/>)XML",
          R"XML(<Force_Beam id="5" E="9"/>)XML")),
      1, 1, 3);
}

TEST_CASE("a Force_Bushing command with an unknown attribute is refused") {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(
      linear_oscillator(R"XML(<Force_Bushing id="5" i_marker_id="20" j_marker_id="10" kx="4"/>)XML",
                        R"XML(<Force_Bushing id="5" stiffness="9"/>)XML"),
      "inline.xml", diag);
  (void)build_model(deck, diag);
  CHECK(diag.has_errors());
  bool named = false;
  for (const auto& d : diag.all()) named |= d.str().find("stiffness") != std::string::npos;
  CHECK(named);
}

TEST_CASE("gravity changed by a Force_Gravity command") {
  // Free fall along -y with g = 10, then g = 4 along +x from t = 1 (the y velocity carries on).
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Gravity id="9" grav_y="-10"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Force_Gravity id="9" grav_x="4" grav_y="0"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], s = std::max(0.0, t - 1);
    const double y = t <= 1 ? -5 * t * t : -5 - 10 * s;
    CHECK(run.y[k][0] == Approx(2 * s * s).margin(1e-6));
    CHECK(run.y[k][1] == Approx(y).margin(1e-6));
  }
}

TEST_CASE("Body_Rigid v_ic and w_ic commands reset the velocity for the next Simulate") {
  // A free body at rest; at t = 1 it is given v = (3, 0, -1) and w = (0, 0, 2) (ground axes):
  // uniform motion and a rotation about z by 2 (t - 1).
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
    <Body_Rigid id="2" v_ic_x="3" v_ic_z="-1" w_ic_z="2"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.back() == Approx(2.0));
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double s = std::max(0.0, run.t[k] - 1);
    CHECK(run.y[k][0] == Approx(3 * s).margin(1e-6));
    CHECK(run.y[k][2] == Approx(-s).margin(1e-6));
    // Euler parameters of a rotation by theta about z: (cos theta/2, 0, 0, sin theta/2).
    CHECK(run.y[k][3] == Approx(std::cos(s)).margin(1e-6));
    CHECK(run.y[k][6] == Approx(std::sin(s)).margin(1e-6));
    if (run.t[k] > 1 + 1e-9) CHECK(run.y[k][12] == Approx(2).margin(1e-9));
  }
}
