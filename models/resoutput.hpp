#pragma once
// ResOutput (command): output options. mbsolve writes one CSV (plus JSON and log): of the
// MotionSolve options it honours abf_unique_time / plt_unique_time (FIRST, LAST or ALL rows at
// one output time) and angle_type EULER_ANGLES; every other option is reported as having no
// effect (a warning) or, for YPR angles, as not supported.
// mbsolve extensions: adams_res_file, adams_req_file (the Adams .res / .req files), and
// mbsolve_body_angles = NONE | YPR | 313: the CSV's body angle columns, as mbsolve --angles ypr /
// 313 adds them (MotionSolve's ResOutput has no such switch: its angle_type chooses the angle set
// of its own result files' rotations). The last ResOutput that gives it decides for the whole
// run; --angles on the command line wins over the deck.

#include <string>

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

struct Deck;

void build_resoutput(ElementReader& in, ModelDraft& draft, bool in_command);

/// The deck's mbsolve_body_angles ("none", "ypr" or "313", lower-cased; "" when no ResOutput
/// gives it). The model build has checked the value.
std::string deck_body_angles(const Deck& deck);

}  // namespace mb
