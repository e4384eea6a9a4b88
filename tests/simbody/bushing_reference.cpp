// Writes the reference curves of the seed bushing regression case
// (regression/seeds/bushing_euler_xyz_simbody.csv) from the Simbody model: CM position, CM
// velocity and Euler parameters of body 2 every 0.01 s to 2 s, Simbody accuracy 1e-12.
// Usage: mb_simbody_bushing_reference OUT.csv

#include <cstdio>

#include "tests/simbody/simbody_bushing.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: mb_simbody_bushing_reference OUT.csv\n");
    return 2;
  }
  std::FILE* f = std::fopen(argv[1], "w");
  if (!f) {
    std::perror(argv[1]);
    return 1;
  }
  std::fprintf(f,
               "# Simbody Force::LinearBushing model of regression/seeds/bushing_euler_xyz.xml, "
               "written by tests/simbody/bushing_reference.cpp\n");
  std::fprintf(f,
               "time,body2.x,body2.y,body2.z,body2.vx,body2.vy,body2.vz,body2.e0,body2.e1,"
               "body2.e2,body2.e3\n");
  for (const auto& b : mb::simbody::simulate_bushing_in_simbody(2.0, 0.01, 1e-12)) {
    std::fprintf(f, "%.17g", b.t);
    for (double x : b.r) std::fprintf(f, ",%.17g", x);
    for (double x : b.v) std::fprintf(f, ",%.17g", x);
    for (double x : b.e) std::fprintf(f, ",%.17g", x);
    std::fprintf(f, "\n");
  }
  return std::fclose(f) == 0 ? 0 : 1;
}
