#pragma once
// What an analysis reports: outputs and log lines to an observer (the application writes them:
// CSV, log), and at the end a RunReport (exit code, counters, the forms that ran: JSON summary).

#include <optional>
#include <string>
#include <vector>

#include "common/exit_code.hpp"
#include "common/source_loc.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/linear_result.hpp"
#include "solver/system.hpp"

namespace mb {

class AnalysisObserver {
 public:
  virtual ~AnalysisObserver() = default;
  /// One output row at time t (the first Simulate also reports t = start after assembly); `ws`
  /// is the run's Workspace of sys, in which its request outputs are evaluated (the angle
  /// measures continue from its tracks).
  virtual void output(double t, const System& sys, Workspace& ws, const std::vector<double>& y,
                      const std::vector<double>& yp) = 0;
  /// A line for the log (progress, analysis start and end).
  virtual void log(const std::string& line) = 0;
  /// The integrator steps of the run so far, after each output of a transient (a progress
  /// display); the default ignores them.
  virtual void progress_steps(long /*steps*/) {}
};

/// The integrator and form one transient analysis ran (JSON summary `transient_forms`).
struct TransientForm {
  std::string integrator;  ///< the deck's integrator_type, or "default" when it names none
  std::string form;        ///< what ran (solver/default_transient.hpp for the default's forms)
  std::string reason;      ///< "named in the deck", or why the default chose that form
};

/// A sensor event (Sensor_Event / SENSOR) the transient located (JSON summary `sensor_events`).
struct SensorEventRecord {
  std::string sensor;   ///< "SENSOR 3", "Sensor_Event 3"
  double time = 0;      ///< the located event time
  std::string actions;  ///< what it did: "HALT", "RESTART STEPSIZE=1e-06", ... ("" none)
};

struct RunReport {
  ExitCode code = ExitCode::kSuccess;
  std::string message;  ///< empty on success
  IntegratorStats stats;
  double time = 0;  ///< simulation time reached
  /// The Simulate that was running when the run stopped (a deck error found while running it
  /// points there unless its message names an element).
  SourceLoc loc;
  int analyses = 0;
  /// Constraint equations found redundant at assembly and removed (JSON summary key
  /// redundant_constraints_removed); each is also logged as a warning.
  int redundant_constraints_removed = 0;
  /// One entry per transient analysis started, in order.
  std::vector<TransientForm> transient_forms;
  /// The sensor events, in time order (the first kMaxSensorRecords; `sensor_event_count` all).
  std::vector<SensorEventRecord> sensor_events;
  long sensor_event_count = 0;
  /// A HALT ended the run: the event that did (the command list stops, status ok).
  std::optional<SensorEventRecord> halted_by;
  static constexpr size_t kMaxSensorRecords = 100;
  /// One entry per linear analysis run, in order (solver/stages/run_linear.cpp).
  std::vector<LinearResult> linear;
};

}  // namespace mb
