#pragma once
// A sparse LU with kept pivot order: KLU (SuiteSparse) on a square matrix whose sparsity
// pattern is fixed and whose values change between factorisations (the ODE form's acceleration
// system and Newton matrix, system_blocks.hpp and ode_newton_matrix.hpp). This file pair is the
// only place outside solver/sundials that sees KLU.
//
// analyze() orders the pattern once (BTF, AMD). The first factor() is a full numeric
// factorisation with partial pivoting; later ones refactor with the same pivot order
// (klu_refactor: no pivot search, no allocation) as long as that stays accurate: the reciprocal
// pivot growth min_j max|A(:,j)| / max|U(:,j)| must stay within kMaxPivotGrowth of the growth of
// the last full factorisation. A refactorisation that meets a zero pivot or grows the pivots
// past that falls back to a full factorisation (which picks new pivots); only that allocates.
// Each solve takes one step of iterative refinement: KLU's threshold pivoting (it keeps a
// diagonal pivot down to 1e-3 of the column's largest entry) and the kept pivot order lose
// digits on ill-conditioned matrices, the restarts at a singular configuration of IFToMM A02 among
// them, where the unrefined solutions made IDA fail after the restart (iftomm_A02_tight_restarts).

#include <Eigen/Core>
#include <Eigen/Sparse>
#include <memory>

namespace mb {

class SparseLu {
 public:
  /// Refactor with the old pivot order while its reciprocal pivot growth stays within this
  /// factor of the growth of a full factorisation (also used by the IDA path's KLU setup,
  /// solver/sundials/klu_refactor_setup.cpp).
  static constexpr double kMaxPivotGrowth = 1e3;

  SparseLu();
  ~SparseLu();
  SparseLu(const SparseLu&) = delete;
  SparseLu& operator=(const SparseLu&) = delete;

  /// Orders the pattern of `a` (square, compressed): every matrix given to factor() later must
  /// have this pattern (the values may differ). Throws Error(kInternal) if KLU refuses it.
  void analyze(const Eigen::SparseMatrix<double>& a);
  /// Factors `a` (the analysed pattern): refactors with the kept pivot order when that stays
  /// accurate, else factors afresh. False if `a` is singular (a zero pivot with any pivot
  /// order); solve() then must not be called until a later factor() succeeds.
  bool factor(const Eigen::SparseMatrix<double>& a);
  /// x <- A^-1 x, `a` the matrix of the last successful factor() (unchanged since), with one
  /// step of iterative refinement against it; x has A's size. No allocation.
  void solve(const Eigen::SparseMatrix<double>& a, double* x);

  /// Numbers of full factorisations and of accepted refactorisations so far (for tests and
  /// statistics).
  int full_factorizations() const { return full_; }
  int refactorizations() const { return refactored_; }

 private:
  struct Klu;  ///< KLU's common block, symbolic and numeric objects (sparse_lu.cpp)
  std::unique_ptr<Klu> klu_;
  Eigen::VectorXd b_ = Eigen::VectorXd(), r_ = Eigen::VectorXd();  ///< refinement work
  int full_ = 0, refactored_ = 0;
};

}  // namespace mb
