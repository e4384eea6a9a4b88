#include "models/body_inertia.hpp"

namespace mb {

namespace {
/// m (|d|^2 I - d d^T) with d = CM - IM in CM axes: J_IM = J_CM + this.
Mat3 parallel_axis_term(double mass, const Marker& cm, const Marker& im) {
  const Vec3 d = cm.axes_global0.transpose() * (cm.pos_global0 - im.pos_global0);
  return mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
}
}  // namespace

Mat3 inertia_matrix(double ixx, double iyy, double izz, double ixy, double iyz, double ixz) {
  Mat3 J;
  J << ixx, -ixy, -ixz, -ixy, iyy, -iyz, -ixz, -iyz, izz;
  return J;
}

Mat3 inertia_about_cm(double mass, const Mat3& J_im, const Marker& cm, const Marker& im) {
  const Mat3 R = cm.axes_global0.transpose() * im.axes_global0;  // IM axes -> CM axes
  return R * J_im * R.transpose() - parallel_axis_term(mass, cm, im);
}

}  // namespace mb
