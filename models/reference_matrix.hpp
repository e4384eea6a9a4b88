#pragma once
// Reference_Matrix (format reference 2.6): nrow x ncol real matrix. Dense data (element text or
// `values`) is column-major unless isroworder="TRUE"; sparse data (issparse="TRUE", nval="K") is
// K triplets "row col value" with 1-based indices, unlisted entries 0, duplicates an error.
// USERSUB/script matrices are reported as not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_matrix(ElementReader& in, ModelDraft& draft, bool in_command);
}
