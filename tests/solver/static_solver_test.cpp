// Static equilibrium from starts where Newton's matrix is singular (solver/static_solver.cpp):
// no stiffness in the direction the load pushes. Before the pseudo-transient fallback and the
// step limit, both stalled ("the line search found no decrease").

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/quarter_car_deck.hpp"
#include "tests/solver/static_decks.hpp"

using namespace mb;

TEST_CASE("static: a pendulum released horizontally finds the hanging equilibrium") {
  // 2 kg, centre 0.5 m from the pin along x, gravity -y: at the start the gravity moment about
  // the pin is largest and its derivative zero. Equilibria: hanging (stable) and upright.
  const test::InlineRun run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.80665"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.001" inertia_yy="0.16667"
                inertia_zz="0.16667"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
  </Model><Command><Simulate analysis_type="Static"/></Command></MotionSolve>)XML");
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const std::vector<double>& y = run.y.back();
  CHECK(std::abs(y[0]) < 1e-9);
  CHECK(std::abs(y[1] + 0.5) < 1e-9);
}

TEST_CASE("static: a ball resting exactly on an IMPACT floor settles to m g = k p^e") {
  // IMPACT's force k p^1.5 has zero stiffness at zero penetration, where the ball starts.
  const double m = 1, g = 9.80665, k = 1e6, e = 1.5, radius = 0.1;
  const test::InlineRun run =
      test::run_inline(test::impact_ball_deck(radius, R"(<Simulate analysis_type="Static"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double penetration = radius - run.y.back()[2];
  CHECK(penetration == Approx(std::pow(m * g / k, 1 / e)).epsilon(1e-6));
}

TEST_CASE("static: stability adds mass and damping to the Newton matrix, not to the answer") {
  // The quarter car under gravity: z3 = 0.3 - (m1 + m2) g / k1, z2 = z3 + 0.7 - m2 g / k2.
  // With stability 1 the Newton matrix gains each body's mass and its damper's 1500 N s/m.
  constexpr double m1 = 40, m2 = 300, k1 = 2e5, k2 = 2e4, g = test::kStandardGravity;
  const double z3 = 0.3 - (m1 + m2) * g / k1, z2 = z3 + 0.7 - m2 * g / k2;
  auto run = [](const std::string& param_static) {
    return test::run_inline(
        test::quarter_car("1500", param_static + R"(<Simulate analysis_type="Static"/>)",
                          R"(<Force_Gravity grav_z="-9.80665"/>)"));
  };
  SECTION("the equilibrium is the same with stability") {
    const test::InlineRun r = run(R"(<Param_Static stability="1"/>)");
    INFO(r.report.message);
    REQUIRE(r.report.code == ExitCode::kSuccess);
    CHECK(std::abs(r.y.back()[2] - z2) < 1e-7);
    CHECK(std::abs(r.y.back()[13 + 2] - z3) < 1e-7);
  }
  SECTION("plain Newton solves this linear model in one step; the modified step needs more") {
    CHECK(run(R"(<Param_Static max_num_iter="3"/>)").report.code == ExitCode::kSuccess);
    CHECK(run(R"(<Param_Static stability="1" max_num_iter="3"/>)").report.code ==
          ExitCode::kAnalysisFailed);
  }
  SECTION("a negative stability is a deck error") {
    CHECK_THROWS_WITH(run(R"(<Param_Static stability="-1"/>)"),
                      Catch::Contains("Param_Static: stability must be >= 0 (got -1)"));
  }
}

TEST_CASE("static: with stability the IMPACT ball starting on the floor settles to m g = k p^e") {
  // Zero stiffness at zero penetration: the mass term keeps the first Newton matrix regular.
  const double m = 1, g = 9.80665, k = 1e6, e = 1.5, radius = 0.1;
  const test::InlineRun run = test::run_inline(test::impact_ball_deck(
      radius, R"(<Param_Static stability="1"/><Simulate analysis_type="Static"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double penetration = radius - run.y.back()[2];
  CHECK(penetration == Approx(std::pow(m * g / k, 1 / e)).epsilon(1e-6));
}
