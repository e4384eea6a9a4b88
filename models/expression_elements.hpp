#pragma once
// Pass 2 for the elements with expressions (forces, motions, requests): resolves their markers
// and joints and compiles their expressions, now that every id of the deck is known.

#include <string>

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {

void resolve_expression_elements(const ModelDraft& draft, Model& model, Diagnostics& diag);

/// Compiles the draft's expressions (absent ones become the constant 0) into one group; false
/// after reporting an error. `allow_multipliers`: reaction queries allowed (requests, variables).
bool compile_group(const Model& m, const DraftExpressionElement& d, bool allow_multipliers,
                   ExpressionGroup& group, Diagnostics& diag);

/// The deck error for a motion expression that reads measures, states or forces (motions are
/// functions of TIME; `g` is the motion's group, with at least one measure).
std::string motion_time_only_error(const ExpressionGroup& g);

/// True when Reference_Variable `k` depends on itself through VARVAL (an algebraic loop).
bool variable_depends_on_itself(const Model& m, size_t k);

}  // namespace mb
