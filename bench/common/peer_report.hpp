#pragma once
// The one-line report a peer program (simbody_chain, simbody_ladder) prints for
// bench/common/peer_benchmark.cpp: `wall_s=... cpu_s=... steps=... realizations=... tip_x=...
// tip_y=...` (the "tip" is the benchmark's compared point). Plain C++: the Simbody programs
// (C++17) print it, the driver (C++20) reads it.

#include <cstdio>

namespace mb::bench {

struct PeerReport {
  double wall_s = 0, cpu_s = 0;  ///< from system construction to the end of the integration
  int steps = 0, realizations = 0;
  double x = 0, y = 0;  ///< the compared point at the end
};

inline void print_peer_report(const PeerReport& r) {
  std::printf("wall_s=%.6g cpu_s=%.6g steps=%d realizations=%d tip_x=%.17g tip_y=%.17g\n", r.wall_s,
              r.cpu_s, r.steps, r.realizations, r.x, r.y);
}

/// False when `in` does not hold a report.
inline bool read_peer_report(std::FILE* in, PeerReport& r) {
  return std::fscanf(in, "wall_s=%lf cpu_s=%lf steps=%d realizations=%d tip_x=%lf tip_y=%lf",
                     &r.wall_s, &r.cpu_s, &r.steps, &r.realizations, &r.x, &r.y) == 6;
}

}  // namespace mb::bench
