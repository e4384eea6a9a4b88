// Values computed by user subroutines, read by other elements (solver/state_reads.cpp):
// ARYVAL of the Y array of a USERSUB state element (GSESUB, YFOSUB) and ARYVAL of an ARYSUB U
// array, in requests, variables, state-element inputs and force expressions, solved implicitly
// with the readers.
// Oracles: the same models written with LINEAR elements and expression variables (the runs
// must agree to the integration tolerance), the measures the ARYSUB returns (DX, VX) evaluated
// directly, CVODE against IDA, and central differences of the residual for the Jacobian.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "models/dissipated_energy.hpp"
#include "parser/xml_reader.hpp"
#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_USERSUB_LIB;

/// The GSESUB damped oscillator of user_states_test.cpp (element 4: x1' = x2, x2' = -w^2 x1 -
/// 2 z w x2 + u, y = (x1, x2 + d u), u = SIN(2 TIME)) read by a Control_Diff (y7' = Y2 - 3 y7)
/// by a lag Force_StateEqn (element 9: x' = -3 x + Y1, FX = 40 x on the free body) and by a
/// force expression (FX = -50 (DX - 0.5) + 2 Y2).
/// `user` picks the USERSUB (GSESUB, YFOSUB) or the LINEAR form of both elements.
constexpr double kW = 5.0, kZ = 0.1, kD = 0.5;
std::string oscillator_deck(bool user) {
  const std::string gse =
      user ? fmt::format(R"U(type="USERSUB" num_state="2" num_output="2" usrsub_dll_name="{}"
       usrsub_param_string="USER({}, {}, {})")U",
                         kLib, kW, kZ, kD)
           : R"U(type="LINEAR" a_matrix_id="201" b_matrix_id="202" c_matrix_id="203"
       d_matrix_id="204")U";
  const std::string lag =
      user ? fmt::format(R"U(type="USERSUB" num_state="1" usrsub_dll_name="{}"
       usrsub_param_string="USER(3, 40)")U",
                         kLib)
           : R"U(type="LINEAR" a_matrix_id="211" b_matrix_id="212" c_matrix_id="213")U";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Variable id="5" type="EXPRESSION" expr="SIN(2*TIME)"/>
    <Reference_Array id="101" type="U" num_element="1" variable_id="5"/>
    <Reference_Array id="100" type="X" num_element="2"/>
    <Reference_Array id="102" type="Y" num_element="2"/>
    <Reference_Array id="103" type="IC" num_element="2">0.3 -1</Reference_Array>
    <Control_StateEqn id="4" x_array_id="100" u_array_id="101" y_array_id="102"
       ic_array_id="103" {gse}/>
    <Reference_Matrix id="201" nrow="2" ncol="2" isroworder="TRUE">0 1 {a21} {a22}</Reference_Matrix>
    <Reference_Matrix id="202" nrow="2" ncol="1">0 1</Reference_Matrix>
    <Reference_Matrix id="203" nrow="2" ncol="2">1 0 0 1</Reference_Matrix>
    <Reference_Matrix id="204" nrow="2" ncol="1">0 {d}</Reference_Matrix>
    <Control_Diff id="7" type="EXPRESSION" ic="0" expr="ARYVAL(102, 2) - 3*DIF(7)"/>
    <Reference_Variable id="8" type="EXPRESSION" expr="ARYVAL(102, 1)"/>
    <Reference_Array id="111" type="U" num_element="1" variable_id="8"/>
    <Reference_Array id="110" type="X" num_element="1"/>
    <Force_StateEqn id="9" x_array_id="110" u_array_id="111" i_marker_id="20"
       j_floating_marker_id="10" ref_marker_id="10" {lag}/>
    <Reference_Matrix id="211" nrow="1" ncol="1">-3</Reference_Matrix>
    <Reference_Matrix id="212" nrow="1" ncol="1">1</Reference_Matrix>
    <Reference_Matrix id="213" nrow="6" ncol="1">40 0 0 0 0 0</Reference_Matrix>
    <Force_Vector_TwoBody id="31" type="ForceOnly" i_marker_id="20" j_floating_marker_id="10"
       fx_expression="-50*(DX(20, 10) - 0.5) + 2*ARYVAL(102, 2)" fy_expression="0"
       fz_expression="0"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("gse", gse), fmt::arg("lag", lag), fmt::arg("a21", -kW * kW),
                     fmt::arg("a22", -2 * kZ * kW), fmt::arg("d", kD));
}

/// A lag Force_StateEqn (YFOSUB x' = -3 x + U1, FX = 4 x) fed by the ARYSUB array 101 =
/// (DX(20, 10), VX(20, 10)), which a variable, a Control_Diff (y3' = U2, so y3 = DX - 0.5), a
/// Control_StateEqn (x' = -x + VARVAL(7)) and a force expression (a spring-damper towards
/// DX = 0.5) read; `direct` writes the same reads as the measures DX and VX instead (the oracle).
std::string arysub_deck(bool direct) {
  const std::string u1 = direct ? "DX(20, 10)" : "ARYVAL(101, 1)";
  const std::string u2 = direct ? "VX(20, 10)" : "ARYVAL(101, 2)";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Array id="100" type="X" num_element="1"/>
    <Reference_Array id="101" type="U" num_element="2" usrsub_dll_name="{lib}"
       usrsub_param_string="USER(20, 10)"/>
    <Force_StateEqn id="9" x_array_id="100" u_array_id="101" i_marker_id="20"
       j_floating_marker_id="10" ref_marker_id="10" type="USERSUB" num_state="1"
       usrsub_dll_name="{lib}" usrsub_param_string="USER(3, 4)"/>
    <Reference_Variable id="7" type="EXPRESSION" expr="{u1}"/>
    <Control_Diff id="3" type="EXPRESSION" ic="0" expr="{u2}"/>
    <Reference_Array id="121" type="U" num_element="1" variable_id="7"/>
    <Reference_Array id="120" type="X" num_element="1"/>
    <Reference_Matrix id="221" nrow="1" ncol="1">-1</Reference_Matrix>
    <Reference_Matrix id="222" nrow="1" ncol="1">1</Reference_Matrix>
    <Control_StateEqn id="6" type="LINEAR" x_array_id="120" u_array_id="121"
       a_matrix_id="221" b_matrix_id="222"/>
    <Force_Vector_TwoBody id="31" type="ForceOnly" i_marker_id="20" j_floating_marker_id="10"
       fx_expression="-50*({u1} - 0.5) - 2*{u2}" fy_expression="0" fz_expression="0"/>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(101, 1)" expr2="ARYVAL(101, 2)"
       expr3="VARVAL(7)" expr4="DX(20, 10)" expr5="VX(20, 10)"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("lib", kLib), fmt::arg("u1", u1), fmt::arg("u2", u2));
}

/// Body 2 (mass 2) on the x axis, started at x = 0.7 at rest, on a Force_SpringDamper whose
/// force_expression is f = -50 (DX - 0.5) - 2 VX (a damped oscillator: x - 0.5 = 0.2 e^(-t/2)
/// (cos(wd t) + sin(wd t) / (2 wd)), wd^2 = 25 - 1/4), read as `reads`: the measures
/// ("measures", the oracle), the ARYSUB array 101 = (DX, VX) ("arysub", evaluated by the
/// Control_StateEqn 6 that uses it) or DX through the VARSUB 50 DM(20, 10) ("varsub"). An
/// expression law absorbs -f ldot = -d/dt (m v^2 / 2): its dissipated energy is -m v^2 / 2.
/// DSTIFF named: the same form for every variant (with none named, the measures run in joint
/// coordinates and the black-box reads in the Cartesian DAE).
std::string spring_reads_deck(const std::string& reads) {
  std::string f = "-50*(DX(20, 10) - 0.5) - 2*VX(20, 10)";
  if (reads == "arysub") f = "-50*(ARYVAL(101, 1) - 0.5) - 2*ARYVAL(101, 2)";
  if (reads == "varsub") f = "-(VARVAL(5) - 25) - 2*VX(20, 10)";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.7"/>
    <Reference_Array id="101" type="U" num_element="2" usrsub_dll_name="{lib}"
       usrsub_param_string="USER(20, 10)"/>
    <Reference_Array id="120" type="X" num_element="1"/>
    <Reference_Matrix id="221" nrow="1" ncol="1">-1</Reference_Matrix>
    <Reference_Matrix id="222" nrow="1" ncol="2">1 0</Reference_Matrix>
    <Control_StateEqn id="6" type="LINEAR" x_array_id="120" u_array_id="101"
       a_matrix_id="221" b_matrix_id="222"/>
    <Reference_Variable id="5" type="USERSUB" usrsub_dll_name="{lib}"
       usrsub_param_string="USER(20, 10, 50)"/>
    <Force_SpringDamper id="32" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
       force_expression="{f}"/>
    <Param_Transient integr_tol="1e-10" integrator_type="DSTIFF"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("lib", kLib), fmt::arg("f", f));
}

/// Largest difference of every state between two runs of the same layout.
double max_state_difference(const test::InlineRun& a, const test::InlineRun& b) {
  REQUIRE(a.t.size() == b.t.size());
  REQUIRE(a.y.front().size() == b.y.front().size());
  double worst = 0.0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    for (size_t i = 0; i < a.y[k].size(); ++i) {
      worst = std::max(worst, std::abs(a.y[k][i] - b.y[k][i]));
    }
  }
  return worst;
}

/// The Jacobian of `xml`'s system off its initial state against central differences.
test::JacobianCheck jacobian_of(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "jac.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  const System sys(*model);
  return test::check_jacobian_off_initial_state(sys, 0.7, 13.0, 1e-5);
}

}  // namespace

TEST_CASE("state-element inputs and forces read the Y array of USERSUB elements like LINEAR ones") {
  const auto lin = test::run_inline(oscillator_deck(false));
  const auto user = test::run_inline(oscillator_deck(true));
  REQUIRE(lin.report.code == ExitCode::kSuccess);
  REQUIRE(user.report.code == ExitCode::kSuccess);
  const int s = user.sys->state_offset();
  // State layout: oscillator (2), Control_Diff 7, lag 9. The reads move them all.
  double diff_range = 0.0, lag_range = 0.0;
  for (const auto& y : lin.y) {
    diff_range = std::max(diff_range, std::abs(y[s + 2]));
    lag_range = std::max(lag_range, std::abs(y[s + 3]));
  }
  INFO("Control_Diff range " << diff_range << ", lag range " << lag_range);
  CHECK(diff_range > 0.1);
  CHECK(lag_range > 0.02);
  CHECK(std::abs(lin.y.back()[0] - 0.5) > 1e-3);  // the lag's force moves the body
  CHECK(max_state_difference(lin, user) < 1e-6);
}

TEST_CASE("ARYVAL of an ARYSUB array in requests, variables, state-element inputs and forces") {
  const auto direct = test::run_inline(arysub_deck(true));
  const auto read = test::run_inline(arysub_deck(false));
  REQUIRE(direct.report.code == ExitCode::kSuccess);
  REQUIRE(read.report.code == ExitCode::kSuccess);
  CHECK(max_state_difference(direct, read) < 1e-7);
  // y3' = VX, so y3 = DX - 0.5 (kinematics, independent of the ARYSUB).
  const int s = read.sys->state_offset();
  double worst = 0.0, travel = 0.0;
  for (size_t k = 0; k < read.t.size(); ++k) {
    worst = std::max(worst, std::abs(read.y[k][s + 1] - (read.y[k][0] - 0.5)));
    travel = std::max(travel, std::abs(read.y[k][0] - 0.5));
  }
  INFO("travel " << travel << ", integral error " << worst);
  CHECK(travel > 0.01);
  CHECK(worst < 1e-6);
  // Requests: the array entries and the variable equal DX and VX.
  RequestOutputs req(*read.sys);
  REQUIRE(req.size() == 5);
  std::vector<double> out(5);
  for (size_t k : {size_t{0}, size_t{50}, read.t.size() - 1}) {
    req.values(read.t[k], read.y[k].data(), read.yp[k].data(), out);
    CHECK(out[0] == Approx(out[3]).margin(1e-12));
    CHECK(out[1] == Approx(out[4]).margin(1e-12));
    CHECK(out[2] == Approx(out[3]).margin(1e-12));
  }
}

TEST_CASE("the reads integrate alike with CVODE (ABAM) and IDA") {
  for (const std::string& xml : {oscillator_deck(true), arysub_deck(false)}) {
    std::string ode = xml;
    const std::string from = R"U(<Param_Transient integr_tol="1e-8"/>)U";
    ode.replace(ode.find(from), from.size(),
                R"U(<Param_Transient integrator_type="ABAM" integr_tol="1e-8"/>)U");
    const auto ida = test::run_inline(xml);
    const auto cvode = test::run_inline(ode);
    REQUIRE(ida.report.code == ExitCode::kSuccess);
    REQUIRE(cvode.report.code == ExitCode::kSuccess);
    CHECK(max_state_difference(ida, cvode) < 1e-6);
  }
}

TEST_CASE("Jacobian of elements reading user-subroutine values equals central differences") {
  SECTION("USERSUB outputs read by a Control_Diff, a YFOSUB and a force") {
    const auto check = jacobian_of(oscillator_deck(true));
    INFO(check.where << "; " << check.state_entries << " state-coupled entries");
    CHECK(check.state_entries >= 6);
    CHECK(check.worst < 1e-5);  // forward differences of the routines: ~sqrt(eps) accurate
  }
  SECTION("an ARYSUB array read by a Control_Diff, a variable and a force") {
    const auto check = jacobian_of(arysub_deck(false));
    INFO(check.where << "; " << check.state_entries << " state-coupled entries");
    CHECK(check.state_entries >= 6);
    CHECK(check.worst < 1e-5);
  }
}

TEST_CASE("bad reads of user-subroutine values are deck errors") {
  SECTION("a USERSUB element whose input reads its own output is an algebraic loop") {
    std::string xml = oscillator_deck(true);
    const std::string from = R"U(expr="SIN(2*TIME)")U";
    xml.replace(xml.find(from), from.size(), R"U(expr="ARYVAL(102, 2)")U");
    CHECK_THROWS_WITH(test::run_inline(xml), Catch::Contains("algebraic loop"));
  }
  SECTION("an ARYSUB array that no state element uses") {
    std::string xml = arysub_deck(false);
    const std::string from = R"U(u_array_id="101")U";
    xml.replace(xml.find(from), from.size(), R"U(u_array_id="121")U");
    CHECK_THROWS_WITH(test::run_inline(xml),
                      Catch::Contains("no state element uses as u_array_id"));
  }
}

TEST_CASE("a spring-damper force_expression reading user values integrates its dissipated energy") {
  const std::string reads = GENERATE(std::string("arysub"), std::string("varsub"));
  CAPTURE(reads);
  const auto twin = test::run_inline(spring_reads_deck("measures"));
  const auto run = test::run_inline(spring_reads_deck(reads));
  REQUIRE(twin.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(max_state_difference(twin, run) < 1e-9);
  const Model& m = *run.model;
  const int e =
      dissipated_energy_state(m, static_cast<int>(m.scalar_forces.size() + m.vector_forces.size()));
  REQUIRE(e >= 0);
  const int energy = run.sys->state_offset() + m.state_elements[e].first_state;
  const double wd = std::sqrt(25.0 - 0.25);
  double motion = 0.0, dissipated = 0.0, peak = 0.0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], v = run.y[k][7];
    const double x =
        0.5 + 0.2 * std::exp(-0.5 * t) * (std::cos(wd * t) + std::sin(wd * t) / (2 * wd));
    motion = std::max(motion, std::abs(run.y[k][0] - x));
    dissipated = std::max(dissipated, std::abs(run.y[k][energy] + v * v));  // -m v^2 / 2, m = 2
    peak = std::max(peak, v * v);
  }
  INFO("motion " << motion << ", dissipated energy " << dissipated << ", peak m v^2 / 2 " << peak);
  CHECK(peak > 0.1);
  CHECK(motion < 1e-6);
  CHECK(dissipated < 1e-6);
  // The dissipated-energy kernel reads the user values too: its Jacobian against differences.
  const auto check = jacobian_of(spring_reads_deck(reads));
  INFO(check.where);
  CHECK(check.worst < 1e-5);
}
