#include "sweep/metrics.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "common/error.hpp"

using namespace mb;
using namespace mb::sweep;

namespace {
results::CurveTable table() {
  results::CurveTable t;
  t.time = {0, 1, 2, 4};
  t.add_channel("body2.x", {1, 3, -2, 2});
  return t;
}
double value(const char* spec) {
  const auto v = evaluate_metric(parse_metric(spec), table());
  REQUIRE(v);
  return *v;
}
}  // namespace

TEST_CASE("metrics: values against hand computation") {
  CHECK(value("body2.x:final") == 2);
  CHECK(value("body2.x:max") == 3);
  CHECK(value("body2.x:min") == -2);
  CHECK(value("body2.x:tmax") == 1);
  CHECK(value("BODY2.X:tmin") == 2);
  CHECK(value("body2.x:at=1.5") == 0.5);
  CHECK(value("body2.x:at=4") == 2);
  CHECK(value("body2.x:at=0") == 1);
  // Trapezoids of x^2: (1+9)/2*1 + (9+4)/2*1 + (4+4)/2*2 = 5 + 6.5 + 8 = 19.5 over 4 s.
  CHECK(value("body2.x:rms") == Approx(std::sqrt(19.5 / 4)).epsilon(1e-15));
  CHECK(parse_metric("body2.x:at=1.5").label == "body2.x:at=1.5");
}

TEST_CASE("metrics: nothing for a missing channel or a time outside the output") {
  CHECK_FALSE(evaluate_metric(parse_metric("body3.x:max"), table()));
  CHECK_FALSE(evaluate_metric(parse_metric("body2.x:at=5"), table()));
  CHECK_FALSE(evaluate_metric(parse_metric("body2.x:at=-1"), table()));
}

TEST_CASE("metrics: the reason a metric has no value") {
  CHECK(metric_problem(parse_metric("body3.x:max"), table()) ==
        "body3.x:max: no channel 'body3.x' in the result");
  CHECK(metric_problem(parse_metric("body2.x:at=5"), table()) ==
        "body2.x:at=5: 5 lies outside the output times (0 to 4)");
  CHECK(metric_problem(parse_metric("body2.x:at=4"), table()).empty());
  results::CurveTable empty;
  empty.add_channel("body2.x", {});
  CHECK(metric_problem(parse_metric("body2.x:final"), empty) ==
        "body2.x:final: the result has no rows");
}

TEST_CASE("metrics: malformed specs") {
  const auto err = [](const char* s) {
    try {
      parse_metric(s);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(err("body2.x") ==
        "-m 'body2.x': expected CHANNEL:KIND, KIND one of final, max, min, rms, tmax, tmin, at=T");
  CHECK(err("body2.x:mean") ==
        "-m 'body2.x:mean': unknown kind 'mean' (final, max, min, rms, tmax, tmin, at=T)");
  CHECK(err("body2.x:at=t") == "-m 'body2.x:at=t': at=T needs a number T");
}
