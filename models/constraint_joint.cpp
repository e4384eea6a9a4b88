#include "models/constraint_joint.hpp"

#include <fmt/format.h>

#include <array>

namespace mb {

namespace {
struct JointName {
  std::string_view name;
  std::optional<JointType> type;  ///< nothing: recognised, not supported yet
};
constexpr std::array<JointName, 17> kJointNames = {{
    {"CONSTANT_VELOCITY", JointType::kConstantVelocity},
    {"CYLINDRICAL", JointType::kCylindrical},
    {"FIXED", JointType::kFixed},
    {"FREE", JointType::kFree},
    {"HOOKE", JointType::kHooke},
    {"INLINE", JointType::kInline},
    {"INPLANE", JointType::kInplane},
    {"ORIENTATION", JointType::kOrientation},
    {"PARALLEL_AXES", JointType::kParallelAxes},
    {"PERPENDICULAR", JointType::kPerpendicular},
    {"PLANAR", JointType::kPlanar},
    {"RACK_PINION", JointType::kRackPinion},
    {"REVOLUTE", JointType::kRevolute},
    {"SCREW", JointType::kScrew},
    {"SPHERICAL", JointType::kSpherical},
    {"TRANSLATIONAL", JointType::kTranslational},
    {"UNIVERSAL", JointType::kUniversal},
}};
constexpr std::array<JointName, 6> kJprimNames = {{
    {"ATPOINT", JointType::kAtPoint},
    {"INLINE", JointType::kInline},
    {"INPLANE", JointType::kInplane},
    {"ORIENTATION", JointType::kOrientation},
    {"PARALLEL_AXES", JointType::kParallelAxes},
    {"PERPENDICULAR", JointType::kPerpendicular},
}};

/// Reads the attributes common to joints and primitives: id, type (from `table`), markers.
template <size_t N>
DraftJoint read_joint(ElementReader& in, const std::array<JointName, N>& table) {
  DraftJoint j;
  j.id = in.require_id();
  j.subject = in.subject();
  j.loc = in.node().loc;
  std::array<std::string_view, N> names;
  for (size_t k = 0; k < N; ++k) names[k] = table[k].name;
  if (!in.has("type")) {
    in.missing("type");
  } else if (auto t = in.keyword("type", names)) {
    for (const auto& jn : table) {
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
  if (auto v = in.boolean("is_virtual"); v && *v) {
    in.warning("is_virtual", "is_virtual=TRUE is treated as an ordinary joint");
  }
  return j;
}

/// `pitch` (SCREW) or `pitch_diameter` (RACK_PINION): required there, a real != 0 (> 0 for a
/// diameter); other joint types ignore them.
void read_pitch(ElementReader& in, DraftJoint& j) {
  const bool screw = j.type == JointType::kScrew, rack = j.type == JointType::kRackPinion;
  for (const char* name : {"pitch", "pitch_diameter"}) {
    const bool wanted = std::string_view(name) == "pitch" ? screw : rack;
    if (!wanted) {
      in.real(name);  // checked as a number, not used by other joint types
      continue;
    }
    if (!in.has(name)) {
      in.missing(name, screw ? "a SCREW joint needs it" : "a RACK_PINION joint needs it");
      continue;
    }
    const auto v = in.real(name);
    if (!v) continue;
    if (screw && *v == 0.0) {
      in.error(name,
               "pitch must not be 0 (translation per revolution; negative for a "
               "left-handed screw)");
    } else if (rack && *v <= 0.0) {
      in.error(name, "pitch_diameter must be > 0");
    } else {
      j.pitch = *v;
    }
  }
}
/// The joint initial conditions (mbsolve extension attributes, from Adams IC=, ICTRAN=, ICROT=):
/// ic_tran_disp / ic_tran_vel on TRANSLATIONAL and CYLINDRICAL joints, ic_rot_disp / ic_rot_vel
/// on REVOLUTE and CYLINDRICAL joints.
void read_initial_conditions(ElementReader& in, DraftJoint& j) {
  static constexpr std::string_view kNames[2][2] = {{"ic_tran_disp", "ic_tran_vel"},
                                                    {"ic_rot_disp", "ic_rot_vel"}};
  const bool cylindrical = j.type == JointType::kCylindrical;
  const bool allowed[2] = {cylindrical || j.type == JointType::kTranslational,
                           cylindrical || j.type == JointType::kRevolute};
  for (int c = 0; c < 2; ++c) {
    for (int level = 0; level < 2; ++level) {
      const std::string_view name = kNames[c][level];
      if (!in.has(name)) continue;
      const auto v = in.real(name);
      if (!v) continue;
      if (!allowed[c]) {
        in.error(name,
                 fmt::format("{} applies to {} joints only (this joint is {})", name,
                             c == 0 ? "TRANSLATIONAL and CYLINDRICAL" : "REVOLUTE and CYLINDRICAL",
                             joint_type_name(j.type)));
        continue;
      }
      (level == 0 ? j.ic_disp : j.ic_vel)[c] = *v;
    }
  }
}
}  // namespace

std::string_view joint_type_name(JointType type) {
  for (const auto& jn : kJointNames) {
    if (jn.type == type) return jn.name;
  }
  return type == JointType::kAtPoint ? "ATPOINT" : "?";
}

void build_constraint_joint(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftJoint j = read_joint(in, kJointNames);
  read_pitch(in, j);
  read_initial_conditions(in, j);
  draft.joints.push_back(std::move(j));
}

void build_constraint_jprim(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftJoint j = read_joint(in, kJprimNames);
  j.primitive = true;
  draft.jprims.push_back(std::move(j));
}

}  // namespace mb
