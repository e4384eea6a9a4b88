// Constraint_CVCV (Adams CVCV): a disk (a circle of radius r fixed in the disk) inside a fixed
// circular track of radius R, both in the x-y plane, under gravity -y and without friction. The
// contact force is normal to both circles, so it passes through the disk's centre: the disk does
// not turn, and its centre is a simple pendulum of length L = R - r. Oracles: an independent RK4
// integration of theta'' = -g/L sin(theta), the contact force m g (3 cos(theta) - 2 cos(theta0))
// (the normal force of a bead released at rest at theta0) read through CVCV() in a request, the
// same mechanism built as a Constraint_PTCV (the disk's centre on a circle of radius L), and the
// Adams CVCV dataset. The curves are periodic cubic splines through 360 points of each circle. A
// PLANAR joint keeps the disk in the plane (on its edge alone it would fall over, tilting about
// the contact tangent); its z equation repeats the CVCV's, and one of the two is removed as
// redundant.

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
constexpr double kTrack = 1.0;  // R
constexpr double kDisk = 0.25;  // r
constexpr double kL = kTrack - kDisk;
constexpr double kMass = 2.0;
constexpr int kPoints = 360;

/// The rows "x y 0" (XML) or "x, y, 0" (Adams) of the closed circle of radius `radius`.
std::string circle_rows(double radius, bool adm) {
  std::string rows;
  for (int i = 0; i <= kPoints; ++i) {
    const double a = 2 * std::numbers::pi * (i % kPoints) / kPoints;
    const double x = radius * std::cos(a), y = radius * std::sin(a);
    rows += adm ? fmt::format("{}{:.17g}, {:.17g}, 0\n", i > 0 ? ", " : "", x, y)
                : fmt::format("{:.17g} {:.17g} 0\n", x, y);
  }
  return rows;
}

/// The disk released at rest with its centre at theta0 from the downward vertical. `pair` is
/// the constraint element (a CVCV, or the PTCV of the independent formulation).
std::string xml_disk(double theta0, double end, const std::string& pair) {
  return fmt::format(
      R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="0.03" inertia_yy="0.03" inertia_zz="0.06"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Reference_Marker id="11" body_id="1"/>
    <Reference_Marker id="21" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Constraint_Joint id="1" type="PLANAR" i_marker_id="21" j_marker_id="11"/>
    <Reference_Matrix id="5" nrow="{n}" ncol="3" isroworder="TRUE">{track}</Reference_Matrix>
    <Reference_ParamCurve id="5" matrix_id="5" is_u_closed="TRUE" is_curve_points="TRUE"/>
    <Reference_Matrix id="6" nrow="{n}" ncol="3" isroworder="TRUE">{disk}</Reference_Matrix>
    <Reference_ParamCurve id="6" matrix_id="6" is_u_closed="TRUE" is_curve_points="TRUE"/>
    <Reference_Matrix id="7" nrow="{n}" ncol="3" isroworder="TRUE">{path}</Reference_Matrix>
    <Reference_ParamCurve id="7" matrix_id="7" is_u_closed="TRUE" is_curve_points="TRUE"/>
    {pair}
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end:g}" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
      fmt::arg("g", kG), fmt::arg("m", kMass), fmt::arg("x", kL * std::sin(theta0)),
      fmt::arg("y", -kL * std::cos(theta0)), fmt::arg("n", kPoints + 1),
      fmt::arg("track", circle_rows(kTrack, false)), fmt::arg("disk", circle_rows(kDisk, false)),
      fmt::arg("path", circle_rows(kL, false)), fmt::arg("end", end), fmt::arg("pair", pair));
}

const std::string kCvcv = R"XML(<Constraint_CVCV id="3" i_marker_id="20" i_curve_id="6"
        j_marker_id="10" j_curve_id="5"/>
    <Post_Request id="9" type="EXPRESSION" expr1="CVCV(3, 0, 1)" expr2="CVCV(3, 0, 2)"
        expr3="CVCV(3, 0, 3)" expr4="CVCV(3, 0, 5)" expr5="CVCV(3, 1, 2)" expr6="CVCV(3, 1, 8)"/>
    <Post_Request id="8" type="MARKER_FORCE" i_marker_id="20"/>)XML";
const std::string kPtcv =
    R"XML(<Constraint_PTCV id="4" i_marker_id="20" j_marker_id="10" curve_id="7"/>)XML";

/// The same disk as an Adams dataset (floating markers for IFLOAT and JFLOAT, a guess of the
/// contact point on the track with JDISP).
std::string adm_disk(double theta0) {
  return fmt::format(R"ADM(cvcv disk in a track
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, FLOATING
PART/2, MASS={m}, CM=20, IP=0.03, 0.03, 0.06
MARKER/20, PART=2, QP={x:.17g}, {y:.17g}, 0
MARKER/21, PART=2, FLOATING
MARKER/22, PART=2, QP={x:.17g}, {y:.17g}, 0
MARKER/12, PART=1
JOINT/1, PLANAR, I=22, J=12
MATRIX/5, FULL=RORDER, ROWS={n}, COLUMNS=3
, VALUES = {track}CURVE/5, CLOSED, MATRIX=5, CURVE_POINTS
MATRIX/6, FULL=RORDER, ROWS={n}, COLUMNS=3
, VALUES = {disk}CURVE/6, CLOSED, MATRIX=6, CURVE_POINTS
CVCV/3, IFLOAT=21, JFLOAT=11, ICURVE=6, JCURVE=5, IRM=20, JRM=10
, JDISP={jx:.17g}, {jy:.17g}, 0
REQUEST/9, F1=CVCV(3,0,1)\F2=CVCV(3,0,2)\F3=CVCV(3,0,3)\F4=CVCV(3,0,5)\F5=CVCV(3,1,2)
, F6=CVCV(3,1,8)
ACCGRAV/JGRAV=-{g}
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     fmt::arg("m", kMass), fmt::arg("x", kL * std::sin(theta0)),
                     fmt::arg("y", -kL * std::cos(theta0)), fmt::arg("n", kPoints + 1),
                     fmt::arg("track", circle_rows(kTrack, true)),
                     fmt::arg("disk", circle_rows(kDisk, true)),
                     fmt::arg("jx", kTrack * std::sin(theta0)),
                     fmt::arg("jy", -kTrack * std::cos(theta0)), fmt::arg("g", kG));
}

double theta_of(const test::InlineRun& run, size_t k) {
  return std::atan2(run.y[k][0], -run.y[k][1]);
}

/// Checks a CVCV run against RK4 and the closed-form contact force; returns the largest angle
/// error.
double check_disk(const test::InlineRun& run, double theta0) {
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto ref = test::rk4_pendulum(theta0, kG / kL, run.t);
  const double mg = kMass * kG;
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    const auto& y = run.y[k];
    CHECK(std::abs(std::hypot(y[0], y[1]) - kL) < 1e-6);
    CHECK(std::abs(y[2]) < 1e-9);
    CHECK(std::abs(y[kBodyW + 2]) < 1e-6);  // no friction: the disk does not turn
    const double th = theta_of(run, k);
    worst = std::max(worst, std::abs(th - ref[k].first));
    // The contact force on the disk: towards the track's centre, m g (3 cos th - 2 cos th0).
    const double normal = mg * (3 * std::cos(th) - 2 * std::cos(theta0));
    CHECK(std::abs(test::request_channel(run, "req9.f1", k) - std::abs(normal)) < 1e-3 * mg);
    const double fx = test::request_channel(run, "req9.f2", k);
    const double fy = test::request_channel(run, "req9.f3", k);
    CHECK(std::abs(fx + normal * std::sin(th)) < 1e-3 * mg);
    CHECK(std::abs(fy - normal * std::cos(th)) < 1e-3 * mg);
    // Through the disk's centre: no torque about it; the opposite force on the track.
    CHECK(std::abs(test::request_channel(run, "req9.f4", k)) < 1e-6 * mg * kDisk);
    CHECK(test::request_channel(run, "req9.f5", k) == Approx(-fx).margin(1e-12));
    // On the track (J, at the origin) the force at the contact point has no moment about its
    // centre either (it is radial).
    CHECK(std::abs(test::request_channel(run, "req9.f6", k)) < 1e-3 * mg * kTrack);
  }
  return worst;
}

std::string deck_errors(const std::string& text, bool adm) {
  Diagnostics diag;
  const Deck deck =
      adm ? read_adm_deck_text(text, "cvcv.adm", diag) : read_xml_deck_text(text, "cvcv.xml", diag);
  if (!diag.has_errors()) build_model(deck, diag);
  CHECK(diag.has_errors());
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

}  // namespace

TEST_CASE("Constraint_CVCV disk in a circular track: pendulum of length R - r, contact force") {
  const double theta0 = 1.2;
  const auto run = test::run_inline(xml_disk(theta0, 2.0, kCvcv));
  // 6 - 4 (CVCV) - 3 (PLANAR) + 2 (alpha, beta) with one redundant equation removed: the swing
  // and the disk's spin.
  CHECK(run.sys->dof() == 1);
  CHECK(check_disk(run, theta0) < 1e-4);
  // MARKER_FORCE on the disk's centre reports the same force.
  for (size_t k = 0; k < run.t.size(); k += 20) {
    CHECK(test::request_channel(run, "req8.fx", k) ==
          Approx(test::request_channel(run, "req9.f2", k)).margin(1e-12));
  }
}

TEST_CASE("Constraint_CVCV disk matches the same mechanism built with Constraint_PTCV") {
  const double theta0 = 1.2;
  const auto cvcv = test::run_inline(xml_disk(theta0, 1.5, kCvcv));
  const auto ptcv = test::run_inline(xml_disk(theta0, 1.5, kPtcv));
  REQUIRE(cvcv.report.code == ExitCode::kSuccess);
  REQUIRE(ptcv.report.code == ExitCode::kSuccess);
  REQUIRE(cvcv.t.size() == ptcv.t.size());
  double worst = 0;
  for (size_t k = 0; k < cvcv.t.size(); ++k) {
    worst = std::max(
        {worst, std::abs(cvcv.y[k][0] - ptcv.y[k][0]), std::abs(cvcv.y[k][1] - ptcv.y[k][1])});
  }
  UNSCOPED_INFO("largest CVCV - PTCV position difference: " << worst);
  CHECK(worst < 1e-5 * kL);
}

TEST_CASE("Constraint_CVCV on the index-3 DAE and CVODE") {
  const double theta0 = 1.2;
  for (const char* form : {"integrator_type=\"VSTIFF\"", "dae_index=\"3\""}) {
    std::string deck = xml_disk(theta0, 1.5, kCvcv);
    deck.replace(deck.find("integr_tol"), 0, std::string(form) + " ");
    const auto run = test::run_inline(deck);
    INFO(form);
    CHECK(check_disk(run, theta0) < 1e-4);
  }
}

TEST_CASE("Adams CVCV dataset gives the same disk") {
  const double theta0 = 1.2;
  const auto run =
      test::run_adm("cvcv_disk", adm_disk(theta0), "SIMULATE/DYNAMIC, END=1.5, DTOUT=0.01\n");
  CHECK(check_disk(run, theta0) < 1e-4);
}

TEST_CASE("Constraint_CVCV errors: missing curve, curve off the XY plane, curves apart") {
  const std::string deck = xml_disk(0.5, 1.0, kCvcv);
  std::string missing = deck;
  missing.replace(missing.find("j_curve_id=\"5\""), 14, "j_curve_id=\"8\"");
  const std::string e1 = deck_errors(missing, false);
  INFO(e1);
  CHECK(e1.find("Constraint_CVCV 3: curve 8 does not exist") != std::string::npos);
  std::string apart = deck;
  const std::string marker = "id=\"20\" body_id=\"2\"";
  apart.replace(apart.find(marker), marker.size(), marker + " pos_z=\"0.05\"");
  const std::string e2 = deck_errors(apart, false);
  INFO(e2);
  CHECK(e2.find("Constraint_CVCV 3: curves 6 and 5 are 0.05 apart") != std::string::npos);
  std::string tilted = adm_disk(0.5);
  for (size_t at = tilted.find("0.25, 0, 0\n"); at != std::string::npos;
       at = tilted.find("0.25, 0, 0\n", at)) {
    tilted.replace(at, 11, "0.25, 0, 0.1\n");  // the first and the last point
  }
  const std::string e3 = deck_errors(tilted, true);
  INFO(e3);
  CHECK(e3.find("CVCV 3: curve 6 has points off the XY plane of marker 20") != std::string::npos);
}
