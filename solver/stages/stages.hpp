#pragma once
// The analysis stages of a Simulate command (docs/architecture.md section 1). The command runner
// (analysis_runner.hpp) finds the redundant constraint equations and the initial conditions at
// the stage's start time, then runs one of these; each writes its outputs to the observer and
// leaves the time and the state it reached for the next Simulate.
//   run_assembly   the initial conditions only
//   run_kinematic  position, velocity and acceleration solves at every output time (0 DOF)
//   run_static     the equilibrium at the start, and at every output time when quasi-static
//   run_transient  integration to every output time (run_transient.cpp names the forms)
//   run_linear     eigenvalues and mode shapes of the equations linearised at the state reached
// A new analysis is one more function here, in its own file, and one more case in the runner's
// dispatch on AnalysisType.

#include <deque>
#include <optional>
#include <vector>

#include "models/model.hpp"
#include "solver/analysis_observer.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

/// One Simulate's analysis: where it starts, where it reports, and where it leaves its end.
struct Stage {
  const System& sys;
  Workspace& ws;  ///< the run's Workspace of sys: the outputs read its angle tracks
  const Simulate& simulate;
  AnalysisObserver& obs;
  RunReport& report;
  double t0;                    ///< the start time: the initial conditions hold there
  const InitialConditions& ic;  ///< consistent state and derivatives at t0
  bool first;                   ///< the run's first analysis: it reports its starting point
  double& t;                    ///< in: t0; out: the time reached
  std::vector<double>& y;       ///< in: ic.y; out: the state reached (sys's DAE layout)
  /// A sensor's DT: the output interval from its event on (set by the transient's event loop,
  /// solver/stages/output_integration.hpp).
  mutable std::optional<double> output_dt = {};
};

/// The output times of a transient, kinematic or quasi-static analysis: t0 + k dt for k = 1 ..
/// count(), the last one clipped to t1. dt is print_interval, or (t1 - t0) / num_steps (100 by
/// default).
struct OutputGrid {
  double t0 = 0, t1 = 0, dt = 0;
  long count() const;
  double at(long k) const;
};
/// The grid of `s` (which has an end_time or a duration) from t0.
OutputGrid output_grid(const Simulate& s, double t0);

/// The first analysis of a run writes its starting point (the initial conditions at t0).
void report_start(const Stage& st);

void run_assembly(const Stage& st);

/// A kinematic analysis needs a model without free motion (the true DOF, counting the redundant
/// equations of `dae` as removed); throws a deck error otherwise.
void check_kinematic(const System& sys, const Dae& dae);
void run_kinematic(const Stage& st, const Dae& dae);

void run_static(const Stage& st, const Dae& dae, const StaticParams& params);

/// The equations linearised at the state the stage starts from (solver/linearization.hpp): the
/// modes go to the log and to report.linear; a state that is not an equilibrium is warned about.
void run_linear(const Stage& st, const Dae& dae, const LinearParams& params);

/// The DAE forms other than index 2 of the run's Systems, built when a transient asks for them:
/// index 3 (dae_index 3: the same layout, so the index-2 initial conditions start it) and
/// stabilised index 1 (dae_index 1: the index-2 layout with kappa and u appended). Their Systems
/// stay alive for the whole run, each with its Workspace (workspaces3[k] is systems3[k]'s); the
/// Daes are dropped when the equations removed change.
struct DaeForms {
  std::deque<System> systems3, systems1;
  std::deque<Workspace> workspaces3, workspaces1;
  std::optional<Dae> dae3, dae1;
  void reset() {
    dae3.reset();
    dae1.reset();
  }
};

/// `dae`: the index-2 Dae of st.sys with the equations removed; a transient that meets a
/// singular configuration may choose them again (dae_transient.hpp), and leaves its last choice
/// here.
void run_transient(const Stage& st, std::optional<Dae>& dae, DaeForms& forms,
                   const TransientParams& params);

}  // namespace mb
