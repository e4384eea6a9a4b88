#pragma once
// Runs a Model's command list in order (docs/architecture.md section 1, docs/style.md "staged
// pipeline"): for each Simulate, initial conditions, then the analysis: Transient integrates to
// each output time (IDA for the DAE form, CVODE for VSTIFF/MSTIFF/ABAM), Static finds the
// equilibrium (at every output time when quasi-static), Assembly stops after the initial
// conditions. Each Simulate continues from the state the previous one left. Redundant constraint
// equations are found before the first analysis and removed from the DAE for the whole run. Outputs
// go to an observer, so the runner knows nothing of file formats.

#include <string>
#include <vector>

#include "common/exit_code.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/system.hpp"

namespace mb {

class AnalysisObserver {
 public:
  virtual ~AnalysisObserver() = default;
  /// One output row at time t (the first Simulate also reports t = start after assembly).
  virtual void output(double t, const System& sys, const std::vector<double>& y,
                      const std::vector<double>& yp) = 0;
  /// A line for the log (progress, analysis start and end).
  virtual void log(const std::string& line) = 0;
};

/// The integrator and form one transient analysis ran (JSON summary `transient_forms`).
struct TransientForm {
  std::string integrator;  ///< the deck's integrator_type, or "default" when it names none
  std::string form;        ///< what ran (solver/default_transient.hpp for the default's forms)
  std::string reason;      ///< "named in the deck", or why the default chose that form
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
};

/// Never throws for analysis failures: they come back as code kAnalysisFailed with a message.
RunReport run_analyses(const System& sys, AnalysisObserver& observer);

}  // namespace mb
