#pragma once
// Post_Request: output channels written as `req<id>.<component>` (format reference 2.31).
//   MARKER_DISPLACEMENT: x y z (of I wrt J, in ref_marker axes) psi theta phi (3-1-3 of I wrt J)
//   MARKER_VELOCITY:     vx vy vz (d/dt in ground of R_I - R_J, in ref axes) wx wy wz
//   MARKER_ACCELERATION: ax ay az wdx wdy wdz
//   MARKER_FORCE:        fx fy fz tx ty tz (FX..TZ(I, J, ref))
//   EXPRESSION:          f1..f8 from expr1..expr8; "NULL" channels are left out
// i_marker_id (req for marker requests), j_marker_id, ref_marker_id (default ground).
// ELEMENTAL_FORCE and USERSUB requests are not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_post_request(ElementReader& in, ModelDraft& draft, bool in_command);
}
