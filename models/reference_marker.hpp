#pragma once
// Reference_Marker: a right-handed orthonormal frame fixed to a body.
//   id, body_id (req), body_type (RIGIDBODY or POINTBODY), rm_id (opt: pos and axes are given in
//   that marker's frame; otherwise global), pos_x/y/z (length, default 0),
//   orientation: a00..a22 direction cosines (column k = axis k) | psi, theta, phi (body 3-1-3,
//   radians) | neither (identity).
// Rejected: non-orthonormal axes beyond 1e-3 (re-orthonormalised with a warning above 1e-9),
//   left-handed axes, mixing a** with psi/theta/phi.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_marker(ElementReader& in, ModelDraft& draft, bool in_command);
}
