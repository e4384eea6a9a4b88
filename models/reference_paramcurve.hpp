#pragma once
// Reference_ParamCurve (Adams CURVE): a parametric B-spline curve through or near the points of
// a Reference_Matrix (one row x y z per point), read by CURVE(alpha, iord, comp, id) in any
// expression (expr/param_curve.hpp has the curve's definition).
//   id (req), matrix_id (req), is_u_closed (default FALSE: the first and last points of a
//   closed curve must be equal), is_curve_points (TRUE: the curve passes through the points;
//   FALSE, the default: they are its control points), order (mbsolve extension, Adams ORDER:
//   2..4, default 4, a cubic). Curves computed by a CURSUB (usrsub_*, script_name, u_start,
//   u_end) are reported as not supported. The matrix is looked up and the points checked in
//   pass 2 (resolve_state_data, models/state_elements.hpp).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_reference_paramcurve(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2: the points of each curve's matrix into Model::curves, checked (errors in `diag`).
void resolve_curves(const ModelDraft& draft, Model& m, Diagnostics& diag);

}  // namespace mb
