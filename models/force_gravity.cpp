#include "models/force_gravity.hpp"

#include <fmt/format.h>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"

namespace mb {

void build_force_gravity(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  if (draft.gravity) in.warning_here("a second Force_Gravity replaces the first");
  DraftExpressionElement d;
  d.node = &in.node();
  d.subject = in.subject();
  d.loc = in.node().loc;
  for (auto n : {"grav_x", "grav_y", "grav_z"}) read_expression(in, d, n);
  draft.gravity = std::move(d);
}

bool compile_gravity(const DraftExpressionElement& d, const Model& m, Vec3& constant,
                     std::optional<ExpressionGroup>& expr, Diagnostics& diag) {
  ExpressionGroup g;
  if (!compile_group(m, d, false, g, diag)) return false;
  if (!g.measures.empty()) {
    const DeckAttribute* a = nullptr;
    for (size_t k = 0; k < 3 && !a; ++k) {
      if (d.expressions[k] && !g.exprs[k].value.input_slots().empty()) a = d.expressions[k];
    }
    diag.error(a ? a->loc : d.loc, d.subject,
               fmt::format("{} may depend on TIME only (gravity that depends on the system's "
                           "state: apply it with a Force_Vector_OneBody)",
                           a ? a->spelled : std::string("gravity")));
    return false;
  }
  bool all_constant = true;
  for (const auto& e : g.exprs) all_constant &= e.value.is_constant();
  constant = Vec3::Zero();
  expr.reset();
  if (all_constant) {
    for (int k = 0; k < 3; ++k)
      constant(k) = g.exprs[static_cast<size_t>(k)].value.constant_value();
  } else {
    expr = std::move(g);
  }
  return true;
}

void resolve_gravity(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  if (draft.gravity) compile_gravity(*draft.gravity, m, m.gravity, m.gravity_expr, diag);
}

// grav_x/y/z, constants or expressions of TIME; the others keep their values.
bool resolve_gravity_edit(EditContext& ctx, ElementReader& in, int /*id*/, ModelEdit& edit) {
  if (!ctx.check_attributes(in, kGravityEdit)) return false;
  DraftExpressionElement d =
      ctx.expression_draft(in, ctx.sources("force_gravity", 0), {"grav_x", "grav_y", "grav_z"});
  ModelEdit::Gravity change;
  if (!compile_gravity(d, ctx.model(), change.constant, change.expr, ctx.diag())) return false;
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
