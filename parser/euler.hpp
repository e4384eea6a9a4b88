#pragma once
// Small fixed-size rotation helpers for the .adm reader: plain 3x3 arrays, no Eigen.
//
// A Mat3 `A` is a direction-cosine matrix whose COLUMNS are the axes of a frame expressed in its
// parent frame (A[r][c] = row r, column c), the same convention as Reference_Marker a00..a22.
// Adams REULER = (psi, theta, phi) are body-fixed 3-1-3 Euler angles in radians:
//   A = Rz(psi) * Rx(theta) * Rz(phi).

#include <algorithm>
#include <array>
#include <cmath>

namespace mb::adm {

using Vec3 = std::array<double, 3>;
using Mat3 = std::array<std::array<double, 3>, 3>;

inline Mat3 identity3() { return {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}; }

/// Rotation by `a` radians about z (columns = rotated axes).
inline Mat3 rot_z(double a) {
  const double c = std::cos(a), s = std::sin(a);
  return {{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
}

/// Rotation by `a` radians about x.
inline Mat3 rot_x(double a) {
  const double c = std::cos(a), s = std::sin(a);
  return {{{1, 0, 0}, {0, c, -s}, {0, s, c}}};
}

inline Mat3 mul(const Mat3& a, const Mat3& b) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) r[i][j] += a[i][k] * b[k][j];
  return r;
}

inline Vec3 mul(const Mat3& a, const Vec3& v) {
  Vec3 r{};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) r[i] += a[i][k] * v[k];
  return r;
}

inline Vec3 add(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double norm(const Vec3& a) { return std::sqrt(dot(a, a)); }
inline Vec3 scale(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }

/// Body-fixed 3-1-3 Euler angles (radians) to a direction-cosine matrix.
inline Mat3 reuler_313(double psi, double theta, double phi) {
  return mul(mul(rot_z(psi), rot_x(theta)), rot_z(phi));
}

/// The matrix whose columns are x, y, z.
inline Mat3 from_columns(const Vec3& x, const Vec3& y, const Vec3& z) {
  return {{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}};
}

/// The Adams x-point-z-point orientation, all points in the parent frame: the z axis points from
/// `origin` to `zp`; by default `xp` lies in the positive x-z half-plane (x = the part of
/// xp - origin normal to z); with `use_xp` the x axis points exactly at `xp` and `zp` lies in
/// the positive x-z half-plane. Returns false if the points are coincident or collinear.
inline bool frame_from_points(const Vec3& origin, const Vec3& zp, const Vec3& xp, bool use_xp,
                              Mat3& out) {
  const Vec3 a = sub(use_xp ? xp : zp, origin);  // the exact axis
  const Vec3 b = sub(use_xp ? zp : xp, origin);  // the in-plane hint
  const double na = norm(a);
  if (!(na > 0)) return false;
  const Vec3 ua = scale(a, 1.0 / na);
  const Vec3 bn = sub(b, scale(ua, dot(b, ua)));
  const double nb = norm(bn);
  if (!(nb > 1e-12 * std::max(1.0, norm(b)))) return false;
  const Vec3 ub = scale(bn, 1.0 / nb);
  if (use_xp) {  // x = ua, z = ub
    out = from_columns(ua, cross(ub, ua), ub);
  } else {  // z = ua, x = ub
    out = from_columns(ub, cross(ua, ub), ua);
  }
  return true;
}

/// A unit vector normal to the unit vector `z`: the parent axis least aligned with z, with its
/// z component removed. Used when only ZP is given.
inline Vec3 any_normal(const Vec3& z) {
  int k = 0;
  for (int i = 1; i < 3; ++i) {
    if (std::abs(z[i]) < std::abs(z[k])) k = i;
  }
  Vec3 e{0, 0, 0};
  e[k] = 1;
  const Vec3 n = sub(e, scale(z, dot(e, z)));
  return scale(n, 1.0 / norm(n));
}

}  // namespace mb::adm
