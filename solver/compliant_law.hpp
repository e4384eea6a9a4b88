#pragma once
// Relative coordinates and wrenches of the linear 6-axis elements (Force_Bushing, Force_Field,
// Force_Beam; laws in models/model.hpp LinearForce and models/force_bushing.hpp), templated on
// the scalar type so that the force kernel gets exact Jacobians through AD. No heap allocation.

#include <cmath>
#include <numbers>

#include "models/model.hpp"
#include "solver/measures.hpp"

namespace mb {

template <class T>
using V6 = Eigen::Matrix<T, 6, 1>;

/// Coordinates x of I relative to J and their rates, in the element's axis order
/// (x, y, z, tx, ty, tz).
template <class T>
struct RelativeCoordinates {
  V6<T> x = V6<T>::Zero();
  V6<T> xdot = V6<T>::Zero();
};

/// Translational part shared by both models: p = A_J^T (R_I - R_J) and its rate in J.
template <class T>
void translation_in_j(const MarkerState<T>& I, const MarkerState<T>& J, RelativeCoordinates<T>& q) {
  const V3<T> d = I.R - J.R;
  q.x.template head<3>() = J.A.transpose() * d;
  q.xdot.template head<3>() = J.A.transpose() * ((I.V - J.V) - J.W.cross(d));
}

/// MotionSolve/Adams small-angle coordinates: [DX DY DZ](I,J,J), AX/AY/AZ-like angles, and
/// [VX VY VZ](I,J,J,J), [WX WY WZ](I,J,J).
template <class T>
RelativeCoordinates<T> small_angle_coordinates(const MarkerState<T>& I, const MarkerState<T>& J) {
  using std::atan2;
  RelativeCoordinates<T> q;
  translation_in_j(I, J, q);
  q.x(3) = atan2(I.A.col(1).dot(J.A.col(2)), I.A.col(1).dot(J.A.col(1)));
  q.x(4) = atan2(I.A.col(2).dot(J.A.col(0)), I.A.col(2).dot(J.A.col(2)));
  q.x(5) = atan2(I.A.col(0).dot(J.A.col(1)), I.A.col(0).dot(J.A.col(0)));
  q.xdot.template tail<3>() = J.A.transpose() * (I.W - J.W);
  return q;
}

/// Margin to the euler_xyz singularity |qy| = 90 degrees.
inline constexpr double kEulerXyzMargin = 1e-3;

/// Simbody LinearBushing coordinates: A_J^T A_I = Rx(qx) Ry(qy) Rz(qz) (body-fixed x-y-z) and
/// qdot_rot = N(q) A_I^T (w_I - w_J); `N` receives N(q). Returns false near the singularity
/// (|qy| within kEulerXyzMargin of 90 degrees).
template <class T>
bool euler_xyz_coordinates(const MarkerState<T>& I, const MarkerState<T>& J,
                           RelativeCoordinates<T>& q, M3<T>& N) {
  using std::asin;
  using std::atan2;
  using std::cos;
  using std::sin;
  translation_in_j(I, J, q);
  const M3<T> R = J.A.transpose() * I.A;
  const double s = value_of(R(0, 2));
  if (!(std::abs(s) < std::cos(kEulerXyzMargin))) return false;
  const T qx = atan2(-R(1, 2), R(2, 2));
  const T qy = asin(R(0, 2));
  const T qz = atan2(-R(0, 1), R(0, 0));
  const T cy = cos(qy), sy = sin(qy), cz = cos(qz), sz = sin(qz);
  N << cz / cy, -sz / cy, T(0.0), sz, cz, T(0.0), -sy * cz / cy, sy * sz / cy, T(1.0);
  q.x(3) = qx;
  q.x(4) = qy;
  q.x(5) = qz;
  q.xdot.template tail<3>() = N * (I.A.transpose() * (I.W - J.W));
  return true;
}

/// The generalised forces -K (x - length) - C xdot + preload.
template <class T>
V6<T> linear_generalized_force(const LinearForce& f, const RelativeCoordinates<T>& q) {
  V6<T> g;
  for (int r = 0; r < 6; ++r) {
    T sum = T(f.preload(r));
    for (int c = 0; c < 6; ++c) {
      if (f.K(r, c) != 0.0) sum -= f.K(r, c) * (q.x(c) - f.length(c));
      if (f.C(r, c) != 0.0) sum -= f.C(r, c) * q.xdot(c);
    }
    g(r) = sum;
  }
  return g;
}

/// Potential energy 1/2 (x - length)^T K_s (x - length) - preload^T (x - length) (K_s: the
/// symmetric part of K) and dissipated power: the power the element absorbs, -g^T xdot, minus
/// the rate of its potential energy (C's work plus the work of K's antisymmetric part). Exact
/// balances when xdot is the time derivative of x (translation; euler_xyz rotation; small-angle
/// rotation about one axis).
template <class T>
void linear_energy(const LinearForce& f, const RelativeCoordinates<T>& q, const V6<T>& g,
                   T& potential, T& dissipation) {
  potential = T(0.0);
  dissipation = T(0.0);
  for (int r = 0; r < 6; ++r) {
    const T dr = q.x(r) - f.length(r);
    // dV/dx_r. Started from 0 * dr, not a constant, so that an automatic-differentiation T
    // carries dr's derivative vector even when row r of K is zero (Eigen's AutoDiffScalar
    // cannot combine an empty derivative vector with a full one in a product).
    T ks_d = 0.0 * dr - f.preload(r);
    for (int c = 0; c < 6; ++c) {
      const double ks = 0.5 * (f.K(r, c) + f.K(c, r));
      if (ks != 0.0) ks_d += ks * (q.x(c) - f.length(c));
    }
    potential += 0.5 * (ks_d - f.preload(r)) * dr;
    dissipation -= (g(r) + ks_d) * q.xdot(r);
  }
}

}  // namespace mb
