// is_static_hold on a body hanging on a vertical translational joint under gravity, loaded by a
// Force_StateEqn FZ = -k DZ - x with the state x' = -a x + b DZ (x(0) = 0):
//   FALSE: the static analysis solves x' = 0 too, so x = (b/a) DZ and DZ = -m g / (k + b/a);
//          the following transient starts at rest in equilibrium and stays there;
//   TRUE:  x stays at its initial value 0, so DZ = -m g / k; the following transient starts from
//          that position (no jump) with x' = b DZ != 0, so the body then moves.

#include <catch2/catch.hpp>

#include "tests/models/static_hold_deck.hpp"

using namespace mb;

TEST_CASE("static analysis with is_static_hold FALSE solves the states with x' = 0") {
  test::check_static_solved(test::run_inline(test::static_hold_linear(false)));
}

TEST_CASE("static analysis with is_static_hold TRUE keeps the states fixed") {
  test::check_static_frozen(test::run_inline(test::static_hold_linear(true)));
}
