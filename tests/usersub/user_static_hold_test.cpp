// is_static_hold on a USERSUB Force_StateEqn (YFOSUB_SPRING_LAG of test_subs.c), the twin of
// the LINEAR deck of tests/states/static_hold_test.cpp: a body hanging on a vertical
// translational joint under gravity, FZ = -k DZ - x with the state x' = -a x + b DZ (x(0) = 0):
//   FALSE: the static analysis solves x' = 0 too, so x = (b/a) DZ and DZ = -m g / (k + b/a);
//          the following transient starts at rest in equilibrium and stays there;
//   TRUE:  x stays at its initial value 0, so DZ = -m g / k; the following transient starts from
//          that position (no jump) with x' = b DZ != 0, so the body then moves.
// Oracles: the closed forms above (MotionSolve's Force_StateEqn documentation, note 4), and the
// LINEAR element, whose transient the USERSUB one must follow.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"
#include "tests/states/static_hold_deck.hpp"

using namespace mb;
using namespace mb::test::static_hold;

namespace {

std::string deck(bool hold, bool user) {
  if (!user) return test::static_hold_linear(hold);
  return test::static_hold_deck(
      hold, fmt::format(R"XML(type="USERSUB" num_state="1" usrsub_dll_name="{lib}"
        usrsub_fnc_name="YFOSUB_SPRING_LAG" usrsub_param_string="USER({a}, {b}, {k})")XML",
                        fmt::arg("lib", MB_TEST_USERSUB_LIB), fmt::arg("a", kA), fmt::arg("b", kB),
                        fmt::arg("k", kK)));
}

/// Largest difference of the body height between two runs.
double max_height_difference(const test::InlineRun& a, const test::InlineRun& b) {
  REQUIRE(a.t.size() == b.t.size());
  double worst = 0;
  for (size_t k = 0; k < a.t.size(); ++k) worst = std::max(worst, std::abs(a.y[k][2] - b.y[k][2]));
  return worst;
}

}  // namespace

TEST_CASE("USERSUB Force_StateEqn, is_static_hold FALSE: static states solved with x' = 0") {
  auto run = test::run_inline(deck(false, true));
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

TEST_CASE("USERSUB Force_StateEqn, is_static_hold TRUE: static states frozen") {
  auto run = test::run_inline(deck(true, true));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int xs = run.sys->state_offset();
  const double dz = -kM * kGrav / kK;
  REQUIRE(run.t.size() == 51);
  CHECK(run.y[0][2] == Approx(dz).margin(1e-9));
  CHECK(run.y[0][xs] == 0.0);
  // No jump: after one output step (0.01 s) the body has moved by O(dt^2) only, and the state
  // by about x' dt = b DZ dt; the body does move later.
  CHECK(std::abs(run.y[1][2] - dz) < 1e-3);
  CHECK(std::abs(run.y[1][xs]) < 1.1 * std::abs(kB * dz) * 0.01);
  double moved = 0;
  for (size_t k = 1; k < run.t.size(); ++k) moved = std::max(moved, std::abs(run.y[k][2] - dz));
  CHECK(moved > 1e-3);
  // The transient that follows is the LINEAR twin's.
  auto linear = test::run_inline(deck(true, false));
  REQUIRE(linear.report.code == ExitCode::kSuccess);
  CHECK(max_height_difference(run, linear) < 1e-6);
}
