// Static equilibrium by kinetic-energy attrition (MotionSolve MKEAM, solver/mkeam_static.hpp).
// Oracles are closed forms: a pendulum hangs straight below its pin; two masses in series on
// springs of different stiffness sit at x1 = (m1 + m2) g / k1 and x2 = x1 + m2 g / k2 below
// their rest lengths; a ball on an IMPACT floor penetrates by (m g / k)^(1/e). MKEAM finds only
// stable equilibria: a pendulum started 0.05 rad from upright ends hanging, where the
// force-imbalance Newton from the same start converges to the upright equilibrium.

#include "solver/mkeam_static.hpp"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/static_decks.hpp"

using namespace mb;

namespace {

constexpr double kG = test::kStandardGravity;

std::string pendulum(double L, double theta0, const std::string& commands) {
  return test::pendulum_deck(L, theta0, "", commands);
}

/// Two blocks on vertical translational joints hanging in series: ground -k1- block 2 -k2-
/// block 3 (undamped springs of free length 1), released at z = -1 and z = -2, where the springs
/// are at their free length.
std::string two_springs(double m1, double m2, double k1, double k2, const std::string& commands) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m1}" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_z="-1"/>
    <Body_Rigid id="3" cg_id="30" mass="{m2}" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="30" body_id="3" pos_z="-2"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
        stiffness="{k1}" damping="0" length="1"/>
    <Force_SpringDamper id="6" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="20"
        stiffness="{k2}" damping="0" length="1"/>
  </Model><Command>
    {commands}
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kG), fmt::arg("m1", m1), fmt::arg("m2", m2), fmt::arg("k1", k1),
                     fmt::arg("k2", k2), fmt::arg("commands", commands));
}

constexpr const char* kMkeam = R"(<Param_Static method="MKEAM"/>
                                  <Simulate analysis_type="Static"/>)";

}  // namespace

TEST_CASE("MKEAM: a pendulum released at 1.2 rad hangs straight below its pin") {
  const double L = 0.5, m = 1.5;
  // At the default max_error 1e-4 the gravity moment m g x left is within it.
  const test::InlineRun run = test::run_inline(pendulum(L, 1.2, kMkeam));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  CHECK(m * kG * std::abs(run.y.back()[0]) <= 1e-4);
  // The polish takes it to max_error.
  const test::InlineRun tight = test::run_inline(pendulum(L, 1.2, R"(<Param_Static
      method="MKEAM" max_error="1e-12"/><Simulate analysis_type="Static"/>)"));
  REQUIRE(tight.report.code == ExitCode::kSuccess);
  CHECK(std::abs(tight.y.back()[0]) < 1e-12);
  CHECK(tight.y.back()[1] == Approx(-L).epsilon(1e-12));
}

TEST_CASE("MKEAM: the attrition alone reaches the equilibrium within its tolerances") {
  // Direct call: the attrition result before the Newton polish, for two masses in series whose
  // two modes make the kinetic-energy peaks of a single iteration miss the equilibrium.
  const double m1 = 2, m2 = 0.5, k1 = 400, k2 = 50;
  auto model = test::model_inline(two_springs(m1, m2, k1, k2, kMkeam));
  System sys(*model);
  Workspace ws = sys.make_workspace();
  const Dae dae(sys, ws);
  StaticParams params;
  params.method = "MKEAM";
  params.max_num_iter = 200;
  const KineticEnergyAttrition a =
      solve_static_mkeam(dae, params, model->transient, 0.0, sys.initial_state());
  const double x1 = -1 - (m1 + m2) * kG / k1, x2 = x1 - 1 - m2 * kG / k2;
  INFO("iterations " << a.attrition_iterations << ", last peak " << a.peak_kinetic_energy);
  CHECK(a.attrition_iterations > 1);
  CHECK(a.peak_kinetic_energy <= params.max_ke_tol);
  CHECK(a.largest_move <= params.max_dq_tol);
  // Near a minimum the potential energy above it is about the kinetic energy the last iteration
  // could still gain: |dx| <= sqrt(2 T / k) with the softer spring, well inside max_dq_tol.
  CHECK(std::abs(a.attrition_y[2] - x1) < 1e-2);
  CHECK(std::abs(a.attrition_y[kBodyStates + 2] - x2) < 1e-2);
  REQUIRE(a.polish_iterations >= 0);
  CHECK(a.solution.y[2] == Approx(x1).epsilon(1e-10));
  CHECK(a.solution.y[kBodyStates + 2] == Approx(x2).epsilon(1e-10));
}

TEST_CASE("MKEAM finds the stable equilibrium where FIM finds the unstable one") {
  const double L = 0.5, theta0 = std::numbers::pi - 0.05;
  const test::InlineRun fim = test::run_inline(pendulum(L, theta0, R"(<Param_Static
      method="FIM_S"/><Simulate analysis_type="Static"/>)"));
  REQUIRE(fim.report.code == ExitCode::kSuccess);
  CHECK(fim.y.back()[1] == Approx(L).epsilon(1e-9));  // upright
  const test::InlineRun mkeam = test::run_inline(pendulum(L, theta0, kMkeam));
  INFO(mkeam.report.message);
  REQUIRE(mkeam.report.code == ExitCode::kSuccess);
  CHECK(mkeam.y.back()[1] == Approx(-L).epsilon(1e-9));  // hanging
  CHECK(std::abs(mkeam.y.back()[0]) < 1e-5);
}

TEST_CASE("MKEAM: a ball dropped onto an IMPACT floor settles to m g = k p^e") {
  const double m = 1, k = 1e6, e = 1.5, radius = 0.1;
  const test::InlineRun run = test::run_inline(test::impact_ball_deck(
      0.105, R"(<Param_Static method="MKEAM"/><Simulate analysis_type="Static"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double penetration = radius - run.y.back()[2];
  CHECK(penetration == Approx(std::pow(m * kG / k, 1 / e)).epsilon(1e-6));
}

TEST_CASE("MKEAM: no convergence within max_num_iter says how far it got") {
  const auto run = test::run_inline(two_springs(2, 0.5, 400, 50, R"(<Param_Static method="MKEAM"
      max_num_iter="1" max_dq_tol="1e-9"/><Simulate analysis_type="Static"/>)"));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK_THAT(run.report.message,
             Catch::StartsWith("static analysis (MKEAM) did not converge in 1 iterations") &&
                 Catch::Contains("max_dq_tol 1e-09"));
}

TEST_CASE("MKEAM: refused for quasi-static analyses and models with motions") {
  const auto quasi = test::run_inline(pendulum(0.5, 0.3, R"(<Param_Static method="MKEAM"/>
      <Simulate analysis_type="Static" end_time="1"/>)"));
  CHECK(quasi.report.code == ExitCode::kDeckError);
  CHECK_THAT(quasi.report.message,
             Catch::Contains("quasi-static") && Catch::Contains("FIM_S or FIM_D"));
  std::string driven = pendulum(0.5, 0.3, kMkeam);
  driven.insert(driven.find("</Model>"),
                R"(<Motion_Joint id="7" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                    expr="0.3 + TIME"/>)");
  const auto motion = test::run_inline(driven);
  CHECK(motion.report.code == ExitCode::kDeckError);
  CHECK_THAT(motion.report.message, Catch::Contains("MKEAM cannot hold the motion 7"));
}

TEST_CASE("Param_Static: MKEAM tolerances are checked, and warned about with FIM") {
  CHECK_THROWS_WITH(test::run_inline(pendulum(0.5, 0.3, R"(<Param_Static method="MKEAM"
      max_ke_tol="0"/><Simulate analysis_type="Static"/>)")),
                    Catch::Contains("max_ke_tol must be > 0"));
  Diagnostics diag;
  Deck deck = read_xml_deck_text(pendulum(0.5, 0.3, R"(<Param_Static method="FIM_S"
      max_dq_tol="1e-4"/><Simulate analysis_type="Static"/>)"),
                                 "inline.xml", diag);
  build_model(deck, diag);
  REQUIRE_FALSE(diag.has_errors());
  bool warned = false;
  for (const auto& d : diag.all()) {
    warned |= d.message.find("applies to method MKEAM only") != std::string::npos;
  }
  CHECK(warned);
}
