#pragma once
// Small Eigen aliases and the rotation conventions used everywhere in mbsolve.
//
// Euler parameters p = (e0, e1, e2, e3): e0 = cos(theta/2), (e1, e2, e3) = sin(theta/2) * axis,
// for the rotation that takes the ground axes onto a frame's axes. A(p) has the frame's axes as
// its columns, in ground coordinates.

#include <Eigen/Dense>

namespace mb {

using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Mat3 = Eigen::Matrix3d;

/// Direction-cosine matrix from Euler parameters (templated so the solver can differentiate it):
/// A = (2 e0^2 - 1) I + 2 (e e^T + e0 [e]x).
template <class T>
Eigen::Matrix<T, 3, 3> rotation_from_euler_parameters(const Eigen::Matrix<T, 4, 1>& p) {
  const T e0 = p(0), e1 = p(1), e2 = p(2), e3 = p(3);
  Eigen::Matrix<T, 3, 3> A;
  A(0, 0) = 2.0 * (e0 * e0 + e1 * e1) - 1.0;
  A(0, 1) = 2.0 * (e1 * e2 - e0 * e3);
  A(0, 2) = 2.0 * (e1 * e3 + e0 * e2);
  A(1, 0) = 2.0 * (e1 * e2 + e0 * e3);
  A(1, 1) = 2.0 * (e0 * e0 + e2 * e2) - 1.0;
  A(1, 2) = 2.0 * (e2 * e3 - e0 * e1);
  A(2, 0) = 2.0 * (e1 * e3 - e0 * e2);
  A(2, 1) = 2.0 * (e2 * e3 + e0 * e1);
  A(2, 2) = 2.0 * (e0 * e0 + e3 * e3) - 1.0;
  return A;
}

/// Euler parameters of a rotation matrix (Shepperd's method), with e0 >= 0.
Vec4 euler_parameters_from_rotation(const Mat3& A);

/// Body-fixed 3-1-3 Euler angles (psi, theta, phi): A = Rz(psi) Rx(theta) Rz(phi).
Mat3 rotation_from_euler313(double psi, double theta, double phi);

/// Its inverse: the angles (psi, theta, phi) of R, psi and phi in (-pi, pi], theta in [0, pi];
/// within sin(theta) < 1e-9 of theta = 0 or pi, phi = 0 and psi carries the whole z rotation
/// (the convention of the solver's PSI, THETA, PHI measures, solver/measures.hpp).
Vec3 euler313_from_rotation(const Mat3& R);

/// Skew-symmetric cross-product matrix: skew(a) b = a x b.
Mat3 skew(const Vec3& a);

}  // namespace mb
