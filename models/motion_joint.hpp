#pragma once
// Motion_Joint: prescribes the free coordinate of a joint as a function of time (format
// reference 2.15). joint_id (req: a REVOLUTE, TRANSLATIONAL or CYLINDRICAL joint), joint_type
// (alias motion_type) R | T, val_type D (displacement; V and A not supported yet), type
// EXPRESSION with expr = f(TIME). The constraint is AZ(I,J) - f(t) = 0 (R) or
// DZ(I,J,J) - f(t) = 0 (T); the deck's initial configuration should satisfy it.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_motion_joint(ElementReader& in, ModelDraft& draft, bool in_command);
}
