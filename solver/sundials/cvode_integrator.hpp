#pragma once
// The ODE form on CVODE (docs/architecture.md section 3): integrator_type VSTIFF and MSTIFF are
// CVODE BDF with Newton iteration, ABAM is CVODE Adams with fixed-point iteration.
//
// States x: the differential variables of the Dae (for bodies q = (r, p) and nu = (v, w)).
// Right-hand side: AccelerationSolver (system_blocks.hpp) solves
//   [M -B^T; B 0] [nu'; lambda] = [Q; -gamma],  q' = H nu
// (generically: every differential row with the time derivative of the velocity constraints),
// with the sparse LU (SparseLu, KLU) ordered once and refactored at each call with the kept
// pivot order while that stays accurate.
// Projection (CVodeSetProjFn, BDF): after each step, ConstraintProjector returns (q, nu) to
// Phi(q) = 0, |p| = 1, B nu = 0 with the minimum-norm change, and the local error estimate is
// projected onto the tangent space. CVODE supports projection with BDF only, so with Adams the
// state is checked at every output time and, once it has drifted from the constraint manifold
// by more than integr_tol, projected and CVODE restarted there (CVodeReInit). Every output
// (interpolated between steps) is projected, so reported states satisfy the constraints.
// Newton's linear solver (BDF): the sparse Newton matrix of ode_newton_matrix.hpp (the
// augmented acceleration system plus gamma times the DAE Jacobian of the differential rows and
// the constraints' curvature), factored when CVODE asks for a new Newton matrix and solved per
// iteration.
// Tolerances as in IDA: absolute integr_tol, relative rel_abs_tol_ratio * integr_tol.
// Failures throw Error(kAnalysisFailed) naming the time, the step size and the variable with
// the largest weighted local error; callbacks are noexcept trampolines.

#include <memory>
#include <optional>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/sensor_events.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

/// time(), y(): the full DAE-layout state, differential variables, lambda (reactions), mu = 0.
class CvodeIntegrator : public IntegratorState {
 public:
  CvodeIntegrator(const Dae& dae, const TransientParams& params, double t0,
                  const std::vector<double>& y0, std::optional<double> print_interval);

  /// The state reached is projected onto the constraints (header comment).
  void advance_to(double tout, double t_stop);
  IntegratorStats stats() const;

  /// Sensor events: as IdaIntegrator's (a restart runs from the projected state at the event).
  const std::vector<int>* sensor_event() const;
  void act_on_event(const SensorAction& a);
  /// Restarts at the current time from y (yp is solved again) (the discrete states of a sampled GSE
  /// changed: solver/discrete_samples.hpp), at order 1 like a sensor's RESTART.
  void restart_from(const std::vector<double>& y, const std::vector<double>& yp);

 private:
  struct Impl;
  ImplPtr<Impl> impl_;
};

}  // namespace mb
