#pragma once
// The joint-coordinate ODE form on CVODE (tree_topology.hpp): states x = (joint coordinates,
// joint speeds, user states), right-hand side TreeDynamics::derivatives (O(N) articulated-body
// algorithm), on one of two linear multistep methods:
//   * kAdams (integrator ABAM, a tree of joints): Adams-Moulton with fixed-point iteration;
//   * kBdf (integrators VSTIFF and MSTIFF, a tree or closed loops with cut joints): BDF with
//     Newton iteration on a dense Newton matrix I - gamma df/dx, df/dx by CVODE's difference
//     quotients of the right-hand side (x has few components: kMaxBdfStates). With loop
//     closures CVODE projects every step onto them (CVodeSetProjFn, TreeDynamics::project: Phi,
//     then B nu, mass-weighted), as the Cartesian ODE form does.
// The quaternions of spherical joints and free bodies are renormalised: with BDF by the
// projection after every step, with Adams at the output times (CVODE restarted there, as the
// Cartesian form does after a projection, once their norm has drifted by more than integr_tol).
// Tolerances as in CvodeIntegrator: absolute integr_tol, relative rel_abs_tol_ratio *
// integr_tol, on every coordinate and speed; h_max, h_min, h0 and the print interval as there.
// Failures throw Error(kAnalysisFailed) naming the time, the step size and the coordinate with
// the largest weighted local error; with loop closures, a failure of the closures (a singular
// position) or of a step throws LoopHandOver from the last output instead, for the caller to
// continue with the Cartesian form.
// Sensors (Sensor_Event, SENSOR) are CVODE root functions on the Cartesian layout of the state,
// as in the explicit default form (tree_erk_integrator.hpp).
// Outputs: the full Cartesian Dae state (TreeDynamics::cartesian_state), the same interface as
// CvodeIntegrator for the analysis runner.

#include <memory>
#include <optional>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/sensor_events.hpp"
#include "solver/tree/tree_topology.hpp"

namespace mb {

enum class TreeOdeMethod { kAdams, kBdf };

/// time(), y(): the full DAE-layout state, body states, lambda (reactions), mu = 0, mu_n = 0.
class TreeOdeIntegrator : public IntegratorState {
 public:
  /// The most joint-coordinate states kBdf takes: its Newton matrix is dense (its LU costs
  /// n^3 / 3, its difference quotients n right-hand sides of O(n) each). Larger models run the
  /// Cartesian ODE form, whose Newton matrix is sparse.
  static constexpr int kMaxBdfStates = 400;

  /// `tree` from find_tree_topology(dae) (with cut joints: kBdf only).
  TreeOdeIntegrator(const Dae& dae, TreeTopology tree, TreeOdeMethod method,
                    const TransientParams& params, double t0, const std::vector<double>& y0,
                    std::optional<double> print_interval);

  /// Adams: the quaternions are renormalised at tout (header comment).
  void advance_to(double tout, double t_stop);
  IntegratorStats stats() const;
  /// Sensor events: as IdaIntegrator's (a restart is CVodeReInit at the event).
  const std::vector<int>* sensor_event() const;
  void act_on_event(const SensorAction& a);
  /// TreeDynamics::closure_rank and closure_ratio of the run.
  int closure_rank() const;
  double closure_ratio() const;

 private:
  struct Impl;
  ImplPtr<Impl> impl_;
  std::vector<double> last_y_, last_yp_;  ///< the last output's state (loop closures)
};

}  // namespace mb
