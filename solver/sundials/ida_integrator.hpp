#pragma once
// IDA (SUNDIALS) on the stabilised index-2 or index-3 DAE (System, redundant equations removed:
// Dae; its error_test_mask() is IDA's id vector for the local error test) with the
// exact sparse Jacobian and KLU. This folder is the only place that includes SUNDIALS headers.
// Callbacks are noexcept trampolines: an exception inside the residual or Jacobian is stored, IDA
// is told the failure is unrecoverable, and the exception is rethrown with its context once IDA
// returns.

#include <memory>
#include <optional>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/sensor_events.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

class IdaIntegrator : public IntegratorState {
 public:
  IdaIntegrator(const Dae& sys, const TransientParams& params, double t0,
                const std::vector<double>& y0, const std::vector<double>& yp0,
                std::optional<double> print_interval);

  /// The solution at tout is interpolated; after a failure time(), y() and yp() are IDA's last
  /// successful step.
  void advance_to(double tout, double t_stop);
  IntegratorStats stats() const;
  /// The size of the last successful step (0 before the first).
  double last_step() const;

  /// Sensor events (solver/sensor_events.hpp): the roots found when the last advance_to stopped
  /// at one (before tout), else null; then the integrator's part of the actions (a restart at
  /// order 1, with STEPSIZE as its first step; HMAX).
  const std::vector<int>* sensor_event() const;
  void act_on_event(const SensorAction& a);
  /// Restarts at the current time from (y, yp) (the discrete states of a sampled GSE changed:
  /// solver/discrete_samples.hpp), at order 1 like a sensor's RESTART.
  void restart_from(const std::vector<double>& y, const std::vector<double>& yp);
  /// Also moves the angle measures of `ws` (a run of `sys`, whose state has the body states
  /// where the integrated Dae's has them) on after every accepted step: the index-2 System's
  /// run, whose request outputs read their own tracks, when the index-3 or index-1 form is
  /// integrated (solver/stages/dae_transient.cpp).
  void also_follow_angles(const System& sys, Workspace& ws);

 private:
  struct Impl;
  ImplPtr<Impl> impl_;
};

}  // namespace mb
