#pragma once
// Runs a Model's command list in order (docs/architecture.md section 1, docs/style.md "staged
// pipeline"): settings and edits change what the next Simulate uses; for each Simulate, the
// redundant constraint equations (found before the first analysis and after a rebuild, and removed
// from the DAE), the initial conditions, then the analysis stage of its type (stages/stages.hpp:
// run_transient, run_static, run_kinematic, run_assembly). Each Simulate continues from the state
// the previous one left. Outputs go to an observer, so the runner knows nothing of file formats.

#include "solver/analysis_observer.hpp"
#include "solver/system.hpp"

namespace mb {

/// Never throws for analysis failures: they come back as code kAnalysisFailed with a message.
RunReport run_analyses(const System& sys, AnalysisObserver& observer);

}  // namespace mb
