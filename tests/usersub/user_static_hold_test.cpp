// is_static_hold on a USERSUB Force_StateEqn (YFOSUB_SPRING_LAG of test_subs.c), the twin of
// the LINEAR element of tests/models/static_hold_test.cpp, on the same deck
// (tests/models/static_hold_deck.hpp): FALSE solves the states with x' = 0, TRUE freezes them,
// two different equilibria. Oracles: their closed forms (MotionSolve's Force_StateEqn
// documentation, note 4), and the LINEAR element, whose transient the USERSUB one must follow.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/models/static_hold_deck.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;
using namespace mb::test::static_hold;

namespace {

std::string deck(bool hold, bool user, const std::string& extra = "") {
  if (!user) return test::static_hold_linear(hold);
  return test::static_hold_deck(
      hold,
      fmt::format(R"XML(type="USERSUB" num_state="1" usrsub_dll_name="{lib}" y_array_id="102"
        usrsub_fnc_name="YFOSUB_SPRING_LAG" usrsub_param_string="USER({a}, {b}, {k})")XML",
                  fmt::arg("lib", MB_TEST_USERSUB_LIB), fmt::arg("a", kA), fmt::arg("b", kB),
                  fmt::arg("k", kK)),
      R"XML(<Reference_Array id="102" type="Y" num_element="6"/>)XML" + extra);
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
  test::check_static_solved(test::run_inline(deck(false, true)));
}

TEST_CASE("USERSUB Force_StateEqn, is_static_hold TRUE: static states frozen") {
  const auto run = test::run_inline(deck(true, true));
  test::check_static_frozen(run);
  // The transient that follows is the LINEAR twin's.
  const auto linear = test::run_inline(deck(true, false));
  REQUIRE(linear.report.code == ExitCode::kSuccess);
  CHECK(max_height_difference(run, linear) < 1e-6);
}

TEST_CASE("a static analysis also solves the states that read a USERSUB output") {
  // y3' = FZ - y3 with FZ = ARYVAL(102, 3), the YFOSUB's output: at equilibrium y3 = FZ = m g.
  const auto run = test::run_inline(deck(
      false, true,
      R"XML(<Control_Diff id="3" type="EXPRESSION" ic="0" expr="ARYVAL(102, 3) - DIF(3)"/>)XML"));
  test::check_static_solved(run);
  int diff = -1;
  for (const auto& e : run.model->state_elements) {
    if (e.kind == StateElement::Kind::kDiff) diff = run.sys->state_offset() + e.first_state;
  }
  REQUIRE(diff >= 0);
  CHECK(run.y[0][diff] == Approx(kM * kGrav).margin(1e-7));
  CHECK(run.y.back()[diff] == Approx(kM * kGrav).margin(1e-7));
}
