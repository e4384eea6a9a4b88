#pragma once
// Constraint_PTCV (MotionSolve; Adams PTCV): a point-to-curve higher pair. The origin of marker
// I (on body i) stays on a curve fixed in marker J's frame (on body j):
//   R_I = R_J + A_J c(alpha),
// c the Reference_ParamCurve (Adams CURVE) `curve_id` in J marker axes, alpha its parameter,
// an unknown of the DAE with its rate (solver/ptcv_kernel.hpp): three equations and one extra
// coordinate, so the constraint removes two degrees of freedom. The reaction on I is normal to
// the curve (no friction).
//   id (req), i_marker_id (req), j_marker_id (req: the curve's frame; Adams RM), curve_id (req),
//   disp_x0, disp_y0, disp_z0 (opt, all three together: a guess of the initial contact point,
//   global; Adams DISP, in RM axes, or in ICM's axes with disp_marker_id = ICM), vel_0 (opt: the
//   initial sliding speed of the contact point along the curve relative to J, length/time, positive
//   in the direction of growing alpha; Adams VEL).
// The initial alpha is the parameter of the curve point closest to I at the input
// configuration (searched from the point closest to the guess when disp is given). Rejected: a
// curve id that does not exist, markers on the same body, I farther from the curve than
// kMaxInitialGap times the curve's size (the message gives the distance and the closest point).
// An open curve ends at alpha = +-1: a point that runs off it (|alpha| > 1 + 1e-3) stops the
// analysis (exit 1, solver/system.cpp check_on_curve).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

/// The largest distance of I from the curve at the input configuration, as a fraction of the
/// diagonal of the box around the curve's points (the assembly closes smaller gaps).
inline constexpr double kMaxInitialGap = 1e-3;

void build_constraint_ptcv(ElementReader& in, ModelDraft& draft, bool in_command);
/// Pass 2: resolves markers and curves into Model::point_curves and the initial parameters,
/// after resolve_curves.
void resolve_point_curves(const ModelDraft& draft, Model& m, Diagnostics& diag);

}  // namespace mb
