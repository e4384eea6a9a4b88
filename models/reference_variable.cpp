#include "models/reference_variable.hpp"

#include <array>

#include "models/expression_element_reader.hpp"

namespace mb {

void build_reference_variable(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  if (auto t = in.keyword("type", kTypes); t && *t == "USERSUB") {
    in.error("type", "USERSUB variables are not supported yet");
  }
  if (auto imp = in.boolean("is_implicit"); imp && *imp) {
    in.error("is_implicit", "implicit variables are not supported yet");
  }
  in.real("ic");
  in.boolean("static_hold");
  for (auto n : {"autobalance", "penalty", "penalty1", "dot_form"}) in.attr(n);
  if (!in.has("expr")) in.error_here("missing required attribute 'expr'");
  read_expression(in, d, "expr");
  reject_user_subroutines(in);
  draft.variables.push_back(std::move(d));
}

}  // namespace mb
