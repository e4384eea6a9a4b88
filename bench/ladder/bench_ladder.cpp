// bench_ladder: the closed-loop ladder of N four-bar loops (ladder_geometry.hpp) in mbsolve and
// in Simbody, in the same run, through the shared driver bench/common/peer_benchmark.hpp (its
// header has the command line; defaults here: tilt 0.3 rad, integr_tol 1e-6, Simbody 1e-5,
// reference Simbody 1e-8, 5 repeats, N = 10, 30, 100, no integrator named). The compared
// point is R_N, the lower end of the last right link.
//
// mbsolve: the deck (ladder_deck.cpp) is generated in memory, every joint a revolute; it names
// no integrator unless --integrator is given (closed loops: the default takes the Cartesian DAE
// on IDA). Simbody: simbody_ladder (its own program), a tree of pins with one
// Constraint::PointOnLine per loop (simbody_ladder.cpp), Runge-Kutta-Merson at SB_ACC.

#include "bench/common/peer_benchmark.hpp"
#include "bench/ladder/ladder_deck.hpp"
#include "bench/ladder/ladder_geometry.hpp"

int main(int argc, char** argv) {
  using namespace mb::bench;
  PeerBenchmark bench;
  bench.program = "bench_ladder";
  bench.mechanism = "ladder of N four-bar loops (tilt about the left ground pivot)";
  bench.peer_path = SIMBODY_LADDER_PATH;
  bench.default_angle = ladder::kDefaultTilt;
  bench.default_ns = {10, 30, 100};
  // Simbody's cost grows with N^2.2 here: at N = 100 a run at 1e-10 would take about 10 minutes.
  bench.default_ref_acc = 1e-8;
  bench.deck = ladder::ladder_deck;
  bench.point_marker = ladder::ladder_point_marker;
  return run_peer_benchmark(bench, argc, argv);
}
