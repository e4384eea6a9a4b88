#include "models/sensor_evaluate.hpp"

#include <array>
#include <limits>
#include <string>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

namespace {

/// The id of the held-value state of evaluate k: in a range no deck element uses.
int held_state_id(size_t k) { return std::numeric_limits<int>::min() + static_cast<int>(k); }

}  // namespace

void build_sensor_evaluate(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  d.user = read_expression_or_user(in, d, "SEVSUB", "the value stored at the event");
  in.attr("label");
  draft.sensor_evaluates.push_back({d.id, d.subject, d.loc, std::move(d)});
}

void expand_sensor_evaluates(ModelDraft& draft) {
  for (size_t k = 0; k < draft.sensor_evaluates.size(); ++k) {
    const DraftSensorEvaluate& e = draft.sensor_evaluates[k];
    DraftStateElement s;
    s.base.node = e.function.node;
    s.base.subject = e.subject + " (held value)";
    s.base.id = held_state_id(k);
    s.base.loc = e.loc;
    s.base.expressions.push_back(add_generated_attribute(draft, e.loc, "expr", "0"));
    s.kind = StateElement::Kind::kDiff;
    s.form = StateElement::Form::kExplicit;
    s.num_states = 1;
    s.static_hold = true;
    draft.state_elements.push_back(std::move(s));
  }
}

void resolve_sensor_evaluates(const ModelDraft& draft, Model& model, Diagnostics& /*diag*/) {
  for (size_t k = 0; k < draft.sensor_evaluates.size(); ++k) {
    const DraftSensorEvaluate& d = draft.sensor_evaluates[k];
    SensorEvaluate e;
    e.id = d.id;
    e.subject = d.subject;
    e.loc = d.loc;
    for (const StateElement& s : model.state_elements) {
      if (s.kind == StateElement::Kind::kDiff && s.id == held_state_id(k)) e.state = s.first_state;
    }
    model.sensor_evaluates.push_back(std::move(e));
  }
}

void compile_sensor_evaluates(const ModelDraft& draft, Model& model, Diagnostics& diag) {
  for (size_t k = 0; k < draft.sensor_evaluates.size() && k < model.sensor_evaluates.size(); ++k) {
    const DraftExpressionElement& d = draft.sensor_evaluates[k].function;
    if (d.user) {  // a SEVSUB: no expression
      model.sensor_evaluates[k].user = d.user;
      continue;
    }
    if (d.expressions.empty() || !d.expressions[0]) continue;  // reported in pass 1
    compile_group(model, d, true, model.sensor_evaluates[k].expr, diag);
  }
}

}  // namespace mb
