#include "solver/ode_newton_matrix.hpp"

#include <algorithm>

namespace mb {

namespace {

/// Index of (r, c) in the values of the compressed column matrix `m` (the entry exists).
int value_index(const SpMat& m, int r, int c) {
  const int* inner = m.innerIndexPtr();
  const int b = m.outerIndexPtr()[c], e = m.outerIndexPtr()[c + 1];
  return static_cast<int>(std::lower_bound(inner + b, inner + e, r) - inner);
}

/// A compressed matrix of the given size with a structural entry at every (r, c) of `at`.
SpMat pattern_matrix(int rows, int cols, const std::vector<Eigen::Triplet<double>>& at) {
  SpMat m(rows, cols);
  m.setFromTriplets(at.begin(), at.end());
  m.makeCompressed();
  return m;
}

}  // namespace

OdeNewtonMatrix::OdeNewtonMatrix(const Dae& dae)
    : dae_(dae), b_(blocks_of(dae)), j0_(dae.pattern().nnz(), 0.0), j1_(dae.pattern().nnz(), 0.0) {
  const int n = dae.size();
  nd_ = static_cast<int>(b_.diff.size());
  const int nl = static_cast<int>(b_.lambda.size());
  std::vector<int> diff_of(n, -1), lambda_col(n, -1), vel_row(n, -1);
  for (int i = 0; i < nd_; ++i) diff_of[b_.diff[i]] = i;
  for (int i = 0; i < nl; ++i) {
    lambda_col[b_.lambda[i]] = nd_ + i;
    vel_row[b_.vel_rows[i]] = nd_ + i;
  }
  struct Raw {
    int r, c, p;
    bool deriv;
  };
  std::vector<Raw> k_raw, s_raw;
  const SparsePattern& p = dae.pattern();
  for (int c = 0; c < p.n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k) {
      const int r = p.row_idx[k];
      if (diff_of[r] >= 0 && diff_of[c] >= 0) {
        k_raw.push_back({diff_of[r], diff_of[c], k, true});
        s_raw.push_back({diff_of[r], diff_of[c], k, false});
      }
      if (diff_of[r] >= 0 && lambda_col[c] >= 0) {
        k_raw.push_back({diff_of[r], lambda_col[c], k, false});
      }
      if (vel_row[r] >= 0 && diff_of[c] >= 0) k_raw.push_back({vel_row[r], diff_of[c], k, false});
    }
  }
  std::vector<Eigen::Triplet<double>> at, at_s;
  for (const Raw& e : k_raw) at.emplace_back(e.r, e.c, 1.0);
  for (const Raw& e : s_raw) {
    at.emplace_back(e.r, e.c, 1.0);
    at_s.emplace_back(e.r, e.c, 1.0);
  }
  newton_ = pattern_matrix(nd_ + nl, nd_ + nl, at);
  sdd_matrix_ = pattern_matrix(nd_, nd_, at_s);
  for (const Raw& e : k_raw) k_entries_.push_back({value_index(newton_, e.r, e.c), e.p, e.deriv});
  for (const Raw& e : s_raw) {
    s_entries_.push_back({value_index(newton_, e.r, e.c), e.p, false});
    sdd_.push_back({value_index(sdd_matrix_, e.r, e.c), e.p, false});
  }
  lu_.analyzePattern(newton_);
  r_.resize(nd_);
  rhs_.resize(nd_ + nl);
  w_.resize(nd_ + nl);
}

void OdeNewtonMatrix::evaluate(double t, const std::vector<double>& y,
                               const std::vector<double>& yp) {
  dae_.jacobian(t, y.data(), yp.data(), 0.0, j0_.data());
  dae_.jacobian(t, y.data(), yp.data(), 1.0, j1_.data());
  double* sv = sdd_matrix_.valuePtr();
  std::fill(sv, sv + sdd_matrix_.nonZeros(), 0.0);
  for (const Entry& e : sdd_) sv[e.k] += j0_[e.p];
}

bool OdeNewtonMatrix::factor(double gamma) {
  gamma_ = gamma;
  double* v = newton_.valuePtr();
  std::fill(v, v + newton_.nonZeros(), 0.0);
  for (const Entry& e : k_entries_) v[e.k] += e.deriv ? j1_[e.p] - j0_[e.p] : j0_[e.p];
  for (const Entry& e : s_entries_) v[e.k] += gamma * j0_[e.p];
  lu_.factorize(newton_);
  return lu_.info() == Eigen::Success;
}

void OdeNewtonMatrix::solve(double* b) {
  r_ = Eigen::Map<const Eigen::VectorXd>(b, nd_);
  rhs_.head(nd_).noalias() = sdd_matrix_ * r_;
  rhs_.tail(rhs_.size() - nd_).setZero();
  w_ = lu_.solve(rhs_);
  Eigen::Map<Eigen::VectorXd>(b, nd_) = r_ - gamma_ * w_.head(nd_);
}

}  // namespace mb
