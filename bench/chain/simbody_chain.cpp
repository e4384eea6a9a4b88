// simbody_chain N ACCURACY [ANGLE]: the benchmark chain (chain_geometry.hpp) in Simbody: N
// MobilizedBody::Pin links (O(N) articulated-body dynamics), integrated for kSimulatedTime with
// Simbody's Runge-Kutta-Merson integrator at accuracy ACCURACY, released ANGLE rad from the
// vertical (default 45 degrees). (Simbody's implicit CPodes
// integrator forms a dense finite-difference Jacobian, N^2 memory and N realizations per
// Jacobian, so it is not the fair peer for N = 1000; explicit RK-Merson with O(N) steps is what
// Simbody recommends for this kind of model.)
// Prints one line: `wall_s=... cpu_s=... steps=... realizations=... tip_x=... tip_y=...` (wall and
// process CPU time from system construction to the end of the integration; the tip is the free
// end of the last link).

#include <Simbody.h>

#include <cstdio>
#include <cstdlib>

#include "bench/chain/chain_geometry.hpp"
#include "bench/common/simbody_rk_merson.hpp"

int main(int argc, char** argv) {
  using namespace SimTK;
  using namespace mb::bench;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: simbody_chain N ACCURACY [ANGLE]\n");
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const double accuracy = std::atof(argv[2]);
  const double angle = argc == 4 ? std::atof(argv[3]) : kDefaultReleaseAngle;
  const PeerClock clock;

  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, -kGravity, 0));
  // Body frame at the link's pin, x along the link; inertia about the pin.
  const Vec3 com(kLinkLength / 2, 0, 0);
  const Inertia about_cm(kLinkAxialInertia, kLinkTransverseInertia, kLinkTransverseInertia);
  Body::Rigid link(MassProperties(kLinkMass, com, about_cm.shiftFromMassCenter(com, kLinkMass)));
  MobilizedBody parent = matter.Ground();
  std::vector<MobilizedBody::Pin> pins;
  pins.reserve(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k) {
    const Transform in_parent(Rotation(), k == 0 ? Vec3(0) : Vec3(kLinkLength, 0, 0));
    pins.emplace_back(parent, in_parent, link, Transform());
    parent = pins.back();
  }
  State state = system.realizeTopology();
  // Link 1's x axis points along the release direction; the others continue it straight.
  pins[0].setOneQ(state, 0, std::atan2(release_dy(angle), release_dx(angle)));

  print_peer_report(
      integrate_rk_merson(system, state, accuracy, kSimulatedTime, clock, [&](const State& s) {
        return pins.back().findStationLocationInGround(s, Vec3(kLinkLength, 0, 0));
      }));
  return 0;
}
