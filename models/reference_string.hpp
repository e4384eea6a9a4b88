#pragma once
// Reference_String (format reference 2.9; Adams STRING/id, STRING=text): text for user
// subroutines, which read it with c_gtstrg (include/mbsolve/usersub.h; GTSTRG in Adams).
// At most kMaxStringLength characters; STRING_READ (user subroutine) forms are reported as not
// supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

/// The longest text a Reference_String holds (c_gtstrg callers size their buffers by it).
inline constexpr size_t kMaxStringLength = 1024;

void build_reference_string(ElementReader& in, ModelDraft& draft, bool in_command);

}  // namespace mb
