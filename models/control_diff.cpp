#include "models/control_diff.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

void build_control_diff(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kDiff);
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  const auto t = in.keyword("type", kTypes);
  if (t && *t == "USERSUB") {
    in.error("type", "USERSUB (DIFSUB) Control_Diff is not supported yet");
    for (auto n : {"usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name", "script_name",
                   "interpreter"}) {
      in.attr(n);
    }
    return;
  }
  reject_user_subroutines(in);
  d.form = in.boolean("is_implicit").value_or(false) ? StateElement::Form::kImplicit
                                                     : StateElement::Form::kExplicit;
  d.num_states = 1;
  d.ic_value = in.real_or("ic", 0.0);
  d.ic_dot = in.real_or("ic_dot", 0.0);
  if (!in.has("expr")) in.error_here("missing required attribute 'expr'");
  read_expression(in, d.base, "expr");
  draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
