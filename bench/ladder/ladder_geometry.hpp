#pragma once
// The benchmark ladder, shared by the mbsolve deck generator (ladder_deck.cpp) and the Simbody
// model (simbody_ladder.cpp) so that both build the same mechanism: a planar chain of N four-bar
// loops hanging from two ground pivots, each loop sharing its lower rung with the next.
//
// Drawn before the release tilt (x right, y up, all joints revolute about z):
// * left rail: points L_k = (0, -k a), k = 0..N, a = kLinkLength; left link k joins L_{k-1} to
//   L_k (a vertical straight line at the start);
// * right rail: points R_k = (w_k, -k a) with w_k = kNarrowWidth for even k and kWideWidth for
//   odd k; right link k joins R_{k-1} to R_k (a zigzag, every link of length sqrt(a^2 + 0.05^2));
// * rung k (k = 1..N) joins L_k to R_k (length w_k); the ground is rung 0: pivots L_0 = (0, 0)
//   and R_0 = (kNarrowWidth, 0).
// Revolute joints: ground-left 1 at L_0, ground-right 1 at R_0, left k-left k+1 at L_k, right
// k-right k+1 at R_k, left k-rung k at L_k and rung k-right k at R_k (4N joints, 8N planar
// constraint equations on 9N planar coordinates: N degrees of freedom, one per loop).
// Loop k (L_{k-1} L_k R_k R_{k-1}) is a trapezoid with parallel sides 0.2 and 0.25 m, legs 0.1
// and 0.1118 m: not a parallelogram, and no signed sum +-0.2 +-0.1 +-0.25 +-0.1118 vanishes, so
// it can never be flat (all four joints on one line, the only positions where a four-bar's
// constraint Jacobian loses rank); shortest + longest (0.35) > the other two (0.3118): a
// non-Grashof triple rocker.
// Every link is a uniform slender rod of kLinkMass per kLinkLength (the chain's links: 0.1 kg per
// 0.1 m), axial inertia kLinkAxialInertia. Released at rest with the whole drawing turned by the
// release angle about L_0 (the ground pivot R_0 turns with it), gravity -9.81 y, kSimulatedTime.
// The point compared is R_N, the lower end of the last right link.

#include <cmath>

#include "bench/chain/chain_geometry.hpp"

namespace mb::bench::ladder {

inline constexpr double kNarrowWidth = 0.2;  // m, even rungs and the ground
inline constexpr double kWideWidth = 0.25;   // m, odd rungs
inline constexpr double kDefaultTilt = 0.3;  // rad, counterclockwise about L_0

/// Rung k's length (k = 0: the ground's pivot spacing).
inline double rung_length(int k) { return k % 2 ? kWideWidth : kNarrowWidth; }
/// Every right link's length.
inline double right_link_length() { return std::hypot(kWideWidth - kNarrowWidth, kLinkLength); }
inline double rod_mass(double length) { return kLinkMass * length / kLinkLength; }
/// Transverse inertia of a rod of `length` about its centre of mass.
inline double rod_transverse_inertia(double length) {
  return rod_mass(length) * length * length / 12;
}

struct Point2 {
  double x = 0, y = 0;
};

/// A point of the drawing (before the tilt) turned by `angle` about the origin.
inline Point2 released(double x, double y, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {c * x - s * y, s * x + c * y};
}
/// L_k and R_k at release.
inline Point2 left_point(int k, double angle) { return released(0, -k * kLinkLength, angle); }
inline Point2 right_point(int k, double angle) {
  return released(rung_length(k), -k * kLinkLength, angle);
}
/// Direction angle (from +x, counterclockwise) of the segment p -> q.
inline double direction(Point2 p, Point2 q) { return std::atan2(q.y - p.y, q.x - p.x); }

}  // namespace mb::bench::ladder
