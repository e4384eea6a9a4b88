#include "models/state_reader.hpp"

#include <array>

#include "common/text.hpp"
#include "models/expression_element_reader.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

std::optional<std::vector<double>> read_number_list(ElementReader& in, std::string_view attr) {
  const DeckAttribute* a = attr.empty() ? nullptr : in.attr(attr);
  const std::string_view text = a ? std::string_view(a->value) : std::string_view(in.node().text);
  std::vector<double> out;
  for (const std::string& item : split_list(text)) {
    const auto v = parse_real(item);
    if (!v) {
      const std::string msg = "bad number " + quoted_value(item) + " in the data list";
      if (a) {
        in.error(attr, msg);
      } else {
        in.error_here(msg);
      }
      return std::nullopt;
    }
    out.push_back(*v);
  }
  return out;
}

DraftRef read_draft_ref(ElementReader& in, std::string_view attr, bool required) {
  DraftRef r;
  r.loc = in.loc_of(attr);
  if (const DeckAttribute* a = in.attr(attr)) r.spelled = a->spelled;
  if (required) {
    r.id = in.required_ref(attr).value_or(0);
  } else {
    r.id = in.ref(attr, true).value_or(0);
  }
  return r;
}

DraftStateElement start_state_draft(ElementReader& in, StateElement::Kind kind) {
  DraftStateElement d;
  d.base = start_draft(in);
  d.kind = kind;
  d.static_hold = in.boolean("is_static_hold").value_or(false);
  return d;
}

void read_state_arrays(ElementReader& in, DraftStateElement& d, bool x_required) {
  auto one = [&](const char* name, const char* solver_name, bool required) {
    if (in.has(solver_name)) return read_draft_ref(in, solver_name, false);
    if (required && !in.has(name)) {
      in.missing(name);
      return DraftRef{};
    }
    return read_draft_ref(in, name, false);
  };
  d.x = one("x_array_id", "x_solver_array_id", x_required);
  d.y = one("y_array_id", "y_solver_array_id", false);
  d.u = one("u_array_id", "u_solver_array_id", false);
  d.ic = one("ic_array_id", "ic_solver_array_id", false);
}

void read_linear_or_usersub(ElementReader& in, DraftStateElement& d, std::string_view prefix) {
  static constexpr std::array<std::string_view, 2> kTypes = {"LINEAR", "USERSUB"};
  // A sampled GSE may have discrete states only (num_state 0 or absent; Adams' purely discrete
  // GSE): models/control_stateeqn.cpp reads num_discrete_state and checks the count.
  const bool discrete = prefix == "GSE" && in.has("num_discrete_state");
  const auto num_state = in.integer("num_state", discrete ? 0 : 1, 100000);
  const auto num_output = in.integer("num_output", 0, 100000);
  if (!in.has("type")) {
    in.missing("type", "LINEAR or USERSUB");
    return;
  }
  const auto t = in.keyword("type", kTypes);
  if (!t) return;
  if (*t == "USERSUB") {
    d.form = StateElement::Form::kUserSub;
    if (!in.has("num_state") && !discrete) {
      in.error_here("type USERSUB needs num_state (the number of states)");
    }
    d.num_states = static_cast<int>(num_state.value_or(0));
    d.num_outputs = num_output ? static_cast<int>(*num_output) : -1;
    // The partials df/dx, df/du, dg/dx, dg/du (GSEXX.. or YFOXX..), renamed by der1..der4.
    const std::string p(prefix);
    bool failed = false;
    d.user = read_user_subroutine(
        in, p + "SUB", failed, {p + "XX", p + "XU", p + "YX", p + "YU"},
        {"usrsub_der1_name", "usrsub_der2_name", "usrsub_der3_name", "usrsub_der4_name"});
    if (!d.user && !failed) {
      in.error_here("type USERSUB needs usrsub_dll_name and usrsub_param_string");
    }
    if (!d.user) d.num_states = 0;  // reported; the element is dropped
    return;
  }
  d.form = StateElement::Form::kLinear;
  reject_user_subroutines(in);
  if (!in.has("a_matrix_id")) {
    in.error_here("type LINEAR needs a_matrix_id (the n x n state matrix)");
  }
  d.a = read_draft_ref(in, "a_matrix_id", false);
  d.b = read_draft_ref(in, "b_matrix_id", false);
  d.c = read_draft_ref(in, "c_matrix_id", false);
  d.d = read_draft_ref(in, "d_matrix_id", false);
}

}  // namespace mb
