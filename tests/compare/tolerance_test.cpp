#include "compare/tolerance.hpp"

#include <catch2/catch.hpp>

#include "common/error.hpp"

using namespace mb::compare;

namespace {
std::string error_of(std::string_view text) {
  try {
    parse_tolerances(text, "t.tol");
  } catch (const mb::Error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("channel rules beat kind rules, kind rules beat default rules") {
  const auto t = parse_tolerances(
      "# Chrono-like\nkind position rms 1e-3\nkind velocity rms 1e-4\n"
      "channel body2.z tube 1e-3 dt 0.02\nchannel body2.z max_abs 5e-3\n"
      "default rel_l2 0.01\n",
      "t.tol");
  auto c = t.checks_for("body2.x", "X_Pos", Kind::kPosition);
  REQUIRE(c.size() == 1);
  CHECK(c[0].metric == Metric::kRms);
  CHECK(c[0].threshold == 1e-3);
  c = t.checks_for("body2.z", "Z_Pos", Kind::kPosition);
  REQUIRE(c.size() == 2);
  CHECK(c[0].metric == Metric::kTube);
  CHECK(c[0].time_tol == 0.02);
  CHECK(c[1].metric == Metric::kMaxAbs);
  c = t.checks_for("req1.f1", "X_Force", Kind::kForce);
  REQUIRE(c.size() == 1);
  CHECK(c[0].metric == Metric::kRelL2);
  // A channel rule may name the reference channel too.
  CHECK(parse_tolerances("channel X_Pos iso18571 0.9\n", "t")
            .checks_for("body2.x", "X_Pos", Kind::kPosition)[0]
            .metric == Metric::kIso18571);
}

TEST_CASE("without rules the built-in default is max_abs 1e-9") {
  const auto c = ToleranceSet{}.checks_for("body2.x", "body2.x", Kind::kPosition);
  REQUIRE(c.size() == 1);
  CHECK(c[0].metric == Metric::kMaxAbs);
  CHECK(c[0].threshold == 1e-9);
}

TEST_CASE("bad tolerance lines name the file and line") {
  CHECK(error_of("kind speed rms 1\n") ==
        "t.tol:1: unknown kind 'speed' (angle, angular_velocity, force, other, position, torque, "
        "velocity)");
  CHECK(error_of("kind position l2 1\n") ==
        "t.tol:1: unknown metric 'l2' (iso18571, max_abs, rel_l2, rms, tube)");
  CHECK(error_of("default rms -1\n") == "t.tol:1: threshold must be a number >= 0 (got '-1')");
  CHECK(error_of("default rms 1 dt 0.1\n") == "t.tol:1: only a tube rule may end with 'dt TIME'");
  CHECK(error_of("body2.x rms 1\n") ==
        "t.tol:1: expected 'channel NAME', 'kind KIND' or 'default', then METRIC VALUE (or "
        "the line 'shared')");
  CHECK(error_of("channel body2.x rms\n") == "t.tol:1: expected METRIC THRESHOLD after the scope");
}
