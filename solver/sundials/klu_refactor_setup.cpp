#include "solver/sundials/klu_refactor_setup.hpp"

#include <sunmatrix/sunmatrix_sparse.h>

#include "solver/sparse_lu.hpp"

namespace mb {

namespace {

/// KLU's pivot growth in the index width SUNDIALS was built with (scripts/sundials.sh builds it
/// with 32-bit indices; Debian's libraries have 64-bit ones).
template <class... Args>
int pivot_growth(Args... args) {
#if defined(SUNDIALS_INT32_T)
  return klu_rgrowth(args...);
#else
  return klu_l_rgrowth(args...);
#endif
}

/// Refactor with the old pivot order while its pivot growth stays within this factor of the
/// growth of a fresh factorization (the same rule as SparseLu's).
constexpr double kMaxPivotGrowth = SparseLu::kMaxPivotGrowth;

/// The reciprocal pivot growth after the last full factorization. One value per solver: the
/// setup is a plain function pointer, so it is kept in the KLU common block's user_data (KLU
/// reads user_data only for a user ordering, which is not used here).
double& fresh_growth(SUNLinearSolverContent_KLU c) {
  return *static_cast<double*>(c->common.user_data);
}

int refactor_setup(SUNLinearSolver S, SUNMatrix A) {
  auto* c = static_cast<SUNLinearSolverContent_KLU>(S->content);
  const sunindextype n = SUNSparseMatrix_NP(A);
  sunindextype* ap = SUNSparseMatrix_IndexPointers(A);
  sunindextype* ai = SUNSparseMatrix_IndexValues(A);
  double* ax = SUNSparseMatrix_Data(A);
  if (c->first_factorize) {
    if (c->symbolic) sun_klu_free_symbolic(&c->symbolic, &c->common);
    c->symbolic = sun_klu_analyze(n, ap, ai, &c->common);
    if (!c->symbolic) return c->last_flag = SUNLS_PACKAGE_FAIL_UNREC;
  } else if (sun_klu_refactor(ap, ai, ax, c->symbolic, c->numeric, &c->common) &&
             pivot_growth(ap, ai, ax, c->symbolic, c->numeric, &c->common) &&
             c->common.rgrowth * kMaxPivotGrowth >= fresh_growth(c)) {
    return c->last_flag = SUNLS_SUCCESS;
  }
  if (c->numeric) sun_klu_free_numeric(&c->numeric, &c->common);
  c->numeric = sun_klu_factor(ap, ai, ax, c->symbolic, &c->common);
  if (!c->numeric) return c->last_flag = SUNLS_PACKAGE_FAIL_UNREC;
  if (!pivot_growth(ap, ai, ax, c->symbolic, c->numeric, &c->common)) {
    return c->last_flag = SUNLS_PACKAGE_FAIL_UNREC;
  }
  fresh_growth(c) = c->common.rgrowth;
  c->first_factorize = 0;
  return c->last_flag = SUNLS_SUCCESS;
}

int free_with_growth(SUNLinearSolver S) {
  auto* c = static_cast<SUNLinearSolverContent_KLU>(S->content);
  delete static_cast<double*>(c->common.user_data);
  c->common.user_data = nullptr;
  return SUNLinSolFree_KLU(S);
}

}  // namespace

void use_refactor_setup(SUNLinearSolver klu) {
  auto* c = static_cast<SUNLinearSolverContent_KLU>(klu->content);
  c->common.user_data = new double(0.0);
  klu->ops->setup = &refactor_setup;
  klu->ops->free = &free_with_growth;
}

}  // namespace mb
