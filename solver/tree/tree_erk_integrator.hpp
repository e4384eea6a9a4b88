#pragma once
// The joint-coordinate ODE form on an explicit embedded Runge-Kutta method (ARKODE ERKStep with
// the Runge-Kutta-Merson 4(3) table, tree_erk_integrator.cpp): the integrator the default transient
// (solver/default_transient.hpp) runs on a tree of joints. Same states and right-hand side as
// TreeOdeIntegrator (joint coordinates and speeds, TreeDynamics::derivatives, O(N)); same
// tolerances (absolute integr_tol, relative rel_abs_tol_ratio * integr_tol), step limits (h_max, at
// most the print interval, h_min, h0), quaternion renormalisation at the outputs and failure
// messages.
//
// Stiffness: an explicit method on a stiff model takes steps limited by its stability region,
// not by accuracy. ERKStep runs at most kStepsBeforeCheck steps per call; when an output
// interval needs more, the step is compared with the stability bound: with rho the spectral
// radius of the right-hand side's Jacobian (spectral_radius.hpp) and h the current step,
// h rho >= kStabilityFraction * kStabilityBound (Merson's stability region reaches 3.5 along the
// negative real axis and 3.46 along the imaginary one) means the step is
// stability-limited: stiff() becomes true and advance_to returns at the time reached (time(),
// y(), yp() the state there), for the caller to continue with an implicit method. Otherwise
// (accuracy-limited: a fast but resolved motion) the integration continues.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/sensor_events.hpp"
#include "solver/tree/tree_topology.hpp"

namespace mb {

/// time(), y(): the full DAE-layout state, body states, lambda (reactions), mu = 0, mu_n = 0.
class TreeErkIntegrator : public IntegratorState {
 public:
  static constexpr long kStepsBeforeCheck = 500;
  static constexpr double kStabilityBound = 3.46;
  static constexpr double kStabilityFraction = 0.25;

  /// `tree` from find_tree_topology(dae).
  TreeErkIntegrator(const Dae& dae, TreeTopology tree, const TransientParams& params, double t0,
                    const std::vector<double>& y0, std::optional<double> print_interval);

  /// Stops before tout when stiff() (above).
  void advance_to(double tout, double t_stop);
  /// The step became stability-limited in the last advance_to.
  bool stiff() const { return stiff_; }
  /// After stiff(): the step size h and the spectral radius rho that showed it.
  double stiff_step() const { return stiff_h_; }
  double stiff_radius() const { return stiff_rho_; }
  IntegratorStats stats() const;
  /// With loop closures (TreeDynamics::has_loops): why the form failed in the last advance_to
  /// (a singular position the closures cannot pass, a step failure), "" when it did not. time(),
  /// y() and yp() are then the last output's state, for the caller to continue with the
  /// Cartesian form. Without loops a failure throws, as before.
  const std::string& failure() const { return failure_; }
  /// TreeDynamics::closure_rank and closure_ratio of the run.
  int closure_rank() const;
  double closure_ratio() const;

  /// Sensor events: as IdaIntegrator's (a restart is ERKStepReset at the event).
  const std::vector<int>* sensor_event() const;
  void act_on_event(const SensorAction& a);

 private:
  struct Impl;
  ImplPtr<Impl> impl_;
  bool stiff_ = false;
  double stiff_h_ = 0, stiff_rho_ = 0;
  std::string failure_;
  std::vector<double> last_y_, last_yp_;
};

}  // namespace mb
