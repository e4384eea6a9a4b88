#include "solver/redundant_constraints.hpp"

#include <fmt/format.h>

#include <Eigen/SparseQR>
#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.hpp"

namespace mb {

namespace {

/// B: the velocity-constraint rows of the Jacobian with respect to the velocities.
SpMat constraint_rows(const System& sys, double t, const std::vector<double>& y) {
  const Dae full(sys);
  const Blocks b = blocks_of(full);
  std::vector<int> cols = b.nu;
  cols.insert(cols.end(), b.other.begin(), b.other.end());
  const std::vector<double> yp(sys.size(), 0.0);
  return block(jacobian_matrix(full, t, y, yp, 0.0), b.vel_rows, cols);
}

/// B^T with each column (a row of B) scaled to unit norm, restricted to the velocities that
/// some constraint involves. Its rows (velocities) are ordered so that the k-th column claims
/// the k-th row, one of its own nonzeros where it has one left: the sparse QR below uses row k as
/// the pivot row of its k-th accepted column, and without this order the pivot rows drift away
/// from the columns' nonzeros (there are more velocities than equations), which fills the
/// Householder vectors (quadratic work for a chain).
SpMat unit_constraint_columns(const System& sys, double t, const std::vector<double>& y) {
  SpMat bt = SpMat(constraint_rows(sys, t, y).transpose());
  for (int k = 0; k < bt.outerSize(); ++k) {
    const double norm = bt.col(k).norm();
    if (norm > 0) bt.col(k) /= norm;
  }
  bt.prune(0.0);
  std::vector<int> new_row(static_cast<size_t>(bt.rows()), -1);
  int next = 0;
  for (int k = 0; k < bt.outerSize(); ++k) {
    for (SpMat::InnerIterator it(bt, k); it; ++it) {
      if (new_row[static_cast<size_t>(it.row())] < 0) {
        new_row[static_cast<size_t>(it.row())] = next++;
        break;
      }
    }
  }
  for (int k = 0; k < bt.outerSize(); ++k) {
    for (SpMat::InnerIterator it(bt, k); it; ++it) {
      if (new_row[static_cast<size_t>(it.row())] < 0)
        new_row[static_cast<size_t>(it.row())] = next++;
    }
  }
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(bt.nonZeros()));
  for (int k = 0; k < bt.outerSize(); ++k) {
    for (SpMat::InnerIterator it(bt, k); it; ++it) {
      entries.emplace_back(new_row[static_cast<size_t>(it.row())], k, it.value());
    }
  }
  SpMat ordered(next, bt.cols());
  ordered.setFromTriplets(entries.begin(), entries.end());
  ordered.makeCompressed();
  return ordered;
}

}  // namespace

std::vector<int> find_redundant_equations(const System& sys, double t,
                                          const std::vector<double>& y) {
  // Left-looking sparse Householder QR of B^T in equation order (no reordering of the columns):
  // column e's pivot is the norm of what is left of row e of B after removing its components
  // along the accepted earlier rows, i.e. Gram-Schmidt in equation order, with the work and the
  // memory of the sparse factors (a chain of N joints: O(N)). The columns are unit vectors, so
  // the absolute pivot threshold is the relative kRedundancyThreshold. Rows of B that are zero
  // are redundant too. Eigen puts the dependent columns last in colsPermutation().
  const SpMat bt = unit_constraint_columns(sys, t, y);
  std::vector<int> removed;
  if (bt.cols() == 0) return removed;
  if (bt.rows() == 0) {
    for (int e = 0; e < bt.cols(); ++e) removed.push_back(e);
    return removed;
  }
  Eigen::SparseQR<SpMat, Eigen::NaturalOrdering<int>> qr;
  qr.setPivotThreshold(kRedundancyThreshold);
  qr.compute(bt);
  if (qr.info() != Eigen::Success) {
    throw Error(ExitCode::kInternal,
                "redundant constraint check: sparse QR of the constraint Jacobian failed (" +
                    qr.lastErrorMessage() + ")");
  }
  const auto& order = qr.colsPermutation().indices();
  for (Eigen::Index k = qr.rank(); k < bt.cols(); ++k) removed.push_back(order(k));
  std::sort(removed.begin(), removed.end());
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
    const Eigen::MatrixXd B(constraint_rows(sys, t, y));
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
