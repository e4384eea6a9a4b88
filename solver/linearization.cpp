#include "solver/linearization.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"

namespace mb {

namespace {

/// dF/dy and dF/dy' at the operating point: the one place the linearisation evaluates the
/// System's Jacobian (dF/dy + cj dF/dy' at cj = 0 and cj = 1).
struct Derivatives {
  Eigen::MatrixXd dy, dyp;
};

Derivatives derivatives(const Dae& dae, double t, const std::vector<double>& y,
                        const std::vector<double>& yp, const std::vector<int>& rows,
                        const std::vector<int>& cols) {
  const SpMat j0 = jacobian_matrix(dae, t, y, yp, 0.0);
  const SpMat j1 = jacobian_matrix(dae, t, y, yp, 1.0);
  Derivatives d;
  d.dy = Eigen::MatrixXd(block(j0, rows, cols));
  d.dyp = Eigen::MatrixXd(block(j1, rows, cols)) - d.dy;
  return d;
}

std::vector<int> concat(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Orthonormal basis of the null space of C (rank from a column-pivoting QR of C^T).
Eigen::MatrixXd null_space(const Eigen::MatrixXd& C, int n) {
  if (C.rows() == 0) return Eigen::MatrixXd::Identity(n, n);
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(C.transpose());
  qr.setThreshold(1e-10);
  const Eigen::Index rank = qr.rank();
  const Eigen::MatrixXd Q = qr.householderQ();
  return Q.rightCols(n - rank);
}

}  // namespace

int LinearSystem::position_of(int variable) const {
  const auto it = std::lower_bound(vars.begin(), vars.end(), variable);
  return it != vars.end() && *it == variable ? static_cast<int>(it - vars.begin()) : -1;
}

LinearSystem linearize(const Dae& dae, double t, const std::vector<double>& y,
                       const std::vector<double>& yp, const LinearizationOptions& options) {
  const System& sys = dae.system();
  const Blocks b = blocks_of(dae);
  LinearSystem lin;
  lin.t = t;
  lin.y = y;
  for (int i = 0; i < kBodyStates * sys.num_moving_bodies(); ++i) lin.vars.push_back(i);
  // The dissipated energies are integrals for the outputs: no dynamics, held like references.
  const std::vector<StateElement>& elements = sys.model().state_elements;
  const size_t num_elements = options.num_state_elements < 0
                                  ? elements.size()
                                  : static_cast<size_t>(options.num_state_elements);
  for (size_t k = 0; k < num_elements; ++k) {
    const StateElement& e = elements[k];
    if (e.kind == StateElement::Kind::kDissipation) continue;
    for (int i = 0; i < e.num_states; ++i) {
      lin.vars.push_back(sys.state_offset() + e.first_state + i);
    }
    lin.num_user_states += e.num_states;
  }
  std::sort(lin.vars.begin(), lin.vars.end());
  const std::vector<int> mult = concat(b.lambda, b.pos_rows);  // lambda, mu, mu_n (= their rows)
  const int nd = static_cast<int>(lin.vars.size()), na = static_cast<int>(mult.size());
  const Derivatives j = derivatives(dae, t, y, yp, concat(lin.vars, mult), concat(lin.vars, mult));
  const Eigen::MatrixXd E = j.dyp.topLeftCorner(nd, nd);
  Eigen::MatrixXd K = j.dy.topLeftCorner(nd, nd);
  const Eigen::MatrixXd L = j.dy.topRightCorner(nd, na);
  const Eigen::MatrixXd C = j.dy.bottomLeftCorner(na, nd);
  if (options.no_damping) {
    for (int r : b.dyn_rows) {
      for (int c : b.nu) K(r, c) = 0;  // body variables come first: index = position in vars
    }
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> e_lu(E);
  if (!e_lu.isInvertible()) {
    throw Error(ExitCode::kAnalysisFailed,
                "linear analysis: the mass matrix is singular (a massless body, or a user "
                "state equation that does not depend on its derivative)");
  }
  const Eigen::MatrixXd EinvL = e_lu.solve(L);
  const Eigen::MatrixXd G = C * EinvL;  // C E^-1 L
  const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> g_cod(G);
  // S = -E^-1 + E^-1 L G^+ C E^-1
  const Eigen::MatrixXd Einv = e_lu.inverse();
  lin.S = -Einv + EinvL * g_cod.solve(C * Einv);
  lin.basis = null_space(C, nd);

  lin.A = lin.basis.transpose() * (lin.S * K) * lin.basis;
  return lin;
}

}  // namespace mb
