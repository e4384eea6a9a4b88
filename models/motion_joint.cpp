#include "models/motion_joint.hpp"

#include <fmt/format.h>

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
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

bool resolve_motion_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  const Model& model = ctx.model();
  bool ok = ctx.check_attributes(in, kMotionEdit);
  const bool on_markers = in.node().tag == "motion_marker";
  std::optional<size_t> k;
  for (size_t m = 0; m < model.motions.size() && !k; ++m) {
    if (model.motions[m].id == id && model.motions[m].on_markers == on_markers) k = m;
  }
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  static constexpr std::array<std::string_view, 3> kVal = {"D", "V", "A"};
  const auto level = static_cast<size_t>(model.motions[*k].level);
  if (auto v = in.keyword("val_type", kVal); v && *v != kVal[level]) {
    in.error("val_type", fmt::format("a command cannot change the val_type of a motion (it is "
                                     "{}; the motion's states are fixed when the run starts)",
                                     kVal[level]));
    ok = false;
  }
  static constexpr std::array<std::string_view, 1> kKinds = {"EXPRESSION"};
  if (in.has("type") && !in.keyword("type", kKinds)) ok = false;
  if (!in.has("expr")) {
    in.error_here("nothing to change (give expr)");
    ok = false;
  } else if (model.motions[*k].user) {
    in.error("expr", "the motion is a MOTSUB user subroutine (type USERSUB): it has no expr");
    ok = false;
  }
  if (!ok) return false;
  DraftExpressionElement d = ctx.expression_draft(in, ctx.sources(in.node().tag, id), {"expr"});
  ModelEdit::Expressions change{{ModelEdit::List::kMotion, *k}, {}};
  if (!compile_group(model, d, true, change.expr, ctx.diag())) return false;
  if (!change.expr.measures.empty()) {
    in.error("expr", motion_time_only_error(change.expr));
    return false;
  }
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
