// The transient stage: the form a deck's integrator runs (Param_Transient integrator_type,
// parsed once into TransientParams::integrator) or, when the deck names none, the default form
// chosen from the model (default_transient.hpp).
//   DSTIFF, GSTIFF, HSTIFF  the DAE form on IDA (dae_transient.hpp), index dae_index
//   VSTIFF, MSTIFF          on a tree or closed loops of joints (at most kMaxBdfStates states,
//                           kMaxClosedEquations loop equations) the joint-coordinate ODE form on
//                           CVODE BDF (tree_ode_integrator.hpp), else the Cartesian ODE form on
//                           CVODE BDF (cvode_integrator.hpp); MSTIFF is VSTIFF's method
//                           (MotionSolve documents none of its own)
//   ABAM                    the same on CVODE Adams
// The joint-coordinate forms, the default's and the named ones, run in segments (run_segments):
// through each singular position of the loop closures the Cartesian DAE path carries the run.

#include <fmt/format.h>

#include <cmath>

#include "solver/default_transient.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/sensor_events.hpp"
#include "solver/stages/dae_transient.hpp"
#include "solver/stages/output_integration.hpp"
#include "solver/stages/stages.hpp"
#include "solver/sundials/cvode_integrator.hpp"
#include "solver/tree/tree_ode_integrator.hpp"

namespace mb {

namespace {

/// What a named integrator runs on this model.
enum class NamedForm { kDae, kCartesianOde, kJointCoordinates };

struct NamedChoice {
  NamedForm form = NamedForm::kDae;
  TreeTopology tree;                             ///< kJointCoordinates: the tree
  TreeOdeMethod method = TreeOdeMethod::kAdams;  ///< kJointCoordinates: ABAM's or BDF
  std::string details;  ///< for the log and the JSON summary, e.g. ", index-3 (I3)"
};

/// ", joint coordinates: J joints, C coordinates[, K cut joints]" and `more`, for the log.
std::string joint_coordinate_details(const TreeTopology& tree, const char* more) {
  return fmt::format(
      ", joint coordinates: {} joints, {} coordinates{}{}", tree.joints.size(), tree.nq + tree.nv,
      tree.cuts.empty() ? std::string() : fmt::format(", {} cut joints", tree.cuts.size()), more);
}

/// VSTIFF and MSTIFF: joint coordinates on BDF (tree_ode_integrator.hpp) on a tree or closed
/// loops of joints with at most TreeOdeIntegrator::kMaxBdfStates states, else
/// the Cartesian ODE form. MotionSolve's reference describes MSTIFF only as behaving like
/// VSTIFF, often better on models with few degrees of freedom, and names no algorithm of its own:
/// it runs VSTIFF's method, and the log says so.
void choose_stiff_ode_form(const Dae& dae, const TransientParams& params, NamedChoice& c) {
  const char* mstiff = params.integrator == Integrator::kMstiff
                           ? ", MSTIFF runs as VSTIFF (the same BDF method)"
                           : "";
  std::string not_tree;
  if (params.joint_coordinates && find_tree_topology(dae, c.tree, not_tree, true) &&
      !too_many_loop_equations(dae, c.tree, not_tree)) {
    const int n = c.tree.nq + c.tree.nv + c.tree.ns;
    if (n <= TreeOdeIntegrator::kMaxBdfStates) {
      c.form = NamedForm::kJointCoordinates;
      c.method = TreeOdeMethod::kBdf;
      c.details = joint_coordinate_details(c.tree, mstiff);
      return;
    }
    not_tree =
        fmt::format("{} joint-coordinate states, more than the {} of the dense Newton matrix", n,
                    TreeOdeIntegrator::kMaxBdfStates);
  }
  c.form = NamedForm::kCartesianOde;
  c.details = fmt::format(
      "{}{}", params.joint_coordinates ? fmt::format(", Cartesian: {}", not_tree) : "", mstiff);
}

NamedChoice choose_named_form(const Dae& dae, const TransientParams& params) {
  NamedChoice c;
  switch (params.integrator) {
    case Integrator::kDstiff:
    case Integrator::kGstiff:
    case Integrator::kHstiff:
      c.form = NamedForm::kDae;
      c.details = params.dae_index == 3   ? ", index-3 (I3)"
                  : params.dae_index == 1 ? ", stabilised index-1 (SI1)"
                                          : ", stabilised index-2 (SI2)";
      break;
    case Integrator::kVstiff:
    case Integrator::kMstiff:
      choose_stiff_ode_form(dae, params, c);
      break;
    case Integrator::kAbam: {
      std::string not_tree;
      if (params.joint_coordinates && find_tree_topology(dae, c.tree, not_tree, true) &&
          !too_many_loop_equations(dae, c.tree, not_tree)) {
        c.form = NamedForm::kJointCoordinates;
        c.details = joint_coordinate_details(c.tree, "");
      } else {
        c.form = NamedForm::kCartesianOde;
        c.details =
            params.joint_coordinates ? fmt::format(", Cartesian: {}", not_tree) : ", Cartesian";
      }
      break;
    }
  }
  return c;
}

/// The ODE forms' right-hand side (AccelerationSolver) solves the accelerations and reactions by
/// Newton when forces read the reactions, so expression forces that read JOINT/JPRIM/MOTION
/// (joint friction) run there; the joint-coordinate form has no multipliers, and forces reading
/// accelerations or user routines reading reactions stay refused (Adams solves them implicitly;
/// so does the DAE form here).
void check_ode_form_applies(const System& sys, bool joint_coordinates, std::string_view name) {
  for (const auto& fk : sys.force_kernels()) {
    const bool reactions_refused = fk.n_multipliers > 0 && (joint_coordinates || fk.user);
    if (reactions_refused || fk.reads_accelerations) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("{}: {} that reads {} is not supported with integrator {} (ODE "
                              "form: one explicit solve for the accelerations and reactions); "
                              "use DSTIFF, GSTIFF or HSTIFF, which solve them implicitly",
                              fk.subject, fk.user ? "a user subroutine" : "a force",
                              fk.n_multipliers > 0 ? "joint reactions (JOINT, JPRIM, MOTION)"
                                                   : "accelerations (ACCX..WDTM)",
                              name));
    }
  }
  for (const auto& sk : sys.state_kernels()) {
    if (sk.n_multipliers > 0) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("{}: a user subroutine (ARYSUB or DIFSUB) that reads joint "
                              "reactions is not supported with integrator {} (ODE form); use "
                              "DSTIFF, GSTIFF or HSTIFF",
                              sk.element->subject, name));
    }
  }
}

/// A stage of `st`'s run from (t, ic) on: a later segment of the transient.
Stage segment_stage(const Stage& st, double t, const InitialConditions& ic) {
  return Stage{st.sys, st.ws, st.simulate, st.obs, st.report, t, ic, false, st.t, st.y};
}

/// How many output intervals the DAE path runs at a time after a hand-over from the loop
/// closures, before it hands back if the model's own selection of removed equations holds.
constexpr long kDaeWindow = 2;

/// The DAE path from `from` (a hand-over of the loop closures at an output time) through the
/// singular position: windows of kDaeWindow output intervals until it restores the model's own
/// selection (RestoreSelection) or ends a window with it. Returns the consistent state to go back
/// to joint coordinates from, or nothing when the run reached g.t1.
std::optional<DaeRestart> through_singular_position(const Stage& from, std::optional<Dae>& dae,
                                                    DaeForms& forms, const TransientParams& params,
                                                    const OutputGrid& g) {
  const size_t nominal = dae->removed().size();
  InitialConditions ic;
  std::optional<Stage> next;
  const Stage* stage = &from;
  for (;;) {
    OutputGrid window = g;
    const long k = std::lround((stage->t0 - g.t0) / g.dt);
    if (k + kDaeWindow < g.count()) window.t1 = g.at(k + kDaeWindow);
    if (std::optional<DaeRestart> back =
            run_dae_transient(*stage, dae, forms, params, window, true)) {
      return back;
    }
    if (from.t >= g.t1) return std::nullopt;
    ic = compute_initial_conditions(*dae, from.t, from.y, nullptr, false);
    if (dae->removed().size() == nominal) return DaeRestart{from.t, ic.y, ic.yp};
    next.emplace(Stage{from.sys, from.ws, from.simulate, from.obs, from.report, from.t, ic, false,
                       from.t, from.y});
    stage = &*next;
  }
}

/// The Cartesian DAE path (SI2 on IDA, with its re-selection of removed equations at singular
/// positions: stages/dae_transient.hpp) from `from`, a hand-over of the loop closures at an
/// output time: to the end with `to_end`, else until it restores the model's own selection
/// (through_singular_position). Returns where joint coordinates may take over again, nothing
/// once the run reached its end. The Cartesian ODE forms do not pass such positions reliably: on
/// IFToMM A02 CVODE Adams crawled (steps of 1e-34 s at t = 13 s, integr_tol 1e-6) and CVODE BDF
/// failed to converge (t = 9.1 s, integr_tol 1e-10).
std::optional<DaeRestart> run_crossing(const Stage& from, std::optional<Dae>& dae, DaeForms& forms,
                                       const TransientParams& params, const OutputGrid& g,
                                       bool to_end) {
  TransientParams si2 = params;
  si2.integrator = Integrator::kGstiff;
  si2.dae_index = 2;
  if (!to_end) return through_singular_position(from, dae, forms, si2, g);
  run_dae_transient(from, dae, forms, si2, g);
  return std::nullopt;
}

/// The hand-overs of a joint-coordinate run, for the log and its entry in the JSON summary's
/// transient_forms (null: none); the entry's form and reason name the first hand-over only.
struct HandOverLog {
  const Stage& st;
  TransientForm* form;
  bool handed_over = false, handed_back = false;

  /// `what` happened; the form `next` continues (`at`: the time, for the entry).
  void hand_over(const std::string& what, const std::string& next, const std::string& at = "") {
    st.obs.log(what);
    if (form && !handed_over) {
      form->form += fmt::format(", then {}{}", next, at);
      form->reason += "; " + what;
    }
    handed_over = true;
  }
  void back(double t) {
    st.obs.log(
        fmt::format("t = {:.10g}: the loop closures are regular again; joint coordinates "
                    "with loop closures continue",
                    t));
    if (form && !handed_back) form->form += ", and back after each singular position";
    handed_back = true;
  }
};

/// A joint-coordinate run in segments (`start(integ, segment)` emplaces the integrator of a
/// segment: the default's DefaultTreeIntegrator, a named one's TreeOdeIntegrator). With loop
/// closures, when they fail (a singular position: LoopHandOver at the last output) the Cartesian
/// DAE path carries the run through it (run_crossing), then joint coordinates take over again
/// where the closures hold the first segment's rank and conditioning (tree.closure_rank,
/// closure_ratio). A segment that cannot start there, or fails before its first output, leaves
/// the DAE path to run to the end.
template <class Integ, class Start>
void run_segments(const Stage& st, std::optional<Dae>& dae, DaeForms& forms, TreeTopology& tree,
                  const TransientParams& params, const OutputGrid& g, HandOverLog& log,
                  const Start& start) {
  InitialConditions from_ic;
  std::optional<Stage> from;
  const Stage* segment = &st;
  for (;;) {
    std::optional<Integ> integ;
    try {
      start(integ, *segment);
    } catch (const Error& e) {
      if (segment == &st || e.code() != ExitCode::kAnalysisFailed) throw;
      st.obs.log(fmt::format("t = {:.10g}: {}; {} continues", segment->t0, e.what(),
                             kDefaultCartesianForm));
    }
    bool to_end = !integ;
    if (integ) {
      if (tree.closure_rank < 0) {  // the first segment's, for the later ones to hold
        tree.closure_rank = integ->closure_rank();
        tree.closure_ratio = integ->closure_ratio();
      }
      if (segment != &st) log.back(segment->t0);
      try {
        integrate(*integ, *segment, *dae, g);
        return;
      } catch (const LoopHandOver& h) {
        log.hand_over(fmt::format("t = {:.10g}: the joint-coordinate form with loop closures "
                                  "failed ({}); {} continues from t = {:g}",
                                  h.t, h.why, kDefaultCartesianForm, h.t),
                      kDefaultCartesianForm, fmt::format(" from t = {:g}", h.t));
        to_end = h.t <= segment->t0;  // no progress: no hand-back
        // The DAE path from the last output written (its grid skips the outputs up to there).
        from_ic = InitialConditions();
        from_ic.y = h.y;
        from_ic.yp = h.yp;
        from.emplace(segment_stage(st, h.t, from_ic));
      }
    }
    std::optional<DaeRestart> back = run_crossing(*from, dae, forms, params, g, to_end);
    if (!back) return;
    from_ic = InitialConditions();
    from_ic.y = std::move(back->y);
    from_ic.yp = std::move(back->yp);
    from.emplace(segment_stage(st, back->t, from_ic));
    segment = &*from;
  }
}

/// No integrator named (default_transient.hpp): on a tree or closed loops of joints, runs the
/// joint-coordinate form (run_segments) and returns true; otherwise logs why and returns false
/// for the Cartesian DAE path (DSTIFF SI2, TransientParams' defaults).
bool run_default_form(const Stage& st, std::optional<Dae>& dae, DaeForms& forms,
                      const TransientParams& params, const OutputGrid& g) {
  DefaultForm choice = choose_default_form(*dae);
  st.obs.log(fmt::format("no integrator named: {} ({})", choice.form, choice.reason));
  st.report.transient_forms.push_back({"default", choice.form, choice.reason});
  if (!choice.joint_coordinates) return false;
  st.obs.log(
      fmt::format("transient analysis (default, {}) from t = {:g} to {:g}, output every {:g}",
                  choice.form, g.t0, g.t1, g.dt));
  HandOverLog log{st, &st.report.transient_forms.back()};
  const auto on_stiff = [&](const std::string& what, const std::string& next) {
    log.hand_over(what, next);
  };
  run_segments<DefaultTreeIntegrator>(
      st, dae, forms, choice.tree, params, g, log,
      [&](std::optional<DefaultTreeIntegrator>& integ, const Stage& segment) {
        integ.emplace(*dae, choice.tree, params, segment.t0, segment.ic.y, g.dt, on_stiff);
      });
  return true;
}

/// The form a named integrator runs (choose_named_form), from st.ic over the grid g.
void run_named_form(const Stage& st, std::optional<Dae>& dae, DaeForms& forms,
                    const TransientParams& params, const OutputGrid& g) {
  NamedChoice c = choose_named_form(*dae, params);
  const std::string_view name = integrator_name(params.integrator);
  const char* kind = c.form == NamedForm::kDae ? "DAE" : "ODE";
  st.obs.log(
      fmt::format("transient analysis ({}, {} form{}) from t = {:g} to {:g}, output every {:g}",
                  name, kind, c.details, g.t0, g.t1, g.dt));
  if (params.integrator_named) {
    st.report.transient_forms.push_back(
        {std::string(name), fmt::format("{} form{}", kind, c.details), "named in the deck"});
  }
  switch (c.form) {
    case NamedForm::kDae:
      run_dae_transient(st, dae, forms, params, g);
      break;
    case NamedForm::kCartesianOde: {
      check_ode_form_applies(st.sys, false, name);
      CvodeIntegrator cvode(*dae, params, g.t0, st.ic.y, g.dt);
      integrate(cvode, st, *dae, g);
      break;
    }
    case NamedForm::kJointCoordinates: {
      check_ode_form_applies(st.sys, true, name);
      HandOverLog log{st, params.integrator_named ? &st.report.transient_forms.back() : nullptr};
      run_segments<TreeOdeIntegrator>(
          st, dae, forms, c.tree, params, g, log,
          [&](std::optional<TreeOdeIntegrator>& integ, const Stage& segment) {
            integ.emplace(*dae, c.tree, c.method, params, segment.t0, segment.ic.y, g.dt);
          });
      break;
    }
  }
}

}  // namespace

void run_transient(const Stage& st, std::optional<Dae>& dae, DaeForms& forms,
                   const TransientParams& params) {
  report_start(st);
  initialise_sensor_routines(st.sys, st.ws, st.t0, st.ic.y, st.ic.yp);
  warn_sensors_holding(st.sys, st.ws, st.t0, st.ic.y, st.ic.yp, st.obs);
  const OutputGrid g = output_grid(st.simulate, st.t0);
  if (params.integrator_named || !run_default_form(st, dae, forms, params, g)) {
    run_named_form(st, dae, forms, params, g);
  }
  st.obs.log(fmt::format("transient analysis done at t = {:g}", st.t));
}

}  // namespace mb
