#pragma once
// The seed bushing example (regression/seeds/bushing_euler_xyz.xml) built in Simbody: a free body
// on a Force::LinearBushing to ground, gravity, initial spin and drift. Independent of mbsolve:
// the model numbers are written out here (they must match the deck) and Simbody integrates it.

#include <array>
#include <vector>

namespace mb::simbody {

/// The body's centre of mass and orientation at one output time, ground axes.
struct BodySample {
  double t = 0;
  std::array<double, 3> r{};  ///< CM position
  std::array<double, 3> v{};  ///< CM velocity
  std::array<double, 4> e{};  ///< Euler parameters e0 (scalar), e1..e3, continuous in time
  std::array<double, 9> A{};  ///< rotation matrix body -> ground, row-major
};

/// Integrates the model to `end` with Simbody's Runge-Kutta-Merson integrator at `accuracy`,
/// sampling every `dt` (t = 0 included).
std::vector<BodySample> simulate_bushing_in_simbody(double end, double dt, double accuracy);

}  // namespace mb::simbody
