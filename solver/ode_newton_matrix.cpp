#include "solver/ode_newton_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

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
    : dae_(dae),
      b_(blocks_of(dae)),
      j0_(dae.pattern().nnz(), 0.0),
      j1_(dae.pattern().nnz(), 0.0),
      jh_(dae.pattern().nnz(), 0.0),
      s_values_(dae.pattern().nnz(), 0.0),
      y_shifted_(dae.size(), 0.0) {
  const int n = dae.size();
  const System& sys = dae.system();
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
      if (vel_row[r] >= 0 && diff_of[c] >= 0) {
        k_raw.push_back({vel_row[r], diff_of[c], k, false});
        s_raw.push_back({vel_row[r], diff_of[c], k, false});
        curvature_pos_.push_back(k);
      }
    }
  }
  std::vector<Eigen::Triplet<double>> at, at_s;
  for (const Raw& e : k_raw) at.emplace_back(e.r, e.c, 1.0);
  for (const Raw& e : s_raw) {
    at.emplace_back(e.r, e.c, 1.0);
    at_s.emplace_back(e.r, e.c, 1.0);
  }
  newton_ = pattern_matrix(nd_ + nl, nd_ + nl, at);
  s_matrix_ = pattern_matrix(nd_ + nl, nd_, at_s);
  for (const Raw& e : k_raw) k_entries_.push_back({value_index(newton_, e.r, e.c), e.p, e.deriv});
  for (const Raw& e : s_raw) {
    s_entries_.push_back({value_index(newton_, e.r, e.c), e.p, false});
    s_matrix_entries_.push_back({value_index(s_matrix_, e.r, e.c), e.p, false});
  }
  curvature_from_constraints_ = std::all_of(curvature_pos_.begin(), curvature_pos_.end(),
                                            [&](int k) { return sys.constraint_only_position(k); });
  lu_.analyze(newton_);
  r_.resize(nd_);
  rhs_.resize(nd_ + nl);
  w_.resize(nd_ + nl);
}

void OdeNewtonMatrix::evaluate(double t, const std::vector<double>& y,
                               const std::vector<double>& yp) {
  dae_.jacobian(t, y.data(), yp.data(), 0.0, j0_.data());
  dae_.jacobian(t, y.data(), yp.data(), 1.0, j1_.data());
  s_values_ = j0_;
  if (!curvature_pos_.empty()) {
    // C by a forward difference of the (exact) velocity-row Jacobian along the trajectory
    // (t, y_d) + h (1, y'_d): its derivative there is the second derivative of the velocity rows
    // applied to y'_d plus their time derivative, which is C (the partials commute). The step
    // moves the state by about sqrt(eps) relative to its size.
    double x_size = 0, z_size = 0;
    for (int i : b_.diff) {
      x_size = std::max(x_size, std::abs(y[i]));
      z_size = std::max(z_size, std::abs(yp[i]));
    }
    const double h =
        std::sqrt(std::numeric_limits<double>::epsilon()) * (1.0 + x_size) / (1.0 + z_size);
    y_shifted_ = y;
    for (int i : b_.diff) y_shifted_[i] += h * yp[i];
    if (curvature_from_constraints_) {
      dae_.constraint_jacobian(t + h, y_shifted_.data(), yp.data(), 0.0, jh_.data());
    } else {
      dae_.jacobian(t + h, y_shifted_.data(), yp.data(), 0.0, jh_.data());
    }
    for (int p : curvature_pos_) s_values_[p] = (jh_[p] - j0_[p]) / h;
  }
  double* sv = s_matrix_.valuePtr();
  std::fill(sv, sv + s_matrix_.nonZeros(), 0.0);
  for (const Entry& e : s_matrix_entries_) sv[e.k] += s_values_[e.p];
}

bool OdeNewtonMatrix::factor(double gamma) {
  gamma_ = gamma;
  double* v = newton_.valuePtr();
  std::fill(v, v + newton_.nonZeros(), 0.0);
  for (const Entry& e : k_entries_) v[e.k] += e.deriv ? j1_[e.p] - j0_[e.p] : j0_[e.p];
  for (const Entry& e : s_entries_) v[e.k] += gamma * s_values_[e.p];
  return lu_.factor(newton_);
}

void OdeNewtonMatrix::solve(double* b) {
  r_ = Eigen::Map<const Eigen::VectorXd>(b, nd_);
  rhs_.noalias() = s_matrix_ * r_;
  w_ = rhs_;
  lu_.solve(newton_, w_.data());
  Eigen::Map<Eigen::VectorXd>(b, nd_) = r_ - gamma_ * w_.head(nd_);
}

}  // namespace mb
