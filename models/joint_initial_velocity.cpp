#include "models/joint_initial_velocity.hpp"

#include <array>
#include <string>

namespace mb {

namespace {
/// Reads joint_id and the velocity attributes `names` ([0] translation, [1] rotation; empty:
/// not an attribute of this element); at least one must be given.
void read(ElementReader& in, ModelDraft& draft, JointType type,
          const std::array<std::string_view, 2>& names) {
  DraftJointInitialVelocity v;
  v.subject = in.subject();
  v.loc = in.node().loc;
  v.type = type;
  if (auto j = in.required_ref("joint_id")) v.joint_id = *j;
  v.joint_loc = in.loc_of("joint_id");
  bool any = false;
  for (int c = 0; c < 2; ++c) {
    if (names[c].empty() || !in.has(names[c])) continue;
    any = true;
    if (auto x = in.real(names[c])) v.vel[c] = *x;
  }
  if (!any) {
    if (names[0].empty() || names[1].empty()) {
      in.missing(std::string(names[0].empty() ? names[1] : names[0]));
    } else {
      in.error_here("give trans_iv, rot_iv or both");
    }
  }
  draft.joint_initial_velocities.push_back(std::move(v));
}
}  // namespace

void build_joint_initial_vel_trans(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  read(in, draft, JointType::kTranslational, {"iv", ""});
}

void build_joint_initial_vel_rev(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  read(in, draft, JointType::kRevolute, {"", "iv"});
}

void build_joint_initial_vel_cyl(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  read(in, draft, JointType::kCylindrical, {"trans_iv", "rot_iv"});
}

}  // namespace mb
