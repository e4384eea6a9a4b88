#pragma once
// Param_Static (model default or command): static and quasi-static settings (format reference
// 3.3).
//   method: FIM_D (default) or FIM_S; both run the force-imbalance Newton of
//     solver/static_solver.hpp. MKEAM (kinetic-energy attrition) is rejected as not supported.
//   max_error (> 0, default 1e-4): largest allowed force/torque imbalance, model units.
//   max_num_iter (1..100000, default 50): Newton iterations.
//   max_imbalance, stability, compliance_delta, max_ke_tol, max_dq_tol: accepted with a warning
//   that they are not honoured.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_static(ElementReader& in, ModelDraft& draft, bool in_command);
}
