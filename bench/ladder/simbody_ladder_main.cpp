// simbody_ladder N ACCURACY [ANGLE]: the benchmark ladder in Simbody (simbody_ladder.cpp),
// Runge-Kutta-Merson at ACCURACY, released at ANGLE (default ladder::kDefaultTilt).
// Prints the one-line report of bench/common/peer_report.hpp (the "tip" is R_N).

#include <cstdio>
#include <cstdlib>

#include "bench/ladder/ladder_geometry.hpp"
#include "bench/ladder/simbody_ladder.hpp"

int main(int argc, char** argv) {
  using namespace mb::bench;
  using namespace mb::bench::ladder;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: simbody_ladder N ACCURACY [ANGLE]\n");
    return 2;
  }
  const double angle = argc == 4 ? std::atof(argv[3]) : kDefaultTilt;
  print_peer_report(simulate_ladder_in_simbody(std::atoi(argv[1]), std::atof(argv[2]), angle));
  return 0;
}
