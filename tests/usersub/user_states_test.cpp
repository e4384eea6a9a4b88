// User-subroutine state elements (solver/user_state.cpp) with the library built from
// test_subs.c and with its Python twins in test_subs.py. Oracles: closed-form solutions, the
// same systems written as LINEAR or expression elements (the runs must agree to the integration
// tolerance), and for every script its C twin (the same deck with the library: equal results
// to round-off). Decks without forces carry one free body (a model needs a moving body).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "parser/xml_reader.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

const std::string kLib = MB_TEST_USERSUB_LIB;
/// The Python twins of test_subs.c.
const std::string kScript = MBSOLVE_SOURCE_DIR "/tests/usersub/test_subs.py";

/// The attribute naming the routines' source: the C library or the Python script.
std::string source(bool python) {
  return python ? fmt::format(R"U(script_name="{}" interpreter="PYTHON")U", kScript)
                : fmt::format(R"U(usrsub_dll_name="{}")U", kLib);
}

/// The message of a run that must stop with an analysis failure (exit 1).
std::string analysis_failure(const std::string& xml) {
  try {
    const auto run = test::run_inline(xml);
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    return run.report.message;
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    return e.what();
  }
}

/// A free body (mass m, no gravity) pushed along x by a Force_StateEqn whose one state is the
/// lag x' = -a x + u, FX = c x. `force` is the element's type-specific attributes; `extra` adds
/// elements (the input array and variables).
constexpr double kMass = 2.0, kA = 3.0, kC = 4.0;
std::string lag_deck(const std::string& force, const std::string& extra) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Array id="100" type="X" num_element="1"/>
    {extra}
    <Force_StateEqn id="9" x_array_id="100" u_array_id="101" i_marker_id="20"
       j_floating_marker_id="10" ref_marker_id="10" {force}/>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(100, 1)"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("m", kMass), fmt::arg("force", force), fmt::arg("extra", extra));
}

std::string linear_lag(const std::string& extra) {
  return lag_deck(R"U(type="LINEAR" a_matrix_id="201" b_matrix_id="202" c_matrix_id="203")U",
                  fmt::format(R"XML({}
    <Reference_Matrix id="201" nrow="1" ncol="1">-{a}</Reference_Matrix>
    <Reference_Matrix id="202" nrow="1" ncol="1">1</Reference_Matrix>
    <Reference_Matrix id="203" nrow="6" ncol="1">{c} 0 0 0 0 0</Reference_Matrix>)XML",
                              extra, fmt::arg("a", kA), fmt::arg("c", kC)));
}

std::string user_lag(const std::string& extra, const std::string& params = "",
                     bool python = false) {
  return lag_deck(fmt::format(R"U(type="USERSUB" num_state="1" {}
       usrsub_param_string="USER({}, {}{})")U",
                              source(python), kA, kC, params),
                  extra);
}

const std::string kStepInput = R"U(<Reference_Variable id="5" type="EXPRESSION" expr="1"/>
    <Reference_Array id="101" type="U" num_element="1" variable_id="5"/>)U";

double max_difference(const test::InlineRun& a, const test::InlineRun& b, int channel) {
  REQUIRE(a.t.size() == b.t.size());
  double worst = 0.0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    worst = std::max(worst, std::abs(a.y[k][channel] - b.y[k][channel]));
  }
  return worst;
}

}  // namespace

TEST_CASE("YFOSUB Force_StateEqn agrees with the LINEAR one and with the closed form") {
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  const auto lin = test::run_inline(linear_lag(kStepInput));
  const auto user = test::run_inline(user_lag(kStepInput, "", python));
  REQUIRE(lin.report.code == ExitCode::kSuccess);
  REQUIRE(user.report.code == ExitCode::kSuccess);
  // u = 1: x = (1 - e^(-a t)) / a, FX = c x, so the body's x moves by
  // (c / (m a)) (t^2 / 2 - (t - (1 - e^(-a t)) / a) / a).
  double worst = 0.0;
  for (size_t k = 0; k < user.t.size(); ++k) {
    const double t = user.t[k];
    const double x =
        0.5 + kC / (kMass * kA) * (t * t / 2 - (t - (1 - std::exp(-kA * t)) / kA) / kA);
    worst = std::max(worst, std::abs(user.y[k][0] - x));
  }
  INFO("largest position error against the closed form " << worst);
  CHECK(user.y.back()[0] - 0.5 > 0.5);  // the force moves the body
  CHECK(worst < 1e-6);
  CHECK(max_difference(lin, user, 0) < 1e-7);
  if (python) {  // the C twin: the same arithmetic, the same steps
    const auto c = test::run_inline(user_lag(kStepInput));
    REQUIRE(c.report.code == ExitCode::kSuccess);
    CHECK(max_difference(c, user, 0) < 1e-12);
  }
}

TEST_CASE("ARYSUB inputs close a feedback loop exactly like the same variables") {
  // u = (DX(20, 10), VX(20, 10)): the lag is driven by the body's own position (only the first
  // entry is used by the state equation; the second checks num_element > 1).
  const std::string vars = R"U(<Reference_Variable id="5" type="EXPRESSION" expr="DX(20,10)"/>
    <Reference_Variable id="6" type="EXPRESSION" expr="VX(20,10)"/>
    <Reference_Array id="101" type="U" num_element="2" variable_id="5 6"/>)U";
  const bool python = GENERATE(false, true);
  INFO((python ? "Python ARYSUB and YFOSUB" : "C ARYSUB and YFOSUB"));
  const std::string arysub = fmt::format(
      R"U(<Reference_Array id="101" type="U" num_element="2" {}
       usrsub_param_string="USER(20, 10)"/>)U",
      source(python));
  std::string lin_deck = linear_lag(vars);
  // B has two columns now (the second input is not used).
  lin_deck.replace(lin_deck.find(R"U(<Reference_Matrix id="202" nrow="1" ncol="1">1)U"),
                   std::string(R"U(<Reference_Matrix id="202" nrow="1" ncol="1">1)U").size(),
                   R"U(<Reference_Matrix id="202" nrow="1" ncol="2">1 0)U");
  const auto lin = test::run_inline(lin_deck);
  const auto user = test::run_inline(user_lag(arysub, "", python));
  REQUIRE(lin.report.code == ExitCode::kSuccess);
  REQUIRE(user.report.code == ExitCode::kSuccess);
  const double travel = std::abs(lin.y.back()[0] - 0.5);
  INFO("travel " << travel);
  CHECK(travel > 0.1);
  CHECK(max_difference(lin, user, 0) < 1e-7);
  if (python) {
    const std::string c_arysub = fmt::format(
        R"U(<Reference_Array id="101" type="U" num_element="2" {}
       usrsub_param_string="USER(20, 10)"/>)U",
        source(false));
    const auto c = test::run_inline(user_lag(c_arysub));
    REQUIRE(c.report.code == ExitCode::kSuccess);
    CHECK(max_difference(c, user, 0) < 1e-12);
  }
}

TEST_CASE("GSESUB Control_StateEqn agrees with the LINEAR one, with and without partials") {
  // x1' = x2, x2' = -w^2 x1 - 2 z w x2 + u, y = (x1, x2 + d u), u = SIN(2 TIME).
  const double w = 5.0, z = 0.1, d = 0.5;
  auto deck = [&](const std::string& element) {
    return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Variable id="5" type="EXPRESSION" expr="SIN(2*TIME)"/>
    <Reference_Array id="101" type="U" num_element="1" variable_id="5"/>
    <Reference_Array id="100" type="X" num_element="2"/>
    <Reference_Array id="102" type="Y" num_element="2"/>
    <Reference_Array id="103" type="IC" num_element="2">0.3 -1</Reference_Array>
    <Control_StateEqn id="4" x_array_id="100" u_array_id="101" y_array_id="102"
       ic_array_id="103" {0}/>
    <Reference_Matrix id="201" nrow="2" ncol="2" isroworder="TRUE">0 1 {a21} {a22}</Reference_Matrix>
    <Reference_Matrix id="202" nrow="2" ncol="1">0 1</Reference_Matrix>
    <Reference_Matrix id="203" nrow="2" ncol="2">1 0 0 1</Reference_Matrix>
    <Reference_Matrix id="204" nrow="2" ncol="1">0 {d}</Reference_Matrix>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(100,1)" expr2="ARYVAL(100,2)"
       expr3="ARYVAL(102,1)" expr4="ARYVAL(102,2)"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                       element, fmt::arg("a21", -w * w), fmt::arg("a22", -2 * z * w),
                       fmt::arg("d", d));
  };
  const std::string matrices =
      R"U(type="LINEAR" a_matrix_id="201" b_matrix_id="202" c_matrix_id="203" d_matrix_id="204")U";
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  auto user_of = [&](bool py) {
    return fmt::format(R"U(type="USERSUB" num_state="2" num_output="2" {}
       usrsub_param_string="USER({}, {}, {})")U",
                       source(py), w, z, d);
  };
  const std::string user = user_of(python);
  const auto lin = test::run_inline(deck(matrices));
  const auto with_partials = test::run_inline(deck(user));
  const auto differenced = test::run_inline(
      deck(user + R"U( usrsub_der1_name="NONE" usrsub_der2_name="NONE" usrsub_der3_name="NONE"
       usrsub_der4_name="NONE")U"));
  REQUIRE(lin.report.code == ExitCode::kSuccess);
  REQUIRE(with_partials.report.code == ExitCode::kSuccess);
  REQUIRE(differenced.report.code == ExitCode::kSuccess);
  const int s = with_partials.sys->state_offset();
  double worst_partials = 0.0, worst_differenced = 0.0, amplitude = 0.0;
  for (size_t k = 0; k < lin.t.size(); ++k) {
    for (int i = 0; i < 2; ++i) {
      amplitude = std::max(amplitude, std::abs(lin.y[k][s + i]));
      worst_partials =
          std::max(worst_partials, std::abs(lin.y[k][s + i] - with_partials.y[k][s + i]));
      worst_differenced =
          std::max(worst_differenced, std::abs(lin.y[k][s + i] - differenced.y[k][s + i]));
    }
  }
  INFO("amplitude " << amplitude << ", with partials " << worst_partials << ", differenced "
                    << worst_differenced);
  CHECK(amplitude > 0.3);
  CHECK(worst_partials < 1e-6);
  CHECK(worst_differenced < 1e-6);
  if (python) {  // the C twin, with its partials: the same Jacobian, the same steps
    const auto c = test::run_inline(deck(user_of(false)));
    REQUIRE(c.report.code == ExitCode::kSuccess);
    REQUIRE(c.t.size() == with_partials.t.size());
    double worst_twin = 0.0;
    for (size_t k = 0; k < c.t.size(); ++k) {
      for (int i = 0; i < 2; ++i) {
        worst_twin = std::max(worst_twin, std::abs(c.y[k][s + i] - with_partials.y[k][s + i]));
      }
    }
    INFO("against the C twin " << worst_twin);
    CHECK(worst_twin < 1e-12);
    // A partial of the wrong shape stops the analysis naming it.
    CHECK_THAT(
        analysis_failure(deck(user + R"U( usrsub_der1_name="GSEXX_BAD")U")),
        Catch::Contains("Control_StateEqn 4: user subroutine GSESUB in " + kScript) &&
            Catch::Contains("its partial GSEXX_BAD returned 1 values; expected a 2 x 2 matrix"));
  }
}

TEST_CASE("DIFSUB Control_Diff, explicit and implicit, agrees with the closed form") {
  // y' = -k y + sin t, y(0) = 1: y = (1 + 1/(k^2+1)) e^(-k t) + (k sin t - cos t)/(k^2 + 1).
  const double k = 2.0;
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  for (int implicit : {0, 1}) {
    auto deck = [&](bool py) {
      return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Control_Diff id="3" type="USERSUB" ic="1" is_implicit="{}" {}
       usrsub_param_string="USER({}, {})"/>
    <Param_Transient integr_tol="1e-8"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                         implicit ? "TRUE" : "FALSE", source(py), k, implicit);
    };
    const auto run = test::run_inline(deck(python));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const int s = run.sys->state_offset();
    const double q = k * k + 1;
    double worst = 0.0;
    for (size_t i = 0; i < run.t.size(); ++i) {
      const double t = run.t[i];
      const double y = (1 + 1 / q) * std::exp(-k * t) + (k * std::sin(t) - std::cos(t)) / q;
      worst = std::max(worst, std::abs(run.y[i][s] - y));
    }
    INFO((implicit ? "implicit" : "explicit") << ": largest error " << worst);
    CHECK(worst < 1e-6);
    if (python) {
      const auto c = test::run_inline(deck(false));
      REQUIRE(c.report.code == ExitCode::kSuccess);
      CHECK(max_difference(c, run, s) < 1e-12);
    }
  }
}

TEST_CASE("Jacobian of user state elements equals central differences of the residual") {
  // The lag Force_StateEqn (YFOSUB) fed by an ARYSUB array that reads the body, plus an implicit
  // DIFSUB Control_Diff: state rows and force rows depend on body states, the states and y'.
  const bool python = GENERATE(false, true);
  INFO((python ? "Python script" : "C library"));
  std::string xml = user_lag(fmt::format(
                                 R"U(<Reference_Array id="101" type="U" num_element="2" {0}
       usrsub_param_string="USER(20, 10)"/>
    <Control_Diff id="3" type="USERSUB" ic="0.4" is_implicit="TRUE" {0}
       usrsub_param_string="USER(2, 1)"/>)U",
                                 source(python)),
                             "", python);
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "jac.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(model);
  const System sys(*model);
  const auto check = test::check_jacobian_off_initial_state(sys, 0.7, 13.0, 1e-5);
  INFO(check.where << "; " << check.state_entries << " state-coupled entries");
  CHECK(check.state_entries >= 4);  // lag row: own state, body x; force row: state; DIFSUB row
  CHECK(check.worst < 1e-5);        // forward differences of the routines: ~sqrt(eps) accurate
}

TEST_CASE("Python state routines that fail stop the analysis naming the element and the script") {
  auto failed = [](const std::string& params) {
    const std::string message = analysis_failure(user_lag(kStepInput, params, true));
    CHECK_THAT(message, Catch::Contains("Force_StateEqn 9: user subroutine YFOSUB in " + kScript));
    return message;
  };
  CHECK_THAT(failed(", 1"), Catch::Contains("returned nan in output 1"));
  CHECK_THAT(failed(", 2"), Catch::Contains("the lag diverged (id 9)"));
  CHECK_THAT(failed(", 3"), Catch::Contains(": raised RuntimeError: lag state") &&
                                Catch::Contains("\nTraceback (most recent call last):\n") &&
                                Catch::Contains("in YFOSUB"));
  CHECK_THAT(failed(", 4"),
             Catch::Contains("returned 1 values; expected [stated, output] (a list of 1 and a "
                             "list of 6 numbers)"));
}

TEST_CASE("a Python script without the state routine is a deck error naming its signature") {
  const std::string deck =
      user_lag(fmt::format(R"U(<Reference_Array id="101" type="U" num_element="1" {}
       usrsub_fnc_name="ARYSUB_NONE" usrsub_param_string="USER(20, 10)"/>)U",
                           source(true)),
               "", true);
  Diagnostics diag;
  Deck parsed = read_xml_deck_text(deck, "inline.xml", diag);
  build_model(parsed, diag);
  REQUIRE(diag.has_errors());
  std::string errors;
  for (const auto& d : diag.all()) errors += d.str() + "\n";
  CHECK_THAT(errors, Catch::Contains("Reference_Array 101") &&
                         Catch::Contains("Python script " + kScript +
                                         " defines no function 'ARYSUB_NONE'") &&
                         Catch::Contains("def ARYSUB_NONE(id, time, par, npar, dflag, iflag, "
                                         "nvalue)"));
}
