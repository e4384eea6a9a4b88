// The benchmark ladder (bench/ladder/ladder_geometry.hpp) at small N: mbsolve's deck (every joint
// a revolute, Cartesian DAE with the redundant out-of-plane equations) and Simbody's model (a
// tree of pins plus one Constraint::PointOnLine cut joint per loop) are two independent
// formulations of the same mechanism; at tight tolerances they must put the compared point R_N
// at the same place after 1 s (to 1e-6 m, where a release 0.01 rad different moves it by more
// than 1e-3 m). This is what makes bench_ladder's comparison one
// of the same mechanism.

#include <catch2/catch.hpp>
#include <cmath>

#include "bench/common/mbsolve_run.hpp"
#include "bench/ladder/ladder_deck.hpp"
#include "bench/ladder/ladder_geometry.hpp"
#include "bench/ladder/simbody_ladder.hpp"

using namespace mb::bench;
using namespace mb::bench::ladder;

TEST_CASE("the ladder of three four-bars moves as in Simbody's cut-joint model") {
  const int n = 3;
  const double angle = kDefaultTilt;
  const BenchRun mb =
      run_mbsolve_deck(ladder_deck(n, 1e-9, "", angle), "ladder", ladder_point_marker(n));
  const PeerReport sb = simulate_ladder_in_simbody(n, 1e-10, angle);
  // The same Simbody model released 0.01 rad further: how far a slightly different motion ends.
  const PeerReport other = simulate_ladder_in_simbody(n, 1e-10, angle + 0.01);
  const double difference = std::hypot(mb.x - sb.x, mb.y - sb.y);
  const double sensitivity = std::hypot(other.x - sb.x, other.y - sb.y);
  INFO("R_N: mbsolve (" << mb.x << ", " << mb.y << "), Simbody (" << sb.x << ", " << sb.y
                        << "), difference " << difference << " m; Simbody released 0.01 rad "
                        << "further ends " << sensitivity << " m away");
  CHECK(sensitivity > 1e-3);  // the end point tells such motions apart
  CHECK(difference < 1e-6);
}
