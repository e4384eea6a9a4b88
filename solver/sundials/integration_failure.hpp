#pragma once
// The failure report shared by the integrators (IDA, CVODE in the Cartesian ODE form, CVODE in
// joint coordinates): when SUNDIALS gives up, the analysis stops with StepFailure (kAnalysisFailed)
// naming the time, the last step size, SUNDIALS' reason and the variable with the largest
// weighted local error estimate (docs/architecture.md section 4: exit 1, results up to the failure
// kept).

#include <sundials/sundials_nvector.h>

#include <string>

namespace mb {

/// Index i < n of the largest finite |ele_i * ewt_i| (local error times error weight), or -1
/// when there is none.
int largest_weighted_error(N_Vector ele, N_Vector ewt, int n);

/// Throws StepFailure (solver/step_failure.hpp): "<solver> failed at t = T with step size H:
/// <reason> (largest local error in <culprit>)". `flag_name` is SUNDIALS' name of the return flag
/// (allocated by SUNDIALS, freed here; null gives the number `flag`).
[[noreturn]] void throw_integration_failure(const char* solver, double t, double h, char* flag_name,
                                            int flag, const std::string& culprit);

}  // namespace mb
