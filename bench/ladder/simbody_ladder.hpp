#pragma once
// The benchmark ladder (ladder_geometry.hpp) in Simbody, behind a plain C++ interface (Simbody
// 3.7's headers compile only as C++17): used by the simbody_ladder program (bench_ladder's peer)
// and by tests/simbody/ladder_vs_simbody_test.cpp.

#include "bench/common/peer_report.hpp"

namespace mb::bench::ladder {

/// Builds the N-loop ladder released at `angle` and integrates it for kSimulatedTime with
/// Runge-Kutta-Merson at `accuracy` (also the constraint tolerance); the point is R_N.
PeerReport simulate_ladder_in_simbody(int n, double accuracy, double angle);

}  // namespace mb::bench::ladder
