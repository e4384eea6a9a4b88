#pragma once
// Integrator counters reported in the JSON summary and the log.

namespace mb {

struct IntegratorStats {
  long steps = 0;
  long residual_evals = 0;
  long jacobian_evals = 0;
  long newton_iters = 0;
  long error_test_fails = 0;

  IntegratorStats& operator+=(const IntegratorStats& o) {
    steps += o.steps;
    residual_evals += o.residual_evals;
    jacobian_evals += o.jacobian_evals;
    newton_iters += o.newton_iters;
    error_test_fails += o.error_test_fails;
    return *this;
  }
};

}  // namespace mb
