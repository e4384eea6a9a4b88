// Joint friction (Adams FRICTION, MotionSolve Force_JointFriction; models/force_jointfriction.hpp).
// Oracles: closed forms (a block on an incline sticks below the friction angle, at the creep z
// with S(z / d) = tan(a) / mu_s, and slides above it with x'' = g (sin a - mu_d cos a); a disc
// spun on a loaded pin decelerates at mu_d R_p m g / J until it stops), independent
// integrations of the same law (fixed-step RK4 of the block's or the disc's ODE, written here;
// CVODE's ODE form against IDA's DAE form), and the exact Jacobian against finite differences.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/friction_law.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.81;

using Law = test::FrictionLaw;
using Rk4 = test::FrictionRk4;

/// A block (m = 2) on a translational joint along global x, gravity tilted by `deg` degrees so
/// that the slope pulls along +x; FRICTION with the given coefficients, from rest.
std::string incline_adm(double deg, double mu_s, double mu_d) {
  const double a = deg * std::numbers::pi / 180;
  return fmt::format(R"ADM(incline
PART/1, GROUND
MARKER/10, PART=1, REULER=90D, 90D, 0
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
JOINT/1, TRANSLATIONAL, I=20, J=10
FRICTION/1, JOINT=1, MU_STATIC={}, MU_DYNAMIC={}
, STICTION_TRANSITION_VELOCITY=0.01, MAX_STICTION_DEFORMATION=1E-3
, INPUTS=(PRELOAD:REACTION_FORCE), FRICTION_FORCE_PRELOAD=0
ACCGRAV/IGRAV={:.17g}, JGRAV=0, KGRAV={:.17g}
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     mu_s, mu_d, kG * std::sin(a), -kG * std::cos(a));
}

/// The same block integrated by RK4 (the normal reaction is m g cos(a), exactly).
Rk4 incline_rk4(double deg, const Law& law) {
  const double a = deg * std::numbers::pi / 180;
  Rk4 r;
  r.law = law;
  r.accel = [a, law](double v, double z) {
    return kG * std::sin(a) - kG * std::cos(a) * law.mu(v, z);
  };
  r.slip = [](double v) { return v; };
  return r;
}

}  // namespace

TEST_CASE("FRICTION on a translational joint: a block sticks below the friction angle") {
  // mu_s = 0.5: friction angle atan(0.5) = 26.6 degrees. At 20 degrees the block creeps on the
  // stiction spring to creep z with S(z / d) = tan(a) / mu_s and stays there.
  const Law law{0.5, 0.4, 0.01, 1.5, 1e-3};
  const auto run = test::run_adm("friction_stick", incline_adm(20, 0.5, 0.4),
                                 "SIMULATE/DYNAMIC, END=2, STEPS=20\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int z = run.sys->state_offset();
  Rk4 ref = incline_rk4(20, law);
  const double dt = 2e-5;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (k > 0) ref.advance(dt, static_cast<int>(std::lround(0.1 / dt)));
    INFO("t = " << run.t[k]);
    CHECK(run.y[k][0] == Approx(ref.u[0]).margin(2e-7));
    CHECK(run.y[k][7] == Approx(ref.u[1]).margin(2e-6));
    CHECK(run.y[k][z] == Approx(ref.u[2]).margin(2e-7));
    CHECK(run.y[k][0] >= -1e-9);
    CHECK(run.y[k][0] <= 1e-3);  // never more than MAX_STICTION_DEFORMATION
  }
  const double a = 20 * std::numbers::pi / 180;
  // At rest the creep spring holds the slope force: S(z / d) = tan(a) / mu_s (S: the cubic
  // saturation STEP(x, -1, -1, 1, 1)).
  CHECK(run.y.back()[z] ==
        Approx(1e-3 * test::stiction_creep_ratio(std::tan(a) / 0.5)).margin(1e-7));
  CHECK(std::abs(run.y.back()[7]) < 1e-4);
}

TEST_CASE("FRICTION on a translational joint: a block slides above the friction angle") {
  // At 30 degrees (above 26.6) it breaks away; once v > 1.5 Vs the coefficient is mu_d and
  // x'' = g (sin a - mu_d cos a).
  const Law law{0.5, 0.4, 0.01, 1.5, 1e-3};
  const auto run = test::run_adm("friction_slide", incline_adm(30, 0.5, 0.4),
                                 "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double a = std::numbers::pi / 6;
  const double acc = kG * (std::sin(a) - 0.4 * std::cos(a));
  Rk4 ref = incline_rk4(30, law);
  const double dt = 2e-5;
  int sliding = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (k > 0) ref.advance(dt, static_cast<int>(std::lround(0.1 / dt)));
    INFO("t = " << run.t[k]);
    CHECK(run.y[k][0] == Approx(ref.u[0]).margin(1e-6));
    CHECK(run.y[k][7] == Approx(ref.u[1]).margin(1e-6));
    if (run.y[k][7] > 0.015) {
      ++sliding;
      CHECK(run.yp[k][7] == Approx(acc).epsilon(1e-6));
    }
  }
  CHECK(sliding >= 9);
  // The breakaway (creeping to d) takes about 2 ms: v(1) is the closed form's from t = 0.
  CHECK(run.y.back()[7] == Approx(acc * 1.0).epsilon(3e-3));
}

TEST_CASE("FRICTION: CVODE (VSTIFF, ODE form) and IDA (GSTIFF) integrate the block alike") {
  // Two independent integrations of the same deck, sticking and sliding: the ODE form solves
  // accelerations and reactions in its right-hand side, the DAE form in its residual.
  for (double deg : {20.0, 30.0}) {
    INFO(deg << " degrees");
    std::string adm = incline_adm(deg, 0.5, 0.4);
    const auto ida = test::run_adm("friction_ida", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    adm.replace(adm.find("INTEGRATOR/GSTIFF"), 17, "INTEGRATOR/VSTIFF");
    const auto cvode = test::run_adm("friction_cvode", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    REQUIRE(ida.report.code == ExitCode::kSuccess);
    REQUIRE(cvode.report.code == ExitCode::kSuccess);
    REQUIRE(ida.t.size() == cvode.t.size());
    for (size_t k = 0; k < ida.t.size(); ++k) {
      INFO("t = " << ida.t[k]);
      CHECK(cvode.y[k][0] == Approx(ida.y[k][0]).margin(1e-6));
      CHECK(cvode.y[k][7] == Approx(ida.y[k][7]).margin(1e-6));
    }
  }
}

TEST_CASE("Force_JointFriction on a revolute pin: Coulomb spin-down, then it stays stopped") {
  // A disc (m = 2, J = 0.5) spinning at 5 rad/s on a pin of radius 0.1 loaded by its weight:
  // friction torque mu_d R_p m g, constant deceleration alpha = mu_d R_p m g / J until it stops
  // at t = 5 / alpha = 3.19 s; afterwards it sticks.
  const double mu_d = 0.4, rp = 0.1, m = 2, jz = 0.5, w0 = 5;
  const double alpha = mu_d * rp * m * kG / jz;
  auto disc = [&](const char* integrator) {
    return test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="{}" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="{}"
                w_ic_z="{}"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="10" body_id="1"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Force_JointFriction id="1" joint_id="1" mu_static="0.5" mu_dynamic="{}"
      stiction_trans_vel="0.01" max_stiction_deform="1e-4" pin_radius="{}" effect="All"
      inputs="1110"/>
    <Param_Transient integr_tol="1e-9" integrator_type="{}"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="4" num_steps="40"/></Command>
  </MotionSolve>)XML",
                                        -kG, m, jz, w0, mu_d, rp, integrator));
  };
  const auto run = disc("GSTIFF");
  const auto ode = disc("VSTIFF");  // CVODE: the other integration of the same deck
  REQUIRE(ode.report.code == ExitCode::kSuccess);
  REQUIRE(ode.t.size() == run.t.size());
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const Law law{0.5, mu_d, 0.01, 1.5, 1e-4};
  Rk4 ref;
  ref.law = law;
  ref.accel = [&](double w, double z) { return -rp * m * kG * law.mu(rp * w, z) / jz; };
  ref.slip = [rp](double w) { return rp * w; };
  ref.u = {0, w0, 0};
  const double dt = 1e-5;
  int sliding = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    if (k > 0) ref.advance(dt, static_cast<int>(std::lround(0.1 / dt)));
    const double t = run.t[k], w = run.y[k][12];
    INFO("t = " << t);
    CHECK(w == Approx(ref.u[1]).margin(1e-5));
    CHECK(ode.y[k][12] == Approx(w).margin(1e-5));
    if (rp * w > 1.5 * 0.01) {
      ++sliding;
      CHECK(w == Approx(w0 - alpha * t).margin(1e-6));
      CHECK(run.yp[k][12] == Approx(-alpha).epsilon(1e-6));
    }
    if (t > 3.55) CHECK(std::abs(w) < 1e-3);
  }
  CHECK(sliding >= 30);
  CHECK(std::abs(run.y.back()[12]) < 1e-4);
}

TEST_CASE("exact Jacobian of joint friction equals finite differences") {
  // Friction on a revolute, a translational, a cylindrical, a spherical, a universal and a Hooke
  // joint (both yoke pins) between bodies with general marker orientations, every input on, each
  // EFFECT, in the three DAE forms.
  const std::string bodies = R"XML(
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"
                inertia_xy="0.01" w_ic_x="0.3" v_ic_y="0.2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" psi="0.3" theta="0.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" theta="0.4"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
    <Reference_Marker id="31" body_id="3" pos_x="1.4" pos_y="0.1" pos_z="0.3" theta="0.4"/>)XML";
  const char* joints[] = {"REVOLUTE",  "TRANSLATIONAL", "CYLINDRICAL",
                          "SPHERICAL", "UNIVERSAL",     "HOOKE"};
  const char* effects[] = {"All", "Stiction", "Sliding"};
  for (const char* type : joints) {
    for (const char* effect : effects) {
      const auto model = test::model_inline(fmt::format(
          R"XML(<MotionSolve><Model>{}
          <Constraint_Joint id="1" type="{}" i_marker_id="31" j_marker_id="21"/>
          <Force_JointFriction id="1" joint_id="1" mu_static="0.5" mu_dynamic="0.3"
            stiction_trans_vel="0.2" max_stiction_deform="0.05" effect="{}" force_preload="2"
            torque_preload="0.5" pin_radius="0.3" ball_radius="0.2" friction_arm="0.4"
            bending_reaction_arm="0.7" reaction_arm="0.6" initial_overlap="0.8"
            overlap_delta="Increase"/>
          </Model></MotionSolve>)XML",
          bodies, type, effect));
      for (DaeForm form :
           {DaeForm::kStabilisedIndex2, DaeForm::kIndex3, DaeForm::kStabilisedIndex1}) {
        INFO(type << " " << effect << " form " << static_cast<int>(form));
        const System sys(*model, form);
        std::mt19937 rng(23);
        for (int trial = 0; trial < 3; ++trial) {
          const auto check = test::check_jacobian_at_random_state(sys, 0.4, 37.5, rng, 0.3);
          INFO(check.where);
          CHECK(check.worst < 1e-6);
        }
      }
    }
  }
}

TEST_CASE("joint friction: what is not supported or wrong is a deck error in the user's words") {
  const std::string adm = R"ADM(friction errors
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2
JOINT/1, REVOLUTE, I=20, J=10
JOINT/2, PLANAR, I=20, J=10
FRICTION/1, JOINT=1, MU_STATIC=0.3, MU_DYNAMIC=0.2, I_YOKE
FRICTION/2, JOINT=2, MU_STATIC=0.3, MU_DYNAMIC=0.2
FRICTION/3, JOINT=9, MU_STATIC=0.3, MU_DYNAMIC=0.2
FRICTION/4, JOINT=2, MU_STATIC=0.3, MU_DYNAMIC=0.5, INPUTS=(PRELOAD:SHEAR)
END
)ADM";
  try {
    test::run_adm("friction_errors", adm, "SIMULATE/DYNAMIC, END=1, STEPS=10\n");
    FAIL("the deck was accepted");
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("FRICTION 1: I_YOKE applies to UNIVERSAL and HOOKE joints "
                                     "only (JOINT 1 is REVOLUTE)"));
    CHECK_THAT(what, Catch::Contains("FRICTION 2: JOINT 2 is not a REVOLUTE, TRANSLATIONAL, "
                                     "CYLINDRICAL, SPHERICAL, UNIVERSAL or HOOKE joint"));
    CHECK_THAT(what, Catch::Contains("FRICTION 3: JOINT 9 is not a joint of the model"));
    CHECK_THAT(what, Catch::Contains("FRICTION 4: MU_DYNAMIC must lie in [0, MU_STATIC]"));
    CHECK_THAT(what, Catch::Contains("INPUTS 'SHEAR' is not an input"));
  }
}
