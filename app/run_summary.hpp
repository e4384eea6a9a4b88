#pragma once
// The JSON summary of one deck run, PREFIX.json (docs/architecture.md section 4: status,
// exit_code, message, version, deck, overrides, end time, output rows, integrator counters,
// timing, model size, the redundant constraints removed, the transient forms that ran and the
// linear analyses' modes).

#include <optional>
#include <string>
#include <vector>

#include "common/exit_code.hpp"
#include "parser/deck_overrides.hpp"
#include "solver/analysis_observer.hpp"

namespace mb {

struct RunSummary {
  ExitCode code = ExitCode::kSuccess;
  std::string message;
  IntegratorStats stats;
  int bodies = 0, constraints = 0, dof = 0, redundant_removed = 0;
  double end_time = 0;
  long outputs = 0;
  std::vector<TransientForm> transient_forms;
  std::vector<SensorEventRecord> sensor_events;  ///< RunReport's (the first ones)
  long sensor_event_count = 0;
  std::optional<SensorEventRecord> halted_by;
  std::vector<LinearResult> linear;
};

/// Writes PREFIX.json atomically; wall and cpu are the run's times in seconds.
void write_summary(const std::string& prefix, const std::string& deck_path,
                   const std::vector<Override>& overrides, const RunSummary& s, double wall,
                   double cpu);

/// The version string printed by --version and written into result headers.
const char* mbsolve_version();

}  // namespace mb
