#pragma once
// The Simbody side of the benchmarks against Simbody (bench/chain, bench/ladder): a clock started
// before the system is built, and the integration with Runge-Kutta-Merson. Includes Simbody:
// C++17 only (cmake/simbody.cmake).

#include <Simbody.h>

#include <chrono>
#include <ctime>

#include "bench/common/peer_report.hpp"

namespace mb::bench {

/// Wall and process CPU time since construction.
class PeerClock {
 public:
  double wall_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0_).count();
  }
  double cpu_s() const { return static_cast<double>(std::clock() - cpu0_) / CLOCKS_PER_SEC; }

 private:
  std::chrono::steady_clock::time_point wall0_ = std::chrono::steady_clock::now();
  std::clock_t cpu0_ = std::clock();
};

/// Integrates `system` from `initial` to `end_time` with Runge-Kutta-Merson at `accuracy` (also
/// the constraint tolerance); `point(state)` (state realized to Position) gives the compared
/// point. Times are `clock`'s at the end.
template <class PointOf>
PeerReport integrate_rk_merson(const SimTK::MultibodySystem& system, const SimTK::State& initial,
                               double accuracy, double end_time, const PeerClock& clock,
                               PointOf point) {
  SimTK::RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(accuracy);
  integ.setConstraintTolerance(accuracy);
  SimTK::TimeStepper stepper(system, integ);
  stepper.initialize(initial);
  stepper.stepTo(end_time);
  const SimTK::State& s = integ.getState();
  system.realize(s, SimTK::Stage::Position);
  const SimTK::Vec3 p = point(s);
  PeerReport r;
  r.wall_s = clock.wall_s();
  r.cpu_s = clock.cpu_s();
  r.steps = integ.getNumStepsTaken();
  r.realizations = integ.getNumRealizations();
  r.x = p[0];
  r.y = p[1];
  return r;
}

}  // namespace mb::bench
