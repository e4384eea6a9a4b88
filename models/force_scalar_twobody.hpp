#pragma once
// Force_Scalar_TwoBody: one force or torque component between markers I and J (format
// reference 2.17, Adams SFORCE semantics).
//   type: Force (also TRANSLATION/TRANSLATIONAL) | Torque (ROTATION/ROTATIONAL)
//   i_marker_id, j_marker_id (req); is_action_only (default FALSE)
//   val (constant) | val_expression (expression; force or torque units)
// Translational, action-reaction: along the line of sight, positive repulsive; action-only:
// along z_J on I. Rotational: about z_J, positive right-handed, on I (reaction on J).
// Rejected: both val and val_expression, user subroutines.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_scalar_twobody(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes val or val_expression (type only as it is).
bool resolve_scalar_force_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kScalarForceEdit = {"type val val_expression", resolve_scalar_force_edit,
                                              true, true};

}  // namespace mb
