// VARSUB Reference_Variables read inside residuals (solver/user_variables.hpp): by a force
// expression, a Control_Diff expression, the inputs of a Control_StateEqn and of a
// Force_StateEqn, solved implicitly with the readers.
// Oracles: the same model with the variable written as an expression (VARSUB = 50 DM(20, 10),
// test_subs.c and its Python twin in test_subs.py), the closed-form motion of the body and of
// the states it drives, and central differences of the residual for the Jacobian.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "parser/xml_reader.hpp"
#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_USERSUB_LIB;
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";

enum class Source { kExpression, kLibrary, kPython };

/// Body 2 (mass 2) on the x axis, started at x = 0.7 at rest, pulled by the force
/// FX = -VARVAL(5) + 25 with VARVAL(5) = 50 DM(20, 10) = 50 x: x = 0.5 + 0.2 cos(5 t).
/// VARVAL(5) also drives a Control_Diff (y7' = VARVAL(5) - 3 y7) and a Control_StateEqn
/// (x6' = -3 x6 + VARVAL(5)), both from 0. `lag` adds a Force_StateEqn x9' = -3 x9 +
/// VARVAL(5), FX = 0.4 x9 on the body (no closed form then). `source` picks how variable 5 is
/// written: an expression, the library's VARSUB or its Python twin.
std::string varsub_deck(Source source, bool lag) {
  std::string variable;
  switch (source) {
    case Source::kExpression:
      variable = R"U(type="EXPRESSION" expr="50*DM(20, 10)")U";
      break;
    case Source::kLibrary:
      variable = fmt::format(R"U(type="USERSUB" usrsub_dll_name="{}"
       usrsub_param_string="USER(20, 10, 50)")U",
                             kLib);
      break;
    case Source::kPython:
      variable = fmt::format(R"U(type="USERSUB" script_name="{}" interpreter="Python"
       usrsub_fnc_name="VARSUB" usrsub_param_string="USER(20, 10, 50)")U",
                             kScript);
      break;
  }
  const std::string lag_force = R"U(<Reference_Array id="110" type="X" num_element="1"/>
    <Force_StateEqn id="9" type="LINEAR" x_array_id="110" u_array_id="121" i_marker_id="20"
       j_floating_marker_id="10" ref_marker_id="10" a_matrix_id="221" b_matrix_id="222"
       c_matrix_id="213"/>
    <Reference_Matrix id="213" nrow="6" ncol="1">0.4 0 0 0 0 0</Reference_Matrix>)U";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.7"/>
    <Reference_Variable id="5" {variable}/>
    <Force_Vector_TwoBody id="31" type="ForceOnly" i_marker_id="20" j_floating_marker_id="10"
       fx_expression="-VARVAL(5) + 25" fy_expression="0" fz_expression="0"/>
    <Control_Diff id="7" type="EXPRESSION" ic="0" expr="VARVAL(5) - 3*DIF(7)"/>
    <Reference_Array id="121" type="U" num_element="1" variable_id="5"/>
    <Reference_Array id="120" type="X" num_element="1"/>
    <Reference_Matrix id="221" nrow="1" ncol="1">-3</Reference_Matrix>
    <Reference_Matrix id="222" nrow="1" ncol="1">1</Reference_Matrix>
    <Control_StateEqn id="6" type="LINEAR" x_array_id="120" u_array_id="121"
       a_matrix_id="221" b_matrix_id="222"/>
    {lag}
    <Post_Request id="1" type="EXPRESSION" expr1="VARVAL(5)" expr2="50*DM(20, 10)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("variable", variable), fmt::arg("lag", lag ? lag_force : ""));
}

/// Largest difference of every state between two runs of the same layout.
double max_state_difference(const test::InlineRun& a, const test::InlineRun& b) {
  REQUIRE(a.t.size() == b.t.size());
  REQUIRE(a.y.front().size() == b.y.front().size());
  double worst = 0.0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    REQUIRE(a.t[k] == b.t[k]);
    for (size_t i = 0; i < a.y[k].size(); ++i) {
      worst = std::max(worst, std::abs(a.y[k][i] - b.y[k][i]));
    }
  }
  return worst;
}

/// y' = -3 y + a + b cos(5 t), y(0) = 0.
double driven_lag(double a, double b, double t) {
  const double p = 3.0 * b / 34.0, q = 5.0 * b / 34.0;
  return a / 3.0 + p * std::cos(5.0 * t) + q * std::sin(5.0 * t) - (a / 3.0 + p) * std::exp(-3 * t);
}

}  // namespace

TEST_CASE(
    "a VARSUB read by a force, a Control_Diff and a Control_StateEqn follows the closed form") {
  const Source source = GENERATE(Source::kLibrary, Source::kPython);
  CAPTURE(static_cast<int>(source));
  const auto twin = test::run_inline(varsub_deck(Source::kExpression, false));
  const auto run = test::run_inline(varsub_deck(source, false));
  REQUIRE(twin.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(max_state_difference(twin, run) < 1e-9);
  // State layout: body 2 (x = y[0]), then Control_Diff 7 and Control_StateEqn 6 in deck order.
  const int s = run.sys->state_offset();
  double body = 0.0, diff = 0.0, lag = 0.0, range = 0.0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    body = std::max(body, std::abs(run.y[k][0] - (0.5 + 0.2 * std::cos(5.0 * t))));
    const double y7 = driven_lag(25.0, 10.0, t);  // 50 x = 25 + 10 cos(5 t)
    diff = std::max(diff, std::abs(run.y[k][s] - y7));
    lag = std::max(lag, std::abs(run.y[k][s + 1] - y7));
    range = std::max(range, std::abs(y7));
  }
  INFO("body " << body << ", Control_Diff " << diff << ", Control_StateEqn " << lag);
  CHECK(range > 5.0);
  CHECK(body < 1e-6);
  CHECK(diff < 1e-5 * range);
  CHECK(lag < 1e-5 * range);
  // Requests still read the VARSUB: VARVAL(5) = 50 DM.
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 2);
  std::vector<double> out(2);
  for (size_t k : {size_t{0}, size_t{77}, run.t.size() - 1}) {
    req.values(run.t[k], run.y[k].data(), run.yp[k].data(), out);
    CHECK(out[0] == Approx(out[1]).margin(1e-12));
  }
}

TEST_CASE("a Force_StateEqn fed by a VARSUB agrees with its expression twin") {
  const Source source = GENERATE(Source::kLibrary, Source::kPython);
  CAPTURE(static_cast<int>(source));
  const auto twin = test::run_inline(varsub_deck(Source::kExpression, true));
  const auto run = test::run_inline(varsub_deck(source, true));
  REQUIRE(twin.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // The lag's force moves the body off the closed form of the deck without it.
  const double t = run.t.back();
  CHECK(std::abs(run.y.back()[0] - (0.5 + 0.2 * std::cos(5.0 * t))) > 1e-2);
  CHECK(max_state_difference(twin, run) < 1e-9);
}

TEST_CASE("Jacobian of kernels reading a VARSUB equals central differences") {
  const bool lag = GENERATE(false, true);
  CAPTURE(lag);
  Diagnostics diag;
  Deck deck = read_xml_deck_text(varsub_deck(Source::kLibrary, lag), "jac.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  const System sys(*model);
  const auto check = test::check_jacobian_off_initial_state(sys, 0.7, 13.0, 1e-5);
  INFO(check.where << "; " << check.state_entries << " state-coupled entries");
  // The states' rows read the body (through the VARSUB) and the lag loads it.
  CHECK(check.state_entries >= (lag ? 5 : 3));
  CHECK(check.worst < 1e-5);  // forward differences of the routine: ~sqrt(eps) accurate
}

TEST_CASE("an algebraic loop next to a VARSUB read is still a deck error at the element") {
  // The callbacks give a VARSUB bodies, reactions and states only, so no loop closes through
  // it; a loop through the outputs of the element it feeds is reported as before.
  std::string xml = varsub_deck(Source::kLibrary, false);
  const std::string from =
      R"U(<Reference_Array id="121" type="U" num_element="1" variable_id="5"/>)U";
  xml.replace(xml.find(from), from.size(),
              R"U(<Reference_Variable id="8" type="EXPRESSION" expr="VARVAL(5) + ARYVAL(130, 1)"/>
    <Reference_Array id="121" type="U" num_element="1" variable_id="8"/>
    <Reference_Array id="130" type="Y" num_element="1"/>
    <Reference_Matrix id="223" nrow="1" ncol="1">1</Reference_Matrix>)U");
  const std::string eqn = R"U(a_matrix_id="221" b_matrix_id="222"/>)U";
  xml.replace(xml.find(eqn), eqn.size(),
              R"U(a_matrix_id="221" b_matrix_id="222" y_array_id="130" c_matrix_id="223"
       d_matrix_id="223"/>)U");
  CHECK_THROWS_WITH(test::run_inline(xml),
                    Catch::Matches("deck errors:\\s+inline\\.xml:[0-9]+:[0-9]+: error: "
                                   "Control_StateEqn 6: its inputs form an algebraic loop"
                                   "[\\s\\S]*"));
}

TEST_CASE("VARSUB reads integrate alike with CVODE (ABAM) and IDA") {
  const std::string xml = varsub_deck(Source::kLibrary, true);
  std::string ode = xml;
  const std::string from = R"U(<Param_Transient integr_tol="1e-10"/>)U";
  ode.replace(ode.find(from), from.size(),
              R"U(<Param_Transient integrator_type="ABAM" integr_tol="1e-10"/>)U");
  const auto ida = test::run_inline(xml);
  const auto cvode = test::run_inline(ode);
  REQUIRE(ida.report.code == ExitCode::kSuccess);
  REQUIRE(cvode.report.code == ExitCode::kSuccess);
  CHECK(max_state_difference(ida, cvode) < 1e-6);
}

TEST_CASE("a VARSUB reading DIF and DIF1 feeds a Control_Diff and a request") {
  // VARVAL(11) = 2 DIF(7) + DIF1(7) (VARSUB_DIF of test_subs.py), read by the Control_Diff
  // y12' = VARVAL(11), from 0: y12 = y7 + 2 (integral of y7), y7 in closed form (driven_lag).
  auto deck = [](bool user) {
    std::string xml = varsub_deck(Source::kLibrary, false);
    const std::string variable =
        user ? fmt::format(R"U(type="USERSUB" script_name="{}" interpreter="Python"
       usrsub_fnc_name="VARSUB_DIF" usrsub_param_string="USER(7, 2)")U",
                           kScript)
             : R"U(type="EXPRESSION" expr="2*DIF(7) + DIF1(7)")U";
    const std::string at = "<Post_Request";
    xml.insert(xml.find(at), fmt::format(R"U(<Reference_Variable id="11" {}/>
    <Control_Diff id="12" type="EXPRESSION" ic="0" expr="VARVAL(11)"/>
    <Post_Request id="2" type="EXPRESSION" expr1="VARVAL(11)" expr2="2*DIF(7) + DIF1(7)"/>
    )U",
                                         variable));
    return xml;
  };
  const auto twin = test::run_inline(deck(false));
  const auto run = test::run_inline(deck(true));
  REQUIRE(twin.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(max_state_difference(twin, run) < 1e-9);
  // y12 against y7 + 2 (integral of the closed-form y7), by the trapezoidal rule on a fine grid.
  const int s = run.sys->state_offset();
  const size_t y12 = static_cast<size_t>(s + 2);  // after Control_Diff 7 and Control_StateEqn 6
  double integral = 0.0, worst = 0.0, range = 0.0;
  const int sub = 200;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (k > 0) {
      const double h = (run.t[k] - run.t[k - 1]) / sub;
      for (int i = 0; i < sub; ++i) {
        const double a = run.t[k - 1] + i * h;
        integral += 0.5 * h * (driven_lag(25.0, 10.0, a) + driven_lag(25.0, 10.0, a + h));
      }
    }
    const double expected = driven_lag(25.0, 10.0, run.t[k]) + 2.0 * integral;
    worst = std::max(worst, std::abs(run.y[k][y12] - expected));
    range = std::max(range, std::abs(expected));
  }
  INFO("worst " << worst << " of " << range);
  CHECK(range > 10.0);
  CHECK(worst < 1e-5 * range);
  // The request calls the VARSUB with y' too (DIF1).
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 4);
  std::vector<double> out(4);
  for (size_t k : {size_t{10}, size_t{99}, run.t.size() - 1}) {
    req.values(run.t[k], run.y[k].data(), run.yp[k].data(), out);
    CHECK(std::abs(out[2]) > 0.1);
    CHECK(out[2] == Approx(out[3]).margin(1e-12));
  }
  // The Control_Diff's row reads DIF(7) and DIF1(7) through the VARSUB: exact Jacobian.
  Diagnostics diag;
  Deck d = read_xml_deck_text(deck(true), "jac.xml", diag);
  auto model = build_model(d, diag);
  REQUIRE(model);
  const System sys(*model);
  const auto check = test::check_jacobian_off_initial_state(sys, 0.7, 13.0, 1e-5);
  INFO(check.where);
  CHECK(check.worst < 1e-5);
}
