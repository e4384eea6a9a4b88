// SENSUB and SEVSUB (models/sensor.hpp, models/sensor_evaluate.hpp): the sensed function and the
// value stored at the event computed by the routines of test_subs.c and their Python twins in
// test_subs.py (SENSUB: DZ(par[0]); SEVSUB: par[1] VZ(par[0])), read through the callbacks.
// Oracle: the falling ball's closed form, the event at t = sqrt(2 (h0 - h) / g) where the speed
// is sqrt(2 g (h0 - h)).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81, kH0 = 1.0;
const std::string kLib = MB_TEST_USERSUB_LIB;
/// The Python twins of test_subs.c.
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";

/// The attributes naming routine `routine` of the C library or of the Python script.
std::string user_attrs(bool python, const std::string& routine, const std::string& user) {
  return python ? fmt::format(R"U(script_name="{}" interpreter="Python" usrsub_fnc_name="{}"
                                  usrsub_param_string="{}")U",
                              kScript, routine, user)
                : fmt::format(R"U(usrsub_dll_name="{}" usrsub_fnc_name="{}"
                                  usrsub_param_string="{}")U",
                              kLib, routine, user);
}

double fall_time(double h) { return std::sqrt(2 * (kH0 - h) / kG); }

/// A 2 kg ball released at rest at z = kH0 under gravity (marker 20 at its centre) with the
/// sensor elements `elements`, run at integr_tol 1e-10 to `end` s.
std::string falling_ball(const std::string& elements, double end) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="0" grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_z="{}"/>
    {}
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{}" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                     kH0, elements, end);
}

}  // namespace

TEST_CASE("Sensor_Event and Sensor_Evaluate of type USERSUB: SENSUB senses, SEVSUB stores") {
  for (const bool python : {false, true}) {
    INFO((python ? "Python script" : "C library"));
    const auto run = test::run_inline(
        falling_ball(fmt::format(R"XML(<Sensor_Evaluate id="3" type="USERSUB" {evaluate}/>
    <Sensor_Event id="7" type="USERSUB" {sensor}
                  value="0.1" compare="LE" error_tol="1e-6" halt="TRUE" evaluate_id="3"/>
    <Post_Request id="1" type="EXPRESSION" expr1="SENVAL(3)"/>)XML",
                                 fmt::arg("evaluate", user_attrs(python, "SEVSUB", "USER(20, 2)")),
                                 fmt::arg("sensor", user_attrs(python, "SENSUB", "USER(20)"))),
                     2.0));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.halted_by);
    CHECK(run.report.halted_by->sensor == "Sensor_Event 7");
    CHECK(run.report.halted_by->time == Approx(fall_time(0.1)).margin(1e-9).epsilon(0));
    CHECK(run.y.back()[2] == Approx(0.1).margin(1e-8).epsilon(0));
    // SENVAL(3) is 0 before the event, then 2 VZ at the event.
    CHECK(test::request_channel(run, "req1.f1", 0) == 0.0);
    CHECK(test::request_channel(run, "req1.f1", run.t.size() - 1) ==
          Approx(-2 * std::sqrt(2 * kG * 0.9)).epsilon(1e-8));
  }
}

TEST_CASE("Adams SENSOR with ROUTINE= and EVALUATE_ROUTINE=: SENSUB and SEVSUB") {
  ::setenv("MBSOLVE_USERSUB_PATH", MB_TEST_USERSUB_DIR, 1);
  const auto run = test::run_adm("adm_sensub", R"ADM(sensub
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
PART/2, MASS=2, CM=20, IP=0.1, 0.1, 0.1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
SENSOR/1, FUNCTION=USER(20), ROUTINE=mb_test_usersubs::SENSUB, VALUE=0.5, LE, ERROR=1e-6
, HALT, EVALUATE_ROUTINE=mb_test_usersubs::SEVSUB, EVALUATE=USER(20, 3)
REQUEST/1, F2=SENVAL(1)
INTEGRATOR/GSTIFF, ERROR=1e-10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=2, STEPS=40\n");
  ::unsetenv("MBSOLVE_USERSUB_PATH");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.halted_by);
  CHECK(run.report.halted_by->time == Approx(fall_time(0.5)).margin(1e-9).epsilon(0));
  CHECK(test::request_channel(run, "req1.f2", run.t.size() - 1) ==
        Approx(-3 * std::sqrt(2 * kG * 0.5)).epsilon(1e-8));
}

TEST_CASE("SENSUB: the initialisation call (iflag = 1) comes before the analysis") {
  // SENSUB_INIT senses DZ - h with h taken from PAR only when iflag = 1: the ball halts where its
  // height crosses h = 0.3 only if the routine was called with iflag = 1 first.
  for (const bool python : {false, true}) {
    INFO((python ? "Python script" : "C library"));
    const auto run = test::run_inline(
        falling_ball(fmt::format(R"XML(<Sensor_Event id="7" type="USERSUB" {} value="0" compare="LE"
                  error_tol="1e-6" halt="TRUE"/>)XML",
                                 user_attrs(python, "SENSUB_INIT", "USER(20, 0.3)")),
                     1.0));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.report.halted_by);
    CHECK(run.report.halted_by->time == Approx(fall_time(0.3)).margin(1e-9).epsilon(0));
  }
}

TEST_CASE("Adams SENSOR command: FUNCTION=USER(...) and ROUTINE= replace the expression") {
  // The dataset's sensor senses DZ(20) <= 0.5; after 0.1 s the command makes it SENSUB_INIT with
  // h = 0.3 (DZ - h <= 0): the ball halts at 0.3 m, which needs the iflag = 1 call too.
  ::setenv("MBSOLVE_USERSUB_PATH", MB_TEST_USERSUB_DIR, 1);
  const auto run = test::run_adm("adm_sensub_command", R"ADM(sensub command
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
PART/2, MASS=2, CM=20, IP=0.1, 0.1, 0.1
MARKER/20, PART=2, QP=0, 0, 1
ACCGRAV/KGRAV=-9.81
SENSOR/1, FUNCTION=DZ(20), VALUE=0.5, LE, ERROR=1e-6, HALT
INTEGRATOR/GSTIFF, SI2, ERROR=1e-10
END
)ADM",
                                 "SIMULATE/DYNAMIC, END=0.1, STEPS=2\n"
                                 "SENSOR/1, FUNCTION=USER(20, 0.3), "
                                 "ROUTINE=mb_test_usersubs::SENSUB_INIT, VALUE=0\n"
                                 "SIMULATE/DYNAMIC, END=2, STEPS=40\n");
  ::unsetenv("MBSOLVE_USERSUB_PATH");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.halted_by);
  CHECK(run.report.halted_by->time == Approx(fall_time(0.3)).margin(1e-9).epsilon(0));
}
