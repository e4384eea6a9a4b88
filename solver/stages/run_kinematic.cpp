#include <fmt/format.h>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/stages/stages.hpp"

namespace mb {

void check_kinematic(const System& sys, const Dae& dae) {
  const int dof = sys.dof() + static_cast<int>(dae.removed().size());
  if (dof != 0) {
    throw Error(ExitCode::kDeckError,
                fmt::format("a Kinematic analysis needs a model with 0 degrees of freedom (every "
                            "free coordinate driven by a motion); this model has {} (use a "
                            "Transient analysis, or add motions)",
                            dof));
  }
}

void run_kinematic(const Stage& st, const Dae& dae) {
  report_start(st);
  // Position, velocity and acceleration solves at every output time, each starting from the
  // previous configuration.
  const OutputGrid g = output_grid(st.simulate, st.t0);
  st.obs.log(
      fmt::format("kinematic analysis from t = {:g} to {:g}, output every {:g}", g.t0, g.t1, g.dt));
  const System& sys = st.sys;
  InitialConditions ic = st.ic;
  for (long k = 1; k <= g.count(); ++k) {
    throw_if_interrupted();
    const double t_prev = st.t;
    st.t = g.at(k);
    // Coupler turn counts are not integrated here: advance them with the joints' rates of the
    // last solve so that they stay within pi of their angles (coupler_kernel.hpp).
    for (int i = sys.coupler_state_begin(); i < sys.size(); ++i) {
      st.y[i] += ic.yp[i] * (st.t - t_prev);
    }
    ic = compute_initial_conditions(dae, st.t, st.y);
    st.y = ic.y;
    st.obs.output(st.t, sys, st.ws, st.y, ic.yp);
  }
  st.obs.log(fmt::format("kinematic analysis done at t = {:g}", st.t));
}

}  // namespace mb
