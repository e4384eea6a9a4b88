#include "solver/initial_conditions.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "solver/redundant_constraints.hpp"

namespace mb {

namespace {
/// A removed (redundant) equation must hold to this after assembly (model units).
constexpr double kRedundantTolerance = 1e-8;
}  // namespace

InitialConditions compute_initial_conditions(const Dae& dae, double t, std::vector<double> y) {
  const int n = dae.size();
  const Blocks b = blocks_of(dae);
  InitialConditions ic;
  std::vector<double> yp(n, 0.0), res(n, 0.0);

  // 1. Position assembly.
  for (int iter = 0;; ++iter) {
    dae.residual(t, y.data(), yp.data(), res.data());
    const Eigen::VectorXd r = gather(res, b.pos_rows);
    ic.position_residual = r.size() ? r.cwiseAbs().maxCoeff() : 0.0;
    ic.position_iterations = iter;
    if (ic.position_residual < 1e-12) break;
    if (iter == 50) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("position assembly did not converge in 50 iterations (largest "
                              "constraint error {:g}); check that the joints can be assembled",
                              ic.position_residual));
    }
    const SpMat A = block(jacobian_matrix(dae, t, y, yp, 0.0), b.pos_rows, b.q);
    const Eigen::VectorXd dq = min_norm_step(A, r, "position assembly");
    for (size_t i = 0; i < b.q.size(); ++i) y[b.q[i]] += dq(static_cast<Eigen::Index>(i));
  }
  check_redundant_consistent(dae, t, y, kRedundantTolerance);

  // 2. Velocity assembly (the velocity rows are linear in nu).
  {
    dae.residual(t, y.data(), yp.data(), res.data());
    const Eigen::VectorXd r = gather(res, b.vel_rows);
    const SpMat A = block(jacobian_matrix(dae, t, y, yp, 0.0), b.vel_rows, b.nu);
    const Eigen::VectorXd dnu = min_norm_step(A, r, "velocity assembly");
    for (size_t i = 0; i < b.nu.size(); ++i) y[b.nu[i]] += dnu(static_cast<Eigen::Index>(i));
  }

  // 3. Derivatives and reactions (q' = H nu, [M -B^T; B 0] [nu'; lambda] = [Q; -gamma]).
  AccelerationSolver(dae).solve(t, y, yp);
  ic.y = std::move(y);
  ic.yp = std::move(yp);
  return ic;
}

}  // namespace mb
