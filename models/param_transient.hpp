#pragma once
// Param_Transient (model default or command): integrator settings (format reference 3.2).
//   integrator_type: DSTIFF, GSTIFF, HSTIFF (IDA, DAE form) | VSTIFF, MSTIFF (CVODE BDF, ODE
//   form) | ABAM (CVODE Adams, ODE form). Without integrator_type and dae_index the analysis
//   runner chooses the form from the model (solver/default_transient.hpp; TransientParams::
//   integrator_named): joint coordinates on explicit Runge-Kutta for a tree, else DSTIFF's.
//   integr_tol (> 0, default 1e-3): absolute local error tolerance in model units.
//   h_max, h_min, h0_max (> 0, time), max_order (1..5), rel_abs_tol_ratio (> 0).
//   dae_index (DAE form, IDA; the ODE form ignores it):
//     2 (default): stabilised index-2 (GGL, Adams SI2): Phi = 0 and B nu = 0, multipliers lambda
//       and mu; positions and velocities are in the local error test.
//     3: index-3 (Adams GSTIFF/DSTIFF I3): Phi = 0 with lambda, no velocity constraints and no
//       mu (solver/system.hpp, DaeForm::kIndex3). The reactions are left out of IDA's local
//       error test (as Adams' I3, which controls the displacement error); the velocities are
//       in it with their error weighted by the step size h, i.e. by the displacement error they
//       cause in one step (System::error_test_index(): leaving them out too, as I3 does, let
//       the displacements drift by far more than integr_tol). The same number of unknowns as 2
//       (mu is pinned, not removed); velocities, accelerations and reactions are less accurate
//       at the same integr_tol.
//     1 (Adams SI1): stabilised index-1 (solver/system.hpp, DaeForm::kStabilisedIndex1): the
//       acceleration constraints determine the reactions lambda; Phi = 0 (with mu) and B nu = 0
//       (with kappa and the velocity corrections u) keep positions and velocities on their
//       constraints. The multipliers and corrections are left out of the error test.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_transient(ElementReader& in, ModelDraft& draft, bool in_command);
}
