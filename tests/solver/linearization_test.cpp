// The linearisation in minimal coordinates (solver/linearization.hpp) and its modes
// (solver/linear_modes.hpp) against closed forms: a spring-mass-damper, a compound pendulum at
// both equilibria, a quarter car (the roots of its characteristic polynomial), a free body,
// a first-order filter state, and a hanging chain of links against a planar linearisation
// written here (M(q) and the gravity stiffness of the link angles).

#include "solver/linearization.hpp"

#include <fmt/format.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <complex>
#include <numbers>

#include "solver/initial_conditions.hpp"
#include "solver/linear_modes.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/static_solver.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr double g = 9.80665;

struct Linearised {
  std::unique_ptr<Model> model;
  std::unique_ptr<System> sys;
  std::unique_ptr<Workspace> ws;
  std::unique_ptr<Dae> dae;
  LinearSystem lin;
  std::vector<Mode> modes;
};

/// The deck's model linearised at its input configuration, or at its static equilibrium.
Linearised linearise(const std::string& model_xml, bool static_first,
                     LinearizationOptions options = {}) {
  Linearised r;
  r.model = test::model_inline("<MotionSolve><Model>" + model_xml + "</Model></MotionSolve>");
  r.sys = std::make_unique<System>(*r.model);
  std::vector<double> y = r.sys->initial_state();
  r.ws = std::make_unique<Workspace>(r.sys->make_workspace());
  r.dae = std::make_unique<Dae>(*r.sys, *r.ws, find_redundant_equations(*r.sys, 0, y));
  InitialConditions ic = compute_initial_conditions(*r.dae, 0, y);
  if (static_first) {
    StaticParams params;
    params.max_error = 1e-12;
    ic = compute_initial_conditions(*r.dae, 0, solve_static(*r.dae, params, 0, ic.y).y);
  }
  r.lin = linearize(*r.dae, 0, ic.y, ic.yp, options);

  r.modes = modes_of(r.lin);
  return r;
}

std::string body(int id, double m, double ixx, double iyy, double izz, double x, double y,
                 double z) {
  return fmt::format(
      R"(<Body_Rigid id="{0}" cg_id="{0}0" mass="{1}" inertia_xx="{2}" inertia_yy="{3}"
          inertia_zz="{4}"/><Reference_Marker id="{0}0" body_id="{0}" pos_x="{5}" pos_y="{6}"
          pos_z="{7}"/>)",
      id, m, ixx, iyy, izz, x, y, z);
}

const char* kGround = R"(<Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10"
    body_id="1"/>)";

/// A 2 kg body on a vertical slide at z = 1.5 with a spring (k = 100, free length `length`)
/// and damper `c` to ground, and `extra` elements.
std::string spring_mass(double c, double length = 1.5, const std::string& extra = "") {
  return std::string(kGround) + body(2, 2, 1, 1, 1, 0, 0, 1.5) +
         fmt::format(R"(
    <Reference_Marker id="21" body_id="2" pos_z="1.5"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="10"/>
    <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="100" damping="{}" length="{}"/>)",
                     c, length) +
         extra;
}

}  // namespace

TEST_CASE("linear: a spring-mass-damper has its natural frequency and damping ratio") {
  const double m = 2, k = 100, c = 3;
  const Linearised r = linearise(spring_mass(c), false);
  REQUIRE(r.lin.A.rows() == 2);
  REQUIRE(r.modes.size() == 1);
  const double wn = std::sqrt(k / m), zeta = c / (2 * std::sqrt(k * m));
  CHECK(std::abs(r.modes[0].natural_frequency() - wn / kTwoPi) < 1e-10);
  CHECK(std::abs(r.modes[0].damping_ratio() - zeta) < 1e-10);
  CHECK(std::abs(r.modes[0].eigenvalue.imag() - wn * std::sqrt(1 - zeta * zeta)) < 1e-10);
  // The mode moves the body along z only.
  const BodyModeShape s = body_mode_shape(r.lin, r.modes[0].shape, 0);
  CHECK(std::abs(s.translation[2]) == Approx(1.0).epsilon(1e-12));
  CHECK(std::abs(s.translation[0]) < 1e-12);
  CHECK(std::abs(s.rotation[1]) < 1e-12);

  SECTION("NODAMPING leaves the damper out") {
    LinearizationOptions undamped;
    undamped.no_damping = true;
    const std::vector<Mode> modes = linearise(spring_mass(c), false, undamped).modes;
    REQUIRE(modes.size() == 1);
    CHECK(std::abs(modes[0].natural_frequency() - wn / kTwoPi) < 1e-10);
    CHECK(std::abs(modes[0].damping_ratio()) < 1e-12);
  }
}

namespace {

/// A compound pendulum: pin at the origin (revolute about z), centre of mass at (0, y_cm, 0),
/// gravity -y.
std::string pendulum(double y_cm, double x_cm = 0) {
  return std::string(kGround) + R"(<Force_Gravity grav_y="-9.80665"/>)" +
         body(2, 2, 0.02, 0.02, 0.03, x_cm, y_cm, 0) + R"(
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>)";
}

}  // namespace

TEST_CASE("linear: a compound pendulum swings at sqrt(m g l / (I + m l^2))") {
  const double m = 2, l = 0.5, izz = 0.03;
  const double w = std::sqrt(m * g * l / (izz + m * l * l));
  SECTION("at its lower equilibrium: an undamped oscillation") {
    const Linearised r = linearise(pendulum(-l), false);
    REQUIRE(r.lin.A.rows() == 2);
    REQUIRE(r.modes.size() == 1);
    CHECK(std::abs(r.modes[0].eigenvalue.imag() - w) < 1e-10 * w);
    CHECK(std::abs(r.modes[0].eigenvalue.real()) < 1e-10);
    // The mode: a rotation about z and a translation along x of l times it.
    const BodyModeShape s = body_mode_shape(r.lin, r.modes[0].shape, 0);
    CHECK(std::abs(s.translation[0]) == Approx(l * std::abs(s.rotation[2])).epsilon(1e-10));
    CHECK(std::abs(s.translation[1]) < 1e-10);
  }
  SECTION("released horizontally, after a static analysis") {
    const Linearised r = linearise(pendulum(0, l), true);
    REQUIRE(r.modes.size() == 1);
    CHECK(std::abs(r.modes[0].eigenvalue.imag() - w) < 1e-9 * w);
  }
  SECTION("upright: a real eigenvalue pair +-sqrt(...)") {
    const Linearised r = linearise(pendulum(l), false);
    REQUIRE(r.modes.size() == 2);
    CHECK(std::abs(r.modes[0].eigenvalue.imag()) == 0);
    CHECK(std::abs(r.modes[1].eigenvalue.imag()) == 0);
    const double largest = std::max(r.modes[0].eigenvalue.real(), r.modes[1].eigenvalue.real());
    const double smallest = std::min(r.modes[0].eigenvalue.real(), r.modes[1].eigenvalue.real());
    CHECK(std::abs(largest - w) < 1e-10 * w);
    CHECK(std::abs(smallest + w) < 1e-10 * w);
    CHECK(r.modes[0].damping_ratio() * r.modes[1].damping_ratio() == Approx(-1));
  }
}

TEST_CASE("linear: a quarter car has the roots of its characteristic polynomial") {
  // Sprung mass ms and unsprung mass mu on vertical slides; suspension ks, cs between them, tyre
  // kt between the wheel and ground.
  const double ms = 300, mu = 40, ks = 2e4, cs = 1500, kt = 2e5;
  const std::string deck =
      std::string(kGround) + body(2, ms, 1, 1, 1, 0, 0, 1.0) + body(3, mu, 1, 1, 1, 0, 0, 0.3) + R"(
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"/>
    <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="30"
                        stiffness="2e4" damping="1500" length="0.7"/>
    <Force_SpringDamper id="4" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"
                        stiffness="2e5" damping="0" length="0.3"/>)";
  const Linearised r = linearise(deck, false);
  REQUIRE(r.lin.A.rows() == 4);
  // det(l^2 M + l C + K) = (ms l^2 + cs l + ks)(mu l^2 + cs l + ks + kt) - (cs l + ks)^2,
  // whose roots are the eigenvalues of its companion matrix.
  const double a4 = ms * mu, a3 = (ms + mu) * cs, a2 = ms * (ks + kt) + mu * ks, a1 = cs * kt,
               a0 = ks * kt;
  Eigen::Matrix4d companion = Eigen::Matrix4d::Zero();
  companion.row(0) << -a3 / a4, -a2 / a4, -a1 / a4, -a0 / a4;
  companion(1, 0) = companion(2, 1) = companion(3, 2) = 1;
  std::vector<std::complex<double>> roots;
  const Eigen::Vector4cd ev = companion.eigenvalues();
  for (int k = 0; k < 4; ++k) {
    if (ev(k).imag() > 0) roots.push_back(ev(k));
  }
  std::sort(roots.begin(), roots.end(), [](auto a, auto b) { return std::abs(a) < std::abs(b); });
  REQUIRE(roots.size() == 2);
  REQUIRE(r.modes.size() == 2);
  for (int k = 0; k < 2; ++k) {
    INFO("mode " << k + 1 << ": " << r.modes[k].eigenvalue << " vs " << roots[k]);
    CHECK(std::abs(r.modes[k].eigenvalue - roots[k]) < 1e-9 * std::abs(roots[k]));
  }
}

TEST_CASE("linear: a free body has twelve zero eigenvalues (six rigid-body modes)") {
  const Linearised r =
      linearise(std::string(kGround) + body(2, 3, 0.4, 0.5, 0.6, 0.1, 0.2, 0.3), false);
  REQUIRE(r.lin.A.rows() == 12);
  const Eigen::VectorXcd ev = r.lin.A.eigenvalues();
  for (int k = 0; k < 12; ++k) CHECK(std::abs(ev(k)) < 1e-7);
  // r' = v: three unit entries; p' = G^T w / 2 at p = (1, 0, 0, 0): three entries 1/2 (the
  // basis is orthonormal in both).
  CHECK(r.lin.A.norm() == Approx(std::sqrt(3 + 3 * 0.25)).epsilon(1e-12));
}

TEST_CASE("linear: a user state filtering the displacement adds its pole -1/tau") {
  const double tau = 0.25, k = 100, m = 2;
  // The spring's free length 1 is not the start: the static analysis finds the equilibrium.
  const Linearised r = linearise(
      spring_mass(0, 1, R"(<Control_Diff id="1" expr="(DZ(20, 10) - DIF(1)) / 0.25" ic="1.5"/>)"),
      true);
  REQUIRE(r.lin.A.rows() == 3);
  REQUIRE(r.modes.size() == 2);
  CHECK(std::abs(r.modes[0].eigenvalue - std::complex<double>(-1 / tau, 0)) < 1e-10);
  CHECK(std::abs(r.modes[1].eigenvalue.imag() - std::sqrt(k / m)) < 1e-10);
}

TEST_CASE("linear: a hanging chain of links against its planar linearisation") {
  // N links of length l, mass m, centre at mid-length, hanging along -y from revolute joints
  // about z. Planar model in the absolute link angles theta: the centre of link i is at
  // x_i = sum_{j<i} l sin(theta_j) + l/2 sin(theta_i), so at theta = 0
  //   M_ij = Izz delta_ij + m sum_k dx_k/dtheta_i dx_k/dtheta_j,
  //   K_ii = m g (l (N - 1 - i) + l / 2)   (the potential m g y_k, y_k = -sum l cos ...)
  // and the frequencies are the square roots of the eigenvalues of (K, M).
  const int N = 4;
  const double l = 0.4, m = 1.5, izz = 0.03;
  std::string deck = std::string(kGround) + R"(<Force_Gravity grav_y="-9.80665"/>)";
  for (int i = 0; i < N; ++i) {
    const int id = i + 2;
    deck += body(id, m, 0.02, 0.02, izz, 0, -l * (i + 0.5), 0);
    deck += fmt::format(R"(<Reference_Marker id="{}1" body_id="{}" pos_y="{}"/>)", id, id, -l * i);
    const int j_marker = i == 0 ? 10 : (id - 1) * 10 + 2;
    deck += fmt::format(R"(<Reference_Marker id="{}2" body_id="{}" pos_y="{}"/>)", id, id,
                        -l * (i + 1));
    deck += fmt::format(
        R"(<Constraint_Joint id="{}" type="REVOLUTE" i_marker_id="{}1" j_marker_id="{}"/>)", id, id,
        j_marker);
  }
  const Linearised r = linearise(deck, false);
  REQUIRE(r.lin.A.rows() == 2 * N);
  REQUIRE(r.modes.size() == static_cast<size_t>(N));

  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(N, N);  // dx_k / dtheta_i
  for (int k = 0; k < N; ++k) {
    for (int i = 0; i < k; ++i) J(k, i) = l;
    J(k, k) = l / 2;
  }
  const Eigen::MatrixXd M = izz * Eigen::MatrixXd::Identity(N, N) + m * J.transpose() * J;
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(N, N);
  for (int i = 0; i < N; ++i) K(i, i) = m * g * (l * (N - 1 - i) + l / 2);
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> ges(K, M);
  for (int k = 0; k < N; ++k) {
    const double w = std::sqrt(ges.eigenvalues()(k));  // ascending
    INFO("mode " << k + 1 << ": " << r.modes[k].eigenvalue << " vs " << w);
    CHECK(std::abs(r.modes[k].eigenvalue.imag() - w) < 1e-9 * w);
    CHECK(std::abs(r.modes[k].eigenvalue.real()) < 1e-9 * w);
  }
}

namespace {

/// Two links (length 0.4 m, 1.5 kg) hanging from revolute joints about z, a rotational damper
/// (0.05 N m s) on the first joint; the first link starts turning at `w0` rad/s, the second
/// at rest (the initial conditions make the velocities consistent), then `commands`.
std::string damped_double_pendulum(double w0, const std::string& commands) {
  std::string deck =
      std::string(R"(<MotionSolve><Model>)") + kGround + R"(<Force_Gravity grav_y="-9.80665"/>)";
  for (int i = 0; i < 2; ++i) {
    const int id = i + 2;
    deck += fmt::format(
        R"(<Body_Rigid id="{0}" cg_id="{0}0" mass="1.5" inertia_xx="0.02" inertia_yy="0.02"
          inertia_zz="0.03" w_ic_z="{1}"/>
          <Reference_Marker id="{0}0" body_id="{0}" pos_y="{2}"/>
          <Reference_Marker id="{0}1" body_id="{0}" pos_y="{3}"/>
          <Reference_Marker id="{0}2" body_id="{0}" pos_y="{4}"/>
          <Constraint_Joint id="{0}" type="REVOLUTE" i_marker_id="{0}1" j_marker_id="{5}"/>)",
        id, i == 0 ? w0 : 0.0, -0.4 * (i + 0.5), -0.4 * i, -0.4 * (i + 1), i == 0 ? 10 : 22);
  }
  deck += R"X(<Force_Scalar_TwoBody id="9" type="Torque" i_marker_id="21" j_marker_id="10"
      val_expression="-0.05*WZ(21, 10, 10)"/><Param_Transient integr_tol="1e-11"/>)X";
  return deck + "</Model><Command>" + commands + "</Command></MotionSolve>";
}

/// The largest difference over the run between the body positions of a nonlinear transient
/// from the equilibrium with the first link turning at w0 and the free response
/// exp(A t) z0 of the linearisation there (z0 the projection of the run's consistent start).
double linear_vs_nonlinear(double w0) {
  const std::string model = damped_double_pendulum(0, "");
  const Linearised lin =
      linearise(model.substr(std::string("<MotionSolve><Model>").size(),
                             model.find("</Model>") - std::string("<MotionSolve><Model>").size()),
                false);
  const test::InlineRun run = test::run_inline(damped_double_pendulum(
      w0, R"(<Simulate analysis_type="Transient" end_time="2" print_interval="0.05"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const LinearSystem& L = lin.lin;
  const auto n = static_cast<Eigen::Index>(L.vars.size());
  Eigen::VectorXd d0(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    d0(i) = run.y[0][L.vars[i]] - L.y[L.vars[i]];
  }
  const Eigen::VectorXd z0 = L.basis.transpose() * d0;
  const Eigen::EigenSolver<Eigen::MatrixXd> es(L.A);
  const Eigen::MatrixXcd V = es.eigenvectors();
  const Eigen::VectorXcd c = V.partialPivLu().solve(z0.cast<std::complex<double>>());
  double largest = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const Eigen::VectorXcd expo = (es.eigenvalues() * run.t[k]).array().exp();
    const Eigen::VectorXd z = (V * expo.cwiseProduct(c)).real();
    const Eigen::VectorXd d = L.basis * z;
    for (int b = 0; b < 2; ++b) {
      for (int i = 0; i < 3; ++i) {
        const int v = body_states_offset(b) + kBodyR + i;
        largest = std::max(largest, std::abs(run.y[k][v] - L.y[v] - d(L.position_of(v))));
      }
    }
  }
  return largest;
}

}  // namespace

TEST_CASE("linear: the free response against a small-amplitude nonlinear run") {
  // The linearisation leaves out terms of second order in the amplitude (y = -l cos(theta) of
  // a link's centre, the damper and gravity moments' curvature), so the difference in the body
  // positions falls with the square of the initial angular velocity.
  const double e1 = linear_vs_nonlinear(0.2), e2 = linear_vs_nonlinear(0.1),
               e3 = linear_vs_nonlinear(0.05);
  INFO("errors " << e1 << " " << e2 << " " << e3);
  CHECK(e1 < 1e-3);
  CHECK(e1 / e2 == Approx(4).epsilon(0.02));
  CHECK(e2 / e3 == Approx(4).epsilon(0.02));
}
