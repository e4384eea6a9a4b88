#pragma once
// Motion_Marker: prescribes one component of the motion of marker I relative to marker J
// (format reference 2.16). i_marker_id, j_marker_id (req, on different bodies), direction
// X | Y | Z (translation DX/DY/DZ(I, J, J), the I origin along J's axes) | B1 | B2 | B3 (the
// body-fixed 1-2-3 (Bryant) angles of I relative to J: A_J^T A_I = Rx(B1) Ry(B2) Rz(B3)),
// val_type D | V (ic_disp) | A (ic_disp, ic_vel) and type EXPRESSION expr = f(TIME), as for
// Motion_Joint. Only that one component is constrained; B2 must stay away from +-90 degrees
// (the angles' singularity). The reaction is MOTION(id, ...) when no Motion_Joint has that id.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"
#include "models/motion_joint.hpp"

namespace mb {
void build_motion_marker(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes expr, as on a Motion_Joint (not reused by sweeps: a fresh build is checked
/// for Motion_Joint only).
inline constexpr EditRule kMotionMarkerEdit = {"type val_type expr", resolve_motion_edit, true,
                                               false};

}  // namespace mb
