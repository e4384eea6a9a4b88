#pragma once
// Motion_Joint: prescribes the free coordinate of a joint as a function of time (format
// reference 2.15). joint_id (req: a REVOLUTE, TRANSLATIONAL or CYLINDRICAL joint), joint_type
// (alias motion_type) R | T, val_type D (displacement, default), V (velocity; needs ic_disp) or
// A (acceleration; needs ic_disp and ic_vel), type EXPRESSION with expr = f(TIME). With
// q = AZ(I,J) (R) or DZ(I,J,J) (T) the constraint is q - f(t) = 0 (D), q - s(t) = 0 with
// s' = f, s(t0) = ic_disp (V), or with s'' = f, s(t0) = ic_disp, s'(t0) = ic_vel (A): s is
// integrated as an added state, and initial conditions assemble the joint to it.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
/// The attributes shared with Motion_Marker: val_type, ic_disp, ic_vel (into d.values as
/// level 0 D / 1 V / 2 A, ic_disp, ic_vel), type and expr.
void read_motion_value(ElementReader& in, DraftExpressionElement& d);
void build_motion_joint(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes expr (val_type only as it is); Motion_Marker shares the rule.
bool resolve_motion_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kMotionEdit = {"type val_type expr", resolve_motion_edit, true, true};

}  // namespace mb
