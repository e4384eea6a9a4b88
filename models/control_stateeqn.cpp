#include "models/control_stateeqn.hpp"

#include "models/state_reader.hpp"

namespace mb {

void build_control_stateeqn(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kStateEqn);
  read_state_arrays(in, d, true);
  read_linear_or_usersub(in, d, "GSE");
  if (d.form == StateElement::Form::kLinear || d.user) draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
