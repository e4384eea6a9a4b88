#include "models/force_vector_twobody.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
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

}  // namespace mb
