#include "solver/static_solver.hpp"

#include <fmt/format.h>

#include <Eigen/QR>
#include <array>
#include <cmath>

#include "common/error.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {
constexpr double kConstraintTolerance = 1e-12;
constexpr int kMaxHalvings = 30;
/// First pseudo-time step (s^2) of the fallback below, and how it grows per use.
constexpr double kFirstPseudoTimeSquared = 1e-4;
constexpr double kPseudoTimeGrowth = 4;
/// Largest move per step: a fraction of the model's size, and of an Euler parameter.
constexpr double kMaxMoveFraction = 0.5;
constexpr double kMaxEulerStep = 0.25;

/// Scales each moving body's Euler parameters back to unit length. A Newton step moves them
/// along the tangent of |p| = 1 and leaves |p|^2 = 1 + O(step^2), which the forces of stiff
/// elements (a steel beam: 1e9 N/m) turn into an imbalance larger than the one the step removes.
void normalize_euler_parameters(const System& sys, std::vector<double>& y) {
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    double* p = y.data() + kBodyStates * k + kBodyP;
    const double norm = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    if (norm > 0) {
      for (int i = 0; i < 4; ++i) p[i] /= norm;
    }
  }
}

/// Unknowns: q, further differential states, lambda. Equations: the force rows (Newton-Euler
/// rows and the rows of further states), then the position rows. States with is_static_hold
/// (and motion states: the joint stays at the motion's current displacement) keep their value:
/// neither unknowns nor equations.
struct StaticLayout {
  Blocks b;
  std::vector<int> unknowns, force_rows, rows;
  Eigen::Index nf = 0;  ///< number of force rows (the first rows)
};

StaticLayout static_layout(const Dae& dae) {
  StaticLayout l{blocks_of(dae), {}, {}, {}, 0};
  std::vector<int> free_states;
  for (int i : l.b.other) {
    if (!dae.system().is_static_held(i)) free_states.push_back(i);
  }
  l.unknowns = l.b.q;
  l.force_rows = l.b.dyn_rows;
  l.unknowns.insert(l.unknowns.end(), free_states.begin(), free_states.end());
  l.unknowns.insert(l.unknowns.end(), l.b.lambda.begin(), l.b.lambda.end());
  l.force_rows.insert(l.force_rows.end(), free_states.begin(), free_states.end());
  l.rows = l.force_rows;
  l.rows.insert(l.rows.end(), l.b.pos_rows.begin(), l.b.pos_rows.end());
  l.nf = static_cast<Eigen::Index>(l.force_rows.size());
  return l;
}

/// Where each moving body's translational force rows and its seven coordinates (x, y, z,
/// e0..e3) sit among the layout's rows and unknowns (-1: not there).
struct BodyPlaces {
  std::array<Eigen::Index, 3> force_rows;
  std::array<Eigen::Index, 7> coordinates;
};

std::vector<BodyPlaces> body_places(const Dae& dae, const StaticLayout& l) {
  const auto n = static_cast<size_t>(dae.size());
  std::vector<Eigen::Index> row_at(n, -1), col_at(n, -1);
  for (size_t i = 0; i < l.rows.size(); ++i) row_at[l.rows[i]] = static_cast<Eigen::Index>(i);
  for (size_t i = 0; i < l.unknowns.size(); ++i) {
    col_at[l.unknowns[i]] = static_cast<Eigen::Index>(i);
  }
  std::vector<BodyPlaces> bodies;
  for (int k = 0; k < dae.system().num_moving_bodies(); ++k) {
    BodyPlaces at{};
    for (int i = 0; i < 3; ++i) at.force_rows[i] = row_at[kBodyStates * k + kBodyV + i];
    for (int i = 0; i < kBodyPositions; ++i) at.coordinates[i] = col_at[kBodyStates * k + i];
    bodies.push_back(at);
  }
  return bodies;
}

/// The Newton iteration of one static solve (header comment).
class StaticNewton {
 public:
  StaticNewton(const Dae& dae, const StaticParams& params, double t)
      : dae_(dae),
        params_(params),
        t_(t),
        l_(static_layout(dae)),
        bodies_(body_places(dae, l_)),
        yp_(dae.size(), 0.0),
        res_(dae.size(), 0.0),
        trial_(dae.size(), 0.0) {}

  StaticSolution solve(std::vector<double> y) {
    const auto& mask = dae_.differential_mask();
    for (int i = 0; i < dae_.size(); ++i) {
      if (mask[i] <= 0) y[i] = 0.0;
    }
    for (int i : l_.b.nu) y[i] = 0.0;
    fit_reactions(y);
    StaticSolution out;
    for (int iter = 0;; ++iter) {
      const Eigen::VectorXd F = residual_at(y);
      const double imbalance = l_.nf ? F.head(l_.nf).cwiseAbs().maxCoeff() : 0.0;
      double scale = 1.0;
      for (int i : l_.b.q) scale = std::max(scale, std::abs(y[i]));
      const double cerr = F.size() > l_.nf ? F.tail(F.size() - l_.nf).cwiseAbs().maxCoeff() : 0.0;
      out.iterations = iter;
      out.imbalance = imbalance;
      if (imbalance <= params_.max_error && cerr <= kConstraintTolerance * scale) break;
      if (iter >= params_.max_num_iter) fail_not_converged(F, iter, imbalance, cerr);
      // Minimum-norm Newton step.
      const SpMat J = jacobian_matrix(dae_, t_, y, yp_, 0.0);
      Eigen::MatrixXd K(block(J, l_.rows, l_.unknowns));
      if (params_.stability > 0) add_stability(J, K);
      if (!newton_step(K, F, y, scale) && !pseudo_transient_step(K, F, y)) fail_stalled(F, iter);
      y = trial_;
    }
    out.y = std::move(y);
    return out;
  }

 private:
  Eigen::VectorXd residual_at(const std::vector<double>& state) {
    dae_.residual(t_, state.data(), yp_.data(), res_.data());
    return gather(res_, l_.rows);
  }

  /// Initial reactions: least-squares fit of the force balance.
  void fit_reactions(std::vector<double>& y) {
    const Eigen::VectorXd F = residual_at(y);
    const Eigen::MatrixXd D(
        block(jacobian_matrix(dae_, t_, y, yp_, 0.0), l_.force_rows, l_.b.lambda));
    if (D.cols() == 0) return;
    const Eigen::VectorXd lam = D.completeOrthogonalDecomposition().solve(-F.head(l_.nf));
    for (size_t i = 0; i < l_.b.lambda.size(); ++i) {
      y[l_.b.lambda[i]] = lam(static_cast<Eigen::Index>(i));
    }
  }

  /// Param_Static stability s: K += s (M + C) on each moving body's translational rows and
  /// coordinates, with M the body's mass and C the derivative of its force rows by its velocity
  /// (the dampers acting on it, J's velocity columns).
  void add_stability(const SpMat& J, Eigen::MatrixXd& K) const {
    const double s = params_.stability;
    for (size_t k = 0; k < bodies_.size(); ++k) {
      const BodyPlaces& at = bodies_[k];
      const int v0 = kBodyStates * static_cast<int>(k) + kBodyV;
      const double mass = dae_.system().body_kernel(static_cast<int>(k)).mass;
      for (int i = 0; i < 3; ++i) {
        if (at.force_rows[i] < 0) continue;
        for (int j = 0; j < 3; ++j) {
          if (at.coordinates[j] < 0) continue;
          const double damping = J.coeff(v0 + i, v0 + j);
          K(at.force_rows[i], at.coordinates[j]) += s * ((i == j ? mass : 0.0) + damping);
        }
      }
    }
  }

  /// trial_ = y + alpha du on the unknowns, Euler parameters renormalised.
  void set_trial(const std::vector<double>& y, const Eigen::VectorXd& du, double alpha) {
    trial_ = y;
    for (size_t i = 0; i < l_.unknowns.size(); ++i) {
      trial_[l_.unknowns[i]] += alpha * du(static_cast<Eigen::Index>(i));
    }
    normalize_euler_parameters(dae_.system(), trial_);
  }

  /// A step moves no body by more than half the model's size and no Euler parameter by more
  /// than a quarter (about 30 degrees): near a singular Newton matrix (a pendulum released
  /// horizontally: no stiffness about the pin) the full step is far outside the region where
  /// the linearisation holds.
  double step_limit(const Eigen::VectorXd& du, double scale) const {
    double alpha = 1.0;
    for (const BodyPlaces& at : bodies_) {
      for (int i = 0; i < 7; ++i) {
        if (at.coordinates[i] < 0) continue;
        const double limit = i < 3 ? kMaxMoveFraction * scale : kMaxEulerStep;
        const double move = std::abs(du(at.coordinates[i]));
        if (move > limit) alpha = std::min(alpha, limit / move);
      }
    }
    return alpha;
  }

  /// Backtracking: a step is accepted when |F|^2 decreases (Armijo with a small slope fraction)
  /// or when the next Newton correction, with the same matrix, is shorter than this one
  /// (Deuflhard's natural monotonicity test, NLEQ). The second is independent of how the
  /// equations are scaled: a stiff beam's axial force reacts to the foreshortening O(step^2) of
  /// a bending step with an imbalance far above the one the step removes, and |F|^2 alone cut
  /// every step of a 40-segment steel cantilever to 1/16 (36 iterations). The accepted state is
  /// trial_.
  bool newton_step(const Eigen::MatrixXd& K, const Eigen::VectorXd& F, const std::vector<double>& y,
                   double scale) {
    const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> newton(K);
    const Eigen::VectorXd du = newton.solve(-F);
    const double du_norm = du.norm();
    const double phi0 = F.squaredNorm();
    double alpha = step_limit(du, scale);
    for (int h = 0; h <= kMaxHalvings; ++h, alpha *= 0.5) {
      set_trial(y, du, alpha);
      const Eigen::VectorXd f_trial = residual_at(trial_);
      const double phi = f_trial.squaredNorm();
      if (!std::isfinite(phi)) continue;
      if (phi <= (1.0 - 1e-4 * alpha) * phi0 ||
          (du_norm > 0 && newton.solve(-f_trial).norm() <= (1.0 - alpha / 4) * du_norm)) {
        return true;
      }
    }
    return false;
  }

  /// Pseudo-transient continuation (Kelley and Keyes, SIAM J. Numer. Anal. 35, 1998): where
  /// Newton makes no progress, e.g. at a contact with zero stiffness at zero penetration, the
  /// bodies move for a pseudo-time step tau under the imbalance, (K + M / tau^2) du = -F
  /// (translational masses), and tau grows each time it is needed. The state is trial_.
  bool pseudo_transient_step(const Eigen::MatrixXd& K, const Eigen::VectorXd& F,
                             const std::vector<double>& y) {
    Eigen::MatrixXd damped = K;
    for (size_t k = 0; k < bodies_.size(); ++k) {
      const BodyPlaces& at = bodies_[k];
      const double pseudo_mass =
          dae_.system().body_kernel(static_cast<int>(k)).mass / pseudo_time_squared_;
      for (int i = 0; i < 3; ++i) {
        if (at.force_rows[i] >= 0 && at.coordinates[i] >= 0) {
          damped(at.force_rows[i], at.coordinates[i]) += pseudo_mass;
        }
      }
    }
    pseudo_time_squared_ *= kPseudoTimeGrowth;
    const Eigen::VectorXd dp = damped.completeOrthogonalDecomposition().solve(-F);
    set_trial(y, dp, 1.0);
    return dp.norm() > 0 && residual_at(trial_).allFinite();
  }

  /// The equation with the largest residual in F.
  std::string worst_equation(const Eigen::VectorXd& F, Eigen::Index& worst) const {
    F.cwiseAbs().maxCoeff(&worst);
    return dae_.describe_variable(l_.rows[static_cast<size_t>(worst)]);
  }

  [[noreturn]] void fail_not_converged(const Eigen::VectorXd& F, int iter, double imbalance,
                                       double cerr) const {
    Eigen::Index worst = 0;
    const std::string where = worst_equation(F, worst);
    throw Error(
        ExitCode::kAnalysisFailed,
        fmt::format("static analysis did not converge in {} iterations at t = {:g}: "
                    "largest residual {:.3g} in the equation of {} (force imbalance "
                    "{:.3g}, max_error {:g}, constraint error {:.3g})",
                    iter, t_, std::abs(F(worst)), where, imbalance, params_.max_error, cerr));
  }

  [[noreturn]] void fail_stalled(const Eigen::VectorXd& F, int iter) const {
    Eigen::Index worst = 0;
    const std::string where = worst_equation(F, worst);
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("static analysis stalled at t = {:g} after {} iterations (neither a "
                            "Newton step nor a pseudo-transient step made progress): largest "
                            "residual {:.3g} in the equation of {}",
                            t_, iter, std::abs(F(worst)), where));
  }

  const Dae& dae_;
  const StaticParams& params_;
  const double t_;
  const StaticLayout l_;
  const std::vector<BodyPlaces> bodies_;
  const std::vector<double> yp_;
  std::vector<double> res_, trial_;
  double pseudo_time_squared_ = kFirstPseudoTimeSquared;
};

}  // namespace

StaticSolution solve_static(const Dae& dae, const StaticParams& params, double t,
                            std::vector<double> y) {
  return StaticNewton(dae, params, t).solve(std::move(y));
}

}  // namespace mb
