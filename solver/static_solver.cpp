#include "solver/static_solver.hpp"

#include <fmt/format.h>

#include <Eigen/QR>
#include <cmath>

#include "common/error.hpp"

namespace mb {

namespace {
constexpr double kConstraintTolerance = 1e-12;
constexpr int kMaxHalvings = 30;
}  // namespace

StaticSolution solve_static(const Dae& dae, const StaticParams& params, double t,
                            std::vector<double> y) {
  const int n = dae.size();
  const Blocks b = blocks_of(dae);
  // Unknowns: q, further differential states, lambda. Equations: the force rows (Newton-Euler
  // rows and the rows of further states), then the position rows.
  // States with is_static_hold keep their value: neither unknowns nor equations.
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
    const Eigen::VectorXd du = K.completeOrthogonalDecomposition().solve(-F);
    // Backtracking on |F|^2 (Armijo with a small slope fraction).
    const double phi0 = F.squaredNorm();
    double alpha = 1.0;
    bool accepted = false;
    for (int h = 0; h <= kMaxHalvings && !accepted; ++h, alpha *= 0.5) {
      trial = y;
      for (size_t i = 0; i < unknowns.size(); ++i) {
        trial[unknowns[i]] += alpha * du(static_cast<Eigen::Index>(i));
      }
      const double phi = residual_at(trial).squaredNorm();
      if (std::isfinite(phi) && phi <= (1.0 - 1e-4 * alpha) * phi0) accepted = true;
    }
    if (!accepted) {
      Eigen::Index worst = 0;
      F.cwiseAbs().maxCoeff(&worst);
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("static analysis stalled at t = {:g} after {} iterations (the line "
                              "search found no decrease): largest residual {:.3g} in the "
                              "equation of {}",
                              t, iter, std::abs(F(worst)),
                              dae.describe_variable(rows[static_cast<size_t>(worst)])));
    }
    y = trial;
  }
  out.y = std::move(y);
  return out;
}

}  // namespace mb
