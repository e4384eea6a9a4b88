#pragma once
// Pass 2 for the elements with expressions (forces, motions, requests): resolves their markers
// and joints and compiles their expressions, now that every id of the deck is known.

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {

void resolve_expression_elements(const ModelDraft& draft, Model& model, Diagnostics& diag);

}  // namespace mb
