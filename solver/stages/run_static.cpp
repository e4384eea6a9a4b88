#include <fmt/format.h>

#include "common/interrupt.hpp"
#include "solver/stages/stages.hpp"
#include "solver/static_solver.hpp"

namespace mb {

void run_static(const Stage& st, const Dae& dae, const StaticParams& params) {
  // Static: one equilibrium at t0; quasi-static: one at every output time.
  StaticSolution sol = solve_static(dae, params, st.t0, st.y);
  st.obs.log(fmt::format("static equilibrium at t = {:g} in {} iterations (imbalance {:.3g})",
                         st.t0, sol.iterations, sol.imbalance));
  st.y = sol.y;
  const std::vector<double> at_rest(st.y.size(), 0.0);  // equilibrium: no motion
  st.obs.output(st.t, st.sys, st.y, at_rest);
  if (!st.simulate.end_time && !st.simulate.duration) return;
  const OutputGrid g = output_grid(st.simulate, st.t0);
  for (long k = 1; k <= g.count(); ++k) {
    throw_if_interrupted();
    const double tout = g.at(k);
    sol = solve_static(dae, params, tout, st.y);
    st.y = sol.y;
    st.t = tout;
    st.obs.output(st.t, st.sys, st.y, at_rest);
  }
  st.obs.log(fmt::format("quasi-static analysis done at t = {:g}", st.t));
}

}  // namespace mb
