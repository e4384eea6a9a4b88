#pragma once
// Stop (command): ends the command list; later commands are not run.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_stop(ElementReader& in, ModelDraft& draft, bool in_command);
}
