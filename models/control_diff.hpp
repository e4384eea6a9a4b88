#pragma once
// Control_Diff (format reference 2.28): one user state y. type="EXPRESSION" (default) with
// is_implicit="FALSE": y' = expr; is_implicit="TRUE": expr(y, y', ...) = 0 with DIF1(id) = y'.
// ic (y(0), default 0), ic_dot (implicit: y'(0) guess, default 0), is_static_hold (default
// FALSE). DIF(id) reads y, DIF1(id) reads y'. USERSUB (DIFSUB) is reported as not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_control_diff(ElementReader& in, ModelDraft& draft, bool in_command);
}
