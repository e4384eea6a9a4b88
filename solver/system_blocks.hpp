#pragma once
// Building blocks shared by the initial conditions, the ODE form (CVODE), statics and the
// redundant-constraint handling. Everything is taken from the System's public API (residual,
// exact Jacobian, pattern, layout), so it holds for any element the System assembles.
//
//   Dae                  the System's DAE with redundant constraint equations removed
//   Blocks               index sets of the variable/row layout of system.hpp
//   AccelerationSolver   derivatives and multipliers at a state (initial accelerations, ODE RHS)
//   ConstraintProjector  minimum-change projection onto Phi = 0, B nu = 0 (assembly, CVODE)
//
// Layout convention used throughout: residual row i is "the equation of" variable i (the body
// rows pair with the body states, velocity constraints with lambda, position constraints with
// mu); a differential variable's row is its own equation, linear in its derivative.

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <Eigen/SparseCholesky>
#include <string>
#include <vector>

#include "solver/sparse_lu.hpp"
#include "solver/system.hpp"

namespace mb {

using SpMat = Eigen::SparseMatrix<double>;

/// The System's DAE with some constraint equations removed (they were found redundant). For a
/// removed equation e the velocity row becomes lambda_e = 0 and the position row mu_e = 0 (in
/// the index-3 form: its Phi row, lambda's, and its pinned mu row; in the index-1 form its
/// acceleration row, lambda's, and kappa_e = 0 too): the rows and multipliers
/// still exist, the multipliers are pinned to zero. With nothing removed
/// residual() and jacobian() are the System's. A Dae is a run's view: it evaluates in the
/// Workspace `ws` (System::make_workspace()) that its owner keeps alive.
class Dae {
 public:
  Dae(const System& sys, Workspace& ws, std::vector<int> removed = {});

  const System& system() const { return sys_; }
  /// The run's Workspace (for evaluations beside the residual: applied forces, angle tracks).
  Workspace& workspace() const { return ws_; }
  int size() const { return sys_.size(); }
  const SparsePattern& pattern() const { return sys_.pattern(); }
  const std::vector<double>& differential_mask() const { return sys_.differential_mask(); }
  const std::vector<int>& error_test_index() const { return sys_.error_test_index(); }
  /// Removed constraint equations (0-based equation indices into the lambda block), sorted.
  const std::vector<int>& removed() const { return removed_; }
  std::string describe_variable(int index) const { return sys_.describe_variable(index); }

  void residual(double t, const double* y, const double* yp, double* res) const;
  void jacobian(double t, const double* y, const double* yp, double cj, double* values) const;
  /// The constraints' part of residual() and jacobian() (System::constraint_residual,
  /// System::constraint_jacobian), with the removed equations pinned alike.
  void constraint_residual(double t, const double* y, const double* yp, double* res) const;
  void constraint_jacobian(double t, const double* y, const double* yp, double cj,
                           double* values) const;

  /// From now on residual() and jacobian() evaluate the System at time `t` whatever time they
  /// are given: a pseudo-time integration at a fixed instant (solver/mkeam_static.hpp).
  void freeze_time(double t) {
    time_frozen_ = true;
    frozen_time_ = t;
  }

 private:
  double time_at(double t) const { return time_frozen_ ? frozen_time_ : t; }

  const System& sys_;
  Workspace& ws_;
  bool time_frozen_ = false;
  double frozen_time_ = 0;
  std::vector<int> removed_;
  std::vector<int> pinned_;    ///< rows (= variables) pinned to zero: lambda_e and mu_e
  std::vector<int> zero_pos_;  ///< Jacobian value positions in pinned rows
  std::vector<int> diag_pos_;  ///< Jacobian value positions of the pinned diagonals

  void pin(const double* y, double* res) const;
  void pin(double* values) const;
};

/// Index sets of the layout in system.hpp (stabilised index-2 form: the index-3 form has no
/// velocity rows, and blocks_of refuses it). Removed equations are left out of vel_rows, lambda
/// and pos_rows.
struct Blocks {
  std::vector<int> q;   ///< body positions and Euler parameters (7 per moving body), then the
                        ///< curve parameters of point-curve constraints
  std::vector<int> nu;  ///< body velocities v, w (6 per moving body)
  /// The rates of the curve parameters (PTCV s, CVCV s_alpha and s_beta): velocity unknowns
  /// without mass, fixed by the velocity rows.
  std::vector<int> curve_rates;
  std::vector<int> other;     ///< further differential variables (not in a body block)
  std::vector<int> diff;      ///< all differential variables, in index order
  std::vector<int> dyn_rows;  ///< Newton-Euler rows (pair with nu)
  std::vector<int> vel_rows;  ///< active velocity constraints; equal to `lambda` as indices
  std::vector<int> lambda;    ///< active joint multipliers
  std::vector<int> pos_rows;  ///< active position constraints, then the normalisation rows
};

Blocks blocks_of(const Dae& dae);

/// dF/dy + cj dF/dy' of the Dae as an Eigen matrix.
SpMat jacobian_matrix(const Dae& dae, double t, const std::vector<double>& y,
                      const std::vector<double>& yp, double cj);
/// The block J(rows, cols).
SpMat block(const SpMat& J, const std::vector<int>& rows, const std::vector<int>& cols);
Eigen::VectorXd gather(const std::vector<double>& v, const std::vector<int>& idx);
/// Smallest dx with A dx = -r (A full row rank); throws Error(kAnalysisFailed) naming `stage`
/// if A A^T is singular.
Eigen::VectorXd min_norm_step(const SpMat& A, const Eigen::VectorXd& r, const char* stage);

/// Derivatives of the differential variables and the multipliers lambda at a state with
/// mu = 0 (the ODE form and the initial accelerations). Unknowns z = (y'_d, lambda):
///   [dF_d/dy'_d   dF_d/dlambda] [y'_d  ]   [-F_d(y, y' = 0, lambda = 0)]
///   [dF_v/dy_d    0           ] [lambda] = [ 0                         ]
/// The first block row is every differential row (for bodies: q' = H nu and M nu' - B^T lambda
/// = Q); the second is the time derivative of the velocity constraints, dF_v/dy y' = 0 (for
/// bodies B nu' + gamma = 0). dF/dy comes from the exact Jacobian at each solve, of the
/// constraints alone where that is exact (constraint_jacobian_only()); dF/dy' (the
/// mass matrix and the identity of the kinematic rows) is constant in this formulation and is
/// evaluated once, at construction; models with implicit user states (Control_Diff
/// is_implicit, whose y' coefficients may depend on the state) refresh it at every solve. The
/// sparsity of the augmented matrix is analysed once; each solve refactors numerically with the
/// kept pivot order while that stays accurate (SparseLu). Forces
/// that read accelerations (ACCX..WDTM) or reactions (JOINT, user routines) make the first block
/// row nonlinear in the unknowns: the solve is then a Newton iteration on the same matrix, taken
/// at the second iterate and kept while each step shrinks the change fourfold (dF/dy' with it
/// only when forces read accelerations). The
/// right side of the second block row carries the explicit time derivative of the velocity rows
/// (System::add_velocity_row_time_rates: driven motions, Constraint_Generals reading TIME).
class AccelerationSolver {
 public:
  explicit AccelerationSolver(const Dae& dae);
  /// Sets y' of the differential variables and lambda in y; mu, mu_n and the other entries of
  /// y' are set to 0. Throws Error(kAnalysisFailed) if the augmented matrix is singular.
  void solve(double t, std::vector<double>& y, std::vector<double>& yp);
  /// True when each solve evaluates the constraints' Jacobian only (System::constraint_jacobian):
  /// every entry of K that comes from dF/dy (-B^T in the differential rows, B in the velocity
  /// rows) is written by the constraint kernels alone and dF/dy' is constant. A force or user
  /// state reading reactions, a force reading accelerations, an implicit user state or a force
  /// reading DIF1 needs the full Jacobian.
  bool constraint_jacobian_only() const { return constraint_jacobian_only_; }
  /// The last solve's dF/dy (pattern order, y' = 0, cj = 0: what ConstraintProjector evaluates
  /// for its rows) and the state it was evaluated at, for a projection nearby to start from.
  const std::vector<double>& jacobian_values() const { return j0_; }
  const std::vector<double>& jacobian_state() const { return j0_y_; }

 private:
  const Dae& dae_;
  Blocks b_;
  std::vector<double> zero_yp_, j0_, j0_y_;
  std::vector<double> dfdyp_;   ///< dF/dy' in pattern order, evaluated once
  bool refresh_dfdyp_ = false;  ///< re-evaluate dF/dy' at each solve (implicit user states)
  /// Forces read accelerations or reactions: Newton on the (then nonlinear) system.
  bool implicit_forces_ = false;
  bool accelerations_read_ = false;  ///< forces read accelerations: dF/dy' at every iterate
  bool constraint_jacobian_only_ = false;
  static constexpr int kMaxNewtonIterations = 50;
  static constexpr double kNewtonTolerance = 1e-12;
  std::vector<double> res_;
  SpMat K_;
  struct Entry {
    int k;       ///< index into K_'s values
    int p;       ///< index into the Jacobian values
    bool deriv;  ///< take dF/dy' (j1 - j0) rather than dF/dy (j0)
  };
  std::vector<Entry> entries_;
  SparseLu lu_;
  Eigen::VectorXd rhs_ = Eigen::VectorXd(), sol_ = Eigen::VectorXd();
  /// The Newton iterate, K z and the velocity-row rates (preallocated: solve() runs in the ODE
  /// form's right-hand side).
  Eigen::VectorXd z_ = Eigen::VectorXd(), kz_ = Eigen::VectorXd(), rate_rhs_ = Eigen::VectorXd();
};

/// Minimum-change projection of the differential variables onto the constraint manifold:
/// Newton on [Phi(q); normalisation; B(q) nu] = 0 with min ||dx|| steps (all multipliers 0).
class ConstraintProjector {
 public:
  explicit ConstraintProjector(const Dae& dae);
  /// Projects y in place; returns false if Newton did not converge to `tol` (max |residual|)
  /// within `max_iter` iterations. Throws like min_norm_step if the constraints are dependent.
  ///
  /// `nearby`: the constraint rows' Jacobian evaluated at a state within kNearbyDistance tol of
  /// y in every differential variable (the ODE form's last right-hand side, at the step's last
  /// corrector iterate: AccelerationSolver::jacobian_values), which the first iteration uses
  /// instead of evaluating its own. Newton steps after it evaluate theirs; the tangent space
  /// (project_tangent) then differs from y's by O(that distance).
  struct Nearby {
    const std::vector<double>& values;
    const std::vector<double>& y;
  };
  static constexpr double kNearbyDistance = 1e5;
  bool project(double t, std::vector<double>& y, double tol, int max_iter,
               const Nearby* nearby = nullptr);
  /// Projects a vector of differential-variable increments onto the tangent space at the last
  /// projected point: e <- e - A^T (A A^T)^{-1} A e.
  void project_tangent(Eigen::VectorXd& e) const;
  /// True when the projection evaluates the constraints' residual and Jacobian only
  /// (System::constraint_residual, constraint_jacobian): nothing else writes the rows and
  /// entries it reads (always so in the index-2 form).
  bool constraint_parts_only() const { return constraint_parts_only_; }

 private:
  const Dae& dae_;
  Blocks b_;
  std::vector<int> rows_;
  std::vector<double> zero_yp_, res_, values_;
  /// A = d(rows_)/d(differential variables), motion states left out (references the bodies
  /// follow: the projection leaves them alone); its structure is fixed, its value k is the
  /// Jacobian's value a_pos_[k].
  SpMat A_;
  std::vector<int> a_pos_;
  /// A A^T's lower triangle, its structure fixed and ordered for the LDL^T once: value k is the
  /// sum of A's values a1 * a2 over the products aat_products_ lists for k.
  struct Product {
    int k, a1, a2;
  };
  SpMat aat_;
  std::vector<Product> aat_products_;
  bool constraint_parts_only_ = false;
  /// Every differential variable of a and b within `distance`.
  bool is_near(const std::vector<double>& a, const std::vector<double>& b, double distance) const;
  Eigen::VectorXd r_ = Eigen::VectorXd();
  Eigen::SimplicialLDLT<SpMat> ldlt_;
  bool factored_ = false;
};

}  // namespace mb
