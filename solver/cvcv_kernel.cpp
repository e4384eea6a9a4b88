#include "solver/cvcv_kernel.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>

namespace mb {

Vec3 CvcvKernel::contact_point(const double* yj, double beta) const {
  const Vec3 rj(yj[kBodyR], yj[kBodyR + 1], yj[kBodyR + 2]);
  const Mat3 Aj = rotation_from_euler_parameters<double>(
      Vec4(yj[kBodyP], yj[kBodyP + 1], yj[kBodyP + 2], yj[kBodyP + 3]));
  return rj + Aj * (s_j + u_j * curve_point(1, beta, 0));
}

Vec3 CvcvKernel::tangency_couple(const double* yi, const double* yj, double alpha, double beta,
                                 double lambda4) const {
  const Mat3 Ai = rotation_from_euler_parameters<double>(
      Vec4(yi[kBodyP], yi[kBodyP + 1], yi[kBodyP + 2], yi[kBodyP + 3]));
  const Mat3 Aj = rotation_from_euler_parameters<double>(
      Vec4(yj[kBodyP], yj[kBodyP + 1], yj[kBodyP + 2], yj[kBodyP + 3]));
  const Vec3 g = Ai * (u_i * curve_point(0, alpha, 1));
  const Vec3 h = Aj * (u_j * in_plane_normal<double>(curve_point(1, beta, 1)));
  return tangent_scale * lambda4 * g.cross(h);
}

namespace {

/// The deck's initial state of body b (13 numbers: r, p, v, w in body axes); ground's for ground.
std::array<double, kBodyStates> initial_body_state(const Body& b) {
  std::array<double, kBodyStates> y{};
  std::copy(kGroundState, kGroundState + kBodyStates, y.begin());
  if (b.ground) return y;
  const Mat3 A = rotation_from_euler_parameters<double>(b.p0);
  const Vec3 w = A.transpose() * b.w0;
  for (int i = 0; i < 3; ++i) {
    y[kBodyR + i] = b.r0(i);
    y[kBodyV + i] = b.v0(i);
    y[kBodyW + i] = w(i);
  }
  for (int i = 0; i < 4; ++i) y[kBodyP + i] = b.p0(i);
  return y;
}

/// The rates (s_alpha, s_beta) that best satisfy the velocity rows at the deck's velocities
/// (least squares: the rows are consistent when the deck's velocities are), then i_vel0 / j_vel0
/// where given (a speed along the curve over |c'|).
void set_initial_rates(const Model& model, const CurveCurveConstraint& cc, CvcvKernel& k) {
  const auto yi = initial_body_state(model.bodies[model.markers[cc.i_marker].body]);
  const auto yj = initial_body_state(model.bodies[model.markers[cc.j_marker].body]);
  double phi[4], B[4][12], pa[4], pb[4];
  k.constraints(yi.data(), yj.data(), k.alpha0, k.beta0, phi, B, pa, pb);
  Eigen::Matrix<double, 4, 2> P;
  Eigen::Vector4d rhs;
  for (int e = 0; e < 4; ++e) {
    P(e, 0) = pa[e];
    P(e, 1) = pb[e];
    double v = 0;
    for (int c = 0; c < 3; ++c) {
      v += B[e][c] * yi[kBodyV + c] + B[e][3 + c] * yi[kBodyW + c] + B[e][6 + c] * yj[kBodyV + c] +
           B[e][9 + c] * yj[kBodyW + c];
    }
    rhs(e) = -v;
  }
  const Eigen::Vector2d s = P.colPivHouseholderQr().solve(rhs);
  k.rate_alpha0 = std::isfinite(s(0)) ? s(0) : 0.0;
  k.rate_beta0 = std::isfinite(s(1)) ? s(1) : 0.0;
  const double ti = k.curve_point(0, k.alpha0, 1).norm(), tj = k.curve_point(1, k.beta0, 1).norm();
  if (cc.i_vel0 && ti > 0) k.rate_alpha0 = *cc.i_vel0 / ti;
  if (cc.j_vel0 && tj > 0) k.rate_beta0 = *cc.j_vel0 / tj;
}

}  // namespace

std::vector<CvcvKernel> make_cvcv_kernels(const Model& model) {
  std::vector<CvcvKernel> kernels;
  for (const CurveCurveConstraint& cc : model.curve_curves) {
    CvcvKernel k(model.curves[static_cast<size_t>(cc.i_curve)].data,
                 model.curves[static_cast<size_t>(cc.j_curve)].data);
    k.cvcv = &cc;
    k.subject = fmt::format("Constraint_CVCV {}", cc.id);
    const Marker& mi = model.markers[static_cast<size_t>(cc.i_marker)];
    const Marker& mj = model.markers[static_cast<size_t>(cc.j_marker)];
    k.s_i = mi.pos_body;
    k.s_j = mj.pos_body;
    k.u_i = mi.axes_body;
    k.u_j = mj.axes_body;
    k.alpha0 = cc.alpha0;
    k.beta0 = cc.beta0;
    const double ti = k.curve_point(0, cc.alpha0, 1).norm(),
                 tj = k.curve_point(1, cc.beta0, 1).norm();
    k.tangent_scale = ti > 0 && tj > 0 ? 1.0 / (ti * tj) : 1.0;
    set_initial_rates(model, cc, k);
    kernels.push_back(std::move(k));
  }
  return kernels;
}

}  // namespace mb
