#pragma once
// Constraint_CVCV (MotionSolve; Adams CVCV): a curve-to-curve higher pair. Curve i_curve_id,
// fixed in marker I's frame (on body i), touches curve j_curve_id, fixed in marker J's frame (on
// body j): the contact points coincide and the tangents there are parallel,
//   R_I + A_I c_i(alpha) = R_J + A_J c_j(beta),   c_i' parallel to c_j' (in J's XY plane),
// alpha and beta the curve parameters, unknowns of the DAE with their rates
// (solver/cvcv_kernel.hpp): four equations and two extra coordinates, so the constraint removes
// two degrees of freedom; the curves may slide and roll on each other in their common plane. The
// reaction is normal to the curves (no friction). Both curves lie in the XY plane of their marker
// (the motion is planar in that plane; Adams: the curves lie in the same plane).
//   id (req), i_marker_id, i_curve_id, j_marker_id, j_curve_id (req),
//   i_disp_x0..z0, j_disp_x0..z0 (opt, each three together: a guess of the initial contact point
//   on that curve, in its marker's axes, or in the axes of i_disp_marker_id / j_disp_marker_id
//   when given; Adams IDISP, JDISP, IICM, JICM), i_vel0, j_vel0 (opt: the initial
//   sliding speed of the contact point along that curve relative to its body, length/time,
//   positive in the direction of growing parameter; Adams IVEL, JVEL), is_no_slip (only FALSE or
//   0: rolling without slip is not supported).
// The initial alpha and beta are the parameters of the closest points of the two curves at the
// input configuration (near the guesses when given). Rejected: a curve id that does not exist, a
// curve with points off its marker's XY plane, markers on the same body, curves farther apart
// than kMaxInitialGap times the smaller curve's size. An open curve ends at parameter +-1: a
// contact point that runs off it stops the analysis (exit 1).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_constraint_cvcv(ElementReader& in, ModelDraft& draft, bool in_command);
/// Pass 2: resolves markers and curves into Model::curve_curves and the initial parameters,
/// after resolve_curves.
void resolve_curve_curves(const ModelDraft& draft, Model& m, Diagnostics& diag);

}  // namespace mb
