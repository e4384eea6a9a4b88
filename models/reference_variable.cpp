#include "models/reference_variable.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
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
  in.real("ic");
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

}  // namespace mb
