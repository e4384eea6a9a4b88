#include "solver/analysis_runner.hpp"

#include <fmt/format.h>

#include <cmath>
#include <deque>
#include <optional>

#include "common/error.hpp"
#include "common/interrupt.hpp"
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

/// Integrates from t0 to t1 with output every dt; t and y follow the last output. A failure
/// names the constraint rows that have become dependent at the integrator's last state, if any
/// (rank_loss_report of `dae`, the index-2 Dae of sys). With
/// `output_solve` (the DAE forms) the derivatives and multipliers written at an output time are
/// solved from the interpolated state there, as at t = 0 (initial_conditions.hpp): IDA's
/// interpolating polynomial spans a whole step, and a reaction that changes within the step
/// (a force pulse shorter than the step) is not a polynomial of it.
template <class Integrator>
void integrate(Integrator& integ, const System& sys, const Dae& dae, AnalysisObserver& obs,
               RunReport& report, double t0, double t1, double dt, double& t,
               std::vector<double>& y, AccelerationSolver* output_solve = nullptr) {
  const long n_out = output_count(t0, t1, dt);
  for (long k = 1; k <= n_out; ++k) {
    const double tout = std::min(t1, t0 + static_cast<double>(k) * dt);
    try {
      throw_if_interrupted();
      integ.advance_to(tout, t1);
    } catch (const Error& e) {
      report.stats += integ.stats();
      report.time = integ.time();
      if (e.code() != ExitCode::kAnalysisFailed) throw;
      throw Error(e.code(), e.what() + rank_loss_report(dae, integ.time(), integ.y()));
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
  std::optional<Model> pending;  ///< the model with the edits since the last Simulate
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
        if (!pending) pending = sys_ptr->model();
        cmd.edit(*pending);
        obs.log(fmt::format("t = {:g}: {}", t, cmd.description));
        continue;
      }
      if (pending) {
        const std::vector<VelocityReset> resets = std::move(pending->velocity_resets);
        pending->velocity_resets.clear();
        edited_models.push_back(std::move(*pending));
        pending.reset();
        edited_systems.emplace_back(edited_models.back());
        y = carry_state(*sys_ptr, edited_systems.back(), y, resets);
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
        // The ODE form solves for the reactions with one linear solve, which is exact only when
        // the forces do not depend on them.
        // Likewise the accelerations: the ODE form solves for them once from forces that may
        // not read them. Adams solves both implicitly; so does the DAE form here.
        for (const auto& fk : sys.force_kernels()) {
          if (fk.n_multipliers > 0 || fk.reads_accelerations) {
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
        // The ODE forms solve the accelerations at their outputs already (the right-hand side).
        std::optional<AccelerationSolver> output_solve;
        if (!reads_multipliers(sys)) output_solve.emplace(*dae);
        AccelerationSolver* acc = output_solve ? &*output_solve : nullptr;
        if (index3 && !dae3) {
          index3_systems.emplace_back(sys.model(), DaeForm::kIndex3);
          dae3.emplace(index3_systems.back(), dae->removed());
        }
        if (index1 && !dae1) {
          index1_systems.emplace_back(sys.model(), DaeForm::kStabilisedIndex1);
          dae1.emplace(index1_systems.back(), dae->removed());
        }
        if (index1) {
          // kappa = 0 and u = 0: the index-2 initial conditions are consistent (lambda already
          // solves the acceleration constraints).
          std::vector<double> y1 = ic.y, yp1 = ic.yp;
          y1.resize(static_cast<size_t>(dae1->size()), 0.0);
          yp1.resize(static_cast<size_t>(dae1->size()), 0.0);
          IdaIntegrator ida(*dae1, params, t0, y1, yp1, dt);
          integrate(ida, sys, *dae, obs, report, t0, t1, dt, t, y, acc);
        } else {
          IdaIntegrator ida(index3 ? *dae3 : *dae, params, t0, ic.y, ic.yp, dt);
          integrate(ida, sys, *dae, obs, report, t0, t1, dt, t, y, acc);
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
