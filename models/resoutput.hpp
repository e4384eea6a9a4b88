#pragma once
// ResOutput (command): output options. mbsolve writes one CSV (plus JSON and log): of the
// MotionSolve options it honours abf_unique_time / plt_unique_time (FIRST, LAST or ALL rows at
// one output time) and angle_type EULER_ANGLES; every other option is reported as having no
// effect (a warning) or, for YPR angles, as not supported.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_resoutput(ElementReader& in, ModelDraft& draft, bool in_command);
}
