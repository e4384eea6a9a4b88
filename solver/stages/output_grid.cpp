#include <algorithm>
#include <cmath>

#include "solver/stages/stages.hpp"

namespace mb {

long OutputGrid::count() const { return std::lround(std::ceil((t1 - t0) / dt - 1e-9)); }

double OutputGrid::at(long k) const { return std::min(t1, t0 + static_cast<double>(k) * dt); }

OutputGrid output_grid(const Simulate& s, double t0) {
  OutputGrid g;
  g.t0 = t0;
  g.t1 = s.end_time ? *s.end_time : t0 + *s.duration;
  g.dt = s.print_interval ? *s.print_interval : (g.t1 - t0) / s.num_steps.value_or(100);
  return g;
}

void report_start(const Stage& st) {
  if (st.first) st.obs.output(st.t, st.sys, st.ws, st.y, st.ic.yp);
}

}  // namespace mb
