#pragma once
// Body_Point: a point mass (format reference 2.3). id, cg_id (req), lprf_id (opt), mass (> 0),
// v_ic_x/_y/_z (global axes) and their _flag attributes. Three translational degrees of
// freedom: the body's frame stays the global frame (markers on it keep their orientation), so
// the System holds its rotation with three orientation equations against ground (their
// reaction is whatever torque the body's joints and forces apply; it has no inertia to take
// it). Joints and forces attach to its markers as to a Body_Rigid's.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_body_point(ElementReader& in, ModelDraft& draft, bool in_command);
}
