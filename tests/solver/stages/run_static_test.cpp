// Static and quasi-static equilibrium. Oracles are closed forms: a pendulum released at an angle
// hangs vertically below its pivot with the rod tension m g; a body on a ball joint with an
// offset CM hangs with its CM straight below the pivot at the same distance, and a transient
// started from an equilibrium stays there.

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

std::string pendulum(double L, double theta0, const std::string& extra_model,
                     const std::string& commands) {
  return test::pendulum_deck(L, theta0, extra_model, commands);
}

}  // namespace

TEST_CASE("static: a pendulum released at an angle hangs vertically below the pivot") {
  const double L = 0.8;
  const auto run = test::run_inline(pendulum(L, 0.6, "", R"(<Simulate analysis_type="Static"/>)"));
  REQUIRE(run.report.message == "");
  REQUIRE(run.y.size() == 1);  // one row, at the equilibrium
  const auto& y = run.y[0];
  CHECK(run.t[0] == 0.0);
  CHECK(y[0] == Approx(0.0).margin(1e-10));
  CHECK(y[1] == Approx(-L).epsilon(1e-12));
  CHECK(y[2] == Approx(0.0).margin(1e-12));
  for (int i = 7; i < 13; ++i) CHECK(y[i] == 0.0);
  // The body only turned about z: e1 = e2 = 0.
  CHECK(y[3] * y[3] + y[6] * y[6] == Approx(1.0).epsilon(1e-12));
  // The rod tension equals the weight: the point-equation multipliers carry m g along y.
  const int l0 = 13;
  CHECK(std::hypot(y[l0], y[l0 + 1], y[l0 + 2]) == Approx(1.5 * kG).epsilon(1e-8));
}

TEST_CASE("static: an offset body on a ball joint settles with its CM below the pivot") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="0.2" pos_z="0.3"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.08" inertia_yy="0.3" inertia_zz="0.25"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5" pos_y="0.6" pos_z="0.0"/>
    <Reference_Marker id="21" body_id="2" pos_x="0.1" pos_y="0.2" pos_z="0.3"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
  </Model><Command>
    <Simulate analysis_type="Static"/>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.1"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.message == "");
  const double d = std::sqrt(0.4 * 0.4 + 0.4 * 0.4 + 0.3 * 0.3);  // pivot-to-CM distance
  const auto& y = run.y[0];
  CHECK(y[0] == Approx(0.1).epsilon(1e-10));
  CHECK(y[1] == Approx(0.2).epsilon(1e-10));
  CHECK(y[2] == Approx(0.3 - d).epsilon(1e-10));
  // The following transient starts at rest in the equilibrium and stays there.
  for (const auto& yk : run.y) {
    CHECK(yk[0] == Approx(0.1).epsilon(1e-6));
    CHECK(yk[2] == Approx(0.3 - d).epsilon(1e-6));
  }
  CHECK(run.y.size() == 11);
}

TEST_CASE("quasi-static: an equilibrium at every output time") {
  const auto run = test::run_inline(
      pendulum(0.5, 1.0, R"(<Param_Static method="FIM_S" max_error="1e-8"/>)",
               R"(<Simulate analysis_type="Static" end_time="1" num_steps="4"/>)"));
  REQUIRE(run.report.message == "");
  REQUIRE(run.t.size() == 5);
  for (size_t k = 0; k < run.t.size(); ++k) {
    CHECK(run.t[k] == Approx(0.25 * static_cast<double>(k)).margin(1e-14));
    CHECK(run.y[k][0] == Approx(0.0).margin(1e-10));
    CHECK(run.y[k][1] == Approx(-0.5).epsilon(1e-12));
  }
}

TEST_CASE("static: no convergence within max_num_iter names the worst equation") {
  const auto run = test::run_inline(pendulum(0.5, 1.2, "", R"(<Param_Static max_num_iter="1"/>
                                <Simulate analysis_type="Static"/>)"));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK_THAT(run.report.message,
             Catch::StartsWith("static analysis did not converge in 1 iterations at t = 0: "
                               "largest residual ") &&
                 Catch::Contains("in the equation of "));
}
