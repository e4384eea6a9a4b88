#include "solver/body_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/linalg.hpp"

namespace mb {

namespace {

/// (yaw, pitch, roll) of A = Rz(yaw) Ry(pitch) Rx(roll).
Vec3 yaw_pitch_roll(const Mat3& A) {
  return {std::atan2(A(1, 0), A(0, 0)), std::asin(std::clamp(-A(2, 0), -1.0, 1.0)),
          std::atan2(A(2, 1), A(2, 2))};
}

}  // namespace

std::vector<ResultColumn> body_output_columns(const System& sys, BodyAngles angles) {
  const Units& u = sys.model().units;
  const std::string len = u.length.empty() ? "length" : u.length;
  const std::string time = u.time.empty() ? "time" : u.time;
  const std::string vel = len + "/" + time;
  const std::string ang = "radian/" + time;
  std::vector<ResultColumn> cols;
  for (size_t b = 0; b < sys.model().bodies.size(); ++b) {
    if (sys.body_offset(static_cast<int>(b)) < 0) continue;
    const std::string p = fmt::format("body{}.", sys.model().bodies[b].id);
    for (auto c : {"x", "y", "z"}) cols.push_back({p + c, len});
    for (auto c : {"e0", "e1", "e2", "e3"}) cols.push_back({p + c, "1"});
    for (auto c : {"vx", "vy", "vz"}) cols.push_back({p + c, vel});
    for (auto c : {"wx", "wy", "wz"}) cols.push_back({p + c, ang});
    if (angles == BodyAngles::kYawPitchRoll) {
      for (auto c : {"yaw", "pitch", "roll"}) cols.push_back({p + c, "radian"});
    } else if (angles == BodyAngles::kEuler313) {
      for (auto c : {"psi", "theta", "phi"}) cols.push_back({p + c, "radian"});
    }
  }
  return cols;
}

void body_output_values(const System& sys, const double* y, std::span<double> out,
                        BodyAngles angles) {
  size_t k = 0;
  for (size_t b = 0; b < sys.model().bodies.size(); ++b) {
    const int o = sys.body_offset(static_cast<int>(b));
    if (o < 0) continue;
    const Vec4 p(y[o + 3], y[o + 4], y[o + 5], y[o + 6]);
    const Vec4 pn = p / p.norm();
    const Mat3 A = rotation_from_euler_parameters<double>(pn);
    const Vec3 w = A * Vec3(y[o + 10], y[o + 11], y[o + 12]);
    for (int i = 0; i < 3; ++i) out[k++] = y[o + i];
    for (int i = 0; i < 4; ++i) out[k++] = pn(i);
    for (int i = 0; i < 3; ++i) out[k++] = y[o + 7 + i];
    for (int i = 0; i < 3; ++i) out[k++] = w(i);
    if (angles == BodyAngles::kNone) continue;
    const Vec3 a =
        angles == BodyAngles::kYawPitchRoll ? yaw_pitch_roll(A) : euler313_from_rotation(A);
    for (int i = 0; i < 3; ++i) out[k++] = a(i);
  }
}

}  // namespace mb
