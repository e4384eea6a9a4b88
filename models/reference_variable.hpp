#pragma once
// Reference_Variable: a named value VARVAL(id) = expr (format reference 2.4). Explicit
// EXPRESSION variables are supported where requests and other variables read them; implicit
// variables, USERSUB/scripts and VARVAL inside force or motion expressions are not yet.
//   id, type="EXPRESSION" (default), expr (req), ic, static_hold accepted.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_variable(ElementReader& in, ModelDraft& draft, bool in_command);
}
