// Joint friction in UNIVERSAL and HOOKE joints (models/force_jointfriction.hpp): each yoke pin
// turns like a revolute pin. A rotor whose centre of mass sits at the joint centre, symmetric
// about one yoke pin and spun about it, keeps turning about that pin alone (the other pin does
// not slip), so the pin's friction is the revolute one with a reaction known in closed form:
// the weight along the pin (N = Rn m g) or across it (N = Rp m g). Oracles: the Coulomb
// spin-down w = w0 - (mu_d N / I) t and stop time I w0 / (mu_d N); stiction holding a torque
// below mu_s N at the creep S(z / d) = T / (mu_s N) and breaking away above it with
// w' = (T - mu_d N) / I; a fixed-step RK4 of the same law (tests/solver/friction_law.hpp); CVODE's
// ODE form against IDA's DAE form.

#include <fmt/format.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/friction_law.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;
constexpr double kMuS = 0.5, kMuD = 0.4, kRp = 0.1, kRn = 0.15;

/// A rotor (m = 2, Izz = 0.5, Ixx = Iyy = 0.3, centre of mass at the joint) in a UNIVERSAL joint
/// to ground: the J yoke's pin z_J is vertical (global z), the I yoke's pin z_I is global x at
/// the start. Gravity -z loads the J pin along its axis (N_J = Rn m g). The rotor starts at
/// w0 about z and carries the scalar torque `torque` about z; `yoke` is "" or a yoke attribute.
std::string universal_xml(double w0, double torque, double vs, double d, const char* yoke,
                          const char* integrator, double end, int steps) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="0" grav_z="{}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"
                w_ic_z="{}"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" psi="1.5707963267948966" theta="1.5707963267948966"/>
    <Reference_Marker id="10" body_id="1"/>
    <Constraint_Joint id="1" type="UNIVERSAL" i_marker_id="21" j_marker_id="10"/>
    <Force_JointFriction id="1" joint_id="1" mu_static="{}" mu_dynamic="{}"
      stiction_trans_vel="{}" max_stiction_deform="{}" pin_radius="{}" friction_arm="{}"
      bending_reaction_arm="0.2" inputs="1111" {}/>
    <Force_Scalar_TwoBody id="5" type="Torque" i_marker_id="20" j_marker_id="10" val="{}"/>
    <Param_Transient integr_tol="1e-9" integrator_type="{}"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="{}" num_steps="{}"/></Command>
  </MotionSolve>)XML",
                     -kG, w0, kMuS, kMuD, vs, d, kRp, kRn, yoke, torque, integrator, end, steps);
}

/// A rotor (m = 1, Ixx = 0.5, Iyy = Izz = 0.3, centre of mass at the joint) in a HOOKE joint to
/// ground, identity markers: the I yoke's pin x_I is global x, the J yoke's pin y_J global y.
/// Gravity -z loads the I pin across its axis (N_I = Rp m g). It starts at w0 about x.
std::string hooke_adm(double w0, double vs, double d, const char* yoke) {
  return fmt::format(R"ADM(hooke joint friction
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=0.5, 0.3, 0.3, WX={}
MARKER/20, PART=2
MARKER/21, PART=2
JOINT/1, HOOKE, I=21, J=10
FRICTION/1, JOINT=1, MU_STATIC={}, MU_DYNAMIC={}, PIN_RADIUS={}, FRICTION_ARM={}
, STICTION_TRANSITION_VELOCITY={}, MAX_STICTION_DEFORMATION={}
, INPUTS=(PRELOAD:REACTION_FORCE:BENDING_MOMENT){}
ACCGRAV/IGRAV=0, JGRAV=0, KGRAV={}
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     w0, kMuS, kMuD, kRp, kRn, vs, d, yoke, -kG);
}

/// The output index k after which w(t) first reaches 0 (w(t_k) > 0 >= w(t_k+1)); the last
/// index when it never does.
size_t stop_interval(const test::InlineRun& run, size_t w_index) {
  for (size_t k = 0; k + 1 < run.t.size(); ++k) {
    if (run.y[k][w_index] > 0 && run.y[k + 1][w_index] <= 0) return k;
  }
  return run.t.size() - 1;
}

/// Checks a Coulomb spin-down of `run` (angular velocity y[w_index], the turning pin's creep
/// y[z_index]) against the closed form with friction torque mu_d N and inertia `inertia`.
void check_spin_down(const test::InlineRun& run, size_t w_index, size_t z_index, double normal,
                     double inertia, double w0, double vs, double d) {
  const double alpha = kMuD * normal / inertia;
  const double t_stop = inertia * w0 / (kMuD * normal);
  int sliding = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], w = run.y[k][w_index];
    INFO("t = " << t);
    if (kRp * w > 1.5 * vs) {
      ++sliding;
      CHECK(w == Approx(w0 - alpha * t).margin(1e-6));
      CHECK(run.yp[k][w_index] == Approx(-alpha).epsilon(1e-6));
      if (t > 0 && kRp * w > 100 * vs) {
        // The creep saturated at d (to the integration error of a 1e-6 state at ERROR=1e-9).
        CHECK(run.y[k][z_index] == Approx(d).margin(1e-3 * d));
      }
    }
    if (t > t_stop + 0.05) CHECK(std::abs(w) < 1e-4);  // stopped, and stays stopped
  }
  CHECK(sliding > 1000);
  // The Coulomb stop time from the last sliding output's state and acceleration.
  size_t last = 0;
  while (last + 1 < run.t.size() && kRp * run.y[last + 1][w_index] > 1.5 * vs) ++last;
  const double t_coulomb = run.t[last] + run.y[last][w_index] / -run.yp[last][w_index];
  CHECK(t_coulomb == Approx(t_stop).epsilon(1e-6));
  // The rotor stops (w changes sign) between two outputs 2e-4 s apart that bracket the closed
  // form, less the c Vs / (Rp alpha) that the rise from mu_d to mu_s below c Vs saves.
  const size_t k = stop_interval(run, w_index);
  INFO("stop between " << run.t[k] << " and " << run.t[k + 1] << ", closed form " << t_stop);
  CHECK(run.t[k] <= t_stop);
  CHECK(run.t[k + 1] >= t_stop - 1.5 * vs / kRp / alpha);
  CHECK(run.t[k + 1] - run.t[k] <= 1e-4 * t_stop);
}

/// Checks that the rotor of `run` turns about its spin axis alone: the other two angular
/// velocity components y[w_others] stay 0 (no turn about the other yoke pin), and so does that
/// pin's creep y[z_other].
void check_turns_about_one_axis(const test::InlineRun& run, std::array<size_t, 2> w_others,
                                size_t z_other) {
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    CHECK(std::abs(run.y[k][w_others[0]]) < 1e-9);
    CHECK(std::abs(run.y[k][w_others[1]]) < 1e-9);
    CHECK(std::abs(run.y[k][z_other]) < 1e-12);
  }
}

}  // namespace

TEST_CASE("Force_JointFriction on a UNIVERSAL joint: the J yoke's pin spins down (axial load)") {
  // N_J = Rn m g = 2.943, T = mu_d N_J = 1.1772, I = 0.5: alpha = 2.3544, stop at 2.1237 s.
  // Vs = 1e-5: the transition to stiction lasts less than 1e-4 s (c Vs / (Rp alpha) = 6.4e-5 s).
  const double w0 = 5, vs = 1e-5, d = 1e-6, normal = kRn * 2 * kG;
  const auto run = test::run_inline(universal_xml(w0, 0, vs, d, "", "GSTIFF", 2.5, 12500));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  // Creep states: the I yoke's pin first, then the J yoke's.
  const size_t z_i = static_cast<size_t>(run.sys->state_offset()), z_j = z_i + 1;
  check_spin_down(run, 12, z_j, normal, 0.5, w0, vs, d);
  check_turns_about_one_axis(run, {10, 11}, z_i);
}

TEST_CASE("Force_JointFriction on a UNIVERSAL joint: RK4, CVODE and IDA spin it down alike") {
  // Vs = 1e-3: through the transition and into stiction, the solver's two integrations (ODE form:
  // reactions solved in each right-hand side; DAE form: in the residual) and an RK4 of the law
  // with the closed-form reaction.
  const double w0 = 2, vs = 1e-3, d = 1e-4, normal = kRn * 2 * kG, inertia = 0.5;
  const auto ida = test::run_inline(universal_xml(w0, 0, vs, d, "", "GSTIFF", 1.2, 12));
  const auto ode = test::run_inline(universal_xml(w0, 0, vs, d, "", "VSTIFF", 1.2, 12));
  REQUIRE(ida.report.code == ExitCode::kSuccess);
  REQUIRE(ode.report.code == ExitCode::kSuccess);
  REQUIRE(ida.t.size() == ode.t.size());
  const size_t z_j = static_cast<size_t>(ida.sys->state_offset()) + 1;
  const test::FrictionLaw law{kMuS, kMuD, vs, 1.5, d};
  test::FrictionRk4 ref;
  ref.law = law;
  ref.accel = [&](double w, double z) { return -normal * law.mu(kRp * w, z) / inertia; };
  ref.slip = [](double w) { return kRp * w; };
  ref.u = {0, w0, 0};
  const double dt = 1e-5;
  for (size_t k = 0; k < ida.t.size(); ++k) {
    if (k > 0) ref.advance(dt, static_cast<int>(std::lround(0.1 / dt)));
    INFO("t = " << ida.t[k]);
    CHECK(ida.y[k][12] == Approx(ref.u[1]).margin(1e-6));
    CHECK(ida.y[k][z_j] == Approx(ref.u[2]).margin(1e-3 * d));
    CHECK(ode.y[k][12] == Approx(ida.y[k][12]).margin(1e-6));
  }
  // Stopped at 0.85 s; the creep spring then relaxes (z + tau z' = 0, tau = d / Vs), turning it
  // back by about d / (tau Rp) exp(-t / tau) = 1e-2 exp(-3.5) rad/s at the end.
  CHECK(std::abs(ida.y.back()[12]) < 1e-3);
}

TEST_CASE("Force_JointFriction on a UNIVERSAL joint: stiction holds below mu_s N, not above") {
  // From rest, a torque T about the J yoke's pin (z): T = 0.8 mu_s N_J holds on the creep spring
  // at S(z / d) = 0.8; T = 1.2 mu_s N_J breaks away to w' = (T - mu_d N_J) / I.
  const double vs = 1e-3, d = 1e-4, normal = kRn * 2 * kG, inertia = 0.5;
  const test::FrictionLaw law{kMuS, kMuD, vs, 1.5, d};
  for (double s : {0.8, 1.2}) {
    INFO("T / (mu_s N) = " << s);
    const double torque = s * kMuS * normal;
    const auto run = test::run_inline(universal_xml(0, torque, vs, d, "", "GSTIFF", 2, 20));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const size_t z_j = static_cast<size_t>(run.sys->state_offset()) + 1;
    test::FrictionRk4 ref;
    ref.law = law;
    ref.accel = [&](double w, double z) {
      return (torque - normal * law.mu(kRp * w, z)) / inertia;
    };
    ref.slip = [](double w) { return kRp * w; };
    const double dt = 1e-5;
    for (size_t k = 0; k < run.t.size(); ++k) {
      if (k > 0) ref.advance(dt, static_cast<int>(std::lround(0.1 / dt)));
      INFO("t = " << run.t[k]);
      CHECK(run.y[k][12] == Approx(ref.u[1]).margin(1e-6));
      CHECK(run.y[k][z_j] == Approx(ref.u[2]).margin(1e-3 * d));
    }
    if (s < 1) {
      CHECK(std::abs(run.y.back()[12]) < 1e-6);
      CHECK(run.y.back()[z_j] == Approx(d * test::stiction_creep_ratio(s)).epsilon(1e-5));
    } else {
      // Sliding from a few ms on: the closed-form acceleration.
      const double accel = (torque - kMuD * normal) / inertia;
      for (size_t k = 1; k < run.t.size(); ++k) {
        INFO("t = " << run.t[k]);
        CHECK(run.yp[k][12] == Approx(accel).epsilon(1e-6));
      }
      CHECK(run.y.back()[12] == Approx(accel * 2.0).epsilon(2e-3));
    }
  }
}

TEST_CASE("FRICTION on a HOOKE joint: the I yoke's pin spins down (radial load), Adams deck") {
  // N_I = Rp m g = 0.981, T = mu_d N_I = 0.3924, I = 0.5: alpha = 0.7848, stop at 2.5484 s.
  const double w0 = 2, vs = 1e-5, d = 1e-6, normal = kRp * 1 * kG;
  const auto run = test::run_adm("hooke_friction", hooke_adm(w0, vs, d, ""),
                                 "SIMULATE/DYNAMIC, END=3, STEPS=15000\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const size_t z_i = static_cast<size_t>(run.sys->state_offset()), z_j = z_i + 1;
  check_spin_down(run, 10, z_i, normal, 0.5, w0, vs, d);
  check_turns_about_one_axis(run, {11, 12}, z_j);
}

TEST_CASE("joint friction on one yoke only: I_YOKE / J_YOKE, yoke=\"I\" / \"J\"") {
  // Friction on the pin that does not turn leaves the spin free; on the one that turns it is the
  // spin-down above.
  SECTION("UNIVERSAL, yoke=\"I\": the turning J pin has none") {
    const auto run =
        test::run_inline(universal_xml(5, 0, 1e-3, 1e-4, "yoke=\"I\"", "GSTIFF", 1, 10));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[12] == Approx(5).epsilon(1e-9));
  }
  SECTION("UNIVERSAL, yoke=\"J\": the turning J pin has it") {
    const auto run =
        test::run_inline(universal_xml(5, 0, 1e-3, 1e-4, "yoke=\"J\"", "GSTIFF", 1, 10));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[12] == Approx(5 - kMuD * kRn * 2 * kG / 0.5).epsilon(1e-6));
  }
  SECTION("HOOKE, J_YOKE: the turning I pin has none") {
    const auto run = test::run_adm("hooke_j_yoke", hooke_adm(2, 1e-3, 1e-4, ", J_YOKE"),
                                   "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[10] == Approx(2).epsilon(1e-9));
  }
  SECTION("HOOKE, I_YOKE: the turning I pin has it") {
    const auto run = test::run_adm("hooke_i_yoke", hooke_adm(2, 1e-3, 1e-4, ", I_YOKE"),
                                   "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.y.back()[10] == Approx(2 - kMuD * kRp * 1 * kG / 0.5).epsilon(1e-6));
  }
}

TEST_CASE("joint friction: I_YOKE with J_YOKE is a deck error") {
  try {
    test::run_adm("hooke_two_yokes", hooke_adm(2, 1e-3, 1e-4, ", I_YOKE, J_YOKE"),
                  "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    FAIL("the deck was accepted");
  } catch (const std::runtime_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("J_YOKE conflicts with I_YOKE"));
  }
}
