#include "solver/system_blocks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "solver/state_layout.hpp"

namespace mb {

// ---------------------------------------------------------------------------------------------
// Dae

Dae::Dae(const System& sys, Workspace& ws, std::vector<int> removed)
    : sys_(sys), ws_(ws), removed_(std::move(removed)) {
  std::sort(removed_.begin(), removed_.end());
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  for (int e : removed_) {
    pinned_.push_back(kBodyStates * nb + e);
    pinned_.push_back(kBodyStates * nb + m + e);
    if (sys.form() == DaeForm::kStabilisedIndex1) pinned_.push_back(sys.kappa_begin() + e);
  }
  std::sort(pinned_.begin(), pinned_.end());
  const SparsePattern& p = sys.pattern();
  for (int c = 0; c < p.n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k) {
      const int r = p.row_idx[k];
      if (!std::binary_search(pinned_.begin(), pinned_.end(), r)) continue;
      zero_pos_.push_back(k);
      if (r == c) diag_pos_.push_back(k);
    }
  }
}

void Dae::pin(const double* y, double* res) const {
  for (int r : pinned_) res[r] = y[r];
}

void Dae::pin(double* values) const {
  for (int k : zero_pos_) values[k] = 0.0;
  for (int k : diag_pos_) values[k] = 1.0;
}

void Dae::residual(double t, const double* y, const double* yp, double* res) const {
  sys_.residual(ws_, time_at(t), y, yp, res);
  pin(y, res);
}

void Dae::jacobian(double t, const double* y, const double* yp, double cj, double* values) const {
  sys_.jacobian(ws_, time_at(t), y, yp, cj, values);
  pin(values);
}

void Dae::constraint_residual(double t, const double* y, const double* yp, double* res) const {
  sys_.constraint_residual(ws_, time_at(t), y, yp, res);
  pin(y, res);
}

void Dae::constraint_jacobian(double t, const double* y, const double* yp, double cj,
                              double* values) const {
  sys_.constraint_jacobian(ws_, time_at(t), y, yp, cj, values);
  pin(values);
}

// ---------------------------------------------------------------------------------------------
// Blocks and matrix helpers

Blocks blocks_of(const Dae& dae) {
  const System& sys = dae.system();
  if (sys.form() != DaeForm::kStabilisedIndex2) {
    throw Error(ExitCode::kInternal, "blocks_of: the layout sets need the stabilised index-2 form");
  }
  Blocks b;
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  for (int k = 0; k < nb; ++k) {
    for (int i = 0; i < kBodyPositions; ++i) b.q.push_back(kBodyStates * k + i);
    for (int i = kBodyV; i < kBodyStates; ++i) {
      b.nu.push_back(kBodyStates * k + i);
      b.dyn_rows.push_back(kBodyStates * k + i);
    }
  }
  // A point-curve constraint's curve parameter is a position coordinate as well (assembly and
  // statics move it); its rate s is not in nu (it has no mass: the velocity rows fix it).
  for (size_t k = 0; k < sys.ptcv_kernels().size(); ++k) {
    b.q.push_back(sys.ptcv_state_offset(static_cast<int>(k)));
  }
  for (int k = 0; k < sys.num_cvcvs(); ++k) {  // a curve-curve constraint's alpha and beta
    b.q.push_back(sys.cvcv_state_offset(k));
    b.q.push_back(sys.cvcv_state_offset(k) + 1);
  }
  for (size_t k = 0; k < sys.ptcv_kernels().size(); ++k) {
    b.curve_rates.push_back(sys.ptcv_state_offset(static_cast<int>(k)) + 1);
  }
  for (int k = 0; k < sys.num_cvcvs(); ++k) {
    b.curve_rates.push_back(sys.cvcv_state_offset(k) + 2);
    b.curve_rates.push_back(sys.cvcv_state_offset(k) + 3);
  }
  const auto& mask = sys.differential_mask();
  for (int i = 0; i < sys.size(); ++i) {
    if (mask[i] <= 0) continue;
    b.diff.push_back(i);
    if (i >= kBodyStates * nb) b.other.push_back(i);
  }
  const auto& removed = dae.removed();
  for (int e = 0; e < m; ++e) {
    if (std::binary_search(removed.begin(), removed.end(), e)) continue;
    b.vel_rows.push_back(kBodyStates * nb + e);
    b.lambda.push_back(kBodyStates * nb + e);
    b.pos_rows.push_back(kBodyStates * nb + m + e);
  }
  for (int k = 0; k < nb; ++k) b.pos_rows.push_back(kBodyStates * nb + 2 * m + k);
  return b;
}

SpMat jacobian_matrix(const Dae& dae, double t, const std::vector<double>& y,
                      const std::vector<double>& yp, double cj) {
  const SparsePattern& p = dae.pattern();
  std::vector<double> values(p.nnz());
  dae.jacobian(t, y.data(), yp.data(), cj, values.data());
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

Eigen::VectorXd gather(const std::vector<double>& v, const std::vector<int>& idx) {
  Eigen::VectorXd out(static_cast<Eigen::Index>(idx.size()));
  for (size_t i = 0; i < idx.size(); ++i) out(static_cast<Eigen::Index>(i)) = v[idx[i]];
  return out;
}

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

// ---------------------------------------------------------------------------------------------
// AccelerationSolver

AccelerationSolver::AccelerationSolver(const Dae& dae)
    : dae_(dae),
      b_(blocks_of(dae)),
      zero_yp_(dae.size(), 0.0),
      j0_(dae.pattern().nnz(), 0.0),
      dfdyp_(dae.pattern().nnz(), 0.0),
      res_(dae.size(), 0.0) {
  const int n = dae.size();
  const int nd = static_cast<int>(b_.diff.size()), nl = static_cast<int>(b_.lambda.size());
  // Unknown (column) and equation (row) numbering of the augmented matrix.
  std::vector<int> col_of(n, -1), row_of(n, -1);
  for (int i = 0; i < nd; ++i) col_of[b_.diff[i]] = row_of[b_.diff[i]] = i;
  std::vector<int> lambda_col(n, -1), vel_row(n, -1);
  for (int i = 0; i < nl; ++i) {
    lambda_col[b_.lambda[i]] = nd + i;
    vel_row[b_.vel_rows[i]] = nd + i;
  }
  // Structure: (diff rows, diff cols) from dF/dy'; (diff rows, lambda) and (vel rows, diff)
  // from dF/dy.
  struct Raw {
    int r, c, p;
    bool deriv;
  };
  std::vector<Raw> raw;
  const SparsePattern& p = dae.pattern();
  for (int c = 0; c < p.n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k) {
      const int r = p.row_idx[k];
      if (row_of[r] >= 0 && col_of[c] >= 0) raw.push_back({row_of[r], col_of[c], k, true});
      if (row_of[r] >= 0 && lambda_col[c] >= 0) raw.push_back({row_of[r], lambda_col[c], k, false});
      if (vel_row[r] >= 0 && col_of[c] >= 0) raw.push_back({vel_row[r], col_of[c], k, false});
    }
  }
  std::vector<Eigen::Triplet<double>> trip;
  for (const Raw& e : raw) trip.emplace_back(e.r, e.c, 1.0);
  K_.resize(nd + nl, nd + nl);
  K_.setFromTriplets(trip.begin(), trip.end());
  K_.makeCompressed();
  for (const Raw& e : raw) {
    const int* inner = K_.innerIndexPtr();
    const int b = K_.outerIndexPtr()[e.c], en = K_.outerIndexPtr()[e.c + 1];
    const int pos = static_cast<int>(std::lower_bound(inner + b, inner + en, e.r) - inner);
    entries_.push_back({pos, e.p, e.deriv});
  }
  // dF/dy' of the differential rows: constant in this formulation (identity kinematic rows,
  // constant m and body-axes J), so evaluated once; each solve needs only dF/dy.
  const std::vector<double> y0 = dae.system().initial_state();
  dae.jacobian(0.0, y0.data(), zero_yp_.data(), 0.0, j0_.data());
  dae.jacobian(0.0, y0.data(), zero_yp_.data(), 1.0, dfdyp_.data());
  for (size_t k = 0; k < dfdyp_.size(); ++k) dfdyp_[k] -= j0_[k];
  for (const auto& e : dae.system().model().state_elements) {
    if (e.form == StateElement::Form::kImplicit) refresh_dfdyp_ = true;
  }
  // A force reading DIF1 puts state derivatives into the body rows with state-dependent
  // coefficients.
  for (const auto& fk : dae.system().force_kernels()) {
    for (char d : fk.state_inputs.state_deriv) refresh_dfdyp_ |= d != 0;
    implicit_forces_ |= fk.reads_accelerations || fk.n_multipliers > 0;
    accelerations_read_ |= fk.reads_accelerations;
  }
  const System& sys = dae.system();
  constraint_jacobian_only_ = !refresh_dfdyp_ && !implicit_forces_ &&
                              std::all_of(entries_.begin(), entries_.end(), [&](const Entry& e) {
                                return e.deriv || sys.constraint_only_position(e.p);
                              });
  lu_.analyze(K_);
  rhs_.resize(nd + nl);
  sol_.resize(nd + nl);
  z_.resize(nd + nl);
  kz_.resize(nd + nl);
  rate_rhs_.resize(nl);
}

void AccelerationSolver::solve(double t, std::vector<double>& y, std::vector<double>& yp) {
  const int n = dae_.size();
  const auto& mask = dae_.differential_mask();
  for (int i = 0; i < n; ++i) {
    if (mask[i] <= 0) y[i] = 0.0;  // lambda, mu, mu_n
  }
  std::fill(yp.begin(), yp.end(), 0.0);
  const Eigen::Index nd = static_cast<Eigen::Index>(b_.diff.size());
  // Explicit time dependence of the velocity rows (driven motions, Constraint_Generals reading
  // TIME), from the expressions' symbolic time derivatives.
  std::fill(res_.begin(), res_.end(), 0.0);
  dae_.system().add_velocity_row_time_rates(dae_.workspace(), t, y.data(), res_.data());
  for (size_t i = 0; i < b_.vel_rows.size(); ++i) {
    rate_rhs_(static_cast<Eigen::Index>(i)) = -res_[b_.vel_rows[i]];
  }
  // Forces that read accelerations or reactions make the differential rows nonlinear in the
  // unknowns z = (y'_d, lambda): Newton from z = 0, each step the linear solve at the current z
  // (K z_new = K z - F_d(z)). Otherwise one step is exact.
  // The matrix is kept over iterations (a chord iteration: one residual and one solve each) while
  // every step shrinks the change at least fourfold; the first step (from z = 0, far off) and a
  // slower one take a new matrix at the current iterate.
  Eigen::VectorXd& z = z_;
  z.setZero();
  bool refresh = true;
  double last_change = 0;
  for (int iter = 0;; ++iter) {
    if (refresh) {
      if (constraint_jacobian_only_) {
        dae_.constraint_jacobian(t, y.data(), yp.data(), 0.0, j0_.data());
      } else {
        dae_.jacobian(t, y.data(), yp.data(), 0.0, j0_.data());
      }
      j0_y_ = y;  // same size after the first solve: no allocation
      // Forces reading reactions (joint friction) leave dF/dy' as it was: only the accelerations'
      // readers put it under the iteration.
      if (refresh_dfdyp_ || accelerations_read_) {
        dae_.jacobian(t, y.data(), yp.data(), 1.0, dfdyp_.data());
        for (size_t k = 0; k < dfdyp_.size(); ++k) dfdyp_[k] -= j0_[k];
      }
      double* kv = K_.valuePtr();
      std::fill(kv, kv + K_.nonZeros(), 0.0);
      for (const Entry& e : entries_) kv[e.k] += e.deriv ? dfdyp_[e.p] : j0_[e.p];
      if (!lu_.factor(K_)) {
        throw Error(ExitCode::kAnalysisFailed,
                    fmt::format("accelerations at t = {:g}: the system [M B^T; B 0] is singular "
                                "(redundant constraints, or a body without mass or inertia in a "
                                "free direction{})",
                                t,
                                implicit_forces_ ? ", or forces reading accelerations that cancel "
                                                   "a body's mass"
                                                 : ""));
      }
    }
    dae_.residual(t, y.data(), yp.data(), res_.data());
    kz_.noalias() = K_ * z;
    for (Eigen::Index i = 0; i < nd; ++i) {
      rhs_(i) = kz_(i) - res_[b_.diff[static_cast<size_t>(i)]];
    }
    rhs_.tail(rhs_.size() - nd) = rate_rhs_;
    sol_ = rhs_;
    lu_.solve(K_, sol_.data());
    const double change = (sol_ - z).lpNorm<Eigen::Infinity>();
    z = sol_;
    for (Eigen::Index i = 0; i < nd; ++i) yp[b_.diff[static_cast<size_t>(i)]] = z(i);
    for (size_t i = 0; i < b_.lambda.size(); ++i) {
      y[b_.lambda[i]] = z(nd + static_cast<Eigen::Index>(i));
    }
    if (!implicit_forces_ || change <= kNewtonTolerance * (1.0 + z.lpNorm<Eigen::Infinity>())) {
      break;
    }
    if (iter == kMaxNewtonIterations) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("accelerations at t = {:g}: the forces that read accelerations or "
                              "reactions did not converge in {} Newton iterations (last change "
                              "{:g})",
                              t, kMaxNewtonIterations, change));
    }
    refresh = iter == 0 || change > 0.25 * last_change;
    last_change = change;
  }
}

// ---------------------------------------------------------------------------------------------
// ConstraintProjector

ConstraintProjector::ConstraintProjector(const Dae& dae)
    : dae_(dae),
      b_(blocks_of(dae)),
      zero_yp_(dae.size(), 0.0),
      res_(dae.size(), 0.0),
      values_(dae.pattern().nnz(), 0.0) {
  rows_ = b_.pos_rows;
  rows_.insert(rows_.end(), b_.vel_rows.begin(), b_.vel_rows.end());
  const System& sys = dae.system();
  std::vector<int> row_of(dae.size(), -1);
  for (size_t r = 0; r < rows_.size(); ++r) row_of[rows_[r]] = static_cast<int>(r);
  std::vector<Eigen::Triplet<double>> at;
  std::vector<int> at_pos;
  const SparsePattern& p = dae.pattern();
  for (size_t c = 0; c < b_.diff.size(); ++c) {
    const int v = b_.diff[c];
    if (v >= sys.motion_state_begin()) continue;
    for (int k = p.col_ptr[v]; k < p.col_ptr[v + 1]; ++k) {
      if (row_of[p.row_idx[k]] < 0) continue;
      at.emplace_back(row_of[p.row_idx[k]], static_cast<int>(c), 1.0);
      at_pos.push_back(k);
    }
  }
  A_.resize(static_cast<Eigen::Index>(rows_.size()), static_cast<Eigen::Index>(b_.diff.size()));
  A_.setFromTriplets(at.begin(), at.end());
  A_.makeCompressed();
  a_pos_.assign(at_pos.size(), -1);
  for (size_t e = 0; e < at.size(); ++e) {
    const int* inner = A_.innerIndexPtr();
    const int c = at[e].col(), b = A_.outerIndexPtr()[c], en = A_.outerIndexPtr()[c + 1];
    a_pos_[static_cast<size_t>(std::lower_bound(inner + b, inner + en, at[e].row()) - inner)] =
        at_pos[e];
  }
  // A A^T's lower triangle: each column's entries multiplied pairwise (rows ascending).
  const int* outer = A_.outerIndexPtr();
  const int* inner = A_.innerIndexPtr();
  std::vector<Eigen::Triplet<double>> lower;
  for (Eigen::Index c = 0; c < A_.outerSize(); ++c) {
    for (int k1 = outer[c]; k1 < outer[c + 1]; ++k1) {
      for (int k2 = outer[c]; k2 <= k1; ++k2) lower.emplace_back(inner[k1], inner[k2], 1.0);
    }
  }
  aat_.resize(A_.rows(), A_.rows());
  aat_.setFromTriplets(lower.begin(), lower.end());
  aat_.makeCompressed();
  for (Eigen::Index c = 0; c < A_.outerSize(); ++c) {
    for (int k1 = outer[c]; k1 < outer[c + 1]; ++k1) {
      for (int k2 = outer[c]; k2 <= k1; ++k2) {
        const int* col = aat_.innerIndexPtr();
        const int b = aat_.outerIndexPtr()[inner[k2]], en = aat_.outerIndexPtr()[inner[k2] + 1];
        const int k = static_cast<int>(std::lower_bound(col + b, col + en, inner[k1]) - col);
        aat_products_.push_back({k, k1, k2});
      }
    }
  }
  if (aat_.rows() > 0) ldlt_.analyzePattern(aat_);
  constraint_parts_only_ =
      std::all_of(rows_.begin(), rows_.end(), [&](int r) { return sys.constraint_only_row(r); }) &&
      std::all_of(a_pos_.begin(), a_pos_.end(),
                  [&](int k) { return sys.constraint_only_position(k); });
  r_.resize(static_cast<Eigen::Index>(rows_.size()));
}

bool ConstraintProjector::project(double t, std::vector<double>& y, double tol, int max_iter,
                                  const Nearby* nearby) {
  const auto& mask = dae_.differential_mask();
  for (int i = 0; i < dae_.size(); ++i) {
    if (mask[i] <= 0) y[i] = 0.0;
  }
  factored_ = false;
  for (int iter = 0;; ++iter) {
    if (constraint_parts_only_) {
      dae_.constraint_residual(t, y.data(), zero_yp_.data(), res_.data());
    } else {
      dae_.residual(t, y.data(), zero_yp_.data(), res_.data());
    }
    for (size_t i = 0; i < rows_.size(); ++i) r_(static_cast<Eigen::Index>(i)) = res_[rows_[i]];
    const double err = r_.size() ? r_.cwiseAbs().maxCoeff() : 0.0;
    // A converged state keeps the factorisation of the previous iterate (one Newton step
    // earlier, so it differs by O(err)): project_tangent() uses it.
    if (err <= tol && (factored_ || rows_.empty())) return true;
    if (iter == max_iter) return false;
    const double* values = values_.data();
    if (iter == 0 && nearby && is_near(nearby->y, y, kNearbyDistance * tol)) {
      values = nearby->values.data();
    } else if (constraint_parts_only_) {
      dae_.constraint_jacobian(t, y.data(), zero_yp_.data(), 0.0, values_.data());
    } else {
      dae_.jacobian(t, y.data(), zero_yp_.data(), 0.0, values_.data());
    }
    double* av = A_.valuePtr();
    for (size_t k = 0; k < a_pos_.size(); ++k) av[k] = values[a_pos_[k]];
    double* m = aat_.valuePtr();
    std::fill(m, m + aat_.nonZeros(), 0.0);
    for (const Product& e : aat_products_) m[e.k] += av[e.a1] * av[e.a2];
    ldlt_.factorize(aat_);
    if (ldlt_.info() != Eigen::Success) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("projection at t = {:g}: singular constraint Jacobian", t));
    }
    factored_ = true;
    if (err <= tol) return true;
    const Eigen::VectorXd dx = -(A_.transpose() * ldlt_.solve(r_));
    for (size_t i = 0; i < b_.diff.size(); ++i) y[b_.diff[i]] += dx(static_cast<Eigen::Index>(i));
  }
}

bool ConstraintProjector::is_near(const std::vector<double>& a, const std::vector<double>& b,
                                  double distance) const {
  if (a.size() != b.size()) return false;
  for (int i : b_.diff) {
    if (!(std::abs(a[static_cast<size_t>(i)] - b[static_cast<size_t>(i)]) <= distance)) {
      return false;
    }
  }
  return true;
}

void ConstraintProjector::project_tangent(Eigen::VectorXd& e) const {
  if (!factored_ || A_.rows() == 0) return;
  const Eigen::VectorXd Ae = A_ * e;
  e -= A_.transpose() * ldlt_.solve(Ae);
}

}  // namespace mb
