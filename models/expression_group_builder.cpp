#include "models/expression_group_builder.hpp"

#include <fmt/format.h>

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

ExpressionGroup ExpressionGroupBuilder::finish() {
  ExpressionGroup g;
  g.measures = binder_.take_measures();
  for (size_t k = 0; k < values_.size(); ++k) {
    g.exprs.push_back(compile_partials(values_[k], g.measures.size(), subjects_[k]));
  }
  return g;
}

}  // namespace mb
