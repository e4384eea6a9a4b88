// is_static_hold on a body hanging on a vertical translational joint under gravity, loaded by a
// Force_StateEqn FZ = -k DZ - x with the state x' = -a x + b DZ (x(0) = 0):
//   FALSE: the static analysis solves x' = 0 too, so x = (b/a) DZ and DZ = -m g / (k + b/a);
//          the following transient starts at rest in equilibrium and stays there;
//   TRUE:  x stays at its initial value 0, so DZ = -m g / k; the following transient starts from
//          that position (no jump) with x' = b DZ != 0, so the body then moves.

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"
#include "tests/states/static_hold_deck.hpp"

using namespace mb;
using namespace mb::test::static_hold;

TEST_CASE("static analysis with is_static_hold FALSE solves the states with x' = 0") {
  auto run = test::run_inline(test::static_hold_linear(false));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / (kK + kB / kA);
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == Approx(kB / kA * dz).margin(1e-7));
  // The transient starts in equilibrium: nothing moves.
  double drift = 0;
  for (size_t k = 1; k < run.t.size(); ++k) drift = std::max(drift, std::abs(run.y[k][2] - dz));
  CHECK(drift < 1e-7);
}

TEST_CASE("static analysis with is_static_hold TRUE keeps the states fixed") {
  auto run = test::run_inline(test::static_hold_linear(true));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / kK;
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == 0.0);
  // No jump: after one output step (0.01 s) the body has moved by O(dt^2) only, but it does
  // move later because x' = b DZ != 0 at the start.
  CHECK(std::abs(run.y[1][2] - dz) < 1e-3);
  CHECK(std::abs(run.y[1][xs]) < 1.1 * std::abs(kB * dz) * 0.01);
  double moved = 0;
  for (size_t k = 1; k < run.t.size(); ++k) moved = std::max(moved, std::abs(run.y[k][2] - dz));
  CHECK(moved > 1e-3);
}
