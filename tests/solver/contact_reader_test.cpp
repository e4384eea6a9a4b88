// CONTACT() read inside the residual: by a DIFF (Control_Diff), a VARIABLE (Reference_Variable)
// and a force expression (SFORCE), solver/contact_read.hpp. Oracles independent of the contact
// law: the momentum balance of the ball (the DIFF integrating the contact's normal force is the
// contact impulse m (v(t) - v(0)) + m g t), the linearity of the POISSON law in its penalty (an
// extra force -0.5 CONTACT() is the same law with half the penalty), and the exact Jacobian
// against finite differences.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "parser/adm_reader.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;

/// A ball (m = 1, R = 0.1) dropped from z = 1 onto the ground plane (POISSON, penalty p,
/// restitution 0.8), and `extra` statements, integrated by `integrator`.
std::string ball_adm(double penalty, const std::string& extra,
                     const std::string& integrator = "GSTIFF") {
  return fmt::format(R"ADM(ball
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=0.004, 0.004, 0.004
MARKER/20, PART=2, QP=0, 0, 1
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=0.2, YSCALE=0.2, ZSCALE=0.2
GRAPHICS/2, PLANE, RM=10
CONTACT/1, IGEOM=1, JGEOM=2, POISSON, PENALTY={:.17g}, RESTITUTION_COEFFICIENT=0.8
{}
ACCGRAV/KGRAV=-9.81
INTEGRATOR/{}, ERROR=1E-8, HMAX=1E-4
END
)ADM",
                     penalty, extra, integrator);
}

/// The z speed the ball has at gap zero, from a flight state (z, vz): sqrt(vz^2 + 2 g (z - R)).
double touch_speed(double z, double vz) { return std::sqrt(vz * vz + 2 * kG * (z - 0.1)); }

}  // namespace

TEST_CASE("CONTACT() in a DIFF and a VARIABLE: the integral of the normal force is the impulse") {
  // DIFF 1 integrates the normal force on the ball (CONTACT comp 4, ground axes); DIFF 2 the
  // same through VARIABLE 1. Momentum: m (vz(t) - vz(0)) = DIF(t) - m g t at every time, and
  // after the first bounce DIF = m (v_in + v_out) up to m g times the contact's duration
  // (about pi/2 sqrt(m / p) (1 + 1 / r) = 3.5e-5 s: 3.5e-4 N s of 7.6 N s).
  const std::string extra =
      "DIFF/1, IC=0, FUNCTION=CONTACT(1, 0, 4, 10)\n"
      "VARIABLE/1, FUNCTION=CONTACT(1, 0, 4)\n"
      "DIFF/2, IC=0, FUNCTION=VARVAL(1)\n"
      "REQUEST/1, F2=DIF(1)\\F3=DIF(2)\\F4=CONTACT(1, 0, 4, 10)\\F6=VARVAL(1)";
  // First touch at t = sqrt(2 0.9 / g) = 0.428 s, second at 0.428 + 2 0.8 v_in / g = 1.114 s.
  const auto run =
      test::run_adm("contact_diff", ball_adm(1e10, extra), "SIMULATE/DYNAMIC, END=1, STEPS=1000\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double m = 1;
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double dif = test::request_channel(run, "req1.f2", k);
    const double momentum = m * (run.y[k][9] - 0.0) + m * kG * run.t[k];
    worst = std::max(worst, std::abs(dif - momentum));
    CHECK(test::request_channel(run, "req1.f3", k) == Approx(dif).margin(1e-9));
    CHECK(test::request_channel(run, "req1.f6", k) ==
          Approx(test::request_channel(run, "req1.f4", k)).margin(1e-9));
  }
  INFO("largest |DIF - m dv - m g t| " << worst);
  CHECK(worst < 1e-4);  // of an impulse of 7.6 N s
  // The velocities before and after the bounce (flight states at t = 0.4 and t = 1.0).
  size_t before = 0, after = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (run.t[k] <= 0.4 + 1e-9) before = k;
    if (run.t[k] <= 1.0 + 1e-9) after = k;
  }
  const double v_in = touch_speed(run.y[before][2], run.y[before][9]);
  const double v_out = touch_speed(run.y[after][2], run.y[after][9]);
  CHECK(v_in == Approx(std::sqrt(2 * kG * 0.9)).epsilon(1e-6));
  CHECK(v_out / v_in == Approx(0.8).epsilon(1e-3));
  const double impulse = test::request_channel(run, "req1.f2", after);
  INFO("impulse " << impulse << ", m (v_in + v_out) " << m * (v_in + v_out));
  CHECK(impulse == Approx(m * (v_in + v_out)).epsilon(1e-4));
  // In flight the contact carries nothing.
  CHECK(test::request_channel(run, "req1.f4", before) == 0.0);
}

TEST_CASE("CONTACT() in a force: -0.5 CONTACT() bounces as half the penalty") {
  // SFORCE 2 pushes the ball along z of ground with -0.5 times the contact's normal force: the
  // net normal force is the POISSON law with half the penalty, so the two runs agree.
  const std::string extra =
      "SFORCE/2, I=20, J=10, TRANSLATION, ACTIONONLY, FUNCTION=-0.5*CONTACT(1, 0, 4, 10)";
  const auto halved =
      test::run_adm("contact_force", ball_adm(1e6, extra), "SIMULATE/DYNAMIC, END=2, STEPS=400\n");
  const auto half =
      test::run_adm("contact_half", ball_adm(5e5, ""), "SIMULATE/DYNAMIC, END=2, STEPS=400\n");
  REQUIRE(halved.report.code == ExitCode::kSuccess);
  REQUIRE(half.report.code == ExitCode::kSuccess);
  REQUIRE(halved.t.size() == half.t.size());
  double worst_z = 0, worst_v = 0, lowest = 1;
  for (size_t k = 0; k < half.t.size(); ++k) {
    worst_z = std::max(worst_z, std::abs(halved.y[k][2] - half.y[k][2]));
    worst_v = std::max(worst_v, std::abs(halved.y[k][9] - half.y[k][9]));
    lowest = std::min(lowest, half.y[k][2]);
  }
  INFO("largest differences: z " << worst_z << " m, vz " << worst_v << " m/s; lowest z " << lowest);
  CHECK(worst_z < 1e-5);
  CHECK(worst_v < 1e-3);  // of 4.2 m/s, over several bounces
  // The softer contact: the ball sinks to about v_in sqrt(m / p) = 6e-3 below R.
  CHECK(lowest < 0.1 - 4e-3);
  // The Cartesian ODE form (CVODE) integrates the same force: an independent method (over the
  // first bounce: CVODE is slower on this stiff contact).
  const auto ode = test::run_adm("contact_force_ode", ball_adm(1e6, extra, "VSTIFF"),
                                 "SIMULATE/DYNAMIC, END=1, STEPS=200\n");
  REQUIRE(ode.report.code == ExitCode::kSuccess);
  REQUIRE(ode.t.size() == 201);
  double worst_ode = 0;
  for (size_t k = 0; k < ode.t.size(); ++k) {
    worst_ode = std::max(worst_ode, std::abs(ode.y[k][2] - halved.y[k][2]));
  }
  INFO("VSTIFF against GSTIFF: z within " << worst_ode);
  CHECK(worst_ode < 1e-4);  // a stiffer penalty alone moves z by millimetres
}

TEST_CASE("CONTACT() read by a force and a DIFF: exact Jacobian against finite differences") {
  for (const char* law : {"IMPACT, STIFFNESS=1E4, EXPONENT=1.5, DAMPING=10, DMAX=0.5",
                          "POISSON, PENALTY=1E4, RESTITUTION_COEFFICIENT=0.5"}) {
    INFO(law);
    // Two moving bodies: a sphere on a plane (the closed form, differentiated exactly) with
    // friction; the readers sit on a third body.
    const std::string adm = fmt::format(R"ADM(jacobian
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=1, 2, 3
MARKER/20, PART=2, QP=0.1, 0.2, 0.3, REULER=10D, 20D, 30D
PART/3, MASS=1, CM=30, IP=1, 1, 1
MARKER/30, PART=3, QP=0, 0, 0.4, REULER=5D, -10D, 0
PART/4, MASS=1, CM=40, IP=1, 1, 1
MARKER/40, PART=4, QP=3, 0, 0
GRAPHICS/1, ELLIPSOID, CM=20, XSCALE=2, YSCALE=2, ZSCALE=2
GRAPHICS/2, PLANE, RM=30
CONTACT/1, IGEOM=1, JGEOM=2, {}
, COULOMB_FRICTION=ON, MU_STATIC=0.5, MU_DYNAMIC=0.3
, STICTION_TRANSITION_VELOCITY=0.1, FRICTION_TRANSITION_VELOCITY=1
VARIABLE/1, FUNCTION=CONTACT(1, 1, 7, 30)
SFORCE/2, I=40, J=10, TRANSLATION, ACTIONONLY, FUNCTION=CONTACT(1, 0, 2, 40) + 0.1*VARVAL(1)
VFORCE/3, I=40, JFLOAT=10, RM=10, FX=CONTACT(1, 0, 1), FY=CONTACT(1, 1, 6, 20), FZ=DIF(1)
DIFF/1, IC=0, FUNCTION=CONTACT(1, 0, 4) - DIF(1) + VARVAL(1)
END
)ADM",
                                        law);
    Diagnostics diag;
    const Deck deck = read_adm_deck_text(adm, "jacobian.adm", diag);
    auto model = build_model(deck, diag);
    std::string all;
    for (const auto& d : diag.all()) all += d.str() + "\n";
    INFO(all);
    REQUIRE(model);
    const System sys(*model);
    std::mt19937 rng(7);
    for (int trial = 0; trial < 6; ++trial) {
      const auto check = test::check_jacobian_at_random_state(sys, 0.1, 20.0, rng, 0.1);
      INFO(check.where);
      CHECK(check.worst < 1e-5);
    }
  }
}
