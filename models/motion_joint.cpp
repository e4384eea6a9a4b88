#include "models/motion_joint.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void read_motion_value(ElementReader& in, DraftExpressionElement& d) {
  // values: level (0 D, 1 V, 2 A), ic_disp, ic_vel.
  static constexpr std::array<std::string_view, 3> kVal = {"D", "V", "A"};
  const std::string val = in.keyword("val_type", kVal).value_or("D");
  const double level = val == "A" ? 2.0 : (val == "V" ? 1.0 : 0.0);
  if (level >= 1 && !in.has("ic_disp")) {
    in.error_here("val_type " + val +
                  " needs 'ic_disp' (the initial displacement the motion integrates from)");
  }
  if (level >= 2 && !in.has("ic_vel")) {
    in.error_here("val_type A needs 'ic_vel' (the initial velocity the motion integrates from)");
  }
  if (level < 1 && in.has("ic_disp")) in.warning("ic_disp", "ic_disp is ignored for val_type D");
  if (level < 2 && in.has("ic_vel")) in.warning("ic_vel", "ic_vel is ignored for val_type " + val);
  d.values = {level, in.real_or("ic_disp", 0.0), in.real_or("ic_vel", 0.0)};
  static constexpr std::array<std::string_view, 2> kKinds = {"EXPRESSION", "USERSUB"};
  const auto kind = in.keyword("type", kKinds);
  if (kind && *kind == "USERSUB") {
    // MOTSUB returns the val_type quantity (iord 0, 1, 2 for D, V, A) and its time derivatives
    // (solver/joint_kernel.hpp); the expression slot stays empty (the constant 0).
    bool failed = false;
    d.user = read_user_subroutine(in, "MOTSUB", failed);
    if (!d.user && !failed)
      in.error_here("type USERSUB needs usrsub_dll_name and usrsub_param_string");
    if (in.has("expr")) in.error("expr", "give expr or a user subroutine (type USERSUB), not both");
    d.expressions.push_back(nullptr);
    return;
  }
  if (!in.has("expr")) in.missing("expr");
  read_expression(in, d, "expr");
  reject_user_subroutines(in);
}

void build_motion_joint(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  if (auto j = in.required_ref("joint_id")) d.marker_ids.push_back(*j);  // a joint id here
  d.marker_locs.push_back(in.loc_of("joint_id"));
  static constexpr std::array<std::string_view, 2> kDof = {"R", "T"};
  const char* dof_attr = in.has("motion_type") ? "motion_type" : "joint_type";
  if (!in.has(dof_attr)) {
    in.missing("joint_type", "R or T");
  } else if (auto t = in.keyword(dof_attr, kDof)) {
    d.type = *t;
  }
  read_motion_value(in, d);
  draft.motions.push_back(std::move(d));
}

}  // namespace mb
