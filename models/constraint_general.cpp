#include "models/constraint_general.hpp"

#include <array>

#include "models/expression_element_reader.hpp"

namespace mb {

void build_constraint_general(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", false);
  static constexpr std::array<std::string_view, 2> kKinds = {"EXPRESSION", "USERSUB"};
  if (auto k = in.keyword("type", kKinds); k && *k == "USERSUB") {
    in.error("type", "USERSUB constraints are not supported yet");
  }
  if (!in.has("expr")) in.missing("expr");
  read_expression(in, d, "expr");
  if (in.has("expr") && !d.expressions.back()) in.error("expr", "expr must not be empty or NULL");
  reject_user_subroutines(in);
  if (auto v = in.boolean("is_virtual"); v && *v) {
    in.warning("is_virtual", "is_virtual=TRUE is treated as an ordinary constraint");
  }
  draft.general_constraints.push_back(std::move(d));
}

}  // namespace mb
