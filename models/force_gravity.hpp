#pragma once
// Force_Gravity: uniform gravitational acceleration grav_x/y/z (length/time^2, ground axes,
// default 0), acting at the CM of every body as m g. Constant values only for now.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_gravity(ElementReader& in, ModelDraft& draft, bool in_command);
}
