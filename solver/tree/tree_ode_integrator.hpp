#pragma once
// The joint-coordinate ODE form on CVODE Adams (integrator ABAM on a tree of joints,
// tree_topology.hpp): states x = (joint coordinates, joint speeds), right-hand side
// TreeDynamics::derivatives (O(N) articulated-body algorithm). There are no constraints to
// drift from: only the quaternions of spherical joints and free bodies are renormalised at the
// output times (CVODE restarted there, as the Cartesian Adams form does after a projection,
// once their norm has drifted by more than integr_tol).
// Tolerances as in CvodeIntegrator: absolute integr_tol, relative rel_abs_tol_ratio *
// integr_tol, on every coordinate and speed; fixed-point iteration; h_max, h_min, h0 and the
// print interval as there. Failures throw Error(kAnalysisFailed) naming the time, the step size
// and the coordinate with the largest weighted local error.
// Outputs: the full Cartesian Dae state (TreeDynamics::cartesian_state), the same interface as
// CvodeIntegrator for the analysis runner.

#include <memory>
#include <optional>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/tree/tree_topology.hpp"

namespace mb {

/// time(), y(): the full DAE-layout state, body states, lambda (reactions), mu = 0, mu_n = 0.
class TreeOdeIntegrator : public IntegratorState {
 public:
  /// `tree` from find_tree_topology(dae).
  TreeOdeIntegrator(const Dae& dae, TreeTopology tree, const TransientParams& params, double t0,
                    const std::vector<double>& y0, std::optional<double> print_interval);

  /// The quaternions are renormalised at tout (header comment).
  void advance_to(double tout, double t_stop);
  IntegratorStats stats() const;

 private:
  struct Impl;
  ImplPtr<Impl> impl_;
};

}  // namespace mb
