#pragma once
// KLU setup that keeps the pivot order while it stays good. SUNDIALS' own KLU setup refactors
// with the previous pivot order, but whenever the cheap reciprocal condition number
// (min |U_kk| / max |U_kk|) falls below eps^(2/3) (3.7e-11) it runs the condition estimator
// (several triangular solves) and, if that is large too, a full factorization with a new pivot
// search. On the GGL saddle-point matrix the diagonal of U spans cj M down to about 1 / cj, so
// that ratio sits at 1e-11 for a perfectly well-behaved matrix and the test fires at most setups
// (the N-link chain of bench/chain: 2e-13 after a fresh factorization, 1e-11 to 1e-10 after
// refactors). Here the test is the one that matters for a reused pivot order, the reciprocal
// pivot growth (klu_rgrowth: min over columns of max |A_ij| / max |U_ij|), relative to its
// value at the last full factorization: the matrix is factored afresh when it has dropped by
// kMaxPivotGrowth, when refactoring meets a zero pivot, and at the first setup.

#include <sunlinsol/sunlinsol_klu.h>

namespace mb {

/// Replaces the setup operation of a SUNLinSol_KLU solver (before its first setup); `klu` keeps
/// its other operations (solve, free).
void use_refactor_setup(SUNLinearSolver klu);

}  // namespace mb
