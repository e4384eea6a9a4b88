#include "models/control_diff.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void build_control_diff(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kDiff);
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  const auto t = in.keyword("type", kTypes);
  d.form = in.boolean("is_implicit").value_or(false) ? StateElement::Form::kImplicit
                                                     : StateElement::Form::kExplicit;
  d.num_states = 1;
  d.ic_value = in.real_or("ic", 0.0);
  d.ic_dot = in.real_or("ic_dot", 0.0);
  if (t && *t == "USERSUB") {
    bool failed = false;
    d.user = read_user_subroutine(in, "DIFSUB", failed);
    if (!d.user && !failed) {
      in.error_here("type USERSUB needs usrsub_dll_name and usrsub_param_string");
    }
    if (in.has("expr")) in.error("expr", "give expr or a user subroutine (type USERSUB), not both");
    if (d.user) draft.state_elements.push_back(std::move(d));
    return;
  }
  reject_user_subroutines(in);
  if (!in.has("expr")) in.missing("expr");
  read_expression(in, d.base, "expr");
  draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
