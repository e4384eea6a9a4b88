#include "models/reference_variable.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void build_reference_variable(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  const auto type = in.keyword("type", kTypes);
  const bool user = type && *type == "USERSUB";
  if (auto imp = in.boolean("is_implicit"); imp && *imp) {
    in.error("is_implicit", "implicit variables are not supported yet");
  }
  // Adams' VARIABLE IC is the first guess of a variable defined implicitly (through itself);
  // mbsolve evaluates every variable explicitly (one that depends on itself is an error), so
  // the value has no use: one warning for all the variables that give it.
  if (const DeckAttribute* ic = in.attr("ic"); ic && in.real("ic")) {
    const std::string name = ic->spelled.empty() ? std::string("ic") : ic->spelled;
    in.warning_grouped("variable-ic", "ic",
                       name +
                           " (the first guess of a variable defined through itself) is not used: "
                           "mbsolve evaluates each variable from its expression; ignored");
  }
  in.boolean("static_hold");
  for (auto n : {"autobalance", "penalty", "penalty1", "dot_form"}) in.attr(n);
  if (user) {
    bool failed = false;
    d.user = read_user_subroutine(in, "VARSUB", failed);
    if (!d.user && !failed)
      in.error_here("type USERSUB needs usrsub_dll_name and usrsub_param_string");
    if (in.has("expr")) in.error("expr", "give expr or a user subroutine (type USERSUB), not both");
    d.expressions.push_back(nullptr);
  } else {
    if (!in.has("expr")) in.missing("expr");
    read_expression(in, d, "expr");
    reject_user_subroutines(in);
  }
  draft.variables.push_back(std::move(d));
}

bool resolve_variable_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  bool ok = ctx.check_attributes(in, kVariableEdit);
  const auto k = find_id(ctx.model().variables, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  static constexpr std::array<std::string_view, 1> kKinds = {"EXPRESSION"};
  if (in.has("type") && !in.keyword("type", kKinds)) ok = false;
  if (!in.has("expr")) {
    in.error_here("nothing to change (give expr)");
    ok = false;
  }
  if (!ok) return false;
  DraftExpressionElement d =
      ctx.expression_draft(in, ctx.sources("reference_variable", id), {"expr"});
  ModelEdit::Expressions change{{ModelEdit::List::kVariable, *k}, {}};
  if (!compile_group(ctx.model(), d, true, change.expr, ctx.diag())) return false;
  Model probe = ctx.model();
  probe.variables[*k].expr = change.expr;
  if (variable_depends_on_itself(probe, *k)) {
    in.error("expr", "the variable would depend on itself through VARVAL (an algebraic loop)");
    return false;
  }
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
