#include "solver/sparse_lu.hpp"

#include <klu.h>

#include "common/error.hpp"

namespace mb {

struct SparseLu::Klu {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  double fresh_growth = 0;  ///< reciprocal pivot growth of the last full factorisation

  void free_numeric() {
    if (numeric) klu_free_numeric(&numeric, &common);
  }
  ~Klu() {
    free_numeric();
    if (symbolic) klu_free_symbolic(&symbolic, &common);
  }
};

SparseLu::SparseLu() : klu_(std::make_unique<Klu>()) { klu_defaults(&klu_->common); }

SparseLu::~SparseLu() = default;

namespace {

// KLU takes the arrays as non-const pointers but only reads them.
int* outer(const Eigen::SparseMatrix<double>& a) { return const_cast<int*>(a.outerIndexPtr()); }
int* inner(const Eigen::SparseMatrix<double>& a) { return const_cast<int*>(a.innerIndexPtr()); }
double* values(const Eigen::SparseMatrix<double>& a) { return const_cast<double*>(a.valuePtr()); }

}  // namespace

void SparseLu::analyze(const Eigen::SparseMatrix<double>& a) {
  if (a.rows() != a.cols() || !a.isCompressed()) {
    throw Error(ExitCode::kInternal, "SparseLu::analyze: a square, compressed matrix is needed");
  }
  klu_->free_numeric();
  if (klu_->symbolic) klu_free_symbolic(&klu_->symbolic, &klu_->common);
  klu_->symbolic = klu_analyze(static_cast<int>(a.rows()), outer(a), inner(a), &klu_->common);
  if (!klu_->symbolic) {
    throw Error(ExitCode::kInternal, "SparseLu::analyze: KLU cannot order the matrix");
  }
  b_.resize(a.rows());
  r_.resize(a.rows());
}

bool SparseLu::factor(const Eigen::SparseMatrix<double>& a) {
  Klu& k = *klu_;
  if (!k.symbolic) throw Error(ExitCode::kInternal, "SparseLu::factor before analyze");
  // The kept pivot order, if it exists and stays accurate.
  if (k.numeric && klu_refactor(outer(a), inner(a), values(a), k.symbolic, k.numeric, &k.common) &&
      klu_rgrowth(outer(a), inner(a), values(a), k.symbolic, k.numeric, &k.common) &&
      k.common.rgrowth * kMaxPivotGrowth >= k.fresh_growth) {
    ++refactored_;
    return true;
  }
  // A full factorisation with partial pivoting (KLU reports a zero pivot as singular).
  k.free_numeric();
  k.numeric = klu_factor(outer(a), inner(a), values(a), k.symbolic, &k.common);
  if (!k.numeric) return false;
  if (!klu_rgrowth(outer(a), inner(a), values(a), k.symbolic, k.numeric, &k.common)) {
    k.free_numeric();
    return false;
  }
  k.fresh_growth = k.common.rgrowth;
  ++full_;
  return true;
}

void SparseLu::solve(const Eigen::SparseMatrix<double>& a, double* x) {
  Klu& k = *klu_;
  Eigen::Map<Eigen::VectorXd> xv(x, a.rows());
  b_ = xv;
  klu_solve(k.symbolic, k.numeric, k.symbolic->n, 1, x, &k.common);
  // One step of iterative refinement: x += A^-1 (b - A x).
  r_ = b_;
  r_.noalias() -= a * xv;
  klu_solve(k.symbolic, k.numeric, k.symbolic->n, 1, r_.data(), &k.common);
  xv += r_;
}

}  // namespace mb
