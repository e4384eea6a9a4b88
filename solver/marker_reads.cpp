#include "solver/marker_reads.hpp"

#include "solver/state_layout.hpp"

namespace mb {

double wrench_component(const MarkerWrench& w, int comp, const MarkerState<double>& rm) {
  return wrench_component<double>(w.force, w.torque, comp, rm.A);
}

MarkerState<double> marker_state_at(const System& sys, int mk, const double* y) {
  if (mk < 0) return MarkerState<double>{};
  const Marker& m = sys.model().markers[mk];
  const int o = sys.body_offset(m.body);
  const BodyState<double> b = body_state(o < 0 ? kGroundState : y + o);
  LocalMarker lm;
  lm.body = 0;
  lm.s = m.pos_body;
  lm.u = m.axes_body;
  return marker_state(lm, &b);
}

MarkerWrench constraint_reaction(const System& sys, int block, int side, const double* y) {
  const double* yb[2];
  for (int s = 0; s < 2; ++s) {
    const int o = sys.body_offset(sys.constraint_body(block, s));
    yb[s] = o < 0 ? kGroundState : y + o;
  }
  MarkerWrench w;
  sys.constraint_kernel(block).reaction(yb[0], yb[1], y + sys.lambda_offset(block), side, w.force,
                                        w.torque);
  return w;
}

}  // namespace mb
