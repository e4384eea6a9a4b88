#include "models/force_vector_twobody.hpp"

#include <array>

#include "common/text.hpp"
#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void read_vector_components(ElementReader& in, DraftExpressionElement& d) {
  static constexpr std::array<std::string_view, 3> kTypes = {"FORCEONLY", "TORQUEONLY",
                                                             "FORCEANDTORQUE"};
  if (!in.has("type")) {
    in.missing("type", "ForceOnly, TorqueOnly or ForceAndTorque");
  } else if (auto t = in.keyword("type", kTypes)) {
    d.type = *t;
  }
  const bool force = d.type != "TORQUEONLY", torque = d.type != "FORCEONLY";
  for (auto n : {"fx_expression", "fy_expression", "fz_expression"}) {
    if (!force && in.has(n)) in.error(n, std::string(n) + " does not belong to type TorqueOnly");
    read_expression(in, d, n);
  }
  for (auto n : {"tx_expression", "ty_expression", "tz_expression"}) {
    if (!torque && in.has(n)) in.error(n, std::string(n) + " does not belong to type ForceOnly");
    read_expression(in, d, n);
  }
  bool failed = false;
  d.user = read_user_subroutine(in,
                                force && torque ? "GFOSUB"
                                : force         ? "VFOSUB"
                                                : "VTOSUB",
                                failed);
  if (d.user) {
    for (const DeckAttribute* a : d.expressions) {
      if (a) in.error(a->name, "give component expressions or a user subroutine, not both");
    }
  }
}

void build_force_vector_twobody(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_floating_marker_id", true);
  read_marker(in, d, "ref_marker_id", false);
  read_vector_components(in, d);
  accept_hints(in, {"body1_id", "body2_id", "ref_body_id"});
  draft.vector_forces.push_back(std::move(d));
}

bool resolve_vector_force_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  bool ok = ctx.check_attributes(in, kVectorForceEdit);
  const auto k = find_id(ctx.model().vector_forces, id);
  const bool one_body = in.node().tag == "force_vector_onebody";
  if (!k || ctx.model().vector_forces[*k].one_body != one_body) {
    ctx.not_found(in, id);
    return false;
  }
  auto& src = ctx.sources(in.node().tag, id);
  if (const DeckAttribute* t = in.attr("type")) {
    auto old = src.find("type");
    if (old == src.end() || !iequals(trim(old->second.value), trim(t->value))) {
      in.error("type", "a command cannot change the type of a " + in.node().spelled);
      ok = false;
    }
  }
  if (!ok) return false;
  DraftExpressionElement d =
      ctx.expression_draft(in, src,
                           {"fx_expression", "fy_expression", "fz_expression", "tx_expression",
                            "ty_expression", "tz_expression"});
  ModelEdit::Expressions change{{ModelEdit::List::kVectorForce, *k}, {}};
  if (!compile_group(ctx.model(), d, false, change.expr, ctx.diag())) return false;
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
