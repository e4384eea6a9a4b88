#include "solver/analysis_runner.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "solver/initial_conditions.hpp"
#include "solver/sundials/ida_integrator.hpp"

namespace mb {

namespace {

/// Output spacing of a transient: print_interval, or (end - start) / num_steps (100 by default).
double output_step(const Simulate& s, double t0, double t1) {
  if (s.print_interval) return *s.print_interval;
  return (t1 - t0) / s.num_steps.value_or(100);
}

}  // namespace

RunReport run_analyses(const System& sys, AnalysisObserver& obs) {
  RunReport report;
  const Model& model = sys.model();
  TransientParams params = model.transient;
  std::vector<double> y = sys.initial_state();
  double t = 0;
  bool first = true;
  bool any_simulate = false;
  try {
    for (const Command& cmd : model.commands) {
      if (cmd.kind == Command::Kind::kStop) break;
      if (cmd.kind == Command::Kind::kParamTransient) {
        params = cmd.transient;
        continue;
      }
      any_simulate = true;
      const Simulate& s = cmd.simulate;
      const double t0 = s.start_time.value_or(t);
      ++report.analyses;
      InitialConditions ic = compute_initial_conditions(sys, t0, y);
      obs.log(
          fmt::format("initial conditions at t = {:g}: position assembly in {} iterations "
                      "(constraint error {:.3g})",
                      t0, ic.position_iterations, ic.position_residual));
      y = ic.y;
      std::vector<double> yp = ic.yp;
      t = t0;
      // The first analysis reports its starting point; later ones start where the last ended.
      const bool was_first = first;
      first = false;
      if (was_first) obs.output(t, sys, y, yp);
      if (s.type == AnalysisType::kAssembly) {
        if (!was_first) obs.output(t, sys, y, yp);
        continue;
      }
      const double t1 = s.end_time ? *s.end_time : t0 + *s.duration;
      const double dt = output_step(s, t0, t1);
      obs.log(
          fmt::format("transient analysis from t = {:g} to {:g}, output every {:g}", t0, t1, dt));
      IdaIntegrator ida(sys, params, t0, ic.y, ic.yp, dt);
      const long n_out = std::lround(std::ceil((t1 - t0) / dt - 1e-9));
      for (long k = 1; k <= n_out; ++k) {
        const double tout = std::min(t1, t0 + static_cast<double>(k) * dt);
        try {
          ida.advance_to(tout, t1);
        } catch (...) {
          report.stats += ida.stats();
          report.time = ida.time();
          throw;
        }
        t = ida.time();
        y = ida.y();
        obs.output(t, sys, y, ida.yp());
      }
      report.stats += ida.stats();
      obs.log(fmt::format("transient analysis done at t = {:g}", t));
    }
    if (!any_simulate) {
      throw Error(ExitCode::kDeckError,
                  "the deck has no Simulate command: nothing to run (add <Command><Simulate "
                  "analysis_type=\"Transient\" end_time=\"...\"/></Command>)");
    }
    report.time = t;
  } catch (const Error& e) {
    report.code = e.code();
    report.message = e.what();
    if (report.time == 0) report.time = t;
  }
  return report;
}

}  // namespace mb
