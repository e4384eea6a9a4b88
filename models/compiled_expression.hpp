#pragma once
// Compiled expressions of one element. All expressions of an element share one list of measures
// (their input slots), so `d_measure[k]` is the partial derivative with respect to measure k of
// ExpressionGroup::measures. Time derivatives serve motions (Phi_t, Phi_tt) and Jacobians.

#include <optional>
#include <string>
#include <vector>

#include "expr/compile.hpp"
#include "models/measure.hpp"

namespace mb {

struct CompiledExpression {
  expr::Expression value;
  std::vector<expr::Expression> d_measure;  ///< one per measure of the group
  expr::Expression d_time;
  expr::Expression d_time2;
  std::string subject;   ///< "<Element> <id> <attribute>" for run-time messages
  size_t max_stack = 0;  ///< largest stack of value and derivatives
};

/// `e` with its partials against `n_measures` measures and TIME (the CompiledExpression form).
CompiledExpression compile_partials(const expr::Expression& e, size_t n_measures,
                                    std::string subject);

/// An expression whose first partials are compiled with partials of their own: enough to take
/// its total time derivative sum_k e_k dm_k/dt + e_t with dual numbers and, by forward mode over
/// that, the derivative of the rate with respect to the measures (solver/expression_eval.hpp,
/// evaluate_along_time). `value` is the CompiledExpression of e itself.
struct SecondOrderExpression {
  CompiledExpression value;
  std::vector<CompiledExpression> d_measure;  ///< e_k, each with its partials
  CompiledExpression d_time;                  ///< e_t with its partials
  size_t max_stack = 0;
};

/// `e` with its partials and theirs, against `n_measures` measures and TIME.
SecondOrderExpression compile_second_partials(const expr::Expression& e, size_t n_measures,
                                              const std::string& subject);

struct ExpressionGroup {
  std::vector<MeasureSpec> measures;
  std::vector<CompiledExpression> exprs;
};

}  // namespace mb
