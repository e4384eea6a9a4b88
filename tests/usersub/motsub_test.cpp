// MOTSUB motions (Motion_Joint and Motion_Marker type="USERSUB") with the MOTSUB of
// test_subs.c and its Python twin in test_subs.py, f(t) = A sin(w t). Oracles: the closed form
// (the joint angle or the slider's displacement is f(t), the rate f'(t), and a rotor's reaction
// torque about the axis is I_pivot f''(t)) and the same motion written as an expression (the
// runs agree to round-off); the script also against its C twin.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_USERSUB_LIB;
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";
constexpr double kA = 0.5, kW = 2.0;

/// A rotor on a revolute joint driven by `motion` (a Motion_Joint on joint 1, id 5), no gravity.
std::string rotor_deck(const std::string& motion, int dae_index = 2) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.25"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.4"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    {motion}
    <Post_Request id="1" type="EXPRESSION" expr1="AZ(21,10)" expr2="MOTION(5,0,8,10)"
                  expr3="WZ(21,10,10)"/>
    <Param_Transient integr_tol="1e-9" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("motion", motion), fmt::arg("index", dae_index));
}

/// The attribute naming the routine's source: the C library or the Python script.
std::string source(bool python) {
  return python ? fmt::format(R"U(script_name="{}" interpreter="PYTHON")U", kScript)
                : fmt::format(R"U(usrsub_dll_name="{}")U", kLib);
}

std::string user_motion(const char* val_type, const std::string& extra = "", bool python = false) {
  return fmt::format(R"U(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="{}" {}
      type="USERSUB" {} usrsub_param_string="USER({}, {})"/>)U",
                     val_type, extra, source(python), kA, kW);
}

/// Request values (angle, reaction torque, rate) at every output of a run.
std::vector<std::vector<double>> requests(const test::InlineRun& run) {
  RequestOutputs req(*run.sys);
  std::vector<std::vector<double>> out;
  std::vector<double> v(req.size());
  for (size_t k = 0; k < run.t.size(); ++k) {
    req.values(run.t[k], run.y[k].data(), run.yp[k].data(), v);
    out.push_back(v);
  }
  return out;
}

}  // namespace

TEST_CASE("a MOTSUB Motion_Joint follows its closed form and agrees with the expression twin") {
  const auto expr_run = test::run_inline(rotor_deck(fmt::format(
      R"U(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" expr="{}*SIN({}*TIME)"/>)U",
      kA, kW)));
  REQUIRE(expr_run.report.code == ExitCode::kSuccess);
  const auto expr_values = requests(expr_run);
  const double i_pivot = 0.25 + 3 * 0.4 * 0.4;
  const bool python = GENERATE(false, true);
  // val_type D calls iord 0, 1, 2; V (integrated from ic_disp) calls 1 and 2.
  for (const char* val_type : {"D", "V"}) {
    const std::string extra = val_type[0] == 'V' ? R"(ic_disp="0")" : "";
    const std::string motion = user_motion(val_type, extra, python);
    INFO(motion);
    const auto run = test::run_inline(rotor_deck(motion));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == expr_run.t.size());
    const auto values = requests(run);
    if (python) {  // the C twin: the same values to round-off
      const auto c_values = requests(test::run_inline(rotor_deck(user_motion(val_type, extra))));
      REQUIRE(c_values.size() == values.size());
      for (size_t k = 0; k < values.size(); ++k) {
        for (size_t c = 0; c < 3; ++c) CHECK(values[k][c] == Approx(c_values[k][c]).margin(1e-12));
      }
    }
    const bool displacement = motion.find("val_type=\"D\"") != std::string::npos;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      CHECK(values[k][0] == Approx(kA * std::sin(kW * t)).margin(displacement ? 1e-9 : 1e-6));
      CHECK(values[k][2] == Approx(kA * kW * std::cos(kW * t)).margin(1e-6));
      CHECK(values[k][1] == Approx(-i_pivot * kA * kW * kW * std::sin(kW * t)).margin(1e-5));
      if (displacement) {
        for (size_t c = 0; c < 3; ++c)
          CHECK(values[k][c] == Approx(expr_values[k][c]).margin(1e-9));
      }
    }
  }
}

TEST_CASE("a MOTSUB Motion_Joint in the index-1 form (dae_index 1) follows its closed form") {
  // The acceleration row's explicit time term is the MOTSUB's next derivative (iord 2 for both
  // D and V: JointKernel::velocity_row_rate).
  const double i_pivot = 0.25 + 3 * 0.4 * 0.4;
  for (const char* val_type : {"D", "V"}) {
    const std::string extra = val_type[0] == 'V' ? R"(ic_disp="0")" : "";
    const std::string motion = user_motion(val_type, extra);
    INFO(motion);
    const auto run = test::run_inline(rotor_deck(motion, 1));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const auto values = requests(run);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      CHECK(values[k][0] == Approx(kA * std::sin(kW * t)).margin(1e-6));
      CHECK(values[k][2] == Approx(kA * kW * std::cos(kW * t)).margin(1e-6));
      CHECK(values[k][1] == Approx(-i_pivot * kA * kW * kW * std::sin(kW * t)).margin(1e-5));
    }
  }
}

TEST_CASE("a MOTSUB Motion_Marker drives a slider along Z") {
  const bool python = GENERATE(false, true);
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Motion_Marker id="7" i_marker_id="20" j_marker_id="10" direction="Z" type="USERSUB"
        {src} usrsub_param_string="USER({a}, {w})"/>
    <Post_Request id="1" type="EXPRESSION" expr1="DZ(20,10)" expr2="VZ(20,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>
  </Command></MotionSolve>)XML",
                                                fmt::arg("src", source(python)), fmt::arg("a", kA),
                                                fmt::arg("w", kW)));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto values = requests(run);
  REQUIRE(run.t.size() == 41);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    CHECK(values[k][0] == Approx(kA * std::sin(kW * t)).margin(1e-9));
    CHECK(values[k][1] == Approx(kA * kW * std::cos(kW * t)).margin(1e-6));
  }
}

TEST_CASE("a MOTSUB that reads a body stops the analysis naming the motion") {
  // The initialisation call (iflag = 1, when the System is built) already reads the body.
  const bool python = GENERATE(false, true);
  try {
    test::run_inline(rotor_deck(fmt::format(
        R"U(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="USERSUB"
          {} usrsub_fnc_name="MOTSUB_READS_BODY" usrsub_param_string="USER(20)"/>)U",
        source(python))));
    FAIL("the run should have stopped");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    CHECK_THAT(e.what(), Catch::Contains("Motion_Joint 5") && Catch::Contains("Body_Rigid 2"));
  }
}

TEST_CASE("a Python MOTSUB that raises stops the analysis naming the motion and the script") {
  std::string message;
  try {
    const auto run = test::run_inline(rotor_deck(fmt::format(
        R"U(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="USERSUB"
          {} usrsub_fnc_name="MOTSUB_RAISE" usrsub_param_string="USER(0.5)"/>)U",
        source(true))));
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    message = run.report.message;
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    message = e.what();
  }
  CHECK_THAT(message,
             Catch::Contains("Motion_Joint 5: user subroutine MOTSUB_RAISE in " + kScript) &&
                 Catch::Contains("raised ValueError: motion table ends at t = 0.500") &&
                 Catch::Contains("Traceback (most recent call last):"));
}
