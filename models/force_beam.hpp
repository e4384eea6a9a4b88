#pragma once
// Force_Beam (format reference 2.22; Adams BEAM): a massless Timoshenko beam from J (the x axis of
// J is the neutral axis, J's y and z the principal axes of the section) to I. Force on I, in J's
// axes, with a, b, c the AX/AY/AZ-like angles of I relative to J (see force_bushing.hpp):
//   [f; t] = -K [DX - length, DY, DZ, a, b, c] - cratio K [VX VY VZ WX WY WZ] + preload,
//   K11 = E A / L,   K44 = G ixx / L,
//   K22 = 12 E izz / (L^3 (1 + Py)),  K26 = K62 = -6 E izz / (L^2 (1 + Py)),
//   K66 = (4 + Py) E izz / (L (1 + Py)),  Py = 12 E izz asy / (G A L^2),
//   K33 = 12 E iyy / (L^3 (1 + Pz)),  K35 = K53 = 6 E iyy / (L^2 (1 + Pz)),
//   K55 = (4 + Pz) E iyy / (L (1 + Pz)),  Pz = 12 E iyy asz / (G A L^2).
// F = A_J f and T = A_J t on I at R_I; -F and -T - (R_I - R_J) x F on J.
//   i_marker_id, j_marker_id (req); length L (> 0, length); E, G (> 0, force/length^2);
//   area (> 0, length^2); ixx (torsion constant, > 0), iyy, izz (> 0, length^4); asy, asz (shear
//   area ratios, >= 0, default 0 = Euler-Bernoulli); cratio (>= 0, time, default 0);
//   preload_x .. preload_tz (force, torque; default 0).
// A cantilever of this law deflects P L^3 / (3 E izz) + P L asy / (G A) under a tip load P.
// Rejected: non-positive E, G, area, length, ixx, iyy, izz; negative asy, asz, cratio; user
// subroutines.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_beam(ElementReader& in, ModelDraft& draft, bool in_command);

/// The beam stiffness matrix of the law above (also used to build beam-like elements).
Mat6 beam_stiffness(double length, double E, double G, double area, double ixx, double iyy,
                    double izz, double asy, double asz);

/// A command changes the element's numbers, not its markers or rotation model
/// (models/linear_force_edit.hpp).
bool resolve_beam_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kBeamEdit = {
    "preload_x preload_y preload_z preload_tx preload_ty preload_tz length e g area ixx iyy "
    "izz asy asz cratio",
    resolve_beam_edit, true, false};

}  // namespace mb
