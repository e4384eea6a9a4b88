#include "common/linalg.hpp"

#include <cmath>
#include <numbers>

namespace mb {

Vec4 euler_parameters_from_rotation(const Mat3& A) {
  const double tr = A.trace();
  Vec4 p;
  // Pick the largest of 4 e0^2, 4 e1^2, 4 e2^2, 4 e3^2 for a well-conditioned square root.
  const double c0 = 1.0 + tr, c1 = 1.0 + 2.0 * A(0, 0) - tr, c2 = 1.0 + 2.0 * A(1, 1) - tr,
               c3 = 1.0 + 2.0 * A(2, 2) - tr;
  if (c0 >= c1 && c0 >= c2 && c0 >= c3) {
    const double s = 2.0 * std::sqrt(c0);
    p << 0.25 * s, (A(2, 1) - A(1, 2)) / s, (A(0, 2) - A(2, 0)) / s, (A(1, 0) - A(0, 1)) / s;
  } else if (c1 >= c2 && c1 >= c3) {
    const double s = 2.0 * std::sqrt(c1);
    p << (A(2, 1) - A(1, 2)) / s, 0.25 * s, (A(0, 1) + A(1, 0)) / s, (A(0, 2) + A(2, 0)) / s;
  } else if (c2 >= c3) {
    const double s = 2.0 * std::sqrt(c2);
    p << (A(0, 2) - A(2, 0)) / s, (A(0, 1) + A(1, 0)) / s, 0.25 * s, (A(1, 2) + A(2, 1)) / s;
  } else {
    const double s = 2.0 * std::sqrt(c3);
    p << (A(1, 0) - A(0, 1)) / s, (A(0, 2) + A(2, 0)) / s, (A(1, 2) + A(2, 1)) / s, 0.25 * s;
  }
  if (p(0) < 0) p = -p;
  return p.normalized();
}

Mat3 rotation_from_euler313(double psi, double theta, double phi) {
  return (Eigen::AngleAxisd(psi, Vec3::UnitZ()) * Eigen::AngleAxisd(theta, Vec3::UnitX()) *
          Eigen::AngleAxisd(phi, Vec3::UnitZ()))
      .toRotationMatrix();
}

Vec3 euler313_from_rotation(const Mat3& R) {
  const double s2 = R(0, 2) * R(0, 2) + R(1, 2) * R(1, 2);
  if (s2 < 1e-18) return {std::atan2(R(1, 0), R(0, 0)), R(2, 2) > 0 ? 0.0 : std::numbers::pi, 0.0};
  return {std::atan2(R(0, 2), -R(1, 2)), std::atan2(std::sqrt(s2), R(2, 2)),
          std::atan2(R(2, 0), R(2, 1))};
}

Mat3 skew(const Vec3& a) {
  Mat3 S;
  S << 0, -a(2), a(1), a(2), 0, -a(0), -a(1), a(0), 0;
  return S;
}

}  // namespace mb
