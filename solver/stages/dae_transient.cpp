#include "solver/stages/dae_transient.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "solver/stages/output_integration.hpp"
#include "solver/state_layout.hpp"
#include "solver/sundials/ida_integrator.hpp"

namespace mb {

namespace {

/// How many times in a row one transient may remove more equations without restoring its own
/// selection in between (RestoreSelection).
constexpr int kMaxReselections = 20;

/// How many restores in a row may fail (see Reselection) before the run stops.
constexpr int kMaxFailedRestores = 16;

/// The longest wait (in output intervals) before the next restore after failed ones.
constexpr double kMaxRestoreWait = 4;

/// How many times one transient may restart where its integrator gave up on a step without a
/// rank loss (Reselection::after_failure), counted afresh at each restore (a singular region
/// passed: IFToMM A02 at 1e-10 restarts about 11 times over its 20 flat positions).
constexpr int kMaxStepRestarts = 16;

/// True when an applied force or a user state reads joint reactions: their equations are then
/// nonlinear in the multipliers, which one acceleration solve does not resolve.
bool reads_multipliers(const System& sys) {
  for (const auto& fk : sys.force_kernels()) {
    if (fk.n_multipliers > 0) return true;
  }
  for (const auto& sk : sys.state_kernels()) {
    if (sk.n_multipliers > 0) return true;
  }
  return false;
}

/// Where the integration (re)starts: time, state and derivatives of the index-2 layout, and at
/// a restart the first step (the last successful step before it: last_step_of).
struct DaeStart {
  double t;
  std::vector<double> y, yp;
  std::optional<double> h0;
};

/// Index 2 on `dae`, index 3 or stabilised index 1 on a System of that form built for st.sys's
/// model (kept in `forms` while the removed equations stay those of `dae`), from `start` over the
/// grid g; passage: see integrate.
void integrate_dae(const Stage& st, const Dae& dae, DaeForms& forms, const TransientParams& params,
                   const SingularPassage& passage, const DaeStart& start, const OutputGrid& g) {
  const System& sys = st.sys;
  TransientParams p = params;
  if (start.h0) p.h0 = start.h0;  // a restart goes on with the step it had
  const bool index3 = params.dae_index == 3;
  const bool index1 = params.dae_index == 1;
  // The ODE forms solve the accelerations at their outputs already (the right-hand side).
  std::optional<AccelerationSolver> output_solve;
  if (!reads_multipliers(sys)) output_solve.emplace(dae);
  AccelerationSolver* acc = output_solve ? &*output_solve : nullptr;
  const auto form_dae = [&](std::optional<Dae>& out, std::deque<System>& systems,
                            std::deque<Workspace>& workspaces, DaeForm form) {
    if (systems.empty() || &systems.back().model() != &sys.model()) {
      systems.emplace_back(sys.model(), form);
      workspaces.push_back(systems.back().make_workspace());
    }
    out.emplace(systems.back(), workspaces.back(), dae.removed());
  };
  if (index3 && !forms.dae3) {
    form_dae(forms.dae3, forms.systems3, forms.workspaces3, DaeForm::kIndex3);
  }
  if (index1 && !forms.dae1) {
    form_dae(forms.dae1, forms.systems1, forms.workspaces1, DaeForm::kStabilisedIndex1);
  }
  if (index1) {
    // kappa = 0 and u = 0: the index-2 initial conditions are consistent (lambda already
    // solves the acceleration constraints).
    std::vector<double> y1 = start.y, yp1 = start.yp;
    y1.resize(static_cast<size_t>(forms.dae1->size()), 0.0);
    yp1.resize(static_cast<size_t>(forms.dae1->size()), 0.0);
    IdaIntegrator ida(*forms.dae1, p, start.t, y1, yp1, g.dt);
    ida.also_follow_angles(sys, st.ws);  // the request outputs read the index-2 run's tracks
    integrate(ida, st, dae, g, acc, passage);
  } else {
    IdaIntegrator ida(index3 ? *forms.dae3 : dae, p, start.t, start.y, start.yp, g.dt);
    if (index3) ida.also_follow_angles(sys, st.ws);
    integrate(ida, st, dae, g, acc, passage);
  }
}

/// Where a transient restarts with other equations removed, and why.
struct Restart {
  double t = 0;
  std::vector<double> y;
  std::vector<int> removed;
  std::string why;
  double h_last = 0;  ///< the last successful step before it (0: not known)
};

/// The re-selection state of one DAE transient: how the next restart is chosen after a failure
/// or a restore.
struct Reselection {
  int reselections = 0;
  int failed_restores = 0;
  /// A restore right out of a singular region may leave a Newton matrix too ill conditioned for
  /// the restart: a failure within one output interval (`restore_window`) of a restore goes back
  /// to the selection before it, and the next check point restores again, a little farther from
  /// the singular configuration. A failure later than that is the integrator's own, at a
  /// configuration the old selection no longer fits (IFToMM A02 in I3 at 1e-9: 1.4 s after a
  /// restore, the selection of the flat position before made the acceleration system singular).
  bool from_restore = false;
  double restore_time = 0;
  double restore_window = 0;
  std::vector<int> before_restore;
  std::string singular_cause;  ///< the failure that made the run remove more equations
  int step_restarts = 0;
  double last_step_restart = -std::numeric_limits<double>::infinity();
  /// After the k-th failed restore in a row, no restore for restore_window / kRestoreChecks
  /// times 2^k (at most kMaxRestoreWait output intervals): IFToMM A02 at 1e-10, handed over at a
  /// flat position, failed 16 restores in a row 0.6 ms apart without it.
  double restore_after = -std::numeric_limits<double>::infinity();

  bool may_reselect() const { return reselections < kMaxReselections; }

  /// What integrate needs to pass the singular configuration: nominal, the model's own number
  /// of removed equations.
  SingularPassage passage(size_t nominal) const {
    return {may_reselect() ? nominal : SIZE_MAX, singular_cause, restore_after};
  }

  /// The restart after `failure`, or nothing when the run must stop with it.
  std::optional<Restart> after_failure(const System& sys, const Dae& dae,
                                       const RankLossFailure& failure) {
    Restart r{failure.t, failure.y, {}, "", failure.h_last};
    if (from_restore && failure.t > restore_time + restore_window) from_restore = false;
    bool reselect = failure.rank_loss;
    if (!failure.rank_loss && !from_restore) {
      // The integrator gave up on a step where the kept rows are independent (IFToMM A02 in I3
      // at 1e-7 and 1e-8, just past a flat position): a restart from the last successful step,
      // with its history dropped, goes on; it must get past the time of the restart before.
      if (!failure.step_failure || step_restarts >= kMaxStepRestarts) return std::nullopt;
      if (failure.t > last_step_restart) {
        ++step_restarts;
        last_step_restart = failure.t;
        r.removed = dae.removed();
        r.why = fmt::format("the integration failed ({}); restarting from the last step",
                            failure.what());
        return r;
      }
      // It fails again where it restarted (SI2 at 1e-10 near a flat position whose rows are not
      // yet dependent past the rank-loss threshold): the removal is chosen afresh there.
      reselect = true;
    }
    if (!reselect) {
      if (failed_restores >= kMaxFailedRestores) return std::nullopt;
      ++failed_restores;
      restore_after = failure.t + std::min(restore_window / kRestoreChecks *
                                               static_cast<double>(1 << failed_restores),
                                           kMaxRestoreWait * restore_window);
      r.removed = before_restore;
      r.why = fmt::format("the integration failed after the restore ({}); equations removed again",
                          failure.what());
    } else {
      // Every row conditioned worse than a restore needs is removed: at a singular configuration
      // several rows lose rank together (the 40 four-bars of IFToMM A02 at their flat position),
      // and removing only those past the rank-loss threshold leaves the next ones to fail a step
      // later.
      std::optional<RedundantSelection> sel;
      if (may_reselect()) {
        sel = select_redundant_equations(sys, failure.t, failure.y, kRestoreConditioning);
      }
      if (!sel || sel->removed == dae.removed()) return std::nullopt;
      ++reselections;
      failed_restores = 0;
      singular_cause = failure.what();
      r.removed = std::move(sel->removed);
      r.why = "the kept constraint equations became (nearly) dependent";
    }
    from_restore = false;
    return r;
  }

  Restart after_restore(const Dae& dae, RestoreSelection& restore) {
    before_restore = dae.removed();
    from_restore = true;
    restore_time = restore.t;
    reselections = 0;
    step_restarts = 0;
    return {restore.t, std::move(restore.y), std::move(restore.removed),
            "the model's redundant equations are independent again", restore.h_last};
  }
};

/// Logs the restart, removes its equations and returns the consistent state to go on from.
DaeStart restart_with(const Stage& st, std::optional<Dae>& dae, DaeForms& forms, Restart r) {
  const int lambda0 = kBodyStates * st.sys.num_moving_bodies();
  std::string names;
  for (int e : r.removed) {
    names += (names.empty() ? "" : ", ") + st.sys.describe_variable(lambda0 + e);
  }
  st.obs.log(fmt::format("warning: t = {:.10g}: {}; equations removed from here on: {}", r.t, r.why,
                         names.empty() ? "none" : names));
  Workspace& ws = dae->workspace();
  dae.emplace(st.sys, ws, std::move(r.removed));
  forms.reset();
  r.y.resize(static_cast<size_t>(st.sys.size()));
  const InitialConditions restart = compute_initial_conditions(*dae, r.t, r.y, nullptr, false);
  DaeStart start{r.t, restart.y, restart.yp, std::nullopt};
  if (r.h_last > 0) start.h0 = r.h_last;
  return start;
}

}  // namespace

std::optional<DaeRestart> run_dae_transient(const Stage& st, std::optional<Dae>& dae,
                                            DaeForms& forms, const TransientParams& params,
                                            const OutputGrid& g, bool return_at_restore) {
  const size_t nominal = dae->removed().size();
  DaeStart start{st.t0, st.ic.y, st.ic.yp, std::nullopt};
  Reselection sel;
  sel.restore_window = g.dt;
  for (;;) {
    std::optional<Restart> again;
    try {
      integrate_dae(st, *dae, forms, params, sel.passage(nominal), start, g);
      return std::nullopt;
    } catch (const RankLossFailure& failure) {
      again = sel.after_failure(st.sys, *dae, failure);
      if (!again) throw;
    } catch (RestoreSelection& restore) {
      again = sel.after_restore(*dae, restore);
      if (return_at_restore) {
        start = restart_with(st, dae, forms, std::move(*again));
        return DaeRestart{start.t, std::move(start.y), std::move(start.yp)};
      }
    }
    start = restart_with(st, dae, forms, std::move(*again));
  }
}

}  // namespace mb
