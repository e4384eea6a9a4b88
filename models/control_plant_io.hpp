#pragma once
// Control_PlantInput and Control_PlantOutput (format reference 2.30): the inputs and outputs of
// the "plant" for linearisation and co-simulation, as lists of Reference_Variable ids
// (variable_id_list; num_element, or num_variable, must match). PINVAL(id, k) / POUVAL(id, k)
// read the k-th variable (1-based). hold_order, sampling_period and offset_time are accepted
// (they only matter for co-simulation, which mbsolve does not do); USERSUB forms are reported
// as not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_control_plantinput(ElementReader& in, ModelDraft& draft, bool in_command);
void build_control_plantoutput(ElementReader& in, ModelDraft& draft, bool in_command);
}  // namespace mb
