#include "models/constraint_joint.hpp"

#include <array>

namespace mb {

namespace {
struct JointName {
  std::string_view name;
  std::optional<JointType> type;  ///< nothing: recognised, not supported yet
};
constexpr std::array<JointName, 17> kJointNames = {{
    {"CONSTANT_VELOCITY", std::nullopt},
    {"CYLINDRICAL", JointType::kCylindrical},
    {"FIXED", JointType::kFixed},
    {"FREE", std::nullopt},
    {"HOOKE", JointType::kHooke},
    {"INLINE", std::nullopt},
    {"INPLANE", std::nullopt},
    {"ORIENTATION", std::nullopt},
    {"PARALLEL_AXES", std::nullopt},
    {"PERPENDICULAR", std::nullopt},
    {"PLANAR", JointType::kPlanar},
    {"RACK_PINION", std::nullopt},
    {"REVOLUTE", JointType::kRevolute},
    {"SCREW", std::nullopt},
    {"SPHERICAL", JointType::kSpherical},
    {"TRANSLATIONAL", JointType::kTranslational},
    {"UNIVERSAL", JointType::kUniversal},
}};
}  // namespace

void build_constraint_joint(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftJoint j;
  j.id = in.require_id();
  j.subject = in.subject();
  j.loc = in.node().loc;
  std::array<std::string_view, kJointNames.size()> names;
  for (size_t k = 0; k < names.size(); ++k) names[k] = kJointNames[k].name;
  if (!in.has("type")) {
    in.error_here("missing required attribute 'type'");
  } else if (auto t = in.keyword("type", names)) {
    for (const auto& jn : kJointNames) {
      if (jn.name != *t) continue;
      if (jn.type) {
        j.type = *jn.type;
      } else {
        in.error("type", "joint type " + *t + " is not supported yet");
      }
    }
  }
  if (auto i = in.required_ref("i_marker_id")) j.i_id = *i;
  if (auto jj = in.required_ref("j_marker_id")) j.j_id = *jj;
  j.i_loc = in.loc_of("i_marker_id");
  j.j_loc = in.loc_of("j_marker_id");
  for (auto n : {"pitch", "pitch_diameter"}) in.real(n);
  if (auto v = in.boolean("is_virtual"); v && *v) {
    in.warning("is_virtual", "is_virtual=TRUE is treated as an ordinary joint");
  }
  draft.joints.push_back(std::move(j));
}

}  // namespace mb
