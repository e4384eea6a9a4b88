#pragma once
// Reference_Variable: a named value VARVAL(id) = expr (format reference 2.4). Explicit
// EXPRESSION variables are supported where requests and other variables read them; implicit
// variables, USERSUB/scripts and VARVAL inside force or motion expressions are not yet.
//   id, type="EXPRESSION" (default), expr (req), ic, static_hold accepted.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_variable(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes expr.
bool resolve_variable_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kVariableEdit = {"type expr", resolve_variable_edit, true, true};

}  // namespace mb
