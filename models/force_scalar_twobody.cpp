#include "models/force_scalar_twobody.hpp"

#include <array>

#include "common/text.hpp"
#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void build_force_scalar_twobody(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 6> kTypes = {
      "FORCE", "TORQUE", "TRANSLATION", "ROTATION", "TRANSLATIONAL", "ROTATIONAL"};
  if (!in.has("type")) {
    in.missing("type", "Force or Torque");
  } else if (auto t = in.keyword("type", kTypes)) {
    d.type = (*t == "FORCE" || *t == "TRANSLATION" || *t == "TRANSLATIONAL") ? "FORCE" : "TORQUE";
  }
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  d.flag = in.boolean("is_action_only").value_or(false);
  if (in.has("val") && in.has("val_expression")) {
    in.error("val_expression", "give val or val_expression, not both");
  }
  bool failed = false;
  d.user = read_user_subroutine(in, "SFOSUB", failed);
  if (d.user || failed) {
    for (auto n : {"val", "val_expression"}) {
      if (in.has(n)) in.error(n, "give val_expression or a user subroutine, not both");
    }
    d.expressions.push_back(nullptr);
  } else if (in.has("val")) {
    read_expression(in, d, "val");
  } else if (in.has("val_expression")) {
    read_expression(in, d, "val_expression");
  } else {
    in.missing("val_expression", "or 'val'");
    d.expressions.push_back(nullptr);
  }
  accept_hints(in, {"body1_id", "body2_id"});
  draft.scalar_forces.push_back(std::move(d));
}

bool resolve_scalar_force_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  bool ok = ctx.check_attributes(in, kScalarForceEdit);
  const auto k = find_id(ctx.model().scalar_forces, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  if (const DeckAttribute* t = in.attr("type")) {
    const bool torque = iequals(trim(t->value), "TORQUE") || iequals(trim(t->value), "ROTATION");
    if (torque != ctx.model().scalar_forces[*k].rotational) {
      in.error("type", "a command cannot change the type of a Force_Scalar_TwoBody");
      ok = false;
    }
  }
  if (in.has("val") && in.has("val_expression")) {
    in.error("val_expression", "give val or val_expression, not both");
    ok = false;
  }
  if (!in.has("val") && !in.has("val_expression")) {
    in.error_here("nothing to change (give val or val_expression)");
    ok = false;
  }
  if (!ok) return false;
  auto& src = ctx.sources("force_scalar_twobody", id);
  if (const DeckAttribute* v = in.attr("val")) {
    src.erase("val_expression");
    src["val"] = *v;
  } else {
    src.erase("val");
  }
  DraftExpressionElement d =
      ctx.expression_draft(in, src, {src.count("val") ? "val" : "val_expression"});
  ModelEdit::Expressions change{{ModelEdit::List::kScalarForce, *k}, {}};
  if (!compile_group(ctx.model(), d, false, change.expr, ctx.diag())) return false;
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
