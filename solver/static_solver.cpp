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

}  // namespace

StaticSolution solve_static(const Dae& dae, const StaticParams& params, double t,
                            std::vector<double> y) {
  const int n = dae.size();
  const Blocks b = blocks_of(dae);
  // Unknowns: q, further differential states, lambda. Equations: the force rows (Newton-Euler
  // rows and the rows of further states), then the position rows.
  // States with is_static_hold (and motion states: the joint stays at the motion's current
  // displacement) keep their value: neither unknowns nor equations.
  std::vector<int> free_states;
  for (int i : b.other) {
    if (!dae.system().is_static_held(i)) free_states.push_back(i);
  }
  std::vector<int> unknowns = b.q, force_rows = b.dyn_rows, rows;
  unknowns.insert(unknowns.end(), free_states.begin(), free_states.end());
  unknowns.insert(unknowns.end(), b.lambda.begin(), b.lambda.end());
  force_rows.insert(force_rows.end(), free_states.begin(), free_states.end());
  rows = force_rows;
  rows.insert(rows.end(), b.pos_rows.begin(), b.pos_rows.end());
  const Eigen::Index nf = static_cast<Eigen::Index>(force_rows.size());

  const auto& mask = dae.differential_mask();
  for (int i = 0; i < n; ++i) {
    if (mask[i] <= 0) y[i] = 0.0;
  }
  for (int i : b.nu) y[i] = 0.0;
  const std::vector<double> yp(n, 0.0);
  std::vector<double> res(n, 0.0), trial(n, 0.0);
  auto residual_at = [&](const std::vector<double>& state) {
    dae.residual(t, state.data(), yp.data(), res.data());
    return gather(res, rows);
  };

  // Initial reactions: least-squares fit of the force balance.
  {
    const Eigen::VectorXd F = residual_at(y);
    const Eigen::MatrixXd D(block(jacobian_matrix(dae, t, y, yp, 0.0), force_rows, b.lambda));
    if (D.cols() > 0) {
      const Eigen::VectorXd lam = D.completeOrthogonalDecomposition().solve(-F.head(nf));
      for (size_t i = 0; i < b.lambda.size(); ++i) {
        y[b.lambda[i]] = lam(static_cast<Eigen::Index>(i));
      }
    }
  }

  // Where each moving body's translational force rows and its seven coordinates (x, y, z,
  // e0..e3) sit among `rows` and `unknowns` (-1: not there).
  struct BodyPlaces {
    std::array<Eigen::Index, 3> force_rows;
    std::array<Eigen::Index, 7> coordinates;
  };
  std::vector<BodyPlaces> bodies;
  {
    std::vector<Eigen::Index> row_at(static_cast<size_t>(n), -1),
        col_at(static_cast<size_t>(n), -1);
    for (size_t i = 0; i < rows.size(); ++i) row_at[rows[i]] = static_cast<Eigen::Index>(i);
    for (size_t i = 0; i < unknowns.size(); ++i) col_at[unknowns[i]] = static_cast<Eigen::Index>(i);
    for (int k = 0; k < dae.system().num_moving_bodies(); ++k) {
      BodyPlaces at{};
      for (int i = 0; i < 3; ++i) at.force_rows[i] = row_at[kBodyStates * k + kBodyV + i];
      for (int i = 0; i < kBodyPositions; ++i) at.coordinates[i] = col_at[kBodyStates * k + i];
      bodies.push_back(at);
    }
  }
  double pseudo_time_squared = kFirstPseudoTimeSquared;

  StaticSolution out;
  for (int iter = 0;; ++iter) {
    const Eigen::VectorXd F = residual_at(y);
    const double imbalance = nf ? F.head(nf).cwiseAbs().maxCoeff() : 0.0;
    double scale = 1.0;
    for (int i : b.q) scale = std::max(scale, std::abs(y[i]));
    const double cerr = F.size() > nf ? F.tail(F.size() - nf).cwiseAbs().maxCoeff() : 0.0;
    out.iterations = iter;
    out.imbalance = imbalance;
    if (imbalance <= params.max_error && cerr <= kConstraintTolerance * scale) break;
    if (iter >= params.max_num_iter) {
      Eigen::Index worst = 0;
      F.cwiseAbs().maxCoeff(&worst);
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("static analysis did not converge in {} iterations at t = {:g}: "
                              "largest residual {:.3g} in the equation of {} (force imbalance "
                              "{:.3g}, max_error {:g}, constraint error {:.3g})",
                              iter, t, std::abs(F(worst)),
                              dae.describe_variable(rows[static_cast<size_t>(worst)]), imbalance,
                              params.max_error, cerr));
    }
    // Minimum-norm Newton step.
    const Eigen::MatrixXd K(block(jacobian_matrix(dae, t, y, yp, 0.0), rows, unknowns));
    const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> newton(K);
    const Eigen::VectorXd du = newton.solve(-F);
    const double du_norm = du.norm();
    // Backtracking: a step is accepted when |F|^2 decreases (Armijo with a small slope fraction)
    // or when the next Newton correction, with the same matrix, is shorter than this one
    // (Deuflhard's natural monotonicity test, NLEQ). The second is independent of how the
    // equations are scaled: a stiff beam's axial force reacts to the foreshortening O(step^2)
    // of a bending step with an imbalance far above the one the step removes, and |F|^2 alone
    // cut every step of a 40-segment steel cantilever to 1/16 (36 iterations).
    const double phi0 = F.squaredNorm();
    // A step moves no body by more than half the model's size and no Euler parameter by more
    // than a quarter (about 30 degrees): near a singular Newton matrix (a pendulum released
    // horizontally: no stiffness about the pin) the full step is far outside the region where
    // the linearisation holds.
    double alpha = 1.0;
    for (const BodyPlaces& at : bodies) {
      for (int i = 0; i < 7; ++i) {
        if (at.coordinates[i] < 0) continue;
        const double limit = i < 3 ? kMaxMoveFraction * scale : kMaxEulerStep;
        const double move = std::abs(du(at.coordinates[i]));
        if (move > limit) alpha = std::min(alpha, limit / move);
      }
    }
    bool accepted = false;
    for (int h = 0; h <= kMaxHalvings && !accepted; ++h, alpha *= 0.5) {
      trial = y;
      for (size_t i = 0; i < unknowns.size(); ++i) {
        trial[unknowns[i]] += alpha * du(static_cast<Eigen::Index>(i));
      }
      normalize_euler_parameters(dae.system(), trial);
      const Eigen::VectorXd f_trial = residual_at(trial);
      const double phi = f_trial.squaredNorm();
      if (!std::isfinite(phi)) continue;
      if (phi <= (1.0 - 1e-4 * alpha) * phi0 ||
          (du_norm > 0 && newton.solve(-f_trial).norm() <= (1.0 - alpha / 4) * du_norm)) {
        accepted = true;
      }
    }
    if (!accepted) {
      // Pseudo-transient continuation (Kelley and Keyes, SIAM J. Numer. Anal. 35, 1998): where
      // Newton makes no progress, e.g. at a contact with zero stiffness at zero penetration, the
      // bodies move for a pseudo-time step tau under the imbalance, (K + M / tau^2) du = -F
      // (translational masses), and tau grows each time it is needed.
      Eigen::MatrixXd damped = K;
      for (size_t k = 0; k < bodies.size(); ++k) {
        const BodyPlaces& at = bodies[k];
        const double pseudo_mass =
            dae.system().body_kernel(static_cast<int>(k)).mass / pseudo_time_squared;
        for (int i = 0; i < 3; ++i) {
          if (at.force_rows[i] >= 0 && at.coordinates[i] >= 0) {
            damped(at.force_rows[i], at.coordinates[i]) += pseudo_mass;
          }
        }
      }
      pseudo_time_squared *= kPseudoTimeGrowth;
      const Eigen::VectorXd dp = damped.completeOrthogonalDecomposition().solve(-F);
      trial = y;
      for (size_t i = 0; i < unknowns.size(); ++i) {
        trial[unknowns[i]] += dp(static_cast<Eigen::Index>(i));
      }
      normalize_euler_parameters(dae.system(), trial);
      accepted = dp.norm() > 0 && residual_at(trial).allFinite();
    }
    if (!accepted) {
      Eigen::Index worst = 0;
      F.cwiseAbs().maxCoeff(&worst);
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("static analysis stalled at t = {:g} after {} iterations (neither a "
                              "Newton step nor a pseudo-transient step made progress): largest "
                              "residual {:.3g} in the equation of {}",
                              t, iter, std::abs(F(worst)),
                              dae.describe_variable(rows[static_cast<size_t>(worst)])));
    }
    y = trial;
  }
  out.y = std::move(y);
  return out;
}

}  // namespace mb
