// COUSUB user couplers (Constraint_Coupler with usrsub_dll_name) with the routines of
// test_subs.c. Oracles:
// * COUSUB_LINEAR, Phi = 2 q1 + q2, with its partials COUXX_LINEAR / COUXX2_LINEAR and without
//   them (differenced): a torque T = 0.65 on wheel 1 gives q1'' = T / (I1 + 4 I2) = 0.5 and
//   q2 = -2 q1 (closed form), the multiplier is I2 q2'' = -0.2, and the runs agree with the
//   built-in coupler coefficients="2, 1";
// * COUSUB_SINE, Phi = q2 - a sin(q1), wheel 1 driven q1 = 2t: q2 = a sin(2t),
//   q2' = 2a cos(2t) and the multiplier I2 q2'' (closed form); its exact Jacobian (differenced
//   partials) agrees with finite differences of the residual;
// * both in the stabilised index-2 and the index-1 form (dae_index 1: the acceleration row reads
//   the second partials, its Jacobian differences of them);
// * an Adams COUPLER FUNCTION=USER(2, 1), ROUTINE=lib::COUSUB_LINEAR, lib::COUXX_LINEAR runs
//   like the XML deck (the same closed form);
// * a COUSUB that reads a body through c_sysfnc stops the run, naming the element and body; one
//   whose Phi changes with TIME is refused (a coupler holds Phi(q));
// * the Python twins in test_subs.py (script_name, the same routine names) follow the same
//   closed forms (and the built-in coupler).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/coupled_wheels.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_USERSUB_LIB;
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";
constexpr double kTwoPi = 2.0 * std::numbers::pi;

double wrap(double x) { return test::wrap_angle(x); }

/// The coupled wheels (tests/solver/coupled_wheels.hpp) with `coupler` and `extra`, run to
/// `end` in the stabilised index-2 form, or the index-1 form when `index1`.
std::string wheels(const std::string& coupler, const std::string& extra, double end,
                   bool index1 = false) {
  return test::two_wheels(
      coupler + extra +
          fmt::format(R"(<Param_Transient integr_tol="1e-9" dae_index="{}"/>)", index1 ? 1 : 2),
      fmt::format(R"(<Simulate analysis_type="Transient" end_time="{}"
                                                  print_interval="0.1"/>)",
                  end));
}

/// A COUSUB coupler from the test library, or from its Python twin when `python`.
std::string user_coupler(const std::string& names, const std::string& params, bool python = false) {
  const std::string source =
      python ? fmt::format(R"U(script_name="{}" interpreter="PYTHON")U", kScript)
             : fmt::format(R"U(usrsub_dll_name="{}")U", kLib);
  return fmt::format(R"U(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2"
      {} {} usrsub_param_string="USER({})"/>)U",
                     source, names, params);
}

double angle_z(const test::InlineRun& run, size_t k, int body_id) {
  return test::wheel_angle(run, k, body_id);
}

double spin(const test::InlineRun& run, size_t k, int body_id) {
  return run.y[k][run.sys->body_offset(run.model->body_index.at(body_id)) + 12];
}

constexpr const char* kTorque =
    R"(<Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20" j_marker_id="10" val="0.65"/>)";

}  // namespace

TEST_CASE("a linear COUSUB coupler runs like the built-in coupler (with and without COUXX)") {
  const auto builtin = test::run_inline(
      wheels(R"(<Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>)",
             kTorque, 4));
  REQUIRE(builtin.report.code == ExitCode::kSuccess);
  const bool python = GENERATE(false, true);
  const bool index1 = GENERATE(false, true);
  INFO((python ? "Python script" : "library") << (index1 ? ", index-1 form" : ""));
  for (const char* names : {R"(usrsub_fnc_name="COUSUB_LINEAR" usrsub_der1_name="COUXX_LINEAR"
           usrsub_der2_name="COUXX2_LINEAR")",
                            R"(usrsub_fnc_name="COUSUB_LINEAR")"}) {
    INFO(names);
    const auto run =
        test::run_inline(wheels(user_coupler(names, "2, 1", python), kTorque, 4, index1));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == builtin.t.size());
    const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->coupler_equation(0);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      CHECK(std::abs(wrap(angle_z(run, k, 2) - 0.25 * t * t)) < 1e-6);
      CHECK(std::abs(wrap(angle_z(run, k, 3) + 0.5 * t * t)) < 1e-6);
      CHECK(spin(run, k, 3) == Approx(-t).margin(1e-6));
      CHECK(run.y[k][lambda] == Approx(-0.2).margin(1e-6));
      CHECK(std::abs(wrap(angle_z(run, k, 3) - angle_z(builtin, k, 3))) < 1e-7);
    }
  }
}

TEST_CASE("a nonlinear COUSUB coupler q2 = a sin(q1) follows its closed form") {
  const double a = 0.7;
  const bool python = GENERATE(false, true);
  const bool index1 = GENERATE(false, true);
  INFO((python ? "Python script" : "library") << (index1 ? ", index-1 form" : ""));
  const auto run = test::run_inline(
      wheels(user_coupler(R"(usrsub_fnc_name="COUSUB_SINE")", fmt::format("{}", a), python),
             R"(<Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                              expr="2*TIME"/>)",
             3, index1));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 31);
  // The multiplier: I2 q2'' with q2'' = -4 a sin(2t) (dPhi/dq2 = 1). In the index-1 form the
  // acceleration row, which reads the differenced second partials, determines it.
  const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->coupler_equation(0);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(std::abs(wrap(angle_z(run, k, 3) - a * std::sin(2 * t))) < 1e-7);
    CHECK(spin(run, k, 3) == Approx(2 * a * std::cos(2 * t)).margin(1e-6));
    CHECK(run.y[k][lambda] == Approx(0.2 * -4 * a * std::sin(2 * t)).margin(1e-5));
  }
  // The exact Jacobian (second partials differenced; in the index-1 form third partials too)
  // against differences of the residual, at a state away from the input configuration. The
  // residual carries the round-off of the differenced partials (~1e-10), so the oracle steps
  // 1e-4, not 1e-6.
  const size_t k = run.t.size() / 2;
  const auto check = test::check_jacobian(*run.sys, run.t[k], run.y[k], run.yp[k], 50.0, 1e-4);
  INFO(check.where);
  CHECK(check.worst < 1e-5);
}

TEST_CASE("an Adams COUPLER FUNCTION=USER with ROUTINE runs the COUSUB") {
  const auto run = test::run_adm(
      "cousub",
      test::two_wheels_adm(fmt::format("COUPLER/7, JOINTS=1, 2, FUNCTION=USER(2, 1)\n"
                                       ", ROUTINE={0}::COUSUB_LINEAR, {0}::COUXX_LINEAR\n"
                                       "SFORCE/4, ROTATION, I=20, J=10, FUNCTION=0.65\n",
                                       kLib)),
      "INTEGRATOR/GSTIFF, ERROR=1.0E-9\nSIMULATE/DYNAMIC, END=3, DTOUT=0.1\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 31);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(std::abs(wrap(angle_z(run, k, 2) - 0.25 * t * t)) < 1e-6);
    CHECK(std::abs(wrap(angle_z(run, k, 3) + 0.5 * t * t)) < 1e-6);
  }
}

TEST_CASE("a COUSUB that reads a body is refused") {
  try {
    test::run_inline(
        wheels(user_coupler(R"(usrsub_fnc_name="COUSUB_READS_BODY")", "20"), kTorque, 1));
    FAIL("the run should have stopped");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    CHECK_THAT(e.what(), Catch::Contains("Constraint_Coupler 7") &&
                             Catch::Contains("Body_Rigid 2") && Catch::Contains("COUSUB"));
  }
}

TEST_CASE("a COUSUB whose Phi changes with TIME is refused") {
  try {
    test::run_inline(wheels(user_coupler(R"(usrsub_fnc_name="COUSUB_TIME")", "0.5"), kTorque, 1));
    FAIL("the run should have stopped");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kDeckError);
    CHECK_THAT(e.what(), Catch::Contains("Constraint_Coupler 7") &&
                             Catch::Contains("changes with TIME") &&
                             Catch::Contains("Motion_Joint"));
  }
}
