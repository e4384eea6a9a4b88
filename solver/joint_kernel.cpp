#include "solver/joint_kernel.hpp"

namespace mb {

std::vector<JointEquation> joint_equations(const Joint& joint) {
  using K = JointEquation::Kind;
  const JointEquation px{K::kPoint, 0, 0}, py{K::kPoint, 1, 0}, pz{K::kPoint, 2, 0};
  const JointEquation zi_xj{K::kDot1, 2, 0}, zi_yj{K::kDot1, 2, 1}, xi_yj{K::kDot1, 0, 1},
      zi_zj{K::kDot1, 2, 2};
  const JointEquation d_xj{K::kDot2, 0, 0}, d_yj{K::kDot2, 0, 1}, d_zj{K::kDot2, 0, 2};
  switch (joint.type) {
    case JointType::kSpherical:
      return {px, py, pz};
    case JointType::kRevolute:
      return {px, py, pz, zi_xj, zi_yj};
    case JointType::kFixed:
      return {px, py, pz, zi_xj, zi_yj, xi_yj};
    case JointType::kTranslational:
      return {d_xj, d_yj, zi_xj, zi_yj, xi_yj};
    case JointType::kCylindrical:
      return {d_xj, d_yj, zi_xj, zi_yj};
    case JointType::kPlanar:
      return {d_zj, zi_xj, zi_yj};
    case JointType::kUniversal:
      return {px, py, pz, zi_zj};
    case JointType::kHooke:
      return {px, py, pz, xi_yj};
    case JointType::kConstantVelocity:
      return {px, py, pz, {K::kConvel, 0, 0}};
    case JointType::kScrew:
      return {{K::kScrew, 0, 0, joint.pitch}};
    case JointType::kRackPinion:
      return {{K::kRackPinion, 0, 0, joint.pitch}};
    case JointType::kAtPoint:
      return {px, py, pz};
    case JointType::kInline:
      return {d_xj, d_yj};
    case JointType::kInplane:
      return {d_zj};
    case JointType::kOrientation:
      return {zi_xj, zi_yj, xi_yj};
    case JointType::kParallelAxes:
      return {zi_xj, zi_yj};
    case JointType::kPerpendicular:
      return {zi_zj};
    case JointType::kFree:
      return {};
  }
  return {};
}

}  // namespace mb
