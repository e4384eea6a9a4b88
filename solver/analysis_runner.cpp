#include "solver/analysis_runner.hpp"

#include <fmt/format.h>

#include <deque>
#include <optional>
#include <utility>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "models/model_edit.hpp"
#include "solver/held_coordinates.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/stages/stages.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {

/// The state of a rebuilt System from the previous one: the bodies' positions and velocities
/// and the user states carry over (same blocks; the user states' offset moves with the number
/// of constraint equations); multipliers start at 0 and are re-solved by the initial
/// conditions. Velocity components set by Body_Rigid commands (v_ic_*, w_ic_*, ground axes)
/// replace the carried ones; the initial conditions then make them consistent.
std::vector<double> carry_state(const System& from, const System& to, const std::vector<double>& y,
                                const std::vector<VelocityReset>& resets) {
  std::vector<double> out = to.initial_state();
  const auto n_body = static_cast<std::ptrdiff_t>(kBodyStates * from.num_moving_bodies());
  std::copy(y.begin(), y.begin() + n_body, out.begin());
  const auto n_states = static_cast<std::ptrdiff_t>(y.size()) - from.state_offset();
  std::copy(y.begin() + from.state_offset(), y.begin() + from.state_offset() + n_states,
            out.begin() + to.state_offset());
  for (const VelocityReset& r : resets) {
    const int o = to.body_offset(r.body);
    if (o < 0) continue;
    const Vec4 p(out[o + kBodyP], out[o + kBodyP + 1], out[o + kBodyP + 2], out[o + kBodyP + 3]);
    const Mat3 A = rotation_from_euler_parameters<double>(p / p.norm());
    Vec3 w = A * Vec3(out[o + kBodyW], out[o + kBodyW + 1], out[o + kBodyW + 2]);
    for (int k = 0; k < 3; ++k) {
      out[o + kBodyV + k] = r.v[static_cast<size_t>(k)].value_or(out[o + kBodyV + k]);
      w(k) = r.v[static_cast<size_t>(k + 3)].value_or(w(k));
    }
    const Vec3 w_body = A.transpose() * w;
    for (int k = 0; k < 3; ++k) out[o + kBodyW + k] = w_body(k);
  }
  return out;
}

/// The command runner's state between Simulates: the System in use (rebuilt after edits), the
/// settings in force, the Dae with the redundant equations removed, and where the last analysis
/// ended. Every model and System stays alive for the whole run.
class CommandRunner {
 public:
  CommandRunner(const System& first_sys, AnalysisObserver& obs, RunReport& report)
      : commands_(first_sys.model().commands),
        obs_(obs),
        report_(report),
        sys_(&first_sys),
        ws_(first_sys.make_workspace()),
        params_(first_sys.model().transient),
        static_params_(first_sys.model().statics),
        linear_params_(first_sys.model().linear),
        y_(first_sys.initial_state()) {}

  /// Runs the command list up to its end or a Stop.
  void run() {
    for (const Command& cmd : commands_) {
      throw_if_interrupted();
      if (cmd.kind == Command::Kind::kStop) break;
      run_command(cmd);
      if (report_.halted_by) break;  // a sensor's HALT ends the run (solver/sensor_events.hpp)
    }
    if (!any_simulate_) {
      throw Error(ExitCode::kDeckError,
                  "the deck has no Simulate command: nothing to run (add <Command><Simulate "
                  "analysis_type=\"Transient\" end_time=\"...\"/></Command>)");
    }
  }

  double time() const { return t_; }

 private:
  void run_command(const Command& cmd) {
    switch (cmd.kind) {
      case Command::Kind::kParamTransient:
        params_ = cmd.transient;
        break;
      case Command::Kind::kParamStatic:
        static_params_ = cmd.statics;
        break;
      case Command::Kind::kParamLinear:
        linear_params_ = cmd.linear;
        break;
      case Command::Kind::kEdit:
        // Edits change a copy of the model; the System is rebuilt for the next Simulate.
        pending_ = apply_edit(pending_ ? std::move(*pending_) : sys_->model(), cmd.edit);
        if (auto reset = velocity_reset(cmd.edit)) resets_.push_back(*reset);
        obs_.log(fmt::format("t = {:g}: {}", t_, cmd.description));
        break;
      case Command::Kind::kSimulate:
        simulate(cmd.simulate);
        break;
      case Command::Kind::kStop:
        break;
    }
  }

  /// The System of the edited model (Activate, Deactivate, modifications) takes over from the
  /// state the last one left.
  void rebuild_system() {
    edited_models_.push_back(std::move(*pending_));
    pending_.reset();
    edited_systems_.emplace_back(edited_models_.back());
    y_ = carry_state(*sys_, edited_systems_.back(), y_, resets_);
    resets_.clear();
    sys_ = &edited_systems_.back();
    dae_.reset();  // redundant equations are found again for the new constraint set
    forms_.reset();
    Workspace last = std::exchange(ws_, sys_->make_workspace());
    ws_.last_sample_time = last.last_sample_time;  // a sample time is sampled once a run
    ws_.angles.carry_from(last.angles);            // the angles continue
  }

  /// Redundant constraint equations are found once, at the deck's configuration (and again after
  /// a rebuild), and logged.
  void find_redundant(double t0) {
    const System& sys = *sys_;
    dae_.emplace(sys, ws_, find_redundant_equations(sys, t0, y_));
    report_.redundant_constraints_removed = static_cast<int>(dae_->removed().size());
    const int lambda0 = kBodyStates * sys.num_moving_bodies();
    for (int e : dae_->removed()) {
      obs_.log(fmt::format("warning: redundant constraint removed: {}",
                           sys.describe_variable(lambda0 + e)));
    }
  }

  void simulate(const Simulate& s) {
    if (pending_) rebuild_system();
    const System& sys = *sys_;
    any_simulate_ = true;
    report_.loc = s.loc;
    const double t0 = s.start_time.value_or(t_);
    if (!first_ && s.end_time && !s.start_time && *s.end_time <= t0 &&
        s.type != AnalysisType::kStatic && s.type != AnalysisType::kAssembly &&
        s.type != AnalysisType::kLinear) {
      // Accepted by the deck only after a sensor with RETURN (models/simulate.cpp): that sensor
      // did not end the analysis before, and this one has nothing to do.
      obs_.log(
          fmt::format("warning: {}: the run is already at t = {:g}, not before this "
                      "analysis' end {:g} (no sensor RETURN ended the one before it early); "
                      "nothing to simulate",
                      s.loc.str(), t0, *s.end_time));
      return;
    }
    ++report_.analyses;
    if (!dae_) find_redundant(t0);
    if (s.type == AnalysisType::kKinematic) check_kinematic(sys, *dae_);
    // The joint initial conditions hold in the first analysis' assembly only.
    std::optional<HeldCoordinates> held;
    if (first_) held.emplace(sys);
    const InitialConditions ic = compute_initial_conditions(*dae_, t0, y_, held ? &*held : nullptr);
    for (const std::string& note : ic.notes) obs_.log("warning: " + note);
    obs_.log(
        fmt::format("initial conditions at t = {:g}: position assembly in {} iterations "
                    "(constraint error {:.3g})",
                    t0, ic.position_iterations, ic.position_residual));
    y_ = ic.y;
    t_ = t0;
    const Stage st{sys, ws_, s, obs_, report_, t0, ic, first_, t_, y_, {}};
    first_ = false;
    switch (s.type) {
      case AnalysisType::kAssembly:
        run_assembly(st);
        break;
      case AnalysisType::kKinematic:
        run_kinematic(st, *dae_);
        break;
      case AnalysisType::kStatic:
        run_static(st, *dae_, static_params_);
        break;
      case AnalysisType::kTransient:
        run_transient(st, dae_, forms_, params_);
        break;
      case AnalysisType::kLinear:
        run_linear(st, *dae_, linear_params_);
        break;
    }
  }

  const std::vector<Command>& commands_;
  AnalysisObserver& obs_;
  RunReport& report_;
  std::deque<Model> edited_models_;
  std::deque<System> edited_systems_;
  std::optional<Model> pending_;       ///< the model with the edits since the last Simulate
  std::vector<VelocityReset> resets_;  ///< initial velocities set by those edits
  const System* sys_;
  Workspace ws_;  ///< the run's buffers for *sys_ (made again when the System is rebuilt)
  TransientParams params_;
  StaticParams static_params_;
  LinearParams linear_params_;
  std::optional<Dae> dae_;
  DaeForms forms_;
  std::vector<double> y_;
  double t_ = 0;
  bool first_ = true;
  bool any_simulate_ = false;
};

}  // namespace

RunReport run_analyses(const System& first_sys, AnalysisObserver& obs) {
  RunReport report;
  CommandRunner runner(first_sys, obs, report);
  try {
    runner.run();
    report.time = runner.time();
  } catch (const Error& e) {
    report.code = e.code();
    report.message = e.what();
    if (report.time == 0) report.time = runner.time();
  }
  return report;
}

}  // namespace mb
