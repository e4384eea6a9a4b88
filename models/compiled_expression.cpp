#include "models/compiled_expression.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "models/model_binder.hpp"

namespace mb {

int ExpressionGroupBuilder::add(const DeckAttribute& attr, const std::string& subject) {
  const std::string full = subject + " " + attr.name;
  expr::Source src{attr.value, [&attr](size_t off) { return attr.loc_at(off); }, full};
  auto e = expr::compile(src, binder_, diag_);
  if (!e) return -1;
  values_.push_back(*e);
  subjects_.push_back(full);
  return static_cast<int>(values_.size() - 1);
}

namespace {
/// A binder for expressions that may not read the model (constants).
class NoBinder : public expr::Binder {
 public:
  expr::BindResult bind(std::string_view name, std::span<const long long>) override {
    return expr::BindResult::fail(std::string(name) + " is not allowed here");
  }
  std::variant<expr::SplineData, std::string> spline(long long) override {
    return std::string("splines are not allowed here");
  }
  std::variant<expr::CurveData, std::string> curve(long long) override {
    return std::string("curves are not allowed here");
  }
};
}  // namespace

int ExpressionGroupBuilder::add_constant(double value) {
  NoBinder none;
  Diagnostics ignore;
  const std::string text = fmt::format("{:.17g}", value);
  expr::Source src{text, {}, "constant"};
  values_.push_back(*expr::compile(src, none, ignore));
  subjects_.push_back("constant");
  return static_cast<int>(values_.size() - 1);
}

CompiledExpression compile_partials(const expr::Expression& e, size_t n_measures,
                                    std::string subject) {
  CompiledExpression c;
  c.value = e;
  c.subject = std::move(subject);
  c.max_stack = c.value.max_stack();
  for (size_t m = 0; m < n_measures; ++m) {
    c.d_measure.push_back(c.value.partial(static_cast<int>(m)));
    c.max_stack = std::max(c.max_stack, c.d_measure.back().max_stack());
  }
  c.d_time = c.value.partial_time();
  c.d_time2 = c.d_time.partial_time();
  c.max_stack = std::max({c.max_stack, c.d_time.max_stack(), c.d_time2.max_stack()});
  return c;
}

SecondOrderExpression compile_second_partials(const expr::Expression& e, size_t n_measures,
                                              const std::string& subject) {
  SecondOrderExpression s;
  s.value = compile_partials(e, n_measures, subject);
  s.max_stack = s.value.max_stack;
  for (size_t m = 0; m < n_measures; ++m) {
    s.d_measure.push_back(compile_partials(s.value.d_measure[m], n_measures, subject));
    s.max_stack = std::max(s.max_stack, s.d_measure.back().max_stack);
  }
  s.d_time = compile_partials(s.value.d_time, n_measures, subject);
  s.max_stack = std::max(s.max_stack, s.d_time.max_stack);
  return s;
}

ExpressionGroup ExpressionGroupBuilder::finish() {
  ExpressionGroup g;
  g.measures = binder_.take_measures();
  for (size_t k = 0; k < values_.size(); ++k) {
    g.exprs.push_back(compile_partials(values_[k], g.measures.size(), subjects_[k]));
  }
  return g;
}

}  // namespace mb
