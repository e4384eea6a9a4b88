#pragma once
// Reference_String (format reference 2.9): text for user subroutines (GTSTRG). Read, checked
// for its id and `string`, and otherwise unused; STRING_READ (user subroutine) forms are
// reported as not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_string(ElementReader& in, ModelDraft& draft, bool in_command);
}
