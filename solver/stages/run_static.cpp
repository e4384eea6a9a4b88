#include <fmt/format.h>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/mkeam_static.hpp"
#include "solver/stages/stages.hpp"
#include "solver/static_solver.hpp"

namespace mb {

namespace {

/// MKEAM (solver/mkeam_static.hpp): the static equilibrium at the stage's start.
StaticSolution attrition_equilibrium(const Stage& st, const Dae& dae, const StaticParams& params) {
  if (st.simulate.end_time || st.simulate.duration) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: Simulate: a quasi-static analysis (a Static with end_time or "
                            "duration) cannot use Param_Static method MKEAM, which finds one "
                            "static equilibrium; use method FIM_S or FIM_D",
                            st.simulate.loc.str()));
  }
  const KineticEnergyAttrition a =
      solve_static_mkeam(dae, params, st.sys.model().transient, st.t0, st.y);
  st.obs.log(fmt::format(
      "static equilibrium (MKEAM) at t = {:g}: {} kinetic-energy iterations (last peak {:.3g}, "
      "largest move {:.3g})",
      st.t0, a.attrition_iterations, a.peak_kinetic_energy, a.largest_move));
  if (a.polish_iterations >= 0) {
    st.obs.log(fmt::format("polished by {} Newton iterations (imbalance {:.3g})",
                           a.polish_iterations, a.solution.imbalance));
  } else {
    st.obs.log("warning: " + a.note);
  }
  return a.solution;
}

}  // namespace

void run_static(const Stage& st, const Dae& dae, const StaticParams& params) {
  // Static: one equilibrium at t0; quasi-static: one at every output time.
  StaticSolution sol;
  if (params.method == "MKEAM") {
    sol = attrition_equilibrium(st, dae, params);
  } else {
    sol = solve_static(dae, params, st.t0, st.y);
    st.obs.log(fmt::format("static equilibrium at t = {:g} in {} iterations (imbalance {:.3g})",
                           st.t0, sol.iterations, sol.imbalance));
  }
  st.y = sol.y;
  const std::vector<double> at_rest(st.y.size(), 0.0);  // equilibrium: no motion
  st.obs.output(st.t, st.sys, st.ws, st.y, at_rest);
  if (!st.simulate.end_time && !st.simulate.duration) return;
  const OutputGrid g = output_grid(st.simulate, st.t0);
  for (long k = 1; k <= g.count(); ++k) {
    throw_if_interrupted();
    const double tout = g.at(k);
    sol = solve_static(dae, params, tout, st.y);
    st.y = sol.y;
    st.t = tout;
    st.obs.output(st.t, st.sys, st.ws, st.y, at_rest);
  }
  st.obs.log(fmt::format("quasi-static analysis done at t = {:g}", st.t));
}

}  // namespace mb
