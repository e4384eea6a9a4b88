// Constraint_PTCV (Adams PTCV): a particle (a small sphere body) held on a circular curve in a
// vertical plane, with no rod, is a simple pendulum of the circle's radius. Oracles: the closed
// form theta0 cos(sqrt(g/L) t) at small amplitude, an independent RK4 integration of
// theta'' = -g/L sin(theta) at large amplitude, and the rod tension m g cos(theta) + m v^2 / L
// against the constraint's reaction (its multipliers: the force on the particle). The curve is
// the periodic cubic spline through 360 points of the circle (radius error ~1e-10 L, curvature
// error ~3e-5 relative: it bounds how closely the tension can match).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "models/model_builder.hpp"
#include "parser/adm_reader.hpp"
#include "parser/xml_reader.hpp"
#include "tests/models/pendulum_reference.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;
constexpr double kL = 0.8;
constexpr double kMass = 1.5;
constexpr int kPoints = 360;

/// Point i of the circle of radius kL about the origin in the x-y plane.
std::pair<double, double> circle_point(int i) {
  const double a = 2 * std::numbers::pi * (i % kPoints) / kPoints;
  return {kL * std::cos(a), kL * std::sin(a)};
}

/// The particle released at rest at theta0 from the downward vertical (gravity -y), held on the
/// circle by a Constraint_PTCV; `extra` goes into the PTCV element.
std::string xml_pendulum(double theta0, double end, const std::string& extra = "") {
  std::string rows;
  for (int i = 0; i <= kPoints; ++i) {
    const auto [x, y] = circle_point(i);
    rows += fmt::format("{:.17g} {:.17g} 0\n", x, y);
  }
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="1e-3" inertia_yy="1e-3" inertia_zz="1e-3"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Reference_Matrix id="5" nrow="{n}" ncol="3" isroworder="TRUE">{rows}</Reference_Matrix>
    <Reference_ParamCurve id="5" matrix_id="5" is_u_closed="TRUE" is_curve_points="TRUE"/>
    <Constraint_PTCV id="3" i_marker_id="20" j_marker_id="10" curve_id="5" {extra}/>
    <Post_Request id="9" type="MARKER_FORCE" i_marker_id="20"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end:g}" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kG), fmt::arg("m", kMass), fmt::arg("x", kL * std::sin(theta0)),
                     fmt::arg("y", -kL * std::cos(theta0)), fmt::arg("n", kPoints + 1),
                     fmt::arg("rows", rows), fmt::arg("end", end), fmt::arg("extra", extra));
}

/// The same pendulum as an Adams dataset (the curve on a marker of ground, a floating marker for
/// JFLOAT, the contact point guessed with DISP in RM axes).
std::string adm_pendulum(double theta0) {
  std::string values;
  for (int i = 0; i <= kPoints; ++i) {
    const auto [x, y] = circle_point(i);
    values += fmt::format("{}{:.17g}, {:.17g}, 0\n", i == 0 ? "" : ", ", x, y);
  }
  return fmt::format(R"ADM(ptcv pendulum
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, FLOATING
PART/2, MASS={m}, CM=20, IP=1E-3, 1E-3, 1E-3
MARKER/20, PART=2, QP={x:.17g}, {y:.17g}, 0
MATRIX/5, FULL=RORDER, ROWS={n}, COLUMNS=3
, VALUES = {values}CURVE/5, CLOSED, MATRIX=5, CURVE_POINTS
PTCV/3, I=20, JFLOAT=11, CURVE=5, RM=10, DISP={x:.17g}, {y:.17g}, 0
ACCGRAV/JGRAV=-{g}
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     fmt::arg("m", kMass), fmt::arg("x", kL * std::sin(theta0)),
                     fmt::arg("y", -kL * std::cos(theta0)), fmt::arg("n", kPoints + 1),
                     fmt::arg("values", values), fmt::arg("g", kG));
}

/// The particle's angle from the downward vertical at output k.
double theta_of(const test::InlineRun& run, size_t k) {
  return std::atan2(run.y[k][0], -run.y[k][1]);
}

/// Checks a run against RK4 (angle, rate), the radius and the tension; returns the largest angle
/// error.
double check_against_rk4(const test::InlineRun& run, double theta0) {
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto ref = test::rk4_pendulum(theta0, kG / kL, run.t);
  const int lambda = kBodyStates * run.sys->num_moving_bodies() + run.sys->ptcv_equation(0);
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const auto& y = run.y[k];
    const double r = std::hypot(y[0], y[1]);
    CHECK(std::abs(r - kL) < 1e-6);
    CHECK(std::abs(y[2]) < 1e-9);
    const double th = theta_of(run, k);
    worst = std::max(worst, std::abs(th - ref[k].first));
    const double v2 = y[kBodyV] * y[kBodyV] + y[kBodyV + 1] * y[kBodyV + 1];
    CHECK(std::abs(std::sqrt(v2) - kL * std::abs(ref[k].second)) < 1e-3);
    // The reaction on the particle is the rod's pull towards the centre.
    const double fx = y[lambda], fy = y[lambda + 1], fz = y[lambda + 2];
    const double tension = -(fx * y[0] + fy * y[1]) / r;
    const double expected = kMass * kG * std::cos(th) + kMass * v2 / kL;
    CHECK(std::abs(tension - expected) < 2e-4 * (kMass * kG + kMass * v2 / kL));
    CHECK(std::abs(fx * y[1] - fy * y[0]) / r < 1e-4 * kMass * kG);  // no tangential part
    CHECK(std::abs(fz) < 1e-9);
    if (!run.sys->model().requests.empty()) {  // the XML decks: a FORCE request on I reports it
      CHECK(test::request_channel(run, "req9.fx", k) == Approx(fx).margin(1e-12));
      CHECK(test::request_channel(run, "req9.fy", k) == Approx(fy).margin(1e-12));
    }
  }
  return worst;
}

/// Deck diagnostics of an XML text (reading and model building), one per line.
std::string xml_errors(const std::string& xml) {
  Diagnostics diag;
  const Deck deck = read_xml_deck_text(xml, "ptcv.xml", diag);
  if (!diag.has_errors()) build_model(deck, diag);
  CHECK(diag.has_errors());
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

}  // namespace

TEST_CASE("Constraint_PTCV on a circle is a simple pendulum: small amplitude, closed form") {
  const double theta0 = 0.02, w = std::sqrt(kG / kL);
  const auto run = test::run_inline(xml_pendulum(theta0, 2.0));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 201);
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    worst = std::max(worst, std::abs(theta_of(run, k) - theta0 * std::cos(w * run.t[k])));
  }
  // The closed form's own error at this amplitude: a period longer by theta0^2 / 16.
  CHECK(worst < 2e-3 * theta0);
  UNSCOPED_INFO("largest angle error vs theta0 cos(w t): " << worst);
  check_against_rk4(run, theta0);
}

TEST_CASE("Constraint_PTCV pendulum at large amplitude follows RK4, with the rod's tension") {
  const double theta0 = 2.0;  // beyond the horizontal: the curve pulls and pushes
  const auto run = test::run_inline(xml_pendulum(theta0, 3.0));
  const double worst = check_against_rk4(run, theta0);
  CHECK(worst < 1e-4);
}

TEST_CASE("Constraint_PTCV pendulum on CVODE (ODE form) and the index-3 DAE") {
  const double theta0 = 2.0;
  for (const char* form : {"integrator_type=\"VSTIFF\"", "dae_index=\"3\""}) {
    std::string deck = xml_pendulum(theta0, 3.0);
    deck.replace(deck.find("integr_tol"), 0, std::string(form) + " ");
    const auto run = test::run_inline(deck);
    INFO(form);
    CHECK(check_against_rk4(run, theta0) < 1e-4);
  }
}

TEST_CASE("Adams PTCV dataset gives the same pendulum") {
  const double theta0 = 2.0;
  const auto run =
      test::run_adm("ptcv_pendulum", adm_pendulum(theta0), "SIMULATE/DYNAMIC, END=3, DTOUT=0.01\n");
  const double worst = check_against_rk4(run, theta0);
  CHECK(worst < 1e-4);
}

TEST_CASE("Constraint_PTCV with vel_0 starts sliding at that speed") {
  // From the bottom with speed u along the curve (alpha grows counter-clockwise: towards +x at
  // the bottom): the particle rises to h = u^2 / (2 g) where it turns, theta_max = acos(1 - h/L).
  const double u = 1.2;
  const auto run = test::run_inline(xml_pendulum(0.0, 1.0, fmt::format("vel_0=\"{}\"", u)));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(std::abs(run.y[0][kBodyV] - u) < 1e-9);
  double theta_max = 0;
  for (size_t k = 0; k < run.t.size(); ++k) theta_max = std::max(theta_max, theta_of(run, k));
  const double expected = std::acos(1 - u * u / (2 * kG * kL));
  CHECK(std::abs(theta_max - expected) < 2e-3);
}

TEST_CASE("Constraint_PTCV errors: missing curve, point far from the curve") {
  const std::string deck = xml_pendulum(0.3, 1.0);
  std::string missing = deck;
  const std::string curve = "curve_id=\"5\"";
  missing.replace(missing.find(curve), curve.size(), "curve_id=\"9\"");
  const std::string e1 = xml_errors(missing);
  INFO(e1);
  CHECK(e1.find("Constraint_PTCV 3: curve 9 does not exist") != std::string::npos);
  std::string far = deck;
  const std::string marker = "id=\"20\" body_id=\"2\"";
  far.replace(far.find(marker), marker.size(), marker + " pos_z=\"0.05\"");
  const std::string e2 = xml_errors(far);
  INFO(e2);
  CHECK(e2.find("Constraint_PTCV 3: the origin of marker 20 is 0.05 from curve 5") !=
        std::string::npos);
}

TEST_CASE("Adams PTCV errors are in Adams words at the argument") {
  std::string adm = adm_pendulum(0.3);
  adm.replace(adm.find("CURVE=5"), 7, "CURVE=8");
  adm.replace(adm.find("JFLOAT=11"), 9, "JFLOAT=20");
  Diagnostics diag;
  const Deck deck = read_adm_deck_text(adm, "ptcv.adm", diag);
  if (!diag.has_errors()) build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  INFO(all);
  CHECK(all.find("ptcv.adm:370:26: error: PTCV 3: curve 8 does not exist (no CURVE/8 in the "
                 "dataset)") != std::string::npos);
}

TEST_CASE("Constraint_PTCV: running off the end of an open curve stops the analysis") {
  // A 45-degree straight open curve from (0, 0) down to (1, -1) (points placed so that the
  // interpolating cubic runs forward from its start): from rest at its top the particle reaches
  // the end after t = sqrt(2 sqrt(2) / (g sin 45deg)).
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1e-3" inertia_yy="1e-3" inertia_zz="1e-3"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Matrix id="6" nrow="4" ncol="3" isroworder="TRUE">
      0 0 0  0.25 -0.25 0  0.5 -0.5 0  1 -1 0</Reference_Matrix>
    <Reference_ParamCurve id="6" matrix_id="6" is_curve_points="TRUE"/>
    <Constraint_PTCV id="4" i_marker_id="20" j_marker_id="10" curve_id="6"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                                                fmt::arg("g", kG)));
  const double t_end = std::sqrt(2 * std::sqrt(2.0) / (kG * std::sin(std::numbers::pi / 4)));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  INFO(run.report.message);
  CHECK(run.report.message.find("Constraint_PTCV 4: the point ran off the end of open curve 6") !=
        std::string::npos);
  REQUIRE(!run.t.empty());
  CHECK(run.t.back() < t_end);
  CHECK(run.t.back() > t_end - 0.02);
}

TEST_CASE("PTCV() reports the reaction: a point held on a horizontal line carries m g") {
  // A particle resting on a straight open curve along x (gravity -y): the curve pushes it up
  // with m g; the opposite force acts on the curve's ground marker.
  const double m = 1.7;
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="1e-3" inertia_yy="1e-3" inertia_zz="1e-3"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.1"/>
    <Reference_Matrix id="6" nrow="4" ncol="3" isroworder="TRUE">
      -1 0 0  -0.5 0 0  0.5 0 0  1 0 0</Reference_Matrix>
    <Reference_ParamCurve id="6" matrix_id="6" is_curve_points="TRUE"/>
    <Constraint_PTCV id="5" i_marker_id="20" j_marker_id="10" curve_id="6"/>
    <Post_Request id="9" type="EXPRESSION" expr1="PTCV(5, 0, 1)" expr2="PTCV(5, 0, 2)"
        expr3="PTCV(5, 0, 3)" expr4="PTCV(5, 1, 3)" expr5="PTCV(5, 1, 8, 10)"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                                                fmt::arg("g", kG), fmt::arg("m", m)));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    CHECK(test::request_channel(run, "req9.f1", k) == Approx(m * kG).epsilon(1e-9));
    CHECK(test::request_channel(run, "req9.f2", k) == Approx(0).margin(1e-9));
    CHECK(test::request_channel(run, "req9.f3", k) == Approx(m * kG).epsilon(1e-9));
    CHECK(test::request_channel(run, "req9.f4", k) == Approx(-m * kG).epsilon(1e-9));
    // About the ground marker at the origin, the downward m g at x = 0.1: a torque -0.1 m g.
    CHECK(test::request_channel(run, "req9.f5", k) == Approx(-0.1 * m * kG).epsilon(1e-7));
    CHECK(std::abs(run.y[k][0] - 0.1) < 1e-12);
    CHECK(std::abs(run.y[k][1]) < 1e-12);
  }
}

TEST_CASE("PTCV() of an element that does not exist is a deck error") {
  std::string deck = xml_pendulum(0.3, 1.0);
  deck.replace(deck.find("<Param_Transient"), 0,
               "<Post_Request id=\"8\" type=\"EXPRESSION\" expr1=\"PTCV(4, 0, 2)\"/>\n");
  const std::string e = xml_errors(deck);
  INFO(e);
  CHECK(e.find("Constraint_PTCV 4 does not exist") != std::string::npos);
}

TEST_CASE("Kinematic analysis with Constraint_PTCV: a Motion_Marker drives the point along x") {
  // The particle on the circle of radius L (orientation held by a JPRIM), its x prescribed as
  // A sin(w t): y = -sqrt(L^2 - x^2), vy = x vx / sqrt(L^2 - x^2), no degree of freedom left.
  const double a = 0.5, w = 2.0;
  std::string deck = xml_pendulum(0.0, 2.0);
  deck.replace(deck.find("<Post_Request"), 0, R"XML(
    <Constraint_Jprim id="6" type="ORIENTATION" i_marker_id="20" j_marker_id="10"/>
    <Motion_Marker id="7" i_marker_id="20" j_marker_id="10" direction="X" val_type="D"
                   type="EXPRESSION" expr="0.5*SIN(2*TIME)"/>
    )XML");
  const std::string transient = "analysis_type=\"Transient\"";
  deck.replace(deck.find(transient), transient.size(), "analysis_type=\"Kinematic\"");
  const auto run = test::run_inline(deck);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(run.sys->dof() == 0);
  REQUIRE(run.t.size() == 201);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    const double t = run.t[k], x = a * std::sin(w * t), vx = a * w * std::cos(w * t);
    const double root = std::sqrt(kL * kL - x * x);
    CHECK(run.y[k][0] == Approx(x).margin(1e-9));
    CHECK(run.y[k][1] == Approx(-root).margin(1e-9));
    CHECK(run.y[k][kBodyV] == Approx(vx).margin(1e-7));
    CHECK(run.y[k][kBodyV + 1] == Approx(x * vx / root).margin(1e-7));
  }
}

TEST_CASE("Adams PTCV: DISP is read in the ICM marker's axes when ICM is given") {
  // A figure-eight (x = cos(phi), y = sin(phi) cos(phi)) crosses itself at the origin, where the
  // particle starts at rest: DISP picks the branch. One branch descends towards -x (slope +1),
  // the other towards +x (slope -1). DISP = (0.05, -0.05, 0) in the frame of ICM marker 12 (at
  // x = -0.1) is (-0.05, -0.05, 0) global, on the first branch; the same DISP in RM's frame (no
  // ICM; RM at the origin) is on the second.
  constexpr int n = 72;
  std::string values;
  for (int i = 0; i <= n; ++i) {
    const double phi = 2 * std::numbers::pi * (i % n) / n;
    values += fmt::format("{}{:.17g}, {:.17g}, 0\n", i == 0 ? "" : ", ", std::cos(phi),
                          std::sin(phi) * std::cos(phi));
  }
  auto deck = [&](const std::string& icm) {
    return fmt::format(R"ADM(figure eight
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, FLOATING
MARKER/12, PART=1, QP=-0.1, 0, 0
PART/2, MASS=1, CM=20, IP=1E-3, 1E-3, 1E-3
MARKER/20, PART=2
MATRIX/5, FULL=RORDER, ROWS={n}, COLUMNS=3
, VALUES = {values}CURVE/5, CLOSED, MATRIX=5, CURVE_POINTS
PTCV/3, I=20, JFLOAT=11, CURVE=5, RM=10, DISP=0.05, -0.05, 0{icm}
ACCGRAV/JGRAV=-9.81
END
)ADM",
                       fmt::arg("n", n + 1), fmt::arg("values", values), fmt::arg("icm", icm));
  };
  const auto with_icm =
      test::run_adm("ptcv_icm", deck(", ICM=12"), "SIMULATE/DYNAMIC, END=0.2, DTOUT=0.1\n");
  const auto in_rm = test::run_adm("ptcv_rm", deck(""), "SIMULATE/DYNAMIC, END=0.2, DTOUT=0.1\n");
  REQUIRE(with_icm.report.code == ExitCode::kSuccess);
  REQUIRE(in_rm.report.code == ExitCode::kSuccess);
  // Sliding from rest down a 45-degree line: |x| = g t^2 / 4 at first (0.098 at t = 0.2).
  CHECK(with_icm.y.back()[0] < -0.05);
  CHECK(in_rm.y.back()[0] > 0.05);
}
