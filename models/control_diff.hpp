#pragma once
// Control_Diff (format reference 2.28): one user state y. type="EXPRESSION" (default) with
// is_implicit="FALSE": y' = expr; is_implicit="TRUE": expr(y, y', ...) = 0 with DIF1(id) = y'.
// ic (y(0), default 0), ic_dot (accepted; the consistent y'(0) is computed), is_static_hold
// (default FALSE). DIF(id) reads y, DIF1(id) reads y' (exactly, also for implicit diffs: y' is a
// DAE variable). The consistent initial y' and the ODE form (CVODE) take one linear solve for y',
// exact when the implicit expression is affine in DIF1 (its coefficient may depend on the
// state). type="USERSUB": DIFSUB returns y' (explicit) or the implicit residual, reading y and y'
// through c_sysfnc("DIF"/"DIF1", {id}); its partials are forward differences.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_control_diff(ElementReader& in, ModelDraft& draft, bool in_command);
}
