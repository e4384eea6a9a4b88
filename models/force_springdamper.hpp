#pragma once
// Force_SpringDamper (format reference 2.21; seed: Exudyn's spring-damper).
//   type: TRANSLATIONAL | ROTATIONAL; i_marker_id, j_marker_id (req)
//   stiffness (>= 0, force/length or torque/rad), damping (>= 0), length (free length, > 0 for
//   translational; free angle in rad for rotational), preload (force or torque at the free
//   length, positive repulsive, default 0), velocity_offset (Exudyn's L0-dot, default 0).
// Translational: F = -k (l - length) - c (ldot - velocity_offset) + preload along the line of
// sight, l = DM(I,J), ldot = VR(I,J); positive pushes I away from J; reaction on J.
// Rotational: T = -k (AZ(I,J) - length) - c (WZ(I,J,J) - velocity_offset) + preload about z_J.
// force_expression="..." (instead of stiffness, damping, length, preload, velocity_offset): a
// user force law, the scalar force F (translational, positive pushes I away from J) or torque T
// (rotational, about z_J); DM(I,J), VR(I,J) and TIME give what Exudyn's spring-force user function
// receives (L, Ldot, t). Its exact Jacobian comes from the expression's derivative tapes.
// A translational spring whose length reaches zero stops the analysis with an error.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_springdamper(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes the numbers of the linear law.
bool resolve_spring_damper_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kSpringDamperEdit = {"stiffness damping length preload",
                                               resolve_spring_damper_edit, true, true};

}  // namespace mb
