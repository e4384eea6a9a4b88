#include "solver/ptcv_kernel.hpp"

#include <fmt/format.h>

namespace mb {

Vec3 PtcvKernel::contact_point(const double* yj, double alpha) const {
  const Vec3 rj(yj[kBodyR], yj[kBodyR + 1], yj[kBodyR + 2]);
  const Mat3 Aj = rotation_from_euler_parameters<double>(
      Vec4(yj[kBodyP], yj[kBodyP + 1], yj[kBodyP + 2], yj[kBodyP + 3]));
  return rj + Aj * (s_j + u_j * curve_point(alpha, 0));
}

namespace {

/// The deck's velocity (global) of the point `p` (global, input configuration) fixed on body b.
Vec3 point_velocity(const Body& b, const Vec3& p) { return b.v0 + b.w0.cross(p - b.r0); }

}  // namespace

std::vector<PtcvKernel> make_ptcv_kernels(const Model& model) {
  std::vector<PtcvKernel> kernels;
  for (const PointCurveConstraint& pc : model.point_curves) {
    PtcvKernel k(model.curves[static_cast<size_t>(pc.curve)].data);
    k.ptcv = &pc;
    k.subject = fmt::format("Constraint_PTCV {}", pc.id);
    const Marker& mi = model.markers[static_cast<size_t>(pc.i_marker)];
    const Marker& mj = model.markers[static_cast<size_t>(pc.j_marker)];
    k.s_i = mi.pos_body;
    k.s_j = mj.pos_body;
    k.u_j = mj.axes_body;
    k.alpha0 = pc.alpha0;
    // s0: the deck's sliding velocity of I along the curve relative to J (or vel_0), as the
    // rate of alpha: t . (v_I - v_C) / |t|^2 with t = A_J c'(alpha0) the curve's tangent.
    const Vec3 tangent = mj.axes_global0 * k.curve_point(pc.alpha0, 1);
    const double t2 = tangent.squaredNorm();
    if (pc.vel0) {
      k.s0 = t2 > 0 ? *pc.vel0 / std::sqrt(t2) : 0.0;
    } else {
      const Vec3 contact = mj.pos_global0 + mj.axes_global0 * k.curve_point(pc.alpha0, 0);
      const Vec3 v_rel =
          point_velocity(model.bodies[static_cast<size_t>(mi.body)], mi.pos_global0) -
          point_velocity(model.bodies[static_cast<size_t>(mj.body)], contact);
      k.s0 = t2 > 0 ? tangent.dot(v_rel) / t2 : 0.0;
    }
    kernels.push_back(std::move(k));
  }
  return kernels;
}

}  // namespace mb
