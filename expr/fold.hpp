#pragma once
// Constant folding and algebraic simplification of expression trees.
//
// * Operators and pure builtins whose arguments are all constants are evaluated (IF with a
//   constant condition keeps only the selected branch).
// * Identities: x+0, 0+x, x-0, x*1, 1*x, x/1, x**1 -> x; 0-x -> -x; --x -> x; x**0 -> 1;
//   0*x, x*0, 0/x -> 0 (x a non-constant subexpression; used to prune derivative trees).
// * With a problem list, the compile-time checks are made: division by a constant zero, a math
//   function or power outside its domain at constant arguments, and the documented parameter
//   rules of STEP/STEP5/HAVSIN (x0 < x1), IMPACT (k >= 0, e > 0, cmax >= 0, d > 0) and BISTOP
//   (also x1 < x2) for the arguments that are constant.

#include <vector>

#include "expr/ast.hpp"
#include "expr/parser.hpp"

namespace mb::expr {

/// Folds `n` bottom-up (each distinct node once, iteratively). Errors are appended to `problems`
/// when it is not null; without a problem list, subtrees that would fail are left unfolded (they
/// flag the error at run time).
NodePtr fold(const NodePtr& n, std::vector<Problem>* problems = nullptr);

/// Folds the node `n` itself, its arguments being folded already (O(1), for constructors).
NodePtr fold_node(const NodePtr& n, std::vector<Problem>* problems = nullptr);

// Simplifying constructors (they fold constants and apply the identities above).
NodePtr s_neg(const NodePtr& a);
NodePtr s_add(const NodePtr& a, const NodePtr& b);
NodePtr s_sub(const NodePtr& a, const NodePtr& b);
NodePtr s_mul(const NodePtr& a, const NodePtr& b);
NodePtr s_div(const NodePtr& a, const NodePtr& b);
NodePtr s_pow(const NodePtr& a, const NodePtr& b);
NodePtr s_call(Fn fn, std::vector<NodePtr> args);

}  // namespace mb::expr
