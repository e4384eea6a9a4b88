#include "solver/analysis_runner.hpp"

#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <optional>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "models/model_edit.hpp"
#include "solver/default_transient.hpp"
#include "solver/held_coordinates.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/static_solver.hpp"
#include "solver/sundials/cvode_integrator.hpp"
#include "solver/sundials/ida_integrator.hpp"
#include "solver/system_blocks.hpp"
#include "solver/tree/tree_ode_integrator.hpp"

namespace mb {

namespace {

/// Output spacing of a transient: print_interval, or (end - start) / num_steps (100 by default).
double output_step(const Simulate& s, double t0, double t1) {
  if (s.print_interval) return *s.print_interval;
  return (t1 - t0) / s.num_steps.value_or(100);
}

long output_count(double t0, double t1, double dt) {
  return std::lround(std::ceil((t1 - t0) / dt - 1e-9));
}

/// The ODE form (CVODE) for VSTIFF, MSTIFF and ABAM; the DAE form (IDA) otherwise.
bool is_ode_form(const TransientParams& p) {
  return p.integrator == "VSTIFF" || p.integrator == "MSTIFF" || p.integrator == "ABAM";
}

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

/// An integration failure at a configuration where the kept constraint rows have become (nearly)
/// dependent (rank_loss_report); t and y are the integrator's last successful step, where the
/// transient may re-select the redundant equations and go on (reselect_redundant_equations).
class RankLossFailure : public Error {
 public:
  RankLossFailure(const std::string& message, double t_fail, std::vector<double> y_fail,
                  bool rank_lost = true)
      : Error(ExitCode::kAnalysisFailed, message),
        t(t_fail),
        y(std::move(y_fail)),
        rank_loss(rank_lost) {}
  double t;
  std::vector<double> y;
  /// False: no rank loss was found (a failure the transient may still answer by going back to
  /// the selection it had before restoring its own).
  bool rank_loss;
};

/// Thrown by integrate at an output time (t, y) where, after more equations than the model's
/// redundant ones were removed to pass a singular configuration, a set of the model's own size
/// is well conditioned again (`removed`): the transient restarts there with it.
struct RestoreSelection {
  double t;
  std::vector<double> y;
  std::vector<int> removed;
};

/// How well conditioned (select_redundant_equations' weakest pivot) a set of the model's own
/// size must be for RestoreSelection: ten times the rank-loss threshold, so that a run does not
/// switch back and forth at the edge of a singular region.
constexpr double kRestoreConditioning = 10 * kNearDependenceThreshold;

/// How far (model length units, or radians for an orientation equation) an equation removed
/// to pass a singular configuration may drift before the run stops (check_removed_drift):
/// IFToMM A02 drifts by 6e-6 m while its flat position is passed.
constexpr double kSingularDriftLimit = 1e-3;

/// How many restores in a row may fail (see the transient's re-selection loop) before the run
/// stops.
constexpr int kMaxFailedRestores = 16;

/// Points per output interval at which a run with extra equations removed checks whether the
/// model's own selection is well conditioned again (RestoreSelection).
constexpr int kRestoreChecks = 64;

/// Integrates from the integrator's time to t1 with output at t0 + k dt (those after its time);
/// t and y follow the last output. A failure names the constraint rows that have become
/// dependent at the integrator's last state, if any (rank_loss_report of `dae`, the index-2 Dae
/// of sys), and is then a RankLossFailure. With
/// `output_solve` (the DAE forms) the derivatives and multipliers written at an output time are
/// solved from the interpolated state there, as at t = 0 (initial_conditions.hpp): IDA's
/// interpolating polynomial spans a whole step, and a reaction that changes within the step
/// (a force pulse shorter than the step) is not a polynomial of it.
template <class Integrator>
void integrate(Integrator& integ, const System& sys, const Dae& dae, AnalysisObserver& obs,
               RunReport& report, double t0, double t1, double dt, double& t,
               std::vector<double>& y, AccelerationSolver* output_solve = nullptr,
               size_t nominal_removed = SIZE_MAX, const std::string& singular_cause = "") {
  const long n_out = output_count(t0, t1, dt);
  sys.follow_angles(integ.y().data());  // the angle measures start (or continue) here
  const double start = integ.time();
  for (long k = 1; k <= n_out; ++k) {
    const double tout = std::min(t1, t0 + static_cast<double>(k) * dt);
    if (tout <= start) continue;  // written before a restart
    try {
      throw_if_interrupted();
      // While more equations than the model's redundant ones are removed (a singular
      // configuration is being passed), the removed rows are not enforced and the state drifts
      // from them: the selection is checked at kRestoreChecks points per output interval so that
      // it is restored within a small fraction of an interval of leaving the singular region.
      const bool extended = dae.removed().size() > nominal_removed;
      const double from = integ.time();
      for (int j = 1; extended && j < kRestoreChecks; ++j) {
        const double tsub = from + (tout - from) * j / kRestoreChecks;
        integ.advance_to(tsub, t1);
        std::vector<double> ysub = integ.y();
        ysub.resize(static_cast<size_t>(sys.size()));
        std::optional<std::vector<int>> sel =
            conditioned_selection(sys, tsub, ysub, nominal_removed, kRestoreConditioning);
        if (sel) {
          report.stats += integ.stats();
          throw RestoreSelection{tsub, std::move(ysub), std::move(*sel)};
        }
        check_removed_drift(dae, start, tsub, ysub, kSingularDriftLimit, singular_cause);
      }
      integ.advance_to(tout, t1);
    } catch (const RestoreSelection&) {
      throw;
    } catch (const Error& e) {
      report.stats += integ.stats();
      report.time = integ.time();
      if (e.code() != ExitCode::kAnalysisFailed) throw;
      std::string rank_loss = rank_loss_report(dae, integ.time(), integ.y());
      // The last successful step may be just outside the singular region that the failed step
      // entered: when the run may choose its equations again, look there with a wider threshold.
      if (rank_loss.empty() && nominal_removed != SIZE_MAX) {
        rank_loss = rank_loss_report(dae, integ.time(), integ.y(), kRestoreConditioning);
      }
      if (rank_loss.empty() && nominal_removed == SIZE_MAX) throw;
      throw RankLossFailure(e.what() + rank_loss, integ.time(), integ.y(), !rank_loss.empty());
    } catch (...) {
      report.stats += integ.stats();
      report.time = integ.time();
      throw;
    }
    t = integ.time();
    // The index-1 form appends kappa and u to the index-2 layout: outputs and later analyses
    // read the index-2 part.
    y = integ.y();
    y.resize(static_cast<size_t>(sys.size()));
    std::vector<double> yp = integ.yp();
    yp.resize(static_cast<size_t>(sys.size()));
    if (output_solve) output_solve->solve(t, y, yp);
    obs.output(t, sys, y, yp);
    if (dae.removed().size() > nominal_removed && k < n_out) {
      std::optional<std::vector<int>> sel =
          conditioned_selection(sys, t, y, nominal_removed, kRestoreConditioning);
      if (sel) {
        report.stats += integ.stats();
        throw RestoreSelection{t, y, std::move(*sel)};
      }
    }
  }
  report.stats += integ.stats();
}

/// A kinematic analysis needs a system without free motion (the true DOF, counting redundant
/// equations as removed). Velocity and acceleration motions are rejected with the deck.
void check_kinematic(const System& sys, const Dae& dae) {
  const int dof = sys.dof() + static_cast<int>(dae.removed().size());
  if (dof != 0) {
    throw Error(ExitCode::kDeckError,
                fmt::format("a Kinematic analysis needs a model with 0 degrees of freedom (every "
                            "free coordinate driven by a motion); this model has {} (use a "
                            "Transient analysis, or add motions)",
                            dof));
  }
}

/// The state of a rebuilt System from the previous one: the bodies' positions and velocities
/// and the user states carry over (same blocks; the user states' offset moves with the number
/// of constraint equations); multipliers start at 0 and are re-solved by the initial
/// conditions. Velocity components set by Body_Rigid commands (v_ic_*, w_ic_*, ground axes)
/// replace the carried ones; the initial conditions then make them consistent.
std::vector<double> carry_state(const System& from, const System& to, const std::vector<double>& y,
                                const std::vector<VelocityReset>& resets) {
  std::vector<double> out = to.initial_state();
  const auto n_body = static_cast<std::ptrdiff_t>(13 * from.num_moving_bodies());
  std::copy(y.begin(), y.begin() + n_body, out.begin());
  const auto n_states = static_cast<std::ptrdiff_t>(y.size()) - from.state_offset();
  std::copy(y.begin() + from.state_offset(), y.begin() + from.state_offset() + n_states,
            out.begin() + to.state_offset());
  for (const VelocityReset& r : resets) {
    const int o = to.body_offset(r.body);
    if (o < 0) continue;
    const Vec4 p(out[o + 3], out[o + 4], out[o + 5], out[o + 6]);
    const Mat3 A = rotation_from_euler_parameters<double>(p / p.norm());
    Vec3 w = A * Vec3(out[o + 10], out[o + 11], out[o + 12]);
    for (int k = 0; k < 3; ++k) {
      out[o + 7 + k] = r.v[static_cast<size_t>(k)].value_or(out[o + 7 + k]);
      w(k) = r.v[static_cast<size_t>(k + 3)].value_or(w(k));
    }
    const Vec3 w_body = A.transpose() * w;
    for (int k = 0; k < 3; ++k) out[o + 10 + k] = w_body(k);
  }
  return out;
}

/// How many times in a row one transient may remove more equations without restoring its own
/// selection in between (RestoreSelection).
constexpr int kMaxReselections = 20;

/// The DAE forms (IDA): index 2 on `dae`, index 3 or stabilised index 1 on a System of that form
/// built for sys's model (kept in `systems3` / `systems1`, and its Dae in `dae3` / `dae1` while the
/// removed equations stay those of `dae`), from (t_start, y_start, yp_start) to t1 with outputs on
/// the grid t0 + k dt; nominal_removed: see integrate.
void integrate_dae(const System& sys, const Dae& dae, std::optional<Dae>& dae3,
                   std::deque<System>& systems3, std::optional<Dae>& dae1,
                   std::deque<System>& systems1, const TransientParams& params,
                   size_t nominal_removed, AnalysisObserver& obs, RunReport& report, double t_start,
                   const std::vector<double>& y_start, const std::vector<double>& yp_start,
                   double t0, double t1, double dt, double& t, std::vector<double>& y,
                   const std::string& singular_cause) {
  const bool index3 = params.dae_index == 3;
  const bool index1 = params.dae_index == 1;
  // The ODE forms solve the accelerations at their outputs already (the right-hand side).
  std::optional<AccelerationSolver> output_solve;
  if (!reads_multipliers(sys)) output_solve.emplace(dae);
  AccelerationSolver* acc = output_solve ? &*output_solve : nullptr;
  const auto form_system = [&](std::deque<System>& systems, DaeForm form) -> const System& {
    if (systems.empty() || &systems.back().model() != &sys.model()) {
      systems.emplace_back(sys.model(), form);
    }
    return systems.back();
  };
  if (index3 && !dae3) dae3.emplace(form_system(systems3, DaeForm::kIndex3), dae.removed());
  if (index1 && !dae1) {
    dae1.emplace(form_system(systems1, DaeForm::kStabilisedIndex1), dae.removed());
  }
  if (index1) {
    // kappa = 0 and u = 0: the index-2 initial conditions are consistent (lambda already
    // solves the acceleration constraints).
    std::vector<double> y1 = y_start, yp1 = yp_start;
    y1.resize(static_cast<size_t>(dae1->size()), 0.0);
    yp1.resize(static_cast<size_t>(dae1->size()), 0.0);
    IdaIntegrator ida(*dae1, params, t_start, y1, yp1, dt);
    integrate(ida, sys, dae, obs, report, t0, t1, dt, t, y, acc, nominal_removed, singular_cause);
  } else {
    IdaIntegrator ida(index3 ? *dae3 : dae, params, t_start, y_start, yp_start, dt);
    integrate(ida, sys, dae, obs, report, t0, t1, dt, t, y, acc, nominal_removed, singular_cause);
  }
}

/// No integrator named (default_transient.hpp): on a tree, runs the joint-coordinate form and
/// returns true; otherwise logs why and returns false for the Cartesian DAE path (DSTIFF SI2,
/// TransientParams' defaults).
bool run_default_transient(const System& sys, const Dae& dae, const TransientParams& params,
                           const InitialConditions& ic, AnalysisObserver& obs, RunReport& report,
                           double t0, double t1, double dt, double& t, std::vector<double>& y) {
  DefaultForm choice = choose_default_form(dae);
  obs.log(fmt::format("no integrator named: {} ({})", choice.form, choice.reason));
  report.transient_forms.push_back({"default", choice.form, choice.reason});
  if (!choice.joint_coordinates) return false;
  obs.log(fmt::format("transient analysis (default, {}) from t = {:g} to {:g}, output every {:g}",
                      choice.form, t0, t1, dt));
  const size_t entry = report.transient_forms.size() - 1;
  DefaultTreeIntegrator integ(dae, std::move(choice.tree), params, t0, ic.y, dt,
                              [&](const std::string& what) {
                                obs.log(what);
                                TransientForm& f = report.transient_forms[entry];
                                f.form += fmt::format(", then {}", kDefaultCartesianForm);
                                f.reason += "; " + what;
                              });
  integrate(integ, sys, dae, obs, report, t0, t1, dt, t, y);
  obs.log(fmt::format("transient analysis done at t = {:g}", t));
  return true;
}

}  // namespace

RunReport run_analyses(const System& first_sys, AnalysisObserver& obs) {
  RunReport report;
  const Model& model = first_sys.model();
  // Edit commands (Activate, Deactivate, modifications) change a copy of the model; the System
  // is rebuilt for the next Simulate. Every model and system stays alive for the whole run.
  std::deque<Model> edited_models;
  std::deque<System> edited_systems;
  std::optional<Model> pending;       ///< the model with the edits since the last Simulate
  std::vector<VelocityReset> resets;  ///< initial velocities set by those edits
  const System* sys_ptr = &first_sys;
  TransientParams params = model.transient;
  StaticParams static_params = model.statics;
  std::optional<Dae> dae;
  // The index-3 form (dae_index 3) of the current System, built when a transient asks for it:
  // the same layout, so the index-2 initial conditions start it (system.hpp).
  std::deque<System> index3_systems;
  std::optional<Dae> dae3;
  // The stabilised index-1 form (dae_index 1): the index-2 layout with kappa and u appended, so
  // the index-2 initial conditions extended by zeros start it.
  std::deque<System> index1_systems;
  std::optional<Dae> dae1;
  std::vector<double> y = first_sys.initial_state();
  double t = 0;
  bool first = true;
  bool any_simulate = false;
  try {
    for (const Command& cmd : model.commands) {
      throw_if_interrupted();
      if (cmd.kind == Command::Kind::kStop) break;
      if (cmd.kind == Command::Kind::kParamTransient) {
        params = cmd.transient;
        continue;
      }
      if (cmd.kind == Command::Kind::kParamStatic) {
        static_params = cmd.statics;
        continue;
      }
      if (cmd.kind == Command::Kind::kEdit) {
        pending = apply_edit(pending ? std::move(*pending) : sys_ptr->model(), cmd.edit);
        if (auto reset = velocity_reset(cmd.edit)) resets.push_back(*reset);
        obs.log(fmt::format("t = {:g}: {}", t, cmd.description));
        continue;
      }
      if (pending) {
        edited_models.push_back(std::move(*pending));
        pending.reset();
        edited_systems.emplace_back(edited_models.back());
        y = carry_state(*sys_ptr, edited_systems.back(), y, resets);
        resets.clear();
        edited_systems.back().angle_history().carry_from(sys_ptr->angle_history());
        sys_ptr = &edited_systems.back();
        dae.reset();  // redundant equations are found again for the new constraint set
        dae3.reset();
        dae1.reset();
      }
      const System& sys = *sys_ptr;
      any_simulate = true;
      const Simulate& s = cmd.simulate;
      report.loc = s.loc;
      const double t0 = s.start_time.value_or(t);
      ++report.analyses;
      if (!dae) {
        // Redundant constraint equations are found once, at the deck's configuration.
        dae.emplace(sys, find_redundant_equations(sys, t0, y));
        report.redundant_constraints_removed = static_cast<int>(dae->removed().size());
        const int lambda0 = 13 * sys.num_moving_bodies();
        for (int e : dae->removed()) {
          obs.log(fmt::format("warning: redundant constraint removed: {}",
                              sys.describe_variable(lambda0 + e)));
        }
      }
      if (s.type == AnalysisType::kKinematic) check_kinematic(sys, *dae);
      // The joint initial conditions hold in the first analysis' assembly only.
      std::optional<HeldCoordinates> held;
      if (first) held.emplace(sys);
      InitialConditions ic = compute_initial_conditions(*dae, t0, y, held ? &*held : nullptr);
      for (const std::string& note : ic.notes) obs.log("warning: " + note);
      obs.log(
          fmt::format("initial conditions at t = {:g}: position assembly in {} iterations "
                      "(constraint error {:.3g})",
                      t0, ic.position_iterations, ic.position_residual));
      y = ic.y;
      std::vector<double> yp = ic.yp;
      t = t0;
      // The first analysis reports its starting point (a static one its equilibrium); later
      // ones start where the last ended.
      const bool was_first = first;
      first = false;
      if (was_first && s.type != AnalysisType::kStatic) obs.output(t, sys, y, yp);
      if (s.type == AnalysisType::kAssembly) {
        if (!was_first) obs.output(t, sys, y, yp);
        continue;
      }
      if (s.type == AnalysisType::kKinematic) {
        // Position, velocity and acceleration solves at every output time, each starting from
        // the previous configuration.
        const double t1 = s.end_time ? *s.end_time : t0 + *s.duration;
        const double dt = output_step(s, t0, t1);
        const long n_out = output_count(t0, t1, dt);
        obs.log(
            fmt::format("kinematic analysis from t = {:g} to {:g}, output every {:g}", t0, t1, dt));
        for (long k = 1; k <= n_out; ++k) {
          throw_if_interrupted();
          const double t_prev = t;
          t = std::min(t1, t0 + static_cast<double>(k) * dt);
          // Coupler turn counts are not integrated here: advance them with the joints' rates
          // of the last solve so that they stay within pi of their angles (coupler_kernel.hpp).
          for (int i = sys.coupler_state_begin(); i < sys.size(); ++i) {
            y[i] += ic.yp[i] * (t - t_prev);
          }
          ic = compute_initial_conditions(*dae, t, y);
          y = ic.y;
          obs.output(t, sys, y, ic.yp);
        }
        obs.log(fmt::format("kinematic analysis done at t = {:g}", t));
        continue;
      }
      if (s.type == AnalysisType::kStatic) {
        // Static: one equilibrium at t0; quasi-static: one at every output time.
        StaticSolution st = solve_static(*dae, static_params, t0, y);
        obs.log(fmt::format("static equilibrium at t = {:g} in {} iterations (imbalance {:.3g})",
                            t0, st.iterations, st.imbalance));
        y = st.y;
        const std::vector<double> at_rest(y.size(), 0.0);  // equilibrium: no motion
        obs.output(t, sys, y, at_rest);
        if (s.end_time || s.duration) {
          const double t1 = s.end_time ? *s.end_time : t0 + *s.duration;
          const double dt = output_step(s, t0, t1);
          const long n_out = output_count(t0, t1, dt);
          for (long k = 1; k <= n_out; ++k) {
            throw_if_interrupted();
            const double tout = std::min(t1, t0 + static_cast<double>(k) * dt);
            st = solve_static(*dae, static_params, tout, y);
            y = st.y;
            t = tout;
            obs.output(t, sys, y, at_rest);
          }
          obs.log(fmt::format("quasi-static analysis done at t = {:g}", t));
        }
        continue;
      }
      const double t1 = s.end_time ? *s.end_time : t0 + *s.duration;
      const double dt = output_step(s, t0, t1);
      if (!params.integrator_named &&
          run_default_transient(sys, *dae, params, ic, obs, report, t0, t1, dt, t, y)) {
        continue;
      }
      const bool ode = is_ode_form(params);
      const bool index3 = !ode && params.dae_index == 3;
      const bool index1 = !ode && params.dae_index == 1;
      // ABAM on a tree of joints: the joint-coordinate ODE form (solver/tree/).
      TreeTopology tree;
      std::string not_tree;
      const bool joint_coordinates = params.integrator == "ABAM" && params.joint_coordinates &&
                                     find_tree_topology(*dae, tree, not_tree);
      std::string form_detail;
      if (joint_coordinates) {
        form_detail = fmt::format(", joint coordinates: {} joints, {} coordinates",
                                  tree.joints.size(), tree.nq + tree.nv);
      } else if (params.integrator == "ABAM") {
        form_detail =
            params.joint_coordinates ? fmt::format(", Cartesian: {}", not_tree) : ", Cartesian";
      } else if (!ode) {
        form_detail = index3   ? ", index-3 (I3)"
                      : index1 ? ", stabilised index-1 (SI1)"
                               : ", stabilised index-2 (SI2)";
      }
      obs.log(
          fmt::format("transient analysis ({}, {} form{}) from t = {:g} to {:g}, output every {:g}",
                      params.integrator, ode ? "ODE" : "DAE", form_detail, t0, t1, dt));
      if (params.integrator_named) {
        report.transient_forms.push_back(
            {params.integrator, fmt::format("{} form{}", ode ? "ODE" : "DAE", form_detail),
             "named in the deck"});
      }
      if (ode) {
        // The Cartesian ODE form's right-hand side (AccelerationSolver) solves the
        // accelerations and reactions by Newton when forces read the reactions, so expression
        // forces that read JOINT/JPRIM/MOTION (joint friction) run there; the joint-coordinate
        // form has no multipliers, and forces reading accelerations or user routines reading
        // reactions stay refused (Adams solves them implicitly; so does the DAE form here).
        for (const auto& fk : sys.force_kernels()) {
          const bool reactions_refused = fk.n_multipliers > 0 && (joint_coordinates || fk.user);
          if (reactions_refused || fk.reads_accelerations) {
            throw Error(ExitCode::kAnalysisFailed,
                        fmt::format("{}: {} that reads {} is not supported with integrator {} "
                                    "(ODE form: one explicit solve for the accelerations and "
                                    "reactions); use DSTIFF, GSTIFF or HSTIFF, which solve them "
                                    "implicitly",
                                    fk.subject, fk.user ? "a user subroutine" : "a force",
                                    fk.n_multipliers > 0 ? "joint reactions (JOINT, JPRIM, MOTION)"
                                                         : "accelerations (ACCX..WDTM)",
                                    params.integrator));
          }
        }
        for (const auto& sk : sys.state_kernels()) {
          if (sk.n_multipliers > 0) {
            throw Error(ExitCode::kAnalysisFailed,
                        fmt::format("{}: a user subroutine (ARYSUB or DIFSUB) that reads joint "
                                    "reactions is not supported with integrator {} (ODE form); "
                                    "use DSTIFF, GSTIFF or HSTIFF",
                                    sk.element->subject, params.integrator));
          }
        }
        if (joint_coordinates) {
          TreeOdeIntegrator tree_ode(*dae, std::move(tree), params, t0, ic.y, dt);
          integrate(tree_ode, sys, *dae, obs, report, t0, t1, dt, t, y);
        } else {
          CvodeIntegrator cvode(*dae, params, t0, ic.y, dt);
          integrate(cvode, sys, *dae, obs, report, t0, t1, dt, t, y);
        }
      } else {
        // When the kept constraint rows become (nearly) dependent during the run, the equations
        // to remove are chosen again at the last successful step and the integration restarts
        // there: another row of a redundant set, or, at a singular configuration, one more
        // row until the model's own number is well conditioned again. This is the constraint
        // side of re-choosing the independent coordinates of coordinate partitioning when the
        // dependent ones become ill conditioned (Wehage and Haug, J. Mech. Des. 104 (1982)); the
        // rows are chosen by Gram-Schmidt with column pivoting (select_redundant_equations).
        // Measured on IFToMM A02 (regression/iftomm/README.md): each crossing leaves an error of
        // 1e-6..1e-5 m that does not fall with the tolerance (the restore's projection); a
        // penalty on the removed rows (Bayo, Garcia de Jalon and Serna 1988) did not reduce it,
        // and the index-3 augmented Lagrangian with projections (Bayo and Ledesma, Nonlinear
        // Dynamics 9 (1996)) would need its own integrator.
        const size_t nominal = dae->removed().size();
        double t_start = t0;
        std::vector<double> y_start = ic.y, yp_start = ic.yp;
        // A restore right out of a singular region may leave a Newton matrix too ill
        // conditioned for the restart (SI1, SI2 at 1e-10): a failure in the interval that
        // starts at a restore goes back to the selection before it, and the next check point
        // restores again, a little farther from the singular configuration.
        std::vector<int> before_restore;
        std::string singular_cause;  // the failure that made the run remove more equations
        bool from_restore = false;
        int failed_restores = 0;
        for (int reselections = 0;;) {
          std::vector<int> removed;
          double t_again = 0;
          std::vector<double> y_again;
          std::string why;
          try {
            integrate_dae(sys, *dae, dae3, index3_systems, dae1, index1_systems, params,
                          reselections < kMaxReselections ? nominal : SIZE_MAX, obs, report,
                          t_start, y_start, yp_start, t0, t1, dt, t, y, singular_cause);
            break;
          } catch (const RankLossFailure& failure) {
            if (!failure.rank_loss) {
              if (!from_restore || failed_restores >= kMaxFailedRestores) throw;
              ++failed_restores;
              removed = before_restore;
              why = "the integration failed after the restore; equations removed again";
            } else {
              // Every row conditioned worse than a restore needs is removed: at a singular
              // configuration several rows lose rank together (the 40 four-bars of IFToMM A02
              // at their flat position), and removing only those past the rank-loss threshold
              // leaves the next ones to fail a step later.
              std::optional<RedundantSelection> sel;
              if (reselections < kMaxReselections) {
                sel = select_redundant_equations(sys, failure.t, failure.y, kRestoreConditioning);
              }
              if (!sel || sel->removed == dae->removed()) throw;
              ++reselections;
              failed_restores = 0;
              singular_cause = failure.what();
              removed = std::move(sel->removed);
              why = "the kept constraint equations became (nearly) dependent";
            }
            t_again = failure.t;
            y_again = failure.y;
            from_restore = false;
          } catch (RestoreSelection& restore) {
            before_restore = dae->removed();
            from_restore = true;
            removed = std::move(restore.removed);
            t_again = restore.t;
            y_again = std::move(restore.y);
            why = "the model's redundant equations are independent again";
            reselections = 0;
          }
          const int lambda0 = 13 * sys.num_moving_bodies();
          std::string names;
          for (int e : removed) {
            names += (names.empty() ? "" : ", ") + sys.describe_variable(lambda0 + e);
          }
          obs.log(fmt::format("warning: t = {:.10g}: {}; equations removed from here on: {}",
                              t_again, why, names.empty() ? "none" : names));
          dae.emplace(sys, std::move(removed));
          dae3.reset();
          dae1.reset();
          y_again.resize(static_cast<size_t>(sys.size()));
          const InitialConditions restart =
              compute_initial_conditions(*dae, t_again, y_again, nullptr, false);
          t_start = t_again;
          y_start = restart.y;
          yp_start = restart.yp;
        }
      }
      obs.log(fmt::format("transient analysis done at t = {:g}", t));
    }
    if (!any_simulate) {
      throw Error(ExitCode::kDeckError,
                  "the deck has no Simulate command: nothing to run (add <Command><Simulate "
                  "analysis_type=\"Transient\" end_time=\"...\"/></Command>)");
    }
    report.time = t;
  } catch (const Error& e) {
    report.code = e.code();
    report.message = e.what();
    if (report.time == 0) report.time = t;
  }
  return report;
}

}  // namespace mb
