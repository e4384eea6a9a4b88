#pragma once
// Force_Vector_TwoBody: a force and/or torque vector between two bodies (format reference
// 2.18). F = A_ref [fx, fy, fz] and T = A_ref [tx, ty, tz] act on I's body at R_I; -F and -T act
// on the body of the floating J marker at the same point.
//   type: ForceOnly | TorqueOnly | ForceAndTorque; i_marker_id, j_floating_marker_id (req);
//   ref_marker_id (components' axes, default ground); fx/fy/fz/tx/ty/tz_expression.
// Rejected: components that do not belong to the type, user subroutines.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_vector_twobody(ElementReader& in, ModelDraft& draft, bool in_command);
/// Shared with Force_Vector_OneBody: type and the six component expressions.
void read_vector_components(ElementReader& in, DraftExpressionElement& d);

/// A command changes the component expressions (type only as it is); Force_Vector_OneBody
/// shares the rule.
bool resolve_vector_force_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kVectorForceEdit = {
    "type fx_expression fy_expression fz_expression tx_expression ty_expression "
    "tz_expression",
    resolve_vector_force_edit, true, true};

}  // namespace mb
