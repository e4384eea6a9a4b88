#include "models/expression_element_reader.hpp"

#include <array>

#include "common/text.hpp"

namespace mb {

DraftExpressionElement start_draft(ElementReader& in) {
  DraftExpressionElement d;
  d.node = &in.node();
  d.id = in.require_id();
  d.subject = in.subject();
  d.loc = in.node().loc;
  return d;
}

void read_marker(ElementReader& in, DraftExpressionElement& d, std::string_view attr,
                 bool required) {
  std::optional<int> id = required ? in.required_ref(attr) : in.ref(attr, true);
  d.marker_ids.push_back(id.value_or(0));
  d.marker_locs.push_back(in.loc_of(attr));
}

void read_expression(ElementReader& in, DraftExpressionElement& d, std::string_view attr) {
  const DeckAttribute* a = in.attr(attr);
  if (a && (iequals(trim(a->value), "NULL") || trim(a->value).empty())) a = nullptr;
  d.expressions.push_back(a);
}

void reject_user_subroutines(ElementReader& in) {
  for (auto n : {"usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name", "script_name",
                 "interpreter", "usrsub_param_name"}) {
    if (in.has(n)) in.error(n, "user subroutines and scripts are not supported yet");
  }
}

void accept_hints(ElementReader& in, std::initializer_list<std::string_view> names) {
  for (auto n : names) in.attr(n);
}

std::optional<UserSubroutine> read_expression_or_user(ElementReader& in, DraftExpressionElement& d,
                                                      std::string_view routine,
                                                      std::string_view what) {
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  const auto type = in.keyword("type", kTypes);
  if (type && *type == "USERSUB") {
    bool failed = false;
    std::optional<UserSubroutine> user = read_user_subroutine(in, routine, failed);
    if (!user && !failed) {
      in.error_here("type USERSUB needs usrsub_dll_name (or script_name) and usrsub_param_string");
    }
    if (in.has("expr")) {
      in.error("expr", "give expr or type USERSUB (a " + std::string(routine) + "), not both");
    }
    return user;
  }
  reject_user_subroutines(in);
  if (!in.has("expr")) in.missing("expr", what);
  read_expression(in, d, "expr");
  if (in.has("expr") && d.expressions.back() == nullptr) {
    const DeckAttribute* a = in.attr("expr");
    const std::string name = a && !a->spelled.empty() ? a->spelled : std::string("expr");
    in.error("expr", name + " must be an expression (got NULL)");
  }
  return std::nullopt;
}

}  // namespace mb
