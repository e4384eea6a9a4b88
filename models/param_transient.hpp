#pragma once
// Param_Transient (model default or command): integrator settings (format reference 3.2).
//   integrator_type: DSTIFF (default), GSTIFF, HSTIFF (IDA, DAE form) | VSTIFF, MSTIFF (CVODE
//   BDF, ODE form) | ABAM (CVODE Adams, ODE form).
//   integr_tol (> 0, default 1e-3): absolute local error tolerance in model units.
//   h_max, h_min, h0_max (> 0, time), max_order (1..5), rel_abs_tol_ratio (> 0).
//   dae_index: 2 (stabilised index-2, the form we integrate), 1 (Adams SI1) or 3. Index 1 and 3
//   requests run the index-2 form too, with a warning. For index 3: IDA's BDF error test is only
//   sound for index-1 and (with the algebraic variables suppressed, as we do) Hessenberg index-2
//   systems; on plain index-3 equations the velocity and multiplier errors do not shrink with the
//   step and the Newton matrix's condition grows like 1/h^2, which Adams' I3 handles with its own
//   error control that IDA does not offer. The index-2 form satisfies the same position
//   constraints.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_transient(ElementReader& in, ModelDraft& draft, bool in_command);
}
