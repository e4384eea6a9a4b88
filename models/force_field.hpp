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

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_field(ElementReader& in, ModelDraft& draft, bool in_command);
}
