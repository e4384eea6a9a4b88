#pragma once
// IDA (SUNDIALS) on the stabilised index-2 or index-3 DAE (System, redundant equations removed:
// Dae; its error_test_mask() is IDA's id vector for the local error test) with the
// exact sparse Jacobian and KLU. This folder is the only place that includes SUNDIALS headers.
// Callbacks are noexcept trampolines: an exception inside the residual or Jacobian is stored, IDA
// is told the failure is unrecoverable, and the exception is rethrown with its context once IDA
// returns.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

class IdaIntegrator {
 public:
  IdaIntegrator(const Dae& sys, const TransientParams& params, double t0,
                const std::vector<double>& y0, const std::vector<double>& yp0,
                std::optional<double> print_interval);
  ~IdaIntegrator();
  IdaIntegrator(const IdaIntegrator&) = delete;
  IdaIntegrator& operator=(const IdaIntegrator&) = delete;

  /// Integrates to `tout` (the solution there is interpolated). On failure throws
  /// Error(kAnalysisFailed) with the time, the step size and the variable with the largest
  /// weighted local error; time(), y() and yp() are then IDA's last successful step.
  void advance_to(double tout, double t_stop);

  double time() const { return t_; }
  const std::vector<double>& y() const { return y_; }
  const std::vector<double>& yp() const { return yp_; }
  IntegratorStats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  double t_ = 0;
  std::vector<double> y_, yp_;
};

}  // namespace mb
