#pragma once
// Pass 2 of the state elements (Control_Diff, Control_StateEqn, Control_SISO, Force_StateEqn)
// and their data (Reference_Array, Reference_Matrix, Reference_Spline, Reference_String), in
// two steps:
//   resolve_state_data         before any expression is compiled: arrays, matrices, splines and
//                              the state elements' layout (Model::state_elements, first_state),
//                              so that ARYVAL, DIF and DIF1 can be bound anywhere;
//   resolve_state_expressions  after the variables: U-array inputs, Control_Diff expressions.
// The solver side is solver/state_kernel.hpp.

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {
void resolve_state_data(const ModelDraft& draft, Model& m, Diagnostics& diag);
void resolve_state_expressions(const ModelDraft& draft, Model& m, Diagnostics& diag);
}  // namespace mb
