#pragma once
// The benchmark chain, shared by the mbsolve deck generator (bench_chain.cpp) and the Simbody
// program (simbody_chain.cpp) so that both build the same model: N identical slender links joined
// end to end by revolute joints about the global z axis, the first pinned to ground at the origin,
// released at rest as a straight line at a given angle from the downward vertical (45 degrees or
// 0.1 rad in README.md) under gravity -9.81 y.

#include <cmath>

namespace mb::bench {

inline constexpr double kLinkLength = 0.1;                // m
inline constexpr double kLinkMass = 0.1;                  // kg
inline constexpr double kLinkAxialInertia = 1e-5;         // kg m^2, about the link axis
inline constexpr double kGravity = 9.81;                  // m/s^2, along -y
inline constexpr double kDefaultReleaseAngle = M_PI / 4;  // rad, from the downward vertical
inline constexpr double kSimulatedTime = 1.0;             // s
/// Transverse inertia about the link's centre of mass (uniform rod).
inline constexpr double kLinkTransverseInertia = kLinkMass * kLinkLength * kLinkLength / 12;
/// Direction of the straight chain at release: (sin a, -cos a, 0).
inline double release_dx(double angle) { return std::sin(angle); }
inline double release_dy(double angle) { return -std::cos(angle); }

}  // namespace mb::bench
