// User subroutines (models/user_subroutine.hpp, usersub/user_call.hpp) with the library built
// from test_subs.c. Oracles: the same forces written as deck expressions (the runs must agree to
// the integration tolerance), and for joint friction read through c_sysfnc("JOINT") an
// independent integration of the pendulum's one-degree-of-freedom equation in which the
// friction torque depends on the reaction force (solved at each instant, not lagged).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

#include "models/model_builder.hpp"
#include "parser/xml_reader.hpp"
#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.80665;
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

/// A free body on a spring-damper to ground (SFOSUB or expression) plus a vector force (VFOSUB
/// or expressions).
std::string spring_deck(bool user) {
  const std::string spring =
      user ? fmt::format(
                 R"U(usrsub_dll_name="{}" usrsub_param_string="USER(20, 10, 50, 0.8, 0.5)")U", kLib)
           : R"U(val_expression="-50*(DM(20,10)-0.5)-0.8*VR(20,10)")U";
  const std::string vector =
      user ? fmt::format(R"U(usrsub_dll_name="{}" usrsub_param_string="USER(20, 3, 40)")U", kLib)
           : R"U(fx_expression="3*SIN(TIME)" fz_expression="-40*DZ(20)")U";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"
                v_ic_x="0.5" v_ic_z="0.2"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.3" pos_y="-1.0" pos_z="0.2"/>
    <Force_Scalar_TwoBody id="1" type="Force" i_marker_id="20" j_marker_id="10" {spring}/>
    <Force_Vector_TwoBody id="2" type="ForceOnly" i_marker_id="20" j_floating_marker_id="10"
                          {vector}/>
    <Param_Transient integr_tol="1e-7"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kG), fmt::arg("spring", spring), fmt::arg("vector", vector));
}

/// Pendulum (mass m, CM at distance L from a revolute joint about z at the origin, gravity -y)
/// released at theta0 from the downward vertical, with the joint friction GFOSUB of test_subs.c:
/// T = -mu |F_joint| tanh(WZ / w0).
constexpr double kM = 1.5, kL = 0.5, kIzz = 0.02, kTheta0 = 1.2, kW0 = 0.1;
std::string friction_deck(double mu, const std::string& integrator = "DSTIFF",
                          bool python = false) {
  const std::string force =
      mu > 0 ? fmt::format(R"U(<Force_Vector_TwoBody id="5" type="ForceAndTorque" i_marker_id="21"
        j_floating_marker_id="10" ref_marker_id="10" {}/>)U",
                           user_attrs(python, "GFOSUB", fmt::format("USER(1, {}, {})", mu, kW0)))
             : "";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="{izz}" inertia_yy="{izz}" inertia_zz="{izz}"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    {force}
    <Param_Transient integr_tol="1e-7" integrator_type="{integrator}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kG), fmt::arg("m", kM), fmt::arg("izz", kIzz),
                     fmt::arg("x", kL * std::sin(kTheta0)), fmt::arg("y", -kL * std::cos(kTheta0)),
                     fmt::arg("force", force), fmt::arg("integrator", integrator));
}

/// theta'' of the friction pendulum: the reaction F = m a - m g depends on theta'' itself, so
/// the equation is solved by fixed-point iteration (a contraction for small mu).
double friction_accel(double th, double w, double mu) {
  double alpha = 0.0;
  for (int it = 0; it < 100; ++it) {
    const double ax = kL * (alpha * std::cos(th) - w * w * std::sin(th));
    const double ay = kL * (alpha * std::sin(th) + w * w * std::cos(th));
    const double F = std::hypot(kM * ax, kM * (ay + kG));
    const double T = -mu * F * std::tanh(w / kW0);
    alpha = (-kM * kG * kL * std::sin(th) + T) / (kIzz + kM * kL * kL);
  }
  return alpha;
}

/// Reference theta(t) at the output times by RK4 with a small fixed step.
std::vector<double> reference_theta(double mu, const std::vector<double>& times) {
  std::vector<double> out;
  double th = kTheta0, w = 0.0, t = 0.0;
  const double h = 1e-4;
  for (double target : times) {
    while (t < target - 1e-12) {
      const double dt = std::min(h, target - t);
      const double k1t = w, k1w = friction_accel(th, w, mu);
      const double k2t = w + 0.5 * dt * k1w,
                   k2w = friction_accel(th + 0.5 * dt * k1t, w + 0.5 * dt * k1w, mu);
      const double k3t = w + 0.5 * dt * k2w,
                   k3w = friction_accel(th + 0.5 * dt * k2t, w + 0.5 * dt * k2w, mu);
      const double k4t = w + dt * k3w, k4w = friction_accel(th + dt * k3t, w + dt * k3w, mu);
      th += dt / 6 * (k1t + 2 * k2t + 2 * k3t + k4t);
      w += dt / 6 * (k1w + 2 * k2w + 2 * k3w + k4w);
      t += dt;
    }
    out.push_back(th);
  }
  return out;
}

/// Diagnostics of a deck that must not build.
std::string deck_errors(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "inline.xml", diag);
  auto model = build_model(deck, diag);
  REQUIRE(diag.has_errors());
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

std::string one_force_deck(const std::string& attrs) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1"/>
    <Force_Scalar_TwoBody id="7" type="Force" i_marker_id="20" j_marker_id="10"
      {}/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     attrs);
}

}  // namespace

TEST_CASE("SFOSUB and VFOSUB agree with the same forces written as expressions") {
  const auto user = test::run_inline(spring_deck(true));
  const auto expr = test::run_inline(spring_deck(false));
  REQUIRE(user.report.code == ExitCode::kSuccess);
  REQUIRE(expr.report.code == ExitCode::kSuccess);
  REQUIRE(user.t.size() == expr.t.size());
  double worst = 0.0, travel = 0.0;
  for (size_t k = 0; k < user.t.size(); ++k) {
    for (int c = 0; c < 3; ++c) {
      worst = std::max(worst, std::abs(user.y[k][c] - expr.y[k][c]));
      travel = std::max(travel, std::abs(expr.y[k][c] - expr.y[0][c]));
    }
  }
  INFO("largest position difference " << worst << " m, largest excursion " << travel << " m");
  CHECK(travel > 0.3);  // the forces move the body a lot
  CHECK(worst < 1e-6);
}

TEST_CASE("GFOSUB joint friction from c_sysfnc JOINT matches the implicit pendulum equation") {
  const double mu = 0.05;
  const bool python = GENERATE(false, true);  // the C routine and its Python twin
  CAPTURE(python);
  const auto run = test::run_inline(friction_deck(mu, "DSTIFF", python));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto ref = reference_theta(mu, run.t);
  const auto ref_free = reference_theta(0.0, run.t);
  double worst = 0.0, friction_effect = 0.0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double th = std::atan2(run.y[k][0], -run.y[k][1]);
    worst = std::max(worst, std::abs(th - ref[k]));
    friction_effect = std::max(friction_effect, std::abs(ref[k] - ref_free[k]));
  }
  INFO("largest angle difference " << worst << " rad; friction changes the angle by up to "
                                   << friction_effect << " rad");
  CHECK(friction_effect > 0.05);
  CHECK(worst < 1e-5);
}

TEST_CASE("REQSUB and VARSUB agree with the same outputs written as expressions") {
  std::string deck = spring_deck(false);
  const std::string requests = fmt::format(
      R"XML(<Post_Request id="1" type="USERSUB" usrsub_dll_name="{lib}"
             usrsub_param_string="USER(20, 10)"/>
    <Post_Request id="2" type="EXPRESSION" expr2="DX(20,10,10)" expr3="DY(20,10,10)"
             expr4="DZ(20,10,10)" expr6="WZ(20,10,10)" expr8="TIME"/>
    <Reference_Variable id="3" type="USERSUB" usrsub_dll_name="{lib}"
             usrsub_param_string="USER(20, 10, 2.5)"/>
    <Post_Request id="4" type="EXPRESSION" expr1="VARVAL(3)" expr2="2.5*DM(20,10)"/>
    <Param_Transient)XML",
      fmt::arg("lib", kLib));
  deck.replace(deck.find("<Param_Transient"), 16, requests);
  const auto run = test::run_inline(deck);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 8 + 5 + 2);
  std::vector<double> out(req.size());
  const std::vector<double> yp(run.y.back().size(), 0.0);
  for (size_t k : {size_t{0}, run.t.size() / 2, run.t.size() - 1}) {
    req.values(run.t[k], run.y[k].data(), yp.data(), out);
    CAPTURE(run.t[k]);
    CHECK(out[0] == 0.0);
    CHECK(out[1] == Approx(out[8]).margin(1e-14));    // DX
    CHECK(out[2] == Approx(out[9]).margin(1e-14));    // DY
    CHECK(out[3] == Approx(out[10]).margin(1e-14));   // DZ
    CHECK(out[5] == Approx(out[11]).margin(1e-14));   // WZ
    CHECK(out[7] == run.t[k]);                        // c_timget
    CHECK(out[12] == run.t[k]);                       // TIME
    CHECK(out[13] == Approx(out[14]).margin(1e-14));  // VARSUB = 2.5 DM
    CHECK(out[14] > 0.1);
  }
}

TEST_CASE("Forces that read joint reactions are refused by the ODE form (one linear solve)") {
  const auto run = test::run_inline(friction_deck(0.05, "VSTIFF"));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK_THAT(run.report.message, Catch::Contains("Force_Vector_TwoBody 5") &&
                                     Catch::Contains("not supported with integrator VSTIFF"));
}

TEST_CASE("User routines that fail stop the analysis naming the element and the library") {
  // A failure in the dependency call (iflag = 1) surfaces while the System is built, later
  // ones from the analysis; both are analysis failures (exit 1).
  auto failed = [](const std::string& attrs) {
    std::string message;
    try {
      const auto run = test::run_inline(one_force_deck(attrs));
      CHECK(run.report.code == ExitCode::kAnalysisFailed);
      message = run.report.message;
    } catch (const Error& e) {
      CHECK(e.code() == ExitCode::kAnalysisFailed);
      message = e.what();
    }
    CHECK_THAT(message, Catch::Contains("Force_Scalar_TwoBody 7"));
    CHECK_THAT(message, Catch::Contains(kLib));
    return message;
  };
  CHECK_THAT(failed(fmt::format(R"U(usrsub_dll_name="{}" usrsub_fnc_name="SFOSUB_NAN"
                                   usrsub_param_string="USER(0.25)")U",
                                kLib)),
             Catch::Contains("SFOSUB_NAN") && Catch::Contains("nan"));
  CHECK_THAT(failed(fmt::format(R"U(usrsub_dll_name="{}" usrsub_fnc_name="SFOSUB_ERRMES"
                                   usrsub_param_string="USER(0.25)")U",
                                kLib)),
             Catch::Contains("spring broke"));
  CHECK_THAT(failed(fmt::format(R"U(usrsub_dll_name="{}" usrsub_fnc_name="SFOSUB_BADCALL"
                                   usrsub_param_string="USER(20)")U",
                                kLib)),
             Catch::Contains("'NOSUCH' is not supported"));
}

TEST_CASE("User subroutine deck errors point at the attribute") {
  CHECK_THAT(
      deck_errors(
          one_force_deck(R"U(usrsub_dll_name="no_such_lib" usrsub_param_string="USER(1)")U")),
      Catch::Contains("inline.xml:7:") && Catch::Contains("Force_Scalar_TwoBody 7") &&
          Catch::Contains("'no_such_lib' not found") && Catch::Contains("libno_such_lib.so"));
  CHECK_THAT(
      deck_errors(one_force_deck(fmt::format(
          R"U(usrsub_dll_name="{}" usrsub_fnc_name="NOPE" usrsub_param_string="USER(1)")U", kLib))),
      Catch::Contains("has no entry point 'NOPE'"));
  CHECK_THAT(deck_errors(one_force_deck(
                 fmt::format(R"U(usrsub_dll_name="{}" usrsub_param_string="USER(1, x)")U", kLib))),
             Catch::Contains("parameter 2 of USER(...) must be a finite number"));
  CHECK_THAT(deck_errors(one_force_deck(
                 fmt::format(R"U(usrsub_dll_name="{}" usrsub_param_string="1, 2")U", kLib))),
             Catch::Contains("USER(p1, p2, ...)"));
  CHECK_THAT(deck_errors(one_force_deck(
                 R"U(script_name="f.m" interpreter="MATLAB" usrsub_param_string="USER(1)")U")),
             Catch::Contains("interpreter=\"MATLAB\"") && Catch::Contains("not supported"));
  CHECK_THAT(
      deck_errors(one_force_deck(fmt::format(
          R"U(val_expression="1" usrsub_dll_name="{}" usrsub_param_string="USER(1)")U", kLib))),
      Catch::Contains("not both"));
}

TEST_CASE("User libraries are found by bare name through MBSOLVE_USERSUB_PATH") {
  std::string error;
  auto par = parse_user_parameters(" user ( 1, -2.5e3 ,3D0 ) ", error);
  REQUIRE(par);
  CHECK(*par == std::vector<double>{1, -2500, 3});
  CHECK(parse_user_parameters("USER()", error)->empty());

  CHECK_FALSE(load_user_library("mb_test_usersubs", "/nonexistent").handle);
  ::setenv("MBSOLVE_USERSUB_PATH", "/nonexistent:" MB_TEST_USERSUB_DIR, 1);
  const LoadedLibrary lib = load_user_library("mb_test_usersubs", "/nonexistent");
  ::unsetenv("MBSOLVE_USERSUB_PATH");
  REQUIRE(lib.handle);
  CHECK(lib.path == std::string(MB_TEST_USERSUB_DIR) + "/libmb_test_usersubs.so");
}

namespace {

/// A body on a spring-damper to ground along x (no gravity): k = 50, c = 0.8, l0 = 0.5,
/// m = 2, released at rest at x = 0.8; the spring is an expression, the C SFOSUB or its Python
/// twin.
constexpr double kK = 50, kC = 0.8, kL0 = 0.5, kMass = 2, kX0 = 0.8;
std::string oscillator_deck(const std::string& spring) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x0}"/>
    <Force_Scalar_TwoBody id="1" type="Force" i_marker_id="20" j_marker_id="10" {spring}/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("m", kMass), fmt::arg("x0", kX0), fmt::arg("spring", spring));
}

/// x(t) of the damped oscillator m x'' = -k (x - l0) - c x', x(0) = x0, x'(0) = 0.
double oscillator_x(double t) {
  const double g = kC / (2 * kMass), wd = std::sqrt(kK / kMass - g * g), a = kX0 - kL0;
  return kL0 + std::exp(-g * t) * (a * std::cos(wd * t) + a * g / wd * std::sin(wd * t));
}

/// The analysis failure (exit 1) of a one-force deck, from the run or from the System's
/// dependency call.
std::string analysis_failure(const std::string& attrs) {
  try {
    const auto run = test::run_inline(one_force_deck(attrs));
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    return run.report.message;
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kAnalysisFailed);
    return e.what();
  }
}

}  // namespace

TEST_CASE("One spring as an expression, a C SFOSUB and a Python SFOSUB: all on the closed form") {
  const std::string user = fmt::format("USER(20, 10, {}, {}, {})", kK, kC, kL0);
  const auto expr = test::run_inline(oscillator_deck(
      fmt::format(R"U(val_expression="-{}*(DM(20,10)-{})-{}*VR(20,10)")U", kK, kL0, kC)));
  const auto c = test::run_inline(oscillator_deck(user_attrs(false, "SFOSUB", user)));
  const auto py = test::run_inline(oscillator_deck(user_attrs(true, "SFOSUB", user)));
  for (const auto* run : {&expr, &c, &py}) {
    REQUIRE(run->report.code == ExitCode::kSuccess);
    REQUIRE(run->t.size() == 301);
  }
  double worst_closed = 0.0, worst_c = 0.0, swing = 0.0;
  for (size_t k = 0; k < py.t.size(); ++k) {
    const double x = py.y[k][0];
    worst_closed = std::max({worst_closed, std::abs(x - oscillator_x(py.t[k])),
                             std::abs(expr.y[k][0] - oscillator_x(expr.t[k]))});
    worst_c = std::max(worst_c, std::abs(x - c.y[k][0]));
    swing = std::max(swing, std::abs(x - kX0));
  }
  INFO("closed form: " << worst_closed << " m; Python vs C: " << worst_c << " m; swing " << swing);
  CHECK(swing > 0.5);  // the body oscillates through the spring's rest length
  CHECK(worst_closed < 1e-5);
  CHECK(worst_c < 1e-9);  // the same arithmetic through the same call path
}

TEST_CASE("Python VFOSUB agrees with the same force written as expressions") {
  std::string deck = spring_deck(false);
  const std::string expr = R"U(fx_expression="3*SIN(TIME)" fz_expression="-40*DZ(20)")U";
  const auto reference = test::run_inline(deck);
  deck.replace(deck.find(expr), expr.size(), user_attrs(true, "VFOSUB", "USER(20, 3, 40)"));
  const auto py = test::run_inline(deck);
  REQUIRE(reference.report.code == ExitCode::kSuccess);
  REQUIRE(py.report.code == ExitCode::kSuccess);
  REQUIRE(py.t.size() == reference.t.size());
  double worst = 0.0, travel = 0.0;
  for (size_t k = 0; k < py.t.size(); ++k) {
    for (int c = 0; c < 3; ++c) {
      worst = std::max(worst, std::abs(py.y[k][c] - reference.y[k][c]));
      travel = std::max(travel, std::abs(reference.y[k][c] - reference.y[0][c]));
    }
  }
  INFO("largest position difference " << worst << " m, largest excursion " << travel << " m");
  CHECK(travel > 0.3);
  CHECK(worst < 1e-6);
}

TEST_CASE("Python REQSUB and VARSUB read the model through the py_* callbacks") {
  std::string deck = spring_deck(false);
  const std::string requests = fmt::format(
      R"XML(<Post_Request id="1" type="USERSUB" script_name="{py}" interpreter="PYTHON"
             usrsub_param_string="USER(20, 10)"/>
    <Post_Request id="2" type="EXPRESSION" expr1="DX(20,10,10)" expr2="DY(20,10,10)"
             expr3="DZ(20,10,10)" expr6="WZ(20,10,10)" expr8="TIME"/>
    <Reference_Variable id="3" type="USERSUB" script_name="{py}" interpreter="PYTHON"
             usrsub_param_string="USER(20, 10, 2.5)"/>
    <Post_Request id="4" type="EXPRESSION" expr1="VARVAL(3)" expr2="2.5*DM(20,10)"/>
    <Param_Transient)XML",
      fmt::arg("py", kScript));
  deck.replace(deck.find("<Param_Transient"), 16, requests);
  const auto run = test::run_inline(deck);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 8 + 5 + 2);
  std::vector<double> out(req.size());
  const std::vector<double> yp(run.y.back().size(), 0.0);
  // e0 of the 3-1-3 angles (psi, theta, phi): cos(theta/2) cos((psi + phi)/2).
  const double e0 = std::cos(0.4 / 2) * std::cos((0.3 + 0.5) / 2);
  for (size_t k : {size_t{0}, run.t.size() / 2, run.t.size() - 1}) {
    req.values(run.t[k], run.y[k].data(), yp.data(), out);
    CAPTURE(run.t[k]);
    CHECK(out[0] == Approx(out[8]).margin(1e-14));    // py_sysfnc DX
    CHECK(out[1] == Approx(out[8]).margin(1e-14));    // py_sysary TDISP
    CHECK(out[2] == Approx(out[9]).margin(1e-14));    //   DY
    CHECK(out[3] == Approx(out[10]).margin(1e-14));   //   DZ
    CHECK(out[4] == Approx(e0).margin(1e-14));        // py_rcnvrt
    CHECK(out[5] == Approx(out[11]).margin(1e-14));   // WZ
    CHECK(out[6] == 2.0);                             // py_modfnc Body_Rigid 2 mass
    CHECK(out[7] == run.t[k]);                        // py_timget
    CHECK(out[12] == run.t[k]);                       // TIME
    CHECK(out[13] == Approx(out[14]).margin(1e-14));  // VARSUB = 2.5 DM
    CHECK(out[14] > 0.1);
  }
}

TEST_CASE("Every element loads its Python script as its own module") {
  // Two variables count their calls in the same module global: with one module per element
  // both counts advance together, a shared module would interleave them (1, 2), (3, 4), ...
  const std::string deck =
      fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Variable id="1" type="USERSUB" {attrs}/>
    <Reference_Variable id="2" type="USERSUB" {attrs}/>
    <Post_Request id="1" type="EXPRESSION" expr1="VARVAL(1)" expr2="VARVAL(2)"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                  fmt::arg("attrs", user_attrs(true, "VARSUB_COUNT", "USER()")));
  const auto run = test::run_inline(deck);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 2);
  std::vector<double> out(2);
  const std::vector<double> yp(run.y.back().size(), 0.0);
  req.values(run.t[0], run.y[0].data(), yp.data(), out);
  const double first = out[0];
  CHECK(out[1] == first);
  req.values(run.t[0], run.y[0].data(), yp.data(), out);
  CHECK(out[0] == first + 1);
  CHECK(out[1] == first + 1);
}

TEST_CASE("Python routines that fail stop the analysis naming the element and the script") {
  auto failed = [](const std::string& routine, const std::string& user) {
    const std::string message = analysis_failure(user_attrs(true, routine, user));
    CHECK_THAT(message, Catch::Contains("Force_Scalar_TwoBody 7: user subroutine " + routine +
                                        " in " + kScript));
    return message;
  };
  // An exception: its message, then the traceback down to the line that raised.
  const std::string raised = failed("SFOSUB_RAISE", "USER(0.25)");
  CHECK_THAT(raised, Catch::Contains(": raised ValueError: spring broke at t = 0.2") &&
                         Catch::Contains("\nTraceback (most recent call last):\n") &&
                         Catch::Contains(", in SFOSUB_RAISE") &&
                         Catch::Contains(", in spring_state"));
  CHECK_THAT(failed("SFOSUB_TEXT", "USER()"), Catch::Contains("returned a str; expected a number"));
  CHECK_THAT(failed("SFOSUB_NAN", "USER(0.25)"), Catch::Contains("returned nan in output 1"));
  CHECK_THAT(failed("SFOSUB_ERRMES", "USER(0.25)"), Catch::Contains("spring broke (id 7)"));
  CHECK_THAT(failed("SFOSUB_BADCALL", "USER(20)"),
             Catch::Contains("c_sysfnc: function 'NOSUCH' is not supported"));
  // A vector routine must return one value per component.
  const std::string vector = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Vector_TwoBody id="5" type="ForceAndTorque" i_marker_id="20"
        j_floating_marker_id="10" {}/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                                         user_attrs(true, "GFOSUB_SHORT", "USER()"));
  std::string message;
  try {
    message = test::run_inline(vector).report.message;
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK_THAT(message, Catch::Contains("Force_Vector_TwoBody 5") &&
                          Catch::Contains("returned 3 values; expected a list of 6 numbers"));
}

TEST_CASE("Python script deck errors point at the attribute") {
  const std::string dir = MBSOLVE_SOURCE_DIR "/tests/usersub/";
  // The error points at usrsub_fnc_name, whose column depends on the script's path.
  const std::string deck = one_force_deck(user_attrs(true, "NOPE", "USER(1)"));
  size_t line_start = 0;
  for (int line = 1; line < 7; ++line) line_start = deck.find('\n', line_start) + 1;
  const size_t column = deck.find("usrsub_fnc_name", line_start) - line_start + 1;
  CHECK_THAT(deck_errors(deck),
             Catch::Contains(fmt::format("inline.xml:7:{}:", column)) &&
                 Catch::Contains("Force_Scalar_TwoBody 7") &&
                 Catch::Contains("Python script " + kScript + " defines no function 'NOPE'") &&
                 Catch::Contains("def NOPE(id, time, par, npar, dflag, iflag)"));
  CHECK_THAT(deck_errors(one_force_deck(user_attrs(true, "NOT_A_FUNCTION", "USER(1)"))),
             Catch::Contains("defines 'NOT_A_FUNCTION' as a int, not a function"));
  CHECK_THAT(
      deck_errors(one_force_deck(fmt::format(
          R"U(script_name="{}import_error.py" interpreter="PYTHON" usrsub_param_string="USER()")U",
          dir))),
      Catch::Contains("inline.xml:7:") &&
          Catch::Contains("import_error.py failed to load: ZeroDivisionError: division by "
                          "zero (line 8)"));
  CHECK_THAT(
      deck_errors(one_force_deck(
          R"U(script_name="no_such.py" interpreter="PYTHON" usrsub_param_string="USER()")U")),
      Catch::Contains("Python script 'no_such.py' not found"));
  CHECK_THAT(deck_errors(one_force_deck(
                 R"U(script_name="f.m" interpreter="MATLAB" usrsub_param_string="USER(1)")U")),
             Catch::Contains("interpreter=\"MATLAB\" is not supported: user scripts must be "
                             "Python (interpreter=\"PYTHON\")"));
  CHECK_THAT(deck_errors(one_force_deck(R"U(script_name="f.py" usrsub_param_string="USER(1)")U")),
             Catch::Contains("a user script needs interpreter=\"PYTHON\""));
  CHECK_THAT(
      deck_errors(one_force_deck(fmt::format(
          R"U(script_name="{}" interpreter="PYTHON" usrsub_dll_name="{}" usrsub_param_string="USER()")U",
          kScript, kLib))),
      Catch::Contains("give usrsub_dll_name (a library) or script_name (a script), not both"));
}
