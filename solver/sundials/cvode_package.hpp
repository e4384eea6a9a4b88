#pragma once
// CVODE as the integrator skeleton (sundials_session.hpp) calls it, and its counters over
// restarts: the Cartesian ODE form (cvode_integrator.hpp) and the joint-coordinate form on Adams
// (tree/tree_ode_integrator.hpp).

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>

#include "solver/integrator_stats.hpp"
#include "solver/sundials/sundials_session.hpp"

namespace mb {

inline const SundialsPackage kCvodePackage{"CVODE",
                                           "CVODE",
                                           "CVode",
                                           CVodeFree,
                                           CVodeSetMaxStep,
                                           CVodeSetMinStep,
                                           CVodeSetInitStep,
                                           CVodeSetStopTime,
                                           CVodeGetCurrentTime,
                                           CVodeGetLastStep,
                                           CVodeGetEstLocalErrors,
                                           CVodeGetErrWeights,
                                           CVodeGetReturnFlagName,
                                           CVodeGetRootInfo,
                                           CVodeSetRootDirection};

/// CVODE's counters since its last (re)start; Jacobian evaluations with `jacobian` (a Newton
/// iteration; the fixed-point iteration has none).
inline IntegratorStats cvode_stats(void* mem, bool jacobian) {
  IntegratorStats st;
  CVodeGetNumSteps(mem, &st.steps);
  CVodeGetNumRhsEvals(mem, &st.residual_evals);
  if (jacobian) {
    // A matrix-based linear solver counts Jacobian evaluations; the Cartesian BDF form's Newton
    // matrix (set up through CVODE's preconditioner hook) counts as "preconditioner" setups.
    long nje = 0, npe = 0;
    CVodeGetNumJacEvals(mem, &nje);
    CVodeGetNumPrecEvals(mem, &npe);
    st.jacobian_evals = nje + npe;
  }
  CVodeGetNumNonlinSolvIters(mem, &st.newton_iters);
  CVodeGetNumErrTestFails(mem, &st.error_test_fails);
  return st;
}

/// Restarts CVODE at (t, x) (CVodeReInit: the history is discarded, e.g. after a projection);
/// the counters so far, which the restart resets, are added to `before`.
inline void cvode_restart(SundialsSession& s, IntegratorStats& before, bool jacobian, double t,
                          N_Vector x) {
  before += cvode_stats(s.mem, jacobian);
  s.check(CVodeReInit(s.mem, t, x), "CVodeReInit");
}

}  // namespace mb
