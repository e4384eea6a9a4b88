#pragma once
// A transient's integration to its output times (run_transient.cpp, dae_transient.cpp), for every
// integrator with the interface advance_to(tout, t_stop), time(), y(), yp(), stats() (IDA, CVODE,
// the joint-coordinate forms, the default form): outputs, the interruption check, and the
// failures that let a DAE transient choose its removed equations again.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/discrete_samples.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/sensor_events.hpp"
#include "solver/stages/stages.hpp"
#include "solver/step_failure.hpp"

namespace mb {

/// An integration failure at a configuration where the kept constraint rows have become (nearly)
/// dependent (rank_loss_report); t and y are the integrator's last successful step, where the
/// transient may re-select the redundant equations and go on (reselect_redundant_equations).
class RankLossFailure : public Error {
 public:
  RankLossFailure(const std::string& message, double t_fail, std::vector<double> y_fail,
                  double h_fail, bool rank_lost = true, bool step_failed = false)
      : Error(ExitCode::kAnalysisFailed, message),
        t(t_fail),
        y(std::move(y_fail)),
        h_last(h_fail),
        rank_loss(rank_lost),
        step_failure(step_failed) {}
  double t;
  std::vector<double> y;
  double h_last;  ///< the integrator's last successful step (0: not known)
  /// False: no rank loss was found (a failure the transient may still answer by going back to
  /// the selection it had before restoring its own, or by a restart).
  bool rank_loss;
  /// The integrator gave up on a step (StepFailure), rather than the model failing to evaluate.
  bool step_failure;
};

/// Thrown by integrate at an output time (t, y) where, after more equations than the model's
/// redundant ones were removed to pass a singular configuration, a set of the model's own size
/// is well conditioned again (`removed`): the transient restarts there with it.
struct RestoreSelection {
  double t;
  std::vector<double> y;
  std::vector<int> removed;
  double h_last;  ///< the integrator's last successful step (0: not known)
};

/// integ's last successful step, for the restart after a RestoreSelection or a RankLossFailure:
/// left to choose its own first step after a restore, IDA takes one from the derivatives'
/// size, at tight tolerances so small (1e-12 s and below on IFToMM A02 at integr_tol 1e-10)
/// that the Newton matrix of the index-2 and index-1 forms, whose condition grows as 1/h^2, is
/// too ill conditioned to converge; 0 for an integrator that does not say.
template <class Integ>
double last_step_of(const Integ& integ) {
  if constexpr (requires { integ.last_step(); }) {
    return integ.last_step();
  } else {
    return 0.0;
  }
}

/// How well conditioned (select_redundant_equations' weakest pivot) a set of the model's own
/// size must be for RestoreSelection: ten times the rank-loss threshold, so that a run does not
/// switch back and forth at the edge of a singular region.
constexpr double kRestoreConditioning = 10 * kNearDependenceThreshold;

/// How a DAE transient that may choose its removed equations again (dae_transient.cpp) passes a
/// singular configuration: the model's own number of removed equations (SIZE_MAX: the transient
/// may not choose them again) and the failure that made it remove more (appended to a drift
/// error).
struct SingularPassage {
  size_t nominal_removed = SIZE_MAX;
  std::string cause;
  /// No restore before this time: after a failed restore the next one waits longer each time
  /// (Reselection in dae_transient.cpp), instead of failing again at the same place.
  double restore_after = -std::numeric_limits<double>::infinity();
};

/// How far (model length units, or radians for an orientation equation) an equation removed
/// to pass a singular configuration may drift before the run stops (check_removed_drift):
/// IFToMM A02 drifts by 6e-6 m while its flat position is passed.
constexpr double kSingularDriftLimit = 1e-3;

/// Points per output interval at which a run with extra equations removed checks whether the
/// model's own selection is well conditioned again (RestoreSelection).
constexpr int kRestoreChecks = 64;

/// Writes the integrator's state as a result row and leaves it in st.t, st.y: the index-2 part
/// (the index-1 form appends kappa and u; outputs and later analyses read the index-2 part), with
/// `output_solve` (the DAE forms) the derivatives and multipliers solved there (integrate).
template <class Integ>
void write_row(Integ& integ, const Stage& st, AccelerationSolver* output_solve) {
  const System& sys = st.sys;
  st.t = integ.time();
  st.y = integ.y();
  st.y.resize(static_cast<size_t>(sys.size()));
  std::vector<double> yp = integ.yp();
  yp.resize(static_cast<size_t>(sys.size()));
  if (output_solve) output_solve->solve(st.t, st.y, yp);
  st.obs.output(st.t, sys, st.ws, st.y, yp);
  st.obs.progress_steps(st.report.stats.steps + integ.stats().steps);
}

/// Restarts integ at time t from the state y (integ's layout) whose user states changed (a
/// sampled GSE's discrete states, a Sensor_Evaluate's held value): with `output_solve` (the DAE
/// forms) the derivatives and multipliers are solved again there first, else yp is kept for the
/// integrator to recompute (CVODE's right-hand side).
template <class Integ>
void restart_with_state(Integ& integ, const System& sys, double t, std::vector<double>& y,
                        std::vector<double>& yp, AccelerationSolver* output_solve) {
  if (output_solve) {
    std::vector<double> ys(y.begin(), y.begin() + sys.size());
    std::vector<double> yps(yp.begin(), yp.begin() + sys.size());
    output_solve->solve(t, ys, yps);
    std::copy(ys.begin(), ys.end(), y.begin());
    std::copy(yps.begin(), yps.end(), yp.begin());
  }
  integ.restart_from(y, yp);
}

// Sensor events (solver/sensor_events.hpp) -------------------------------------------------

/// How an advance to an output time ended: there, at a sensor event whose HALT or RETURN
/// ends the analysis (its row written, st.t and st.y there), or at a sensor event with DT (its
/// row written; the outputs go on every st.output_dt from there).
enum class AdvanceEnd { kReached, kHalted, kReturned, kNewOutputInterval };

/// integ.advance_to(tout, t1), stopping at every sensor event on the way (integrators with
/// sensor_event(): IDA, CVODE) to carry out its actions: a row (PRINT, HALT, RETURN, DT), the end
/// of the analysis (HALT, RETURN), a restart (RESTART, STEPSIZE), a new largest step (HMAX) and
/// a new output interval (DT).
template <class Integ>
AdvanceEnd advance_with_events(Integ& integ, const Stage& st, double tout, double t1,
                               AccelerationSolver* output_solve) {
  for (;;) {
    integ.advance_to(tout, t1);
    if constexpr (requires { integ.sensor_event(); }) {
      const std::vector<int>* found = integ.sensor_event();
      if (!found) return AdvanceEnd::kReached;
      const SensorAction a =
          act_on_sensors(st.sys.model().sensors, *found, integ.time(), st.obs, st.report);
      // The values the event stores (Sensor_Evaluate): the integrator restarts from them. The
      // joint-coordinate forms have none: a model with Sensor_Evaluate values does not run in
      // joint coordinates (tree/tree_topology.cpp).
      if constexpr (requires(std::vector<double> v) { integ.restart_from(v, v); }) {
        if (!st.sys.model().sensor_evaluates.empty()) {
          std::vector<double> y = integ.y(), yp = integ.yp();
          const std::vector<HeldValue> held =
              evaluate_at_event(st.sys, st.ws, *found, integ.time(), y.data(), yp.data(), st.obs);
          for (const HeldValue& h : held) y[static_cast<size_t>(h.index)] = h.value;
          if (!held.empty()) restart_with_state(integ, st.sys, integ.time(), y, yp, output_solve);
        }
      }
      if (a.row) write_row(integ, st, output_solve);
      if (a.halt) return AdvanceEnd::kHalted;
      if (a.ret) return AdvanceEnd::kReturned;
      integ.act_on_event(a);
      if (a.dt) {
        st.output_dt = a.dt;
        return AdvanceEnd::kNewOutputInterval;
      }
      if (integ.time() >= tout) return AdvanceEnd::kReached;
    } else {
      return AdvanceEnd::kReached;
    }
  }
}

/// While more equations than the model's redundant ones are removed (a singular configuration
/// is being passed), the removed rows are not enforced and the state drifts from them: the
/// selection is checked at kRestoreChecks points per output interval so that it is restored
/// within a small fraction of an interval of leaving the singular region.
template <class Integ>
AdvanceEnd advance_checking_selection(Integ& integ, const Stage& st, const Dae& dae, double tout,
                                      double t1, double start, const SingularPassage& passage,
                                      AccelerationSolver* output_solve) {
  const bool extended = dae.removed().size() > passage.nominal_removed;
  const double from = integ.time();
  for (int j = 1; extended && j < kRestoreChecks; ++j) {
    const double tsub = from + (tout - from) * j / kRestoreChecks;
    if (const AdvanceEnd end = advance_with_events(integ, st, tsub, t1, output_solve);
        end != AdvanceEnd::kReached) {
      return end;
    }
    std::vector<double> ysub = integ.y();
    ysub.resize(static_cast<size_t>(st.sys.size()));
    std::optional<std::vector<int>> sel;
    if (tsub >= passage.restore_after) {
      sel =
          conditioned_selection(st.sys, tsub, ysub, passage.nominal_removed, kRestoreConditioning);
    }
    if (sel) {
      st.report.stats += integ.stats();
      throw RestoreSelection{tsub, std::move(ysub), std::move(*sel), last_step_of(integ)};
    }
    check_removed_drift(dae, start, tsub, ysub, kSingularDriftLimit, passage.cause);
  }
  return advance_with_events(integ, st, tout, t1, output_solve);
}

/// At a sample time ts (sampled GSEs, solver/discrete_samples.hpp): the discrete states take
/// their new values and the integrator restarts from there (restart_from: IDA with the
/// derivatives and multipliers solved again by `output_solve` when there is one, CVODE with its
/// right-hand side).
template <class Integ>
void sample_and_restart(Integ& integ, const Stage& st, const Dae& dae, double ts,
                        AccelerationSolver* output_solve) {
  std::vector<double> y = integ.y(), yp = integ.yp();
  if (!sample_discrete_states(st.sys, dae.workspace(), ts, y, yp)) return;
  if constexpr (requires { integ.restart_from(y, yp); }) {
    restart_with_state(integ, st.sys, ts, y, yp, output_solve);
  } else {
    throw Error(ExitCode::kInternal, "a sampled GSE on an integrator that cannot restart");
  }
}

/// Advances to tout stopping exactly at every sample time on the way (sample_and_restart).
template <class Integ>
AdvanceEnd advance_through_samples(Integ& integ, const Stage& st, const Dae& dae, double tout,
                                   double t1, double start, const SingularPassage& passage,
                                   AccelerationSolver* output_solve) {
  for (std::optional<double> ts; (ts = next_sample_time(st.sys.model(), integ.time(), tout));) {
    const AdvanceEnd end =
        advance_checking_selection(integ, st, dae, *ts, *ts, start, passage, output_solve);
    if (end != AdvanceEnd::kReached) return end;
    sample_and_restart(integ, st, dae, *ts, output_solve);
  }
  if (integ.time() >= tout) return AdvanceEnd::kReached;  // tout was a sample time
  return advance_checking_selection(integ, st, dae, tout, t1, start, passage, output_solve);
}

/// A failure of integ: its counters and time go to the report; an analysis failure names the
/// constraint rows that have become dependent at the integrator's last state, if any, and is
/// then a RankLossFailure.
template <class Integ>
[[noreturn]] void rethrow_failure(Integ& integ, const Stage& st, const Dae& dae,
                                  size_t nominal_removed) {
  st.report.stats += integ.stats();
  st.report.time = integ.time();
  try {
    throw;
  } catch (const Error& e) {
    if (e.code() != ExitCode::kAnalysisFailed) throw;
    std::string rank_loss = rank_loss_report(dae, integ.time(), integ.y());
    // The last successful step may be just outside the singular region that the failed step
    // entered: when the run may choose its equations again, look there with a wider threshold.
    if (rank_loss.empty() && nominal_removed != SIZE_MAX) {
      rank_loss = rank_loss_report(dae, integ.time(), integ.y(), kRestoreConditioning);
    }
    if (rank_loss.empty() && nominal_removed == SIZE_MAX) throw;
    throw RankLossFailure(e.what() + rank_loss, integ.time(), integ.y(), last_step_of(integ),
                          !rank_loss.empty(), dynamic_cast<const StepFailure*>(&e) != nullptr);
  }
}

/// Integrates from the integrator's time to g.t1 with output at the grid's times after it; st.t
/// and st.y follow the last output. A failure names the constraint rows that have become
/// dependent at the integrator's last state, if any (rank_loss_report of `dae`, the index-2 Dae
/// of st.sys), and is then a RankLossFailure. With `output_solve` (the DAE forms) the
/// derivatives and multipliers written at an output time are solved from the interpolated state
/// there, as at t = 0 (initial_conditions.hpp): IDA's interpolating polynomial spans a whole
/// step, and a reaction that changes within the step (a force pulse shorter than the step) is
/// not a polynomial of it. `passage`: while the transient may choose its removed equations again
/// (SingularPassage). After a sensor event with DT the outputs are at t_event + k DT up to g.t1
/// (for the rest of this Simulate).
template <class Integ>
void integrate(Integ& integ, const Stage& st, const Dae& dae, const OutputGrid& g,
               AccelerationSolver* output_solve = nullptr, const SingularPassage& passage = {}) {
  const System& sys = st.sys;
  OutputGrid grid = g;
  sys.follow_angles(st.ws, integ.y().data());  // the angle measures start (or continue) here
  const double start = integ.time();
  // A sample time where the integration starts (SAMPLE_OFFSET = 0) that no earlier analysis
  // sampled: the update happens there.
  sample_and_restart(integ, st, dae, start, output_solve);
  for (long k = 1; k <= grid.count(); ++k) {
    const double tout = grid.at(k);
    if (tout <= start) continue;  // written before a restart
    AdvanceEnd end = AdvanceEnd::kReached;
    try {
      throw_if_interrupted();
      end = advance_through_samples(integ, st, dae, tout, g.t1, start, passage, output_solve);
    } catch (const RestoreSelection&) {
      throw;
    } catch (...) {
      rethrow_failure(integ, st, dae, passage.nominal_removed);
    }
    if (end == AdvanceEnd::kNewOutputInterval) {  // a sensor's DT: its row is written
      grid = OutputGrid{integ.time(), g.t1, *st.output_dt};
      k = 0;
      continue;
    }
    if (end != AdvanceEnd::kReached) break;  // a sensor's HALT or RETURN: its row is written
    write_row(integ, st, output_solve);
    if (dae.removed().size() > passage.nominal_removed && k < grid.count() &&
        st.t >= passage.restore_after) {
      std::optional<std::vector<int>> sel =
          conditioned_selection(sys, st.t, st.y, passage.nominal_removed, kRestoreConditioning);
      if (sel) {
        st.report.stats += integ.stats();
        throw RestoreSelection{st.t, st.y, std::move(*sel), last_step_of(integ)};
      }
    }
  }
  st.report.stats += integ.stats();
}

}  // namespace mb
