// The output times of a stage (solver/stages/stages.hpp OutputGrid): t0 + k dt, the last one
// clipped to the end, dt from print_interval or from num_steps (100 by default). The expected
// times are the arithmetic of the definition.

#include <catch2/catch.hpp>

#include "solver/stages/stages.hpp"

using namespace mb;

TEST_CASE("output grid from num_steps, from the default 100 steps and from a duration") {
  Simulate s;
  s.end_time = 2.0;
  s.num_steps = 20;
  const OutputGrid g = output_grid(s, 0.0);
  CHECK(g.dt == Approx(0.1));
  CHECK(g.count() == 20);  // (2 - 0) / 0.1 is not exactly 20 in floating point
  CHECK(g.at(20) == 2.0);
  s.num_steps.reset();
  CHECK(output_grid(s, 1.0).count() == 100);
  CHECK(output_grid(s, 1.0).dt == Approx(0.01));
  Simulate d;
  d.duration = 3.0;
  d.print_interval = 0.5;
  const OutputGrid from_two = output_grid(d, 2.0);
  CHECK(from_two.t1 == 5.0);
  CHECK(from_two.count() == 6);
  CHECK(from_two.at(1) == Approx(2.5));
}

TEST_CASE("output grid whose interval does not divide the span ends at the end time") {
  Simulate s;
  s.end_time = 1.0;
  s.print_interval = 0.3;
  const OutputGrid g = output_grid(s, 0.0);
  REQUIRE(g.count() == 4);  // 0.3, 0.6, 0.9, then 1.0
  CHECK(g.at(3) == Approx(0.9));
  CHECK(g.at(4) == 1.0);
}
