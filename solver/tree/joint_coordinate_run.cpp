#include "solver/tree/joint_coordinate_run.hpp"

#include <algorithm>
#include <cmath>

#include "common/interrupt.hpp"
#include "solver/sensor_events.hpp"

namespace mb {

JointCoordinateRun::JointCoordinateRun(const Dae& dae, TreeTopology tree,
                                       const std::vector<double>& y0, const TransientParams& params,
                                       const SundialsPackage& package)
    : dyn(dae, std::move(tree), y0), s(package), integr_tol(params.integr_tol) {
  x = s.vector(std::max(1, dyn.size()));
  N_VConst(0.0, x);
  const std::vector<double>& x0 = dyn.initial_coordinates();
  std::copy(x0.begin(), x0.end(), N_VGetArrayPointer(x));
}

int JointCoordinateRun::rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
  auto* self = static_cast<JointCoordinateRun*>(data);
  return self->s.guarded([&] {
    throw_if_interrupted();  // a signal stops the run at the next step
    double* out = N_VGetArrayPointer(xdot);
    self->dyn.derivatives(t, N_VGetArrayPointer(xv), out);
    for (int i = 0; i < self->dyn.size(); ++i) {
      if (!std::isfinite(out[i])) return 1;  // recoverable: the package cuts the step
    }
    return 0;
  });
}

int JointCoordinateRun::project(realtype t, N_Vector xv, void* data) noexcept {
  auto* self = static_cast<JointCoordinateRun*>(data);
  return self->s.guarded([&] {
    self->dyn.project(t, N_VGetArrayPointer(xv), kClosureDrift * self->integr_tol);
    return 0;
  });
}

int JointCoordinateRun::roots(realtype t, N_Vector xv, realtype* g, void* data) noexcept {
  auto* self = static_cast<JointCoordinateRun*>(data);
  return self->s.guarded([&] {
    self->y_root.resize(static_cast<size_t>(self->dyn.dae().size()));
    self->yp_root.resize(self->y_root.size());
    self->dyn.cartesian_state(t, N_VGetArrayPointer(xv), self->y_root, self->yp_root);
    self->s.events()->roots(t, self->y_root.data(), self->yp_root.data(), g);
    return 0;
  });
}

void JointCoordinateRun::fail(int flag, double t_fallback) const {
  s.fail(flag, t_fallback, x, dyn.size(), [&](int i) { return dyn.describe_coordinate(i); });
}

}  // namespace mb
