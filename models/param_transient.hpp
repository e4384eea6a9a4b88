#pragma once
// Param_Transient (model default or command): integrator settings (format reference 3.2).
//   integrator_type: DSTIFF (default), GSTIFF, HSTIFF (IDA, DAE form) | VSTIFF, MSTIFF (CVODE
//   BDF, ODE form) | ABAM (CVODE Adams, ODE form).
//   integr_tol (> 0, default 1e-3): absolute local error tolerance in model units.
//   h_max, h_min, h0_max (> 0, time), max_order (1..5), rel_abs_tol_ratio (> 0).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_transient(ElementReader& in, ModelDraft& draft, bool in_command);
}
