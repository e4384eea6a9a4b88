#include "solver/gravity_field.hpp"

#include <algorithm>
#include <span>

#include "solver/expression_eval.hpp"

namespace mb {

GravityField::GravityField(const Model& m) {
  if (m.gravity_expr) {
    expr_ = &*m.gravity_expr;
    for (const auto& e : expr_->exprs) stack_ = std::max(stack_, e.max_stack);
  } else {
    constant_ = m.gravity;
  }
}

GravityCache GravityField::make_cache() const {
  GravityCache cache;
  cache.g = constant_;
  if (expr_) cache.expr.reserve(stack_);
  return cache;
}

const V3<double>& GravityField::at(double t, GravityCache& cache) const {
  if (!expr_ || t == cache.t) return cache.g;
  for (int k = 0; k < 3; ++k) {
    const CompiledExpression& e = expr_->exprs[static_cast<size_t>(k)];
    cache.g(k) = e.value.eval(t, std::span<const double>(), cache.expr);
    check_expression(e, cache.expr, t);
  }
  cache.t = t;
  return cache.g;
}

}  // namespace mb
