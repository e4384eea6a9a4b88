#include "solver/sundials/integration_failure.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "solver/step_failure.hpp"

namespace mb {

int largest_weighted_error(N_Vector ele, N_Vector ewt, int n) {
  const double* e = N_VGetArrayPointer(ele);
  const double* w = N_VGetArrayPointer(ewt);
  int worst = -1;
  double worst_v = -1;
  for (int i = 0; i < n; ++i) {
    const double v = std::abs(e[i] * w[i]);
    if (std::isfinite(v) && v > worst_v) {
      worst_v = v;
      worst = i;
    }
  }
  return worst;
}

void throw_integration_failure(const char* solver, double t, double h, char* flag_name, int flag,
                               const std::string& culprit) {
  const std::string reason = flag_name ? flag_name : std::to_string(flag);
  free(flag_name);
  throw StepFailure(
      fmt::format("{} failed at t = {:.10g} with step size {:.3g}: {} (largest local "
                  "error in {})",
                  solver, t, h, reason, culprit));
}

}  // namespace mb
