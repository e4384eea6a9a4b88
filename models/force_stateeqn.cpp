#include "models/force_stateeqn.hpp"

#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

void build_force_stateeqn(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kForce);
  read_marker(in, d.base, "i_marker_id", true);
  read_marker(in, d.base, "j_floating_marker_id", true);
  read_marker(in, d.base, "ref_marker_id", false);
  read_state_arrays(in, d, true);
  read_linear_or_usersub(in, d, "YFO");
  accept_hints(in, {"body1_id", "body2_id", "ref_body_id"});
  if (d.form == StateElement::Form::kLinear || d.user) draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
