#include "solver/redundant_constraints.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "common/error.hpp"

namespace mb {

namespace {

/// Rows of B (velocity constraints with respect to the velocities) as a dense matrix.
Eigen::MatrixXd dense_b(const System& sys, double t, const std::vector<double>& y) {
  const Dae full(sys);
  const Blocks b = blocks_of(full);
  std::vector<int> cols = b.nu;
  for (int i : b.other) {
    if (i < sys.motion_state_begin()) cols.push_back(i);  // motion states are references
  }
  const std::vector<double> yp(sys.size(), 0.0);
  return Eigen::MatrixXd(block(jacobian_matrix(full, t, y, yp, 0.0), b.vel_rows, cols));
}

}  // namespace

std::vector<int> find_redundant_equations(const System& sys, double t,
                                          const std::vector<double>& y) {
  const Eigen::MatrixXd B = dense_b(sys, t, y);
  std::vector<Eigen::VectorXd> basis;
  std::vector<int> removed;
  for (Eigen::Index e = 0; e < B.rows(); ++e) {
    Eigen::VectorXd v = B.row(e).transpose();
    const double norm0 = v.norm();
    for (int pass = 0; pass < 2; ++pass) {  // re-orthogonalise once for stability
      for (const auto& u : basis) v -= u.dot(v) * u;
    }
    const double left = v.norm();
    if (norm0 == 0.0 || left <= kRedundancyThreshold * norm0) {
      removed.push_back(static_cast<int>(e));
    } else {
      basis.push_back(v / left);
    }
  }
  return removed;
}

void check_redundant_consistent(const Dae& dae, double t, const std::vector<double>& y,
                                double tol) {
  if (dae.removed().empty()) return;
  const System& sys = dae.system();
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  std::vector<double> res(sys.size()), yp(sys.size(), 0.0);
  sys.residual(t, y.data(), yp.data(), res.data());
  for (int e : dae.removed()) {
    const double violation = std::abs(res[13 * nb + m + e]);
    if (violation <= tol) continue;
    // Which kept equations is it a combination of? Least squares B_kept^T c = b_e.
    const Eigen::MatrixXd B = dense_b(sys, t, y);
    const Blocks kept = blocks_of(dae);
    Eigen::MatrixXd Bk(static_cast<Eigen::Index>(kept.lambda.size()), B.cols());
    for (size_t i = 0; i < kept.lambda.size(); ++i) {
      Bk.row(static_cast<Eigen::Index>(i)) = B.row(kept.lambda[i] - 13 * nb);
    }
    const Eigen::VectorXd c = Bk.transpose().colPivHouseholderQr().solve(B.row(e).transpose());
    const double cmax = c.size() ? c.cwiseAbs().maxCoeff() : 0.0;
    std::set<std::string> joints;
    for (Eigen::Index i = 0; i < c.size(); ++i) {
      if (std::abs(c(i)) > 1e-6 * cmax) {
        const std::string d = sys.describe_variable(kept.lambda[static_cast<size_t>(i)]);
        joints.insert(d.substr(0, d.find(" (")));
      }
    }
    const std::string self = sys.describe_variable(13 * nb + e);
    std::string others;
    for (const auto& j : joints) others += (others.empty() ? "" : ", ") + j;
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("inconsistent constraints: {} is redundant with {} but cannot be "
                            "satisfied together with it (constraint error {:g}); the joints "
                            "overconstrain the model",
                            self, others.empty() ? "the other joints" : others, violation));
  }
}

}  // namespace mb
