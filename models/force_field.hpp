#pragma once
// Force_Field (format reference 2.23; Adams FIELD): a general linear 6x6 field between I (action)
// and J (reaction), components in J's axes:
//   [f; t] = -K ([DX DY DZ a b c] - length) - C [VX VY VZ WX WY WZ] + preload,
// with a, b, c the AX/AY/AZ-like angles of I relative to J (see force_bushing.hpp),
// F = A_J f and T = A_J t on I at R_I, and -F, -T - (R_I - R_J) x F on J.
//   i_marker_id, j_marker_id (req); k11 .. k66 (row i, column j; translational rows in force/length
//   and force/rad, rotational rows in torque/length and torque/rad; default 0); either c11 .. c66
//   (same units per unit time, default 0) or cratio (>= 0, time: C = cratio K);
//   length_x, length_y, length_z (length), length_tx, length_ty, length_tz (rad), default 0;
//   preload_x .. preload_tz (force, torque; default 0).
// Rejected: cratio together with any cij, negative cratio, FIESUB user subroutines and scripts. A
// non-symmetric K is accepted with a warning (the field is then not conservative).

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_field(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes the element's numbers, not its markers or rotation model
/// (models/linear_force_edit.hpp).
bool resolve_field_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kFieldEdit = {
    "preload_x preload_y preload_z preload_tx preload_ty preload_tz k11 c11 k12 c12 k13 c13 "
    "k14 c14 k15 c15 k16 c16 k21 c21 k22 c22 k23 c23 k24 c24 k25 c25 k26 c26 k31 c31 k32 c32 "
    "k33 c33 k34 c34 k35 c35 k36 c36 k41 c41 k42 c42 k43 c43 k44 c44 k45 c45 k46 c46 k51 c51 "
    "k52 c52 k53 c53 k54 c54 k55 c55 k56 c56 k61 c61 k62 c62 k63 c63 k64 c64 k65 c65 k66 c66 "
    "length_x length_y length_z length_tx length_ty length_tz cratio",
    resolve_field_edit, true, false};

}  // namespace mb
