#pragma once
// Param_Static (model default or command): static and quasi-static settings (format reference
// 3.3).
//   method: FIM_D (default) or FIM_S; both run the force-imbalance Newton of
//     solver/static_solver.hpp. MKEAM runs the kinetic-energy attrition of
//     solver/mkeam_static.hpp (static analyses only: a quasi-static one is refused).
//   max_error (> 0, default 1e-4): largest allowed force/torque imbalance, model units (FIM).
//   max_num_iter (1..100000, default 50): Newton iterations (FIM), attrition iterations (MKEAM).
//   max_ke_tol (> 0, default 1e-5 energy units), max_dq_tol (> 0, default 1e-3): MKEAM's
//     convergence limits; with a FIM method they draw a warning that they do not apply.
//   max_imbalance, stability, compliance_delta: accepted with a warning that they are not
//   honoured.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_static(ElementReader& in, ModelDraft& draft, bool in_command);
}
