#pragma once
// Reference_Array (format reference 2.5): type X (states of a state element), Y (its outputs),
// U (Reference_Variable ids: variable_id="..." or the element text) or IC (numbers in the text).
// num_element must equal the number of entries given; 0 for an X or Y array means "sized by the
// state element that uses it" (Adams ARRAY X or Y without SIZE). ARYVAL(id, k) reads entry k
// (1-based). A type U array may instead be filled by a user subroutine (ARYSUB, from
// usrsub_dll_name or a Python script_name): it is called inside every residual evaluation of the
// state element that uses it as u_array_id (solver/user_state.cpp). ARYVAL reads it
// (MeasureKind::kUserArray) through the first state element that uses it (ReferenceArray::owner) in
// requests, variables, state-element inputs and force expressions (solver/state_reads.hpp).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_array(ElementReader& in, ModelDraft& draft, bool in_command);
}
