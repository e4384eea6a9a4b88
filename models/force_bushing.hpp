#pragma once
// Force_Bushing (format reference 2.20; Adams BUSHING; seed: Simbody's LinearBushing).
//   i_marker_id, j_marker_id (req): I takes the action, J the reaction.
//   kx, ky, kz (>= 0, force/length), ktx, kty, ktz (>= 0, torque/rad),
//   cx, cy, cz (>= 0, force/(length/time)), ctx, cty, ctz (>= 0, torque/(rad/time)),
//   preload_x, preload_y, preload_z (force), preload_tx, preload_ty, preload_tz (torque), in J
//   axes, default 0. rotation_model: SMALL_ANGLE (default) | EULER_XYZ.
// SMALL_ANGLE (MotionSolve/Adams): in J's axes, with d = [DX DY DZ](I,J,J), v = [VX VY
// VZ](I,J,J,J), a = AX/AY/AZ-like small angles of I about J's x, y, z (AX = atan2(y_I.z_J,
// y_I.y_J), AY = atan2(z_I.x_J, z_I.z_J), AZ = atan2(x_I.y_J, x_I.x_J)), w = [WX WY WZ](I,J,J):
//   f = -diag(kx,ky,kz) d - diag(cx,cy,cz) v + preload_xyz,
//   t = -diag(ktx,kty,ktz) a - diag(ctx,cty,ctz) w + preload_txyz,
//   F = A_J f and T = A_J t on I at R_I; the reaction on J is -F and -T - (R_I - R_J) x F.
// EULER_XYZ (Simbody LinearBushing; I is Simbody's frame M, J its frame F): R = A_J^T A_I =
// Rx(qx) Ry(qy) Rz(qz), so qy = asin(R02), qx = atan2(-R12, R22), qz = atan2(-R01, R00);
// p = A_J^T (R_I - R_J) with its rate taken in J; qdot_rot = N(q) A_I^T (w_I - w_J) with
// N = [[cz/cy, -sz/cy, 0], [sz, cz, 0], [-sy cz/cy, sy sz/cy, 1]]; f = -(k q + c qdot) per axis; on
// I's body the moment A_I N^T f_rot and the force A_J f_trans at R_I; the reaction on J's body is
// equal and opposite at R_I. Preloads are rejected in this mode; |qy| within 1e-3 rad of 90 degrees
// stops the analysis with an error (checked at every force evaluation: an integrator step that
// jumps over the window is not caught; h_max bounds it). Rejected: negative stiffness or damping,
// user subroutines, scripts.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_bushing(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes the element's numbers, not its markers or rotation model
/// (models/linear_force_edit.hpp).
bool resolve_bushing_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kBushingEdit = {
    "preload_x preload_y preload_z preload_tx preload_ty preload_tz kx cx ky cy kz cz ktx ctx "
    "kty cty ktz ctz",
    resolve_bushing_edit, true, false};

}  // namespace mb
