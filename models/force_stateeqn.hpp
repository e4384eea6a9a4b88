#pragma once
// Force_StateEqn (format reference 2.26): a Control_StateEqn whose exactly 6 outputs y are
// applied as [FX FY FZ TX TY TZ] (components in ref_marker_id axes) on i_marker_id, with the
// reaction on j_floating_marker_id's body at the point of I (as Force_Vector_TwoBody).
// type="LINEAR" (A, B, C, D matrices) or type="USERSUB" with num_state and YFOSUB (partials
// YFOXX, YFOXU, YFOYX, YFOYU optional: forward differences otherwise; solver/user_state.cpp).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_stateeqn(ElementReader& in, ModelDraft& draft, bool in_command);
}
