#include "solver/initial_conditions.hpp"

#include <fmt/format.h>

#include <Eigen/Sparse>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>

#include "common/error.hpp"

namespace mb {

namespace {

using SpMat = Eigen::SparseMatrix<double>;

/// Index sets of the layout described in system.hpp.
struct Blocks {
  std::vector<int> q, nu, pos_rows, vel_rows, dyn_rows, lambda;
};

Blocks blocks_of(const System& sys) {
  Blocks b;
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  for (int k = 0; k < nb; ++k) {
    for (int i = 0; i < 7; ++i) b.q.push_back(13 * k + i);
    for (int i = 7; i < 13; ++i) {
      b.nu.push_back(13 * k + i);
      b.dyn_rows.push_back(13 * k + i);
    }
  }
  for (int e = 0; e < m; ++e) {
    b.vel_rows.push_back(13 * nb + e);
    b.lambda.push_back(13 * nb + e);
    b.pos_rows.push_back(13 * nb + m + e);
  }
  for (int k = 0; k < nb; ++k) b.pos_rows.push_back(13 * nb + 2 * m + k);
  return b;
}

SpMat jacobian_matrix(const System& sys, double t, const std::vector<double>& y,
                      const std::vector<double>& yp, double cj) {
  const SparsePattern& p = sys.pattern();
  std::vector<double> values(p.nnz());
  sys.jacobian(t, y.data(), yp.data(), cj, values.data());
  std::vector<Eigen::Triplet<double>> trip;
  trip.reserve(values.size());
  for (int c = 0; c < p.n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k)
      trip.emplace_back(p.row_idx[k], c, values[k]);
  }
  SpMat J(p.n, p.n);
  J.setFromTriplets(trip.begin(), trip.end());
  return J;
}

/// The block J(rows, cols).
SpMat block(const SpMat& J, const std::vector<int>& rows, const std::vector<int>& cols) {
  std::vector<int> row_map(J.rows(), -1);
  for (size_t r = 0; r < rows.size(); ++r) row_map[rows[r]] = static_cast<int>(r);
  std::vector<Eigen::Triplet<double>> trip;
  for (size_t c = 0; c < cols.size(); ++c) {
    for (SpMat::InnerIterator it(J, cols[c]); it; ++it) {
      const int r = row_map[it.row()];
      if (r >= 0) trip.emplace_back(r, static_cast<int>(c), it.value());
    }
  }
  SpMat B(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols.size()));
  B.setFromTriplets(trip.begin(), trip.end());
  return B;
}

/// Smallest dx with A dx = -r (A full row rank); throws if A A^T is singular.
Eigen::VectorXd min_norm_step(const SpMat& A, const Eigen::VectorXd& r, const char* stage) {
  if (A.rows() == 0) return Eigen::VectorXd::Zero(A.cols());
  const SpMat AAt = A * A.transpose();
  Eigen::SimplicialLDLT<SpMat> ldlt(AAt);
  if (ldlt.info() != Eigen::Success) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("{}: the constraint equations are redundant or inconsistent "
                            "(singular constraint Jacobian)",
                            stage));
  }
  const Eigen::VectorXd z = ldlt.solve(r);
  Eigen::VectorXd dx = -(A.transpose() * z);
  const double check = (A * dx + r).cwiseAbs().maxCoeff();
  if (!(check <= 1e-6 * (1.0 + r.cwiseAbs().maxCoeff()))) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("{}: the constraint equations are redundant or inconsistent "
                            "(residual {:g} after a linear solve)",
                            stage, check));
  }
  return dx;
}

Eigen::VectorXd gather(const std::vector<double>& v, const std::vector<int>& idx) {
  Eigen::VectorXd out(static_cast<Eigen::Index>(idx.size()));
  for (size_t i = 0; i < idx.size(); ++i) out(static_cast<Eigen::Index>(i)) = v[idx[i]];
  return out;
}

}  // namespace

InitialConditions compute_initial_conditions(const System& sys, double t, std::vector<double> y) {
  const int n = sys.size();
  const Blocks b = blocks_of(sys);
  InitialConditions ic;
  std::vector<double> yp(n, 0.0), res(n, 0.0);

  // 1. Position assembly.
  for (int iter = 0;; ++iter) {
    sys.residual(t, y.data(), yp.data(), res.data());
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
    const SpMat A = block(jacobian_matrix(sys, t, y, yp, 0.0), b.pos_rows, b.q);
    const Eigen::VectorXd dq = min_norm_step(A, r, "position assembly");
    for (size_t i = 0; i < b.q.size(); ++i) y[b.q[i]] += dq(static_cast<Eigen::Index>(i));
  }

  // 2. Velocity assembly (the velocity rows are linear in nu).
  {
    sys.residual(t, y.data(), yp.data(), res.data());
    const Eigen::VectorXd r = gather(res, b.vel_rows);
    const SpMat A = block(jacobian_matrix(sys, t, y, yp, 0.0), b.vel_rows, b.nu);
    const Eigen::VectorXd dnu = min_norm_step(A, r, "velocity assembly");
    for (size_t i = 0; i < b.nu.size(); ++i) y[b.nu[i]] += dnu(static_cast<Eigen::Index>(i));
  }

  // 3. q' from the kinematic rows with mu = 0 (their residual at q' = 0 is -H nu).
  std::fill(yp.begin(), yp.end(), 0.0);
  sys.residual(t, y.data(), yp.data(), res.data());
  for (int i : b.q) yp[i] = -res[i];

  // Accelerations and reactions.
  const SpMat J0 = jacobian_matrix(sys, t, y, yp, 0.0);
  const SpMat J1 = jacobian_matrix(sys, t, y, yp, 1.0);
  const SpMat M = block(J1, b.dyn_rows, b.nu) - block(J0, b.dyn_rows, b.nu);
  const SpMat BL = block(J0, b.dyn_rows, b.lambda);  // -B^T
  const SpMat B = block(J0, b.vel_rows, b.nu);
  const Eigen::VectorXd qdot = gather(yp, b.q);
  Eigen::VectorXd gamma = block(J0, b.vel_rows, b.q) * qdot;
  {
    // Explicit time dependence of the velocity rows (driven motions: -f''(t)), by a central
    // difference in t alone; zero for models without motions.
    const double h = 1e-6 * std::max(1.0, std::abs(t));
    std::vector<double> rp(n), rm(n);
    sys.residual(t + h, y.data(), yp.data(), rp.data());
    sys.residual(t - h, y.data(), yp.data(), rm.data());
    for (size_t k = 0; k < b.vel_rows.size(); ++k) {
      gamma(static_cast<Eigen::Index>(k)) += (rp[b.vel_rows[k]] - rm[b.vel_rows[k]]) / (2 * h);
    }
  }
  sys.residual(t, y.data(), yp.data(), res.data());  // dynamic rows at nu' = 0, lambda = 0
  const Eigen::Index nv = static_cast<Eigen::Index>(b.nu.size());
  const Eigen::Index nl = static_cast<Eigen::Index>(b.lambda.size());
  std::vector<Eigen::Triplet<double>> trip;
  auto add = [&](const SpMat& S, Eigen::Index r0, Eigen::Index c0) {
    for (int c = 0; c < S.outerSize(); ++c) {
      for (SpMat::InnerIterator it(S, c); it; ++it) {
        trip.emplace_back(r0 + it.row(), c0 + it.col(), it.value());
      }
    }
  };
  add(M, 0, 0);
  add(BL, 0, nv);
  add(B, nv, 0);
  SpMat K(nv + nl, nv + nl);
  K.setFromTriplets(trip.begin(), trip.end());
  Eigen::VectorXd rhs(nv + nl);
  rhs.head(nv) = -gather(res, b.dyn_rows);
  rhs.tail(nl) = -gamma;
  Eigen::SparseLU<SpMat> lu;
  lu.compute(K);
  if (lu.info() != Eigen::Success) {
    throw Error(ExitCode::kAnalysisFailed,
                "initial accelerations: the system [M B^T; B 0] is singular (redundant "
                "constraints, or a body without mass or inertia in a free direction)");
  }
  const Eigen::VectorXd sol = lu.solve(rhs);
  for (Eigen::Index i = 0; i < nv; ++i) yp[b.nu[i]] = sol(i);
  for (Eigen::Index i = 0; i < nl; ++i) y[b.lambda[i]] = sol(nv + i);
  ic.y = std::move(y);
  ic.yp = std::move(yp);
  return ic;
}

}  // namespace mb
