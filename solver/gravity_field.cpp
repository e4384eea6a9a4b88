#include "solver/gravity_field.hpp"

#include <algorithm>
#include <span>

#include "solver/expression_eval.hpp"

namespace mb {

GravityField::GravityField(const Model& m) {
  if (m.gravity_expr) {
    expr_ = &*m.gravity_expr;
    size_t stack = 1;
    for (const auto& e : expr_->exprs) stack = std::max(stack, e.max_stack);
    ws_.reserve(stack);
  } else {
    g_ = m.gravity;
  }
}

const V3<double>& GravityField::at(double t) const {
  if (!expr_ || t == t_) return g_;
  for (int k = 0; k < 3; ++k) {
    const CompiledExpression& e = expr_->exprs[static_cast<size_t>(k)];
    g_(k) = e.value.eval(t, std::span<const double>(), ws_);
    check_expression(e, ws_, t);
  }
  t_ = t;
  return g_;
}

}  // namespace mb
