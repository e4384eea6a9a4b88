#include "models/reference_marker.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "common/text.hpp"

namespace mb {

namespace {

constexpr std::array<std::string_view, 9> kCosines = {"a00", "a10", "a20", "a01", "a11",
                                                      "a21", "a02", "a12", "a22"};

std::string orthonormal_error(double dev, double det) {
  if (det < 0) return "direction cosines a00..a22 form a left-handed frame (determinant < 0)";
  return fmt::format(
      "direction cosines a00..a22 are not orthonormal (largest deviation of A^T A from I is {:g}, "
      "allowed 1e-3)",
      dev);
}

/// Reads the orientation; returns identity when none is given.
Mat3 read_axes(ElementReader& in) {
  bool any_cosine = false;
  for (auto n : kCosines) any_cosine |= in.has(n);
  const bool any_euler = in.has("psi") || in.has("theta") || in.has("phi");
  if (any_cosine && any_euler) {
    in.error_here("give the orientation either as a00..a22 or as psi/theta/phi, not both");
    return Mat3::Identity();
  }
  if (any_euler) {
    return rotation_from_euler313(in.real_or("psi", 0), in.real_or("theta", 0),
                                  in.real_or("phi", 0));
  }
  if (!any_cosine) return Mat3::Identity();
  Mat3 A = Mat3::Identity();
  for (int k = 0; k < 9; ++k) {
    if (!in.has(kCosines[k])) {
      in.error(kCosines[k], "direction cosines need all nine of a00..a22 (missing " +
                                std::string(kCosines[k]) + ")");
      return Mat3::Identity();
    }
    A(k % 3, k / 3) = in.real_or(kCosines[k], 0);
  }
  const double dev = (A.transpose() * A - Mat3::Identity()).cwiseAbs().maxCoeff();
  if (dev > 1e-3 || A.determinant() < 0) {
    in.error_here(orthonormal_error(dev, A.determinant()));
    return Mat3::Identity();
  }
  // Re-orthonormalise with z and x primary (as MotionSolve's MARKER_READ): y = z x x.
  Vec3 z = A.col(2).normalized();
  Vec3 x = (A.col(0) - z * z.dot(A.col(0))).normalized();
  if (dev > 1e-9) {
    in.warning_here(fmt::format(
        "direction cosines are not orthonormal to 1e-9 (deviation {:g}); re-orthonormalised "
        "keeping z and x",
        dev));
  }
  Mat3 out;
  out << x, z.cross(x), z;
  return out;
}

}  // namespace

void build_reference_marker(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftMarker m;
  m.id = in.require_id();
  m.subject = in.subject();
  m.loc = in.node().loc;
  if (auto b = in.required_ref("body_id")) m.body_id = *b;
  m.body_loc = in.loc_of("body_id");
  static constexpr std::array<std::string_view, 2> kBodyTypes = {"RIGIDBODY", "POINTBODY"};
  if (in.has("body_type")) {
    const std::string v = to_lower(in.attr("body_type")->value);
    if (v == "flexbody") {
      in.error("body_type", "markers on " + in.attr("body_type")->value +
                                " bodies are not supported yet (supported: RIGIDBODY, POINTBODY)");
    } else {
      in.keyword("body_type", kBodyTypes);
    }
  }
  if (in.has("rm_id")) {
    m.rm_id = in.ref("rm_id", true);
    m.rm_loc = in.loc_of("rm_id");
    if (m.rm_id == 0) m.rm_id.reset();
  }
  m.pos = Vec3(in.real_or("pos_x", 0), in.real_or("pos_y", 0), in.real_or("pos_z", 0));
  m.axes = read_axes(in);
  for (auto n : {"node_id", "usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name"}) {
    if (in.has(n)) in.error(n, std::string(n) + " is not supported yet");
  }
  draft.markers.push_back(std::move(m));
}

}  // namespace mb
