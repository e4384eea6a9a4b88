#include "solver/redundant_constraints.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>
#include <Eigen/SparseQR>
#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {

/// B: the velocity-constraint rows of the Jacobian with respect to the velocities.
SpMat constraint_rows(const System& sys, double t, const std::vector<double>& y) {
  Workspace ws = sys.make_workspace();  // B alone: no user state of a run is involved
  const Dae full(sys, ws);
  const Blocks b = blocks_of(full);
  std::vector<int> cols = b.nu;
  for (int i : b.other) {
    if (i < sys.motion_state_begin()) cols.push_back(i);  // motion states are references
  }
  cols.insert(cols.end(), b.curve_rates.begin(), b.curve_rates.end());
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

/// Equations (0-based, into the lambda block) whose rows of B are dependent, to relative
/// `threshold`, on the earlier rows, by the sparse QR of B^T in equation order described in
/// find_redundant_equations; the rows in `skip` are left out (and are not returned).
std::vector<int> dependent_rows(const System& sys, double t, const std::vector<double>& y,
                                double threshold, const std::vector<int>& skip) {
  const SpMat all = unit_constraint_columns(sys, t, y);
  std::vector<int> kept;
  for (int e = 0; e < all.cols(); ++e) {
    if (!std::binary_search(skip.begin(), skip.end(), e)) kept.push_back(e);
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (size_t k = 0; k < kept.size(); ++k) {
    for (SpMat::InnerIterator it(all, kept[k]); it; ++it) {
      entries.emplace_back(static_cast<int>(it.row()), static_cast<int>(k), it.value());
    }
  }
  SpMat bt(all.rows(), static_cast<Eigen::Index>(kept.size()));
  bt.setFromTriplets(entries.begin(), entries.end());
  bt.makeCompressed();
  std::vector<int> dependent;
  if (bt.cols() == 0) return dependent;
  if (bt.rows() == 0) return kept;
  Eigen::SparseQR<SpMat, Eigen::NaturalOrdering<int>> qr;
  qr.setPivotThreshold(threshold);
  qr.compute(bt);
  if (qr.info() != Eigen::Success) {
    throw Error(ExitCode::kInternal,
                "redundant constraint check: sparse QR of the constraint Jacobian failed (" +
                    qr.lastErrorMessage() + ")");
  }
  const auto& order = qr.colsPermutation().indices();
  for (Eigen::Index k = qr.rank(); k < bt.cols(); ++k) {
    dependent.push_back(kept[static_cast<size_t>(order(k))]);
  }
  std::sort(dependent.begin(), dependent.end());
  return dependent;
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
  return dependent_rows(sys, t, y, kRedundancyThreshold, {});
}

std::optional<RedundantSelection> select_redundant_equations(const System& sys, double t,
                                                             const std::vector<double>& y,
                                                             double threshold) {
  if (y.size() < static_cast<size_t>(sys.size())) return std::nullopt;
  const std::vector<double> y2(y.begin(), y.begin() + sys.size());
  SpMat bt;
  try {
    bt = unit_constraint_columns(sys, t, y2);
  } catch (const Error&) {
    return std::nullopt;
  }
  const Eigen::Index m = bt.cols();
  if (static_cast<double>(bt.rows()) * static_cast<double>(m) * static_cast<double>(m) >
      kMaxReselectWork) {
    return std::nullopt;
  }
  // The joints' equations come first in the lambda block (System::constraint_kernel).
  Eigen::Index joint_equations = 0;
  for (size_t j = 0; j < sys.model().joints.size(); ++j) {
    joint_equations += sys.joint_equation_count(static_cast<int>(j));
  }
  Eigen::MatrixXd c(bt);  // columns: the unit rows of B, projected as they are accepted
  std::vector<bool> done(static_cast<size_t>(m), false);
  RedundantSelection sel;
  const auto accept = [&](Eigen::Index k, double limit) {
    done[static_cast<size_t>(k)] = true;
    const double norm = c.col(k).norm();
    if (norm <= limit) {
      sel.removed.push_back(static_cast<int>(k));
      return;
    }
    if (k < joint_equations) sel.weakest_pivot = std::min(sel.weakest_pivot, norm);
    const Eigen::VectorXd q = c.col(k) / norm;
    for (Eigen::Index l = 0; l < m; ++l) {
      if (!done[static_cast<size_t>(l)]) c.col(l) -= q * q.dot(c.col(l));
    }
  };
  for (Eigen::Index k = joint_equations; k < m; ++k) accept(k, kRedundancyThreshold);
  for (Eigen::Index n = 0; n < joint_equations; ++n) {
    Eigen::Index best = -1;
    double best_norm = -1;
    for (Eigen::Index k = 0; k < joint_equations; ++k) {
      if (done[static_cast<size_t>(k)]) continue;
      const double norm = c.col(k).norm();
      if (norm > best_norm) {
        best = k;
        best_norm = norm;
      }
    }
    accept(best, threshold);
  }
  std::sort(sel.removed.begin(), sel.removed.end());
  return sel;
}

std::optional<std::vector<int>> conditioned_selection(const System& sys, double t,
                                                      const std::vector<double>& y, size_t count,
                                                      double threshold) {
  if (y.size() < static_cast<size_t>(sys.size())) return std::nullopt;
  const std::vector<double> y2(y.begin(), y.begin() + sys.size());
  try {
    std::vector<int> removed = dependent_rows(sys, t, y2, threshold, {});
    if (removed.size() == count) return removed;
  } catch (const Error&) {
  }
  return std::nullopt;
}

std::string rank_loss_report(const Dae& dae, double t, const std::vector<double>& y,
                             double threshold) {
  const System& sys = dae.system();
  if (sys.form() != DaeForm::kStabilisedIndex2 || y.size() < static_cast<size_t>(sys.size())) {
    return "";
  }
  const std::vector<double> y2(y.begin(), y.begin() + sys.size());
  std::vector<int> dependent;
  try {
    dependent = dependent_rows(sys, t, y2, threshold, dae.removed());
  } catch (const Error&) {
    return "";
  }
  if (dependent.empty()) return "";
  const int lambda0 = kBodyStates * sys.num_moving_bodies();
  std::string rows;
  for (size_t k = 0; k < dependent.size() && k < 6; ++k) {
    rows += (rows.empty() ? "" : ", ") + sys.describe_variable(lambda0 + dependent[k]);
  }
  if (dependent.size() > 6) rows += fmt::format(" and {} more", dependent.size() - 6);
  return fmt::format(
      "; at t = {:.10g} the constraint Jacobian is (nearly) rank deficient, a singular "
      "configuration: {} {} dependent on the other constraint equations (less than {:g} of the "
      "row's norm independent of them)",
      t, rows, dependent.size() == 1 ? "is" : "are", threshold);
}

void check_removed_drift(const Dae& dae, double since, double t, const std::vector<double>& y,
                         double limit, const std::string& cause) {
  const System& sys = dae.system();
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  std::vector<double> res(static_cast<size_t>(sys.size())), yp(res.size(), 0.0);
  sys.residual(dae.workspace(), t, y.data(), yp.data(), res.data());
  int worst = -1;
  double violation = limit;
  for (int e : dae.removed()) {
    const double v = std::abs(res[static_cast<size_t>(kBodyStates * nb + m + e)]);
    if (v > violation) {
      worst = e;
      violation = v;
    }
  }
  if (worst < 0) return;
  throw Error(ExitCode::kAnalysisFailed,
              fmt::format("the configuration does not pass the singular configuration met at t = "
                          "{:.10g}: {}, removed there as (nearly) dependent on the other "
                          "constraint equations, is violated by {:g} at t = {:.10g} and its rows "
                          "have not become independent again (a dead point: the motion cannot "
                          "go on with every joint held){}{}",
                          since, sys.describe_variable(kBodyStates * nb + worst), violation, t,
                          cause.empty() ? "" : "; removed after: ", cause));
}

void check_redundant_consistent(const Dae& dae, double t, const std::vector<double>& y,
                                double tol) {
  if (dae.removed().empty()) return;
  const System& sys = dae.system();
  const int nb = sys.num_moving_bodies(), m = sys.num_constraint_equations();
  std::vector<double> res(sys.size()), yp(sys.size(), 0.0);
  sys.residual(dae.workspace(), t, y.data(), yp.data(), res.data());
  for (int e : dae.removed()) {
    const double violation = std::abs(res[kBodyStates * nb + m + e]);
    if (violation <= tol) continue;
    // Which kept equations is it a combination of? Least squares B_kept^T c = b_e.
    const Eigen::MatrixXd B(constraint_rows(sys, t, y));
    const Blocks kept = blocks_of(dae);
    Eigen::MatrixXd Bk(static_cast<Eigen::Index>(kept.lambda.size()), B.cols());
    for (size_t i = 0; i < kept.lambda.size(); ++i) {
      Bk.row(static_cast<Eigen::Index>(i)) = B.row(kept.lambda[i] - kBodyStates * nb);
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
    const std::string self = sys.describe_variable(kBodyStates * nb + e);
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
