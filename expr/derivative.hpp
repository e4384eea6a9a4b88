#pragma once
// Symbolic differentiation of expression trees (the solver's analytic Jacobians).
//
// The variable is TIME or one input slot; every other quantity is held fixed, so the result is
// a partial derivative. Rules beyond the textbook ones:
// * Functions that are not differentiable at isolated points take the derivative of the branch
//   the value uses there (one-sided), which is the derivative almost everywhere:
//     d|u| = SIGN(1, u)*du (so +du at u = 0);  d SIGN(a, b) = SIGN(1, a)*SIGN(1, b)*da;
//     d MAX(a, b) = IF(a - b: db, da, da);  d MIN(a, b) = IF(a - b: da, da, db);
//     d DIM(a, b) = IF(a - b: 0, 0, da - db);  d AINT = d ANINT = 0;
//     d MOD(a, b) = da - AINT(a/b)*db;  d IF(c: a, b, e) = IF(c: da, db, de) (c held).
// * General functions (STEP, BISTOP, POLY, ...): d f(a) = sum_i (df/da_i)(a) * da_i, where each
//   partial is a kPartial node evaluated with nested dual numbers from the same formula as the
//   value (so the STEP ends and the BISTOP branch points are one-sided, as the value is).
// * Splines: d S(x, z) = S_x * dx + S_z * dz, with S_x, S_z the splines with a higher derivative
//   order.
// The result is simplified (fold.hpp) but keeps the subtrees it shares with the input, and the
// derivative of each distinct node is built once and shared by every use: the result has
// O(distinct nodes of the input) new nodes (no expression swell: d(TIME*TIME*...*TIME) with n
// factors is a DAG of O(n) nodes, not a sum of n products of n - 1 factors).

#include "expr/ast.hpp"

namespace mb::expr {

/// What to differentiate with respect to.
struct Variable {
  bool time = false;  ///< true: TIME; false: the input `slot`
  int slot = -1;
};

NodePtr differentiate(const NodePtr& n, Variable v);

}  // namespace mb::expr
