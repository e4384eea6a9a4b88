#pragma once
// Constraint_Joint: an ideal joint between markers I and J (format reference 2.10).
//   type: SPHERICAL (d = 0), REVOLUTE (d = 0, z_I parallel z_J), FIXED, TRANSLATIONAL (slides
//   along z_J), CYLINDRICAL, PLANAR (I in J's x-y plane), UNIVERSAL (z_I perpendicular z_J),
//   HOOKE (x_I perpendicular y_J), with d = R_I - R_J.
//   i_marker_id, j_marker_id (req, on different bodies).
// Not supported yet (stop with a message): CONSTANT_VELOCITY, SCREW, RACK_PINION, FREE and the
//   jprim-type names.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_constraint_joint(ElementReader& in, ModelDraft& draft, bool in_command);
}
