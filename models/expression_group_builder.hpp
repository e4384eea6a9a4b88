#pragma once
// Builds the ExpressionGroup of one element (models/compiled_expression.hpp) from its deck
// attributes, binding model references (DX, VARVAL, ...) through the ModelBinder.

#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "models/compiled_expression.hpp"
#include "parser/deck.hpp"

namespace mb {

class ModelBinder;

/// Compiles expressions of one element into a group; call add() for each attribute, then
/// finish() once (it computes the partial derivatives against the group's final measure list).
class ExpressionGroupBuilder {
 public:
  ExpressionGroupBuilder(ModelBinder& binder, Diagnostics& diag) : binder_(binder), diag_(diag) {}
  /// Compiles `attr`; returns the expression's index in the group, or -1 after an error.
  int add(const DeckAttribute& attr, const std::string& subject);
  /// Adds a constant expression (for absent components); returns its index.
  int add_constant(double value);
  ExpressionGroup finish();

 private:
  ModelBinder& binder_;
  Diagnostics& diag_;
  std::vector<expr::Expression> values_;
  std::vector<std::string> subjects_;
};

}  // namespace mb
