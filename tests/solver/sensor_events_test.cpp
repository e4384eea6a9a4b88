// Sensor events (solver/sensor_events.hpp) located by the integrators' root finding.
// Oracle: a ball falling from h0 under g reaches height h at t = sqrt(2 (h0 - h) / g) (closed
// form); the actions are checked by what they change: the rows written, the commands run, and
// the integrator's step counters after the event.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81, kH0 = 1.0;

/// A ball (body 2, CM marker 20) falling from h0 with `sensor` and `commands`, integrated by
/// `integrator` ("" = the default form).
test::InlineRun falling_ball(const std::string& integrator, const std::string& sensor,
                             const std::string& commands) {
  const std::string named = integrator.empty() ? "" : "integrator_type=\"" + integrator + "\"";
  return test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="0" grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_z="1"/>
    )XML" + sensor + R"XML(
    <Param_Transient integr_tol="1e-10" )XML" +
                          named + R"XML(/>
  </Model><Command>)XML" + commands +
                          R"XML(</Command></MotionSolve>)XML");
}

double fall_time(double h) { return std::sqrt(2 * (kH0 - h) / kG); }

}  // namespace

TEST_CASE("a falling ball is halted where its height crosses 0.1 m (closed form)") {
  const double t_event = fall_time(0.1);
  for (const char* integ : {"", "DSTIFF", "GSTIFF", "VSTIFF", "ABAM"}) {
    INFO("integrator '" << integ << "'");
    const auto run = falling_ball(
        integ,
        R"S(<Sensor_Event id="7" expr="DZ(20)" value="0.1" compare="LE" error_tol="1e-6"
                          halt="TRUE"/>)S",
        R"(<Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
           <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>)");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.halted_by);
    CHECK(run.report.halted_by->sensor == "Sensor_Event 7");
    const double err = std::abs(run.report.halted_by->time - t_event);
    std::printf("sensor HALT, integrator %-7s: event time error %.3g s\n",
                *integ ? integ : "default", err);
    CHECK(err < 1e-9);
    // The last row is at the event (the second Simulate does not run) at height 0.1.
    CHECK(run.t.back() == run.report.halted_by->time);
    CHECK(run.y.back()[2] == Approx(0.1).margin(1e-9).epsilon(0));
    CHECK(run.t[run.t.size() - 2] < run.t.back());
    CHECK(run.report.time == run.report.halted_by->time);
    REQUIRE(run.report.sensor_event_count == 1);
    // No integrator named: the joint-coordinate form on ERKStep locates the event itself.
    REQUIRE(run.report.transient_forms.size() == 1);
    if (!*integ) CHECK(run.report.transient_forms[0].form.find("joint coordinates") == 0);
  }
}

TEST_CASE("RETURN ends the Simulate at the event; the next command goes on from there") {
  for (const char* integ : {"", "DSTIFF", "VSTIFF"}) {
    INFO(integ);
    const auto run = falling_ball(
        integ, R"S(<Sensor_Event id="1" expr="DZ(20)" value="0.5" compare="LE" return="TRUE"/>)S",
        R"(<Simulate analysis_type="Transient" end_time="2" print_interval="0.1"/>
           <Simulate analysis_type="Transient" duration="0.3" print_interval="0.1"/>)");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK_FALSE(run.report.halted_by);
    const double te = fall_time(0.5);
    size_t k = 0;
    while (k < run.t.size() && run.t[k] < te - 1e-9) ++k;
    REQUIRE(k < run.t.size());
    CHECK(run.t[k] == Approx(te).margin(1e-9).epsilon(0));
    CHECK(run.y[k][2] == Approx(0.5).margin(1e-9).epsilon(0));
    // Then the second Simulate's rows, for its duration from the event, still in free fall.
    const double t_end = run.t[k] + 0.3;
    CHECK(run.t.back() == Approx(t_end).margin(1e-12).epsilon(0));
    CHECK(run.y.back()[2] == Approx(kH0 - 0.5 * kG * t_end * t_end).margin(1e-8).epsilon(0));
    CHECK(run.t.size() == k + 4);  // te + 0.1, 0.2, 0.3
  }
}

TEST_CASE("PRINT writes a row at the event time, and GE fires only on the way up") {
  // Thrown up at 3 m/s: the height rises through 1.2 m once (GE), then falls through it (not a
  // GE crossing).
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="0" grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"
                v_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_z="1"/>
    <Sensor_Event id="3" expr="DZ(20)" value="1.2" compare="GE" print="TRUE"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="0.6" print_interval="0.1"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.sensor_event_count == 1);
  // 1 + 3 t - g t^2 / 2 = 1.2, the smaller root.
  const double te = (3 - std::sqrt(9 - 2 * kG * 0.2)) / kG;
  CHECK(run.report.sensor_events[0].time == Approx(te).margin(1e-9).epsilon(0));
  bool row = false;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (std::abs(run.t[k] - te) < 1e-9) row = std::abs(run.y[k][2] - 1.2) < 1e-9;
  }
  CHECK(row);
  CHECK(run.t.size() == 8);  // t = 0, 0.1 .. 0.6 and the event
}

TEST_CASE("STEPSIZE/RESTART and HMAX change the integration after the event") {
  // The same fall with a sensor at 0.5 m that only prints, or that restarts with a tiny first
  // step, or that caps the step: counters after the event differ as the actions say.
  const std::string cmd =
      R"(<Simulate analysis_type="Transient" end_time="1" print_interval="1"/>)";
  const auto sensor = [](const std::string& actions) {
    return R"S(<Sensor_Event id="1" expr="DZ(20)" value="0.5" compare="LE" print="TRUE" )S" +
           actions + "/>";
  };
  for (const char* integ : {"", "DSTIFF", "VSTIFF"}) {
    INFO(integ);
    const auto plain = falling_ball(integ, sensor(""), cmd);
    const auto restart = falling_ball(integ, sensor(R"(restart="TRUE" stepsize="1e-8")"), cmd);
    const auto capped = falling_ball(integ, sensor(R"(hmax="1e-3")"), cmd);
    REQUIRE(plain.report.code == ExitCode::kSuccess);
    REQUIRE(restart.report.code == ExitCode::kSuccess);
    REQUIRE(capped.report.code == ExitCode::kSuccess);
    const long n0 = plain.report.stats.steps, n1 = restart.report.stats.steps,
               n2 = capped.report.stats.steps;
    std::printf("%-7s steps: print only %ld, RESTART STEPSIZE=1e-8 %ld, HMAX=1e-3 %ld\n",
                *integ ? integ : "default", n0, n1, n2);
    // From a first step of 1e-8 (BDF: at order 1) the step grows by a bounded factor per step:
    // it takes well over 10 more steps (BDF), 5 (the default explicit Runge-Kutta form, whose
    // step grows faster) to reach the plain run's step of about 0.1 s.
    CHECK(n1 >= n0 + (*integ ? 10 : 5));
    // HMAX restarts at the event (t = 0.319): at most 1e-3 per step up to t = 1, at least 680.
    CHECK(n2 >= 680);
    CHECK(n0 < 300);
    // The results agree: the restart changes the steps, not the solution.
    CHECK(restart.y.back()[2] == Approx(plain.y.back()[2]).margin(1e-8).epsilon(0));
    CHECK(capped.y.back()[2] == Approx(kH0 - 0.5 * kG).margin(1e-8).epsilon(0));
  }
}

TEST_CASE("a sensor on a wrapping angle: located while the integrator goes step by step") {
  // A body spinning at 2 rad/s about its principal z axis: AZ = 2 t keeps counting past pi, so
  // AZ rises through 3.4002 at t = 1.7001, just after an output time. Angle measures make the
  // integrators go one step at a time (angle_history.hpp); a root in a step that also passes an
  // output time is reported after that output: every output row is written, in time order, and the
  // event row between.
  for (const char* integ : {"DSTIFF", "VSTIFF"}) {
    INFO(integ);
    const auto run = test::run_inline(std::string(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.5"
                  w_ic_z="2"/>
      <Reference_Marker id="20" body_id="2"/>
      <Sensor_Event id="1" expr="AZ(20)" value="3.4002" compare="GE" print="TRUE"/>
      <Post_Request id="1" type="EXPRESSION" expr1="AZ(20)"/>
      <Param_Transient integr_tol="1e-9" integrator_type=")XML") +
                                      integ + R"XML("/>
    </Model><Command><Simulate analysis_type="Transient" end_time="2" print_interval="0.1"/>
    </Command></MotionSolve>)XML");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.sensor_event_count == 1);
    // The root is located on the computed solution (AZ there is the value to round-off); the
    // event time is as close to the closed form as the integration is (CVODE BDF drifts by
    // about 1e-6 rad over 1.7 s at integr_tol 1e-9).
    const double te = run.report.sensor_events[0].time;
    CHECK(te == Approx(1.7001).margin(2e-6).epsilon(0));
    size_t k = 0;
    while (k < run.t.size() && run.t[k] != te) ++k;
    REQUIRE(k < run.t.size());
    CHECK(run.requests[k][0] == Approx(3.4002).margin(1e-9).epsilon(0));
    REQUIRE(run.t.size() == 22);  // t = 0, 0.1, .., 2 and the event
    for (size_t r = 1; r < run.t.size(); ++r) CHECK(run.t[r] > run.t[r - 1]);
  }
}

namespace {

/// The falling ball's height at t after an event at height 0.5 that stores the velocity there,
/// v_e = -sqrt(2 g 0.5), from which an upward force -2 * SENVAL = 2 sqrt(g) acts on the 2 kg
/// ball: z'' = -g + sqrt(g) after t_e (closed form).
double height_after_stored_velocity(double t) {
  const double te = fall_time(0.5), ve = -std::sqrt(2 * kG * 0.5), tau = t - te;
  return 0.5 + ve * tau + 0.5 * (-kG + std::sqrt(kG)) * tau * tau;
}

}  // namespace

TEST_CASE("Sensor_Evaluate stores a value at the event, read by SENVAL in forces and requests") {
  const double te = fall_time(0.5), ve = -std::sqrt(2 * kG * 0.5);
  for (const char* integ : {"", "GSTIFF", "VSTIFF"}) {
    INFO("integrator '" << integ << "'");
    const auto run = falling_ball(integ, R"S(<Reference_Marker id="10" body_id="1"/>
        <Sensor_Evaluate id="2" expr="VZ(20)"/>
        <Sensor_Event id="7" expr="DZ(20)" value="0.5" compare="LE" error_tol="1e-6"
                      evaluate_id="2"/>
        <Force_Scalar_TwoBody id="3" type="Force" is_action_only="TRUE" i_marker_id="20"
                              j_marker_id="10" val_expression="-2*SENVAL(2)"/>
        <Post_Request id="1" type="EXPRESSION" expr1="SENVAL(2)"/>)S",
                                  R"(<Simulate analysis_type="Transient" end_time="0.6"
                                               print_interval="0.05"/>)");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.sensor_event_count == 1);
    CHECK(std::abs(run.report.sensor_events[0].time - te) < 1e-9);
    for (size_t k = 0; k < run.t.size(); ++k) {
      INFO("t = " << run.t[k]);
      if (run.t[k] < te) {
        CHECK(run.requests[k][0] == 0.0);  // 0 before the first event
        CHECK(run.y[k][2] == Approx(kH0 - 0.5 * kG * run.t[k] * run.t[k]).margin(1e-8));
      } else {
        CHECK(run.requests[k][0] == Approx(ve).epsilon(1e-8));
        CHECK(run.y[k][2] == Approx(height_after_stored_velocity(run.t[k])).margin(1e-7));
      }
    }
  }
}

TEST_CASE("Adams SENSOR EVALUATE: SENVAL takes the sensor's id") {
  const auto run = test::run_adm("sensor_evaluate", R"ADM(sensor evaluate
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.1, 0.1, 0.1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
SENSOR/7, FUNCTION=DZ(20), VALUE=0.5, LE, ERROR=1e-6, EVALUATE=VZ(20)
SFORCE/3, I=20, J=10, TRANSLATION, ACTIONONLY, FUNCTION=-2*SENVAL(7)
REQUEST/1, F2=SENVAL(7)
INTEGRATOR/GSTIFF, ERROR=1e-10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=0.6, STEPS=12\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.sensor_event_count == 1);
  const double ve = -std::sqrt(2 * kG * 0.5);
  CHECK(run.t.back() == Approx(0.6));
  CHECK(run.y.back()[2] == Approx(height_after_stored_velocity(0.6)).margin(1e-7));
  CHECK(test::request_channel(run, "req1.f2", run.t.size() - 1) == Approx(ve).epsilon(1e-8));
}

namespace {

/// The falling ball as an Adams dataset, with `sensor` (SENSOR statements).
std::string falling_ball_adm(const std::string& sensor) {
  return R"ADM(sensor ball
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
PART/2, MASS=2, CM=20, IP=0.1, 0.1, 0.1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
)ADM" + sensor +
         R"ADM(INTEGRATOR/GSTIFF, ERROR=1e-10
END
)ADM";
}

}  // namespace

TEST_CASE("DEACTIVATE/SENSOR: no event while off; after ACTIVATE the sensor halts again") {
  // The ball falls through 0.5 m at t = 0.319 while its sensor is off, is thrown up at 5 m/s at
  // t = 0.5 (PART/2, VZ=5) with the sensor on again, rises through 0.5 m (not an LE crossing)
  // and is halted where it falls through 0.5 m: z1 + 5 s - g s^2 / 2 = 0.5, the larger root.
  const auto run = test::run_adm("sensor_deactivate",
                                 falling_ball_adm("SENSOR/1, FUNCTION=DZ(20), VALUE=0.5, LE, "
                                                  "ERROR=1e-6, HALT\n"),
                                 "DEACTIVATE/SENSOR, ID=1\n"
                                 "SIMULATE/DYNAMIC, END=0.5, STEPS=10\n"
                                 "ACTIVATE/SENSOR, ID=1\n"
                                 "PART/2, VZ=5\n"
                                 "SIMULATE/DYNAMIC, END=3, STEPS=60\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double z1 = kH0 - 0.5 * kG * 0.25;
  const double s = (5 + std::sqrt(25 - 2 * kG * (0.5 - z1))) / kG;
  REQUIRE(run.report.sensor_event_count == 1);
  REQUIRE(run.report.halted_by);
  CHECK(run.report.halted_by->sensor == "SENSOR 1");
  CHECK(run.report.halted_by->time == Approx(0.5 + s).margin(1e-9).epsilon(0));
  CHECK(run.y.back()[2] == Approx(0.5).margin(1e-8).epsilon(0));
}

TEST_CASE("Deactivate element_type SENSOR: the sensor does not halt the run") {
  const auto run = falling_ball(
      "", R"S(<Sensor_Event id="7" expr="DZ(20)" value="0.1" compare="LE" halt="TRUE"/>)S",
      R"(<Deactivate element_type="SENSOR" element_id="7"/>
         <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>)");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK_FALSE(run.report.halted_by);
  CHECK(run.report.sensor_event_count == 0);
  CHECK(run.t.back() == Approx(1.0));
  CHECK(run.y.back()[2] == Approx(kH0 - 0.5 * kG).margin(1e-7).epsilon(0));
}

TEST_CASE("the SENSOR command changes VALUE, FUNCTION and ERROR between simulations") {
  // The dataset's sensor would halt at 0.1 m (t = 0.428 s); the command moves the event to
  // 0.5 m (t = 0.319 s), by its VALUE or by its FUNCTION.
  const std::string adm =
      falling_ball_adm("SENSOR/1, FUNCTION=DZ(20), VALUE=0.1, LE, ERROR=1e-3, HALT\n");
  for (const char* change :
       {"SENSOR/1, VALUE=0.5, ERROR=1e-6", "SENSOR/1, FUNCTION=DZ(20) - 0.4, ERROR=1e-6"}) {
    INFO(change);
    const auto run = test::run_adm("sensor_command", adm,
                                   std::string("SIMULATE/DYNAMIC, END=0.2, STEPS=4\n") + change +
                                       "\nSIMULATE/DYNAMIC, END=2, STEPS=40\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.halted_by);
    CHECK(run.report.halted_by->time == Approx(fall_time(0.5)).margin(1e-9).epsilon(0));
  }
  // SENSOR/1, DEACTIVATE: no event; the run reaches its end.
  const auto off = test::run_adm("sensor_command_off", adm,
                                 "SENSOR/1, DEACTIVATE\nSIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(off.report.code == ExitCode::kSuccess);
  CHECK_FALSE(off.report.halted_by);
  CHECK(off.t.back() == Approx(1.0));
  // GE and RETURN instead of LE and HALT: a falling ball never rises through 0.5 m.
  const auto ge = test::run_adm("sensor_command_ge", adm,
                                "SENSOR/1, VALUE=0.5, GE\nSIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(ge.report.code == ExitCode::kSuccess);
  CHECK(ge.report.sensor_event_count == 0);
}

TEST_CASE("a Sensor_Event command changes the sensor's value") {
  const auto run =
      falling_ball("DSTIFF",
                   R"S(<Sensor_Event id="7" expr="DZ(20)" value="0.1" compare="LE" error_tol="1e-6"
                        halt="TRUE"/>)S",
                   R"(<Sensor_Event id="7" value="0.5"/>
         <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>)");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.halted_by);
  CHECK(run.report.halted_by->time == Approx(fall_time(0.5)).margin(1e-9).epsilon(0));
}

TEST_CASE("DT: after the event the rows are DT apart, from the event to the end") {
  // Rows every 0.1 s until the ball falls through 0.5 m (t = 0.319 s), then a row at the event
  // and every 0.025 s after it up to t = 0.6: te + k 0.025 for k = 1 .. 11, then 0.6.
  for (const char* integ : {"", "DSTIFF", "VSTIFF"}) {
    INFO("integrator '" << integ << "'");
    const auto run = falling_ball(
        integ,
        R"S(<Sensor_Event id="1" expr="DZ(20)" value="0.5" compare="LE" error_tol="1e-6"
                          dt="0.025"/>)S",
        R"(<Simulate analysis_type="Transient" end_time="0.6" print_interval="0.1"/>)");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const double te = fall_time(0.5);
    std::vector<double> expected = {0, 0.1, 0.2, 0.3, te};
    for (int k = 1; te + k * 0.025 < 0.6 - 1e-9; ++k) expected.push_back(te + k * 0.025);
    expected.push_back(0.6);
    REQUIRE(run.t.size() == expected.size());
    for (size_t k = 0; k < expected.size(); ++k) {
      INFO("row " << k);
      CHECK(run.t[k] == Approx(expected[k]).margin(1e-9).epsilon(0));
      // The rows are the free fall's states at their times.
      CHECK(run.y[k][2] == Approx(kH0 - 0.5 * kG * run.t[k] * run.t[k]).margin(1e-7).epsilon(0));
    }
  }
}

TEST_CASE("after a RETURN sensor a Simulate may end where the one before it was to end") {
  // As in bt_frs5's command file: SIMULATE to 1 s, RETURN at the 0.5 m crossing, then SIMULATE
  // to 1 s again goes on from the event; when the sensor does not fire (a value the ball never
  // reaches) the second Simulate has nothing to do and is skipped with a warning.
  const std::string twice =
      R"(<Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
           <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>)";
  const auto fired = falling_ball(
      "", R"S(<Sensor_Event id="1" expr="DZ(20)" value="0.5" compare="LE" return="TRUE"/>)S",
      twice);
  REQUIRE(fired.report.code == ExitCode::kSuccess);
  REQUIRE(fired.report.sensor_event_count == 1);
  CHECK(fired.report.sensor_events[0].time == Approx(fall_time(0.5)).margin(1e-9).epsilon(0));
  CHECK(fired.t.back() == Approx(1.0).margin(1e-12).epsilon(0));
  CHECK(fired.y.back()[2] == Approx(kH0 - 0.5 * kG).margin(1e-7).epsilon(0));
  const auto idle = falling_ball(
      "", R"S(<Sensor_Event id="1" expr="DZ(20)" value="-100" compare="LE" return="TRUE"/>)S",
      twice);
  REQUIRE(idle.report.code == ExitCode::kSuccess);
  CHECK(idle.report.sensor_event_count == 0);
  CHECK(idle.report.analyses == 1);
  CHECK(idle.t.back() == Approx(1.0).margin(1e-12).epsilon(0));
}
