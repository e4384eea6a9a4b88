// bench_chain: an N-link revolute pendulum chain (chain_geometry.hpp) in mbsolve and in Simbody,
// in the same run, for N in a list (default 100, 300, 1000, 3000), through the shared driver
// bench/common/peer_benchmark.hpp (its header has the command line; defaults here: 45 degrees,
// integr_tol 1e-6, Simbody 1e-5, reference Simbody 1e-10, 5 repeats, no integrator named). The
// compared point is the tip, the free end of the last link.
//
// mbsolve: the deck is generated in memory. It names no integrator unless --integrator is given:
// the default (solver/default_transient.hpp) picks the form itself (joint coordinates on
// explicit Runge-Kutta for this tree). Simbody: simbody_chain (its own program, linked to
// Simbody), Runge-Kutta-Merson at accuracy SB_ACC, timed from system construction.

#include <cmath>
#include <string>

#include "bench/chain/chain_geometry.hpp"
#include "bench/common/peer_benchmark.hpp"
#include "bench/common/planar_deck.hpp"

using namespace mb::bench;

namespace {

/// Markers per link k (1-based): CM 3k, pin 3k+1 (I of joint k), end 3k+2 (J of joint k+1).
/// `integrator` empty: none named (the default form).
std::string chain_deck(int n, double tol, const std::string& integrator, double angle) {
  const double dx = release_dx(angle), dy = release_dy(angle);
  const double psi = std::atan2(dy, dx);  // CM marker x axis along the link
  std::string s = planar_deck_head(kGravity);
  s.reserve(static_cast<size_t>(n) * 700);
  add_marker(s, 2, 1, 0, 0);
  for (int k = 1; k <= n; ++k) {
    const double a = (k - 1) * kLinkLength, c = a + kLinkLength / 2, b = a + kLinkLength;
    add_body(s, k + 1, 3 * k, kLinkMass, kLinkAxialInertia, kLinkTransverseInertia);
    add_marker(s, 3 * k, k + 1, c * dx, c * dy, psi);
    add_marker(s, 3 * k + 1, k + 1, a * dx, a * dy);
    add_marker(s, 3 * k + 2, k + 1, b * dx, b * dy);
    add_revolute(s, k, 3 * k + 1, k == 1 ? 2 : 3 * (k - 1) + 2);
  }
  finish_deck(s, tol, integrator, kSimulatedTime);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  PeerBenchmark bench;
  bench.program = "bench_chain";
  bench.mechanism = "chain of N links (angle from the downward vertical)";
  bench.peer_path = SIMBODY_CHAIN_PATH;
  bench.default_angle = kDefaultReleaseAngle;
  bench.default_ns = {100, 300, 1000, 3000};
  bench.deck = chain_deck;
  bench.point_marker = [](int n) { return 3 * n + 2; };  // the tip: end marker of the last link
  return run_peer_benchmark(bench, argc, argv);
}
