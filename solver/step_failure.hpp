#pragma once
// The error an integrator throws when it gives up on a step (SUNDIALS: repeated error-test or
// convergence failures, a step below its minimum): the model itself evaluated fine, so a
// restart from the last successful step (fresh history, first order) may pass where the
// integrator's history did not (solver/stages/dae_transient.cpp), unlike the model's own errors.

#include <string>

#include "common/error.hpp"

namespace mb {

class StepFailure : public Error {
 public:
  explicit StepFailure(const std::string& message) : Error(ExitCode::kAnalysisFailed, message) {}
};

}  // namespace mb
