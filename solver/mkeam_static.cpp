#include "solver/mkeam_static.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/state_layout.hpp"
#include "solver/sundials/ida_integrator.hpp"

namespace mb {

namespace {

/// The first sample spacing of the pseudo-time run (model time units), how it widens when no
/// peak comes within kSamplesPerRun samples, and how it narrows when the peak comes before sample
/// kFewestSamplesToPeak (too coarse to bracket it).
constexpr double kFirstSpacing = 1e-3;
constexpr int kSamplesPerRun = 64;
constexpr double kWidening = 4;
constexpr int kFewestSamplesToPeak = 4;
constexpr int kNarrowing = 8;
/// How often the spacing may change in one iteration before the search gives up.
constexpr int kMaxSpacingChanges = 40;
/// Refinements of a bracketed peak, each with samples kNarrowing times closer.
constexpr int kRefinements = 2;

/// A state of the pseudo-time run (y' consistent with y).
struct Sample {
  std::vector<double> y, yp;
  double energy = 0;
};

/// Where the kinetic energy peaked in one run: the sample with the largest energy (index 0 is the
/// start) and the one before it, from which a finer run can find the peak again.
struct Bracket {
  bool found = false;
  int index = 0;
  Sample before, peak;
};

std::vector<int> body_coordinates(const System& sys) {
  std::vector<int> q;
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    for (int i = 0; i < kBodyPositions; ++i) q.push_back(kBodyStates * k + i);
  }
  return q;
}

/// Refuses what a frozen-time run cannot do (header comment).
void check_applicable(const Dae& dae) {
  const System& sys = dae.system();
  for (const MotionJoint& m : sys.model().motions) {
    if (!m.active) continue;
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: Param_Static method MKEAM cannot hold the motion {} at its "
                            "displacement (the attrition run moves the model in pseudo-time); "
                            "use method FIM_S or FIM_D, or deactivate the motion",
                            m.loc.str(), m.id));
  }
  for (const GeneralConstraint& g : sys.model().general_constraints) {
    if (g.expr.exprs.empty() || !g.expr.exprs[0].value.reads_time()) continue;
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: Param_Static method MKEAM cannot hold Constraint_General {}, "
                            "which reads TIME; use method FIM_S or FIM_D",
                            g.loc.str(), g.id));
  }
}

/// The user states held in statics (is_static_hold; motion states are refused above).
std::vector<int> held_states(const System& sys) {
  std::vector<int> held;
  for (int i = sys.state_offset(); i < sys.motion_state_begin(); ++i) {
    if (sys.is_static_held(i)) held.push_back(i);
  }
  return held;
}

class Attrition {
 public:
  Attrition(const Dae& dae, const StaticParams& statics, const TransientParams& transient, double t)
      : dae_(dae),
        statics_(statics),
        transient_(transient),
        t_(t),
        q_(body_coordinates(sys())),
        held_(held_states(sys())) {
    dae_.freeze_time(t);
  }

  KineticEnergyAttrition solve(std::vector<double> y) {
    KineticEnergyAttrition out;
    for (int i : held_) held_values_.push_back(y[i]);
    for (int iter = 1;; ++iter) {
      throw_if_interrupted();
      const Sample start = at_rest(std::move(y));
      const Sample peak = find_peak(start);
      double move = 0;
      for (int i : q_) move = std::max(move, std::abs(peak.y[i] - start.y[i]));
      out.attrition_iterations = iter;
      out.peak_kinetic_energy = peak.energy;
      out.largest_move = move;
      y = peak.y;
      if (peak.energy <= statics_.max_ke_tol && move <= statics_.max_dq_tol) break;
      if (iter >= statics_.max_num_iter) {
        throw Error(
            ExitCode::kAnalysisFailed,
            fmt::format("static analysis (MKEAM) did not converge in {} iterations at "
                        "t = {:g}: the last kinetic-energy peak was {:.3g} (max_ke_tol "
                        "{:g}) and a coordinate moved by {:.3g} (max_dq_tol {:g})",
                        iter, t_, peak.energy, statics_.max_ke_tol, move, statics_.max_dq_tol));
      }
    }
    out.solution.y = at_rest(std::move(y)).y;
    out.attrition_y = out.solution.y;
    out.solution.iterations = out.attrition_iterations;
    polish(out);
    return out;
  }

 private:
  const System& sys() const { return dae_.system(); }

  /// y with every body velocity zero and the held states back at their values, and the
  /// accelerations and reactions it starts with.
  Sample at_rest(std::vector<double> y) const {
    for (int k = 0; k < sys().num_moving_bodies(); ++k) {
      std::fill_n(y.begin() + kBodyStates * k + kBodyV, kBodyVelocities, 0.0);
    }
    for (size_t j = 0; j < held_.size(); ++j) y[held_[j]] = held_values_[j];
    InitialConditions ic = compute_initial_conditions(dae_, t_, std::move(y), nullptr, false);
    return {std::move(ic.y), std::move(ic.yp), 0.0};
  }

  /// The first kinetic-energy peak of the run from `start` (at rest): bracketed by samples
  /// spacing_ apart (which widens or narrows until a bracket is found), then refined.
  Sample find_peak(const Sample& start) {
    Bracket b;
    for (int changes = 0;; ++changes) {
      if (changes > kMaxSpacingChanges) {
        throw Error(ExitCode::kAnalysisFailed,
                    fmt::format("static analysis (MKEAM) at t = {:g}: the kinetic energy "
                                "reached no peak (sample spacing {:.3g}); the model may move "
                                "without bound (a free body under a constant force)",
                                t_, spacing_));
      }
      b = run(start, spacing_);
      if (b.found && b.index == 0) return start;  // nothing moves: an equilibrium already
      if (!b.found) {
        spacing_ *= kWidening;
      } else if (b.index < kFewestSamplesToPeak) {
        spacing_ /= kNarrowing;
      } else {
        break;
      }
    }
    double spacing = spacing_;
    for (int r = 0; r < kRefinements; ++r) {
      spacing /= kNarrowing;
      Bracket finer = run(b.before, spacing);
      if (!finer.found) break;
      b = std::move(finer);
      if (b.index == 0) break;  // the peak is within one fine sample of `before`
    }
    return b.peak;
  }

  /// Samples the run from `from` every `spacing` until the kinetic energy falls.
  Bracket run(const Sample& from, double spacing) const {
    const double t_stop = t_ + (kSamplesPerRun + 1) * spacing;
    IdaIntegrator ida(dae_, transient_, t_, from.y, from.yp, std::nullopt);
    Bracket b;
    b.before = from;
    b.peak = from;
    b.peak.energy = kinetic_energy(sys(), from.y);
    for (int k = 1; k <= kSamplesPerRun; ++k) {
      ida.advance_to(t_ + k * spacing, t_stop);
      const double energy = kinetic_energy(sys(), ida.y());
      if (energy <= b.peak.energy) {
        b.found = true;
        b.index = k - 1;
        return b;
      }
      b.before = std::move(b.peak);
      b.peak = {ida.y(), ida.yp(), energy};
    }
    return b;
  }

  /// The force-imbalance Newton from the attrition's equilibrium (header comment).
  void polish(KineticEnergyAttrition& out) const {
    try {
      StaticSolution s = solve_static(dae_, statics_, t_, out.solution.y);
      out.polish_iterations = s.iterations;
      out.solution.y = std::move(s.y);
      out.solution.imbalance = s.imbalance;
    } catch (const Error& e) {
      if (e.code() != ExitCode::kAnalysisFailed) throw;
      out.note = std::string(
                     "the Newton polish after MKEAM did not converge, the attrition "
                     "result stands: ") +
                 e.what();
    }
  }

  Dae dae_;
  const StaticParams& statics_;
  const TransientParams& transient_;
  const double t_;
  const std::vector<int> q_;
  const std::vector<int> held_;
  std::vector<double> held_values_;
  double spacing_ = kFirstSpacing;
};

}  // namespace

double kinetic_energy(const System& sys, const std::vector<double>& y) {
  double energy = 0;
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    const BodyKernel& body = sys.body_kernel(k);
    const double* s = y.data() + kBodyStates * k;
    const V3<double> v(s[kBodyV], s[kBodyV + 1], s[kBodyV + 2]);
    const V3<double> w(s[kBodyW], s[kBodyW + 1], s[kBodyW + 2]);
    energy += body.kinetic_energy(v, w);
  }
  return energy;
}

KineticEnergyAttrition solve_static_mkeam(const Dae& dae, const StaticParams& statics,
                                          const TransientParams& transient, double t,
                                          std::vector<double> y) {
  check_applicable(dae);
  return Attrition(dae, statics, transient, t).solve(std::move(y));
}

}  // namespace mb
