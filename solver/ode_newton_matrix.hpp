#pragma once
// The Newton matrix of the ODE form's BDF corrector (cvode_integrator.hpp), sparse.
//
// The ODE right-hand side f(x) = y'_d is the solution z = (y'_d, lambda) of the augmented
// system G(x, z) = K(x) z - g(x) = 0 that AccelerationSolver (system_blocks.hpp) solves:
//   K = [dF_d/dy'_d  dF_d/dlambda]   (M and the identity of the kinematic rows; -B^T)
//       [dF_v/dy_d   0           ]   (the time derivative of the velocity constraints)
// so J = df/dx = -P K^-1 S with S = [dF_d/dy_d; C], dF_d/dy_d the DAE Jacobian of the
// differential rows at the solved (y, y', lambda) (force stiffness and damping, dM/dq y',
// d(B^T)/dq lambda), C = d(dF_v/dy_d y'_d)/dx the curvature of the constraints, and P the
// first nd rows. BDF's Newton system (I - gamma J) dx = r is then, with w = K^-1 S dx,
//   (K + gamma [S 0]) w = S r,   dx = r - gamma w_d,
// a sparse system of the size of K with K's pattern plus that of dF_d/dy_d, factored once
// per Newton-matrix update and solved per iteration (as IDA's Newton matrix in the DAE form).
// C = d(dF_v/dy_d y'_d)/dx at fixed y'_d, plus the derivative of the velocity rows' explicit time
// rate, needs second derivatives of the constraints that the System does not provide; it is the
// directional derivative of the exact Jacobian dF_v/dy_d along the trajectory, (t, y_d) moving
// at (1, y'_d), taken here by a forward difference of two exact Jacobians (one extra Jacobian per
// Newton-matrix update, relative accuracy about sqrt(eps)). C's pattern is that of dF_v/dy_d.
// Replaces the dense difference-quotient Jacobian (nd right-hand sides, each a sparse LU, per
// update, then a dense LU of nd x nd).

#include <Eigen/Sparse>
#include <vector>

#include "solver/sparse_lu.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

class OdeNewtonMatrix {
 public:
  explicit OdeNewtonMatrix(const Dae& dae);

  /// Evaluates dF/dy and dF/dy' of the Dae at a solved state (y with lambda, y' from
  /// AccelerationSolver::solve), and the curvature C: the blocks of K and S.
  void evaluate(double t, const std::vector<double>& y, const std::vector<double>& yp);
  /// Assembles K + gamma [S 0] from the last evaluation and factors it; false if singular.
  bool factor(double gamma);
  /// b (the nd differential variables) <- (I - gamma J)^-1 b with the gamma of factor().
  void solve(double* b);
  double gamma() const { return gamma_; }

 private:
  const Dae& dae_;
  Blocks b_;
  int nd_ = 0;
  std::vector<double> j0_, j1_;   ///< dF/dy and dF/dy + dF/dy' in pattern order
  std::vector<double> jh_;        ///< dF/dy a step h along the trajectory (for C)
  std::vector<double> s_values_;  ///< S in pattern order: dF_d/dy_d and C in the velocity rows
  std::vector<double> y_shifted_;
  std::vector<int> curvature_pos_;  ///< pattern positions of (velocity row, differential var)
  /// Only the constraint kernels write curvature_pos_: jh_ is their Jacobian alone.
  bool curvature_from_constraints_ = false;
  struct Entry {
    int k;       ///< index into the matrix's values
    int p;       ///< index into the Jacobian values
    bool deriv;  ///< dF/dy' (j1 - j0), else dF/dy (j0)
  };
  std::vector<Entry> k_entries_;         ///< K
  std::vector<Entry> s_entries_;         ///< S in the Newton matrix (times gamma)
  std::vector<Entry> s_matrix_entries_;  ///< S in s_matrix_ (k indexes it)
  SpMat newton_, s_matrix_;
  SparseLu lu_;
  double gamma_ = 0;
  Eigen::VectorXd r_ = Eigen::VectorXd(), rhs_ = Eigen::VectorXd(), w_ = Eigen::VectorXd();
};

}  // namespace mb
