// Oracles: the simple pendulum's small-amplitude period 2 pi sqrt(L/g), and its large-amplitude
// period 4 sqrt(L/g) K(sin(theta0/2)) with K the complete elliptic integral of the first kind,
// computed here by the arithmetic-geometric mean. Constraint drift stays below the tolerance.
// The index-3 form (dae_index 3) and the stabilised index-1 form (dae_index 1) meet the same
// oracles, conserve energy and agree with the index-2 form; in the index-1 form also with the pin
// held by a SPHERICAL joint and two Constraint_Generals (nonlinear, one with TIME).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.80665;

/// K(k) = pi / (2 AGM(1, sqrt(1 - k^2))).
double elliptic_k(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return std::numbers::pi / (2.0 * a);
}

/// The revolute pin, and the same pin as a SPHERICAL joint and two Constraint_Generals holding
/// the mass (20) and a point off the rod (22) in the plane z = 0, nonlinear in DZ (one with
/// explicit TIME, which leaves the constraint's zero set alone).
constexpr const char* kRevolutePin =
    R"(<Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>)";
constexpr const char* kGeneralPin = R"XML(
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
    <Constraint_General id="2" i_marker_id="20" expr="DZ(20,10) + 0.5*DZ(20,10)**2"/>
    <Constraint_General id="3" i_marker_id="22" expr="SIN(DZ(22,10))*(1 + 0.2*SIN(TIME))"/>)XML";

/// A point mass m on a massless rod of length L, pinned at the origin about z by `pin`, released
/// at rest at angle theta0 from the downward vertical (gravity -y).
std::string pendulum_deck(double L, double theta0, double end_time, double tol, int dae_index = 2,
                          const char* pin = kRevolutePin) {
  const double x = L * std::sin(theta0), y = -L * std::cos(theta0);
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Reference_Marker id="21" body_id="2" pos_x="0" pos_y="0"/>
    <Reference_Marker id="22" body_id="2" pos_x="{px:.17g}" pos_y="{py:.17g}"/>
    {pin}
    <Param_Transient integr_tol="{tol:g}" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end:g}" print_interval="0.001"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kG), fmt::arg("x", x), fmt::arg("y", y), fmt::arg("tol", tol),
                     fmt::arg("end", end_time), fmt::arg("index", dae_index), fmt::arg("pin", pin),
                     fmt::arg("px", -y), fmt::arg("py", x));
}

/// Times at which x (the horizontal CM coordinate) crosses zero, by linear interpolation: at
/// x = 0 the acceleration along x vanishes, so the interpolation error is third order.
std::vector<double> zero_crossings(const test::InlineRun& run) {
  std::vector<double> out;
  for (size_t k = 1; k < run.t.size(); ++k) {
    const double a = run.y[k - 1][0], b = run.y[k][0];
    if ((a < 0) != (b < 0)) out.push_back(run.t[k - 1] + (run.t[k] - run.t[k - 1]) * a / (a - b));
  }
  return out;
}

double measured_period(const test::InlineRun& run) {
  const auto z = zero_crossings(run);
  REQUIRE(z.size() >= 3);
  // Consecutive crossings are half a period apart; average over all full periods seen.
  const size_t n = (z.size() - 1) / 2 * 2;
  return (z[n] - z[0]) / static_cast<double>(n / 2);
}

double max_joint_drift(const test::InlineRun& run) {
  // The pin is the body origin marker 21 at CM + A (-L_body): measure |R_21 - 0|.
  double worst = 0;
  const Marker& m21 = run.model->markers[run.model->marker_index.at(21)];
  for (const auto& y : run.y) {
    const Vec3 r(y[0], y[1], y[2]);
    const Vec4 p(y[3], y[4], y[5], y[6]);
    const Vec3 pin = r + rotation_from_euler_parameters<double>(p) * m21.pos_body;
    worst = std::max(worst, pin.norm());
  }
  return worst;
}

}  // namespace

TEST_CASE("simple pendulum: small-amplitude period is 2 pi sqrt(L/g)") {
  const double L = 0.8, theta0 = 0.002;  // amplitude correction theta0^2/16 = 2.5e-7
  const auto run = test::run_inline(pendulum_deck(L, theta0, 6.0, 1e-12));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double expected = 2 * std::numbers::pi * std::sqrt(L / kG);
  CHECK(measured_period(run) == Approx(expected).epsilon(2e-6));
  CHECK(max_joint_drift(run) < 1e-12);
}

TEST_CASE("simple pendulum: 90-degree amplitude period matches the elliptic integral") {
  const double L = 1.2, theta0 = std::numbers::pi / 2;
  const auto run = test::run_inline(pendulum_deck(L, theta0, 9.0, 1e-10));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double expected = 4 * std::sqrt(L / kG) * elliptic_k(std::sin(theta0 / 2));
  CHECK(measured_period(run) == Approx(expected).epsilon(1e-6));
  CHECK(max_joint_drift(run) < 1e-10);
}

TEST_CASE("simple pendulum in the index-3 form: elliptic period, index-2 agreement, energy") {
  const double L = 1.2, theta0 = std::numbers::pi / 2, m = 1.5;
  const auto run = test::run_inline(pendulum_deck(L, theta0, 9.0, 1e-10, 3));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double expected = 4 * std::sqrt(L / kG) * elliptic_k(std::sin(theta0 / 2));
  CHECK(measured_period(run) == Approx(expected).epsilon(1e-6));
  CHECK(max_joint_drift(run) < 1e-10);
  // Energy m g y + 1/2 m v^2 (the body has no inertia) against the m g L it exchanges.
  double drift = 0;
  const auto energy = [&](const std::vector<double>& y) {
    return m * kG * y[1] + 0.5 * m * (y[7] * y[7] + y[8] * y[8] + y[9] * y[9]);
  };
  for (const auto& y : run.y) drift = std::max(drift, std::abs(energy(y) - energy(run.y[0])));
  // The index-3 form controls velocities only through the displacement error they cause (their
  // error is weighted by h): at the same integr_tol it is less accurate than the index-2 form
  // (whose own drift here is ~1e-9), but still converges with the tolerance.
  CHECK(drift / (m * kG * L) < 1e-5);
  // The stabilised index-2 form is an independent formulation of the same motion.
  const auto ref = test::run_inline(pendulum_deck(L, theta0, 9.0, 1e-10, 2));
  REQUIRE(ref.report.code == ExitCode::kSuccess);
  REQUIRE(ref.t.size() == run.t.size());
  double worst_pos = 0, worst_vel = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    for (int i = 0; i < 3; ++i) {
      worst_pos = std::max(worst_pos, std::abs(run.y[k][i] - ref.y[k][i]));
      worst_vel = std::max(worst_vel, std::abs(run.y[k][7 + i] - ref.y[k][7 + i]));
    }
  }
  CHECK(worst_pos < 1e-5);
  CHECK(worst_vel < 5e-5);
  UNSCOPED_INFO("index 3 vs 2: position " << worst_pos << ", velocity " << worst_vel);
}

TEST_CASE("simple pendulum in the index-1 form: elliptic period, index-2 agreement, energy") {
  const double L = 1.2, theta0 = std::numbers::pi / 2, m = 1.5;
  const bool general = GENERATE(false, true);
  INFO((general ? "pinned by Constraint_Generals" : "revolute pin"));
  const char* pin = general ? kGeneralPin : kRevolutePin;
  const auto run = test::run_inline(pendulum_deck(L, theta0, 9.0, 1e-10, 1, pin));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double expected = 4 * std::sqrt(L / kG) * elliptic_k(std::sin(theta0 / 2));
  CHECK(measured_period(run) == Approx(expected).epsilon(1e-6));
  CHECK(max_joint_drift(run) < 1e-10);
  double drift = 0;
  const auto energy = [&](const std::vector<double>& y) {
    return m * kG * y[1] + 0.5 * m * (y[7] * y[7] + y[8] * y[8] + y[9] * y[9]);
  };
  for (const auto& y : run.y) drift = std::max(drift, std::abs(energy(y) - energy(run.y[0])));
  // Positions and velocities are in the error test and on their constraints, as in index 2.
  CHECK(drift / (m * kG * L) < 1e-7);
  UNSCOPED_INFO("index 1: relative energy drift " << drift / (m * kG * L));
  const auto ref = test::run_inline(pendulum_deck(L, theta0, 9.0, 1e-10, 2, pin));
  REQUIRE(ref.report.code == ExitCode::kSuccess);
  REQUIRE(ref.t.size() == run.t.size());
  double worst_pos = 0, worst_vel = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    for (int i = 0; i < 3; ++i) {
      worst_pos = std::max(worst_pos, std::abs(run.y[k][i] - ref.y[k][i]));
      worst_vel = std::max(worst_vel, std::abs(run.y[k][7 + i] - ref.y[k][7 + i]));
    }
  }
  CHECK(worst_pos < 1e-6);
  CHECK(worst_vel < 1e-6);
  UNSCOPED_INFO("index 1 vs 2: position " << worst_pos << ", velocity " << worst_vel);
}

TEST_CASE("the Euler-parameter normalisation multipliers are named by their Body_Rigid id") {
  // Issue 20: a static failure in such an equation named "body 0" (a solver index).
  const auto model = test::model_inline(R"(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="7" cg_id="70" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="70" body_id="7"/>
    <Body_Rigid id="9" cg_id="90" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="90" body_id="9" pos_x="1"/>
    <Constraint_Joint id="3" type="SPHERICAL" i_marker_id="70" j_marker_id="10"/>
  </Model><Command><Simulate analysis_type="Static"/></Command></MotionSolve>)");
  const System sys(*model);
  const int mu_n = 13 * sys.num_moving_bodies() + 2 * sys.num_constraint_equations();
  CHECK(sys.describe_variable(mu_n) == "Body_Rigid 7 (Euler-parameter normalisation)");
  CHECK(sys.describe_variable(mu_n + 1) == "Body_Rigid 9 (Euler-parameter normalisation)");
}
