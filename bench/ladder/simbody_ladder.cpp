// The ladder in Simbody as a tree plus loop-closure constraints, the cut-joint formulation: the
// left rail and the right rail are chains of MobilizedBody::Pin from the ground pivots L_0 and
// R_0, rung k is a Pin child of left link k at L_k, and the revolute joint between rung k and
// right link k at R_k is the cut joint, realised as Constraint::PointOnLine: rung k's far end
// stays on the line through R_k along z fixed in right link k. With every mobilizer a pin about
// z the motion is planar, so that line constraint (two equations) is exactly the planar revolute
// joint, with no redundant equation (Constraint::Ball would add a third, always-zero one).

#include "bench/ladder/simbody_ladder.hpp"

#include <Simbody.h>

#include <vector>

#include "bench/common/simbody_rk_merson.hpp"
#include "bench/ladder/ladder_geometry.hpp"

namespace mb::bench::ladder {

namespace {

/// A rod body whose frame origin is at one end, x along the rod.
SimTK::Body::Rigid rod(double length) {
  using namespace SimTK;
  const double m = rod_mass(length), it = rod_transverse_inertia(length);
  const Vec3 com(length / 2, 0, 0);
  return Body::Rigid(
      MassProperties(m, com, Inertia(kLinkAxialInertia, it, it).shiftFromMassCenter(com, m)));
}

}  // namespace

PeerReport simulate_ladder_in_simbody(int n, double accuracy, double angle) {
  using namespace SimTK;
  const PeerClock clock;

  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, -kGravity, 0));
  const double a = kLinkLength, b = right_link_length();
  const Body::Rigid left_body = rod(a), right_body = rod(b);
  const Body::Rigid rung_body[2] = {rod(rung_length(0)), rod(rung_length(1))};
  std::vector<MobilizedBody::Pin> left, right, rungs;
  left.reserve(static_cast<size_t>(n));
  right.reserve(static_cast<size_t>(n));
  rungs.reserve(static_cast<size_t>(n));
  const Point2 r0 = right_point(0, angle);
  for (int k = 0; k < n; ++k) {
    if (k == 0) {
      left.emplace_back(matter.Ground(), Transform(), left_body, Transform());
      right.emplace_back(matter.Ground(), Transform(Vec3(r0.x, r0.y, 0)), right_body, Transform());
    } else {
      left.emplace_back(left.back(), Transform(Vec3(a, 0, 0)), left_body, Transform());
      right.emplace_back(right.back(), Transform(Vec3(b, 0, 0)), right_body, Transform());
    }
    const int rung = k + 1;
    rungs.emplace_back(left.back(), Transform(Vec3(a, 0, 0)), rung_body[rung % 2], Transform());
    Constraint::PointOnLine(right.back(), UnitVec3(0, 0, 1), Vec3(b, 0, 0), rungs.back(),
                            Vec3(rung_length(rung), 0, 0));
  }
  State state = system.realizeTopology();
  // Pin angles: each body's direction relative to its parent's (the ground's is 0).
  double left_parent = 0, right_parent = 0;
  for (int k = 1; k <= n; ++k) {
    const double l = direction(left_point(k - 1, angle), left_point(k, angle));
    const double r = direction(right_point(k - 1, angle), right_point(k, angle));
    const double g = direction(left_point(k, angle), right_point(k, angle));
    left[k - 1].setOneQ(state, 0, l - left_parent);
    right[k - 1].setOneQ(state, 0, r - right_parent);
    rungs[k - 1].setOneQ(state, 0, g - l);
    left_parent = l;
    right_parent = r;
  }

  return integrate_rk_merson(system, state, accuracy, kSimulatedTime, clock, [&](const State& s) {
    return right.back().findStationLocationInGround(s, Vec3(b, 0, 0));
  });
}

}  // namespace mb::bench::ladder
