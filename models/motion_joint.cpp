#include "models/motion_joint.hpp"

#include <array>

#include "models/expression_element_reader.hpp"

namespace mb {

void build_motion_joint(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  if (auto j = in.required_ref("joint_id")) d.marker_ids.push_back(*j);  // a joint id here
  d.marker_locs.push_back(in.loc_of("joint_id"));
  static constexpr std::array<std::string_view, 2> kDof = {"R", "T"};
  const char* dof_attr = in.has("motion_type") ? "motion_type" : "joint_type";
  if (!in.has(dof_attr)) {
    in.error_here("missing required attribute 'joint_type' (R or T)");
  } else if (auto t = in.keyword(dof_attr, kDof)) {
    d.type = *t;
  }
  static constexpr std::array<std::string_view, 3> kVal = {"D", "V", "A"};
  if (auto v = in.keyword("val_type", kVal); v && *v != "D") {
    in.error("val_type", "val_type " + *v + " is not supported yet (supported: D)");
  }
  static constexpr std::array<std::string_view, 2> kKinds = {"EXPRESSION", "USERSUB"};
  if (auto k = in.keyword("type", kKinds); k && *k == "USERSUB") {
    in.error("type", "USERSUB motions are not supported yet");
  }
  in.real("ic_disp");
  in.real("ic_vel");
  if (!in.has("expr")) in.error_here("missing required attribute 'expr'");
  read_expression(in, d, "expr");
  reject_user_subroutines(in);
  draft.motions.push_back(std::move(d));
}

}  // namespace mb
