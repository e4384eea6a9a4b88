#pragma once
// Sensor_Evaluate (MotionSolve) and the EVALUATE of an Adams SENSOR: a value computed when one
// of the sensors that name it fires, and held until one of them fires again. SENVAL(id) reads
// it anywhere an expression may read a user state (forces, variables, requests, sensors); it is
// 0 before the first event [INF: neither reference states the value before an event].
//   Sensor_Evaluate: id, label, type = EXPRESSION (default) | USERSUB, expr (req for
//   EXPRESSION: any run-time expression a request may use); USERSUB: a SEVSUB
//   (usrsub_dll_name or script_name, usrsub_param_string, usrsub_fnc_name; include/mbsolve/
//   usersub.h) called at the event.
//   A Sensor_Event names it with evaluate_id; several sensors may name one Sensor_Evaluate.
//   An Adams SENSOR/id, EVALUATE=e (the Sensor_Event attribute evaluate_expr) is its own
//   evaluate with the sensor's id: Adams' SENVAL(id) takes the SENSOR's id. EVALUATE=USER(..)
//   with EVALUATE_ROUTINE=library::routine is a SEVSUB (evaluate_usrsub_param_string,
//   evaluate_usrsub_dll_name, evaluate_usrsub_fnc_name on the Sensor_Event).
// The held value is a state of the state block with x' = 0 (static analyses hold it too); the
// event sets it and restarts the integrator there (solver/sensor_events.hpp), so the change is
// a clean discontinuity and the result row at the event shows the new value.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_sensor_evaluate(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2, before the state block is laid out: one held-value state per evaluate.
void expand_sensor_evaluates(ModelDraft& draft);

/// Pass 2, after the state block is laid out and before any expression is compiled (SENVAL
/// binds to Model::sensor_evaluates): the evaluates with their states.
void resolve_sensor_evaluates(const ModelDraft& draft, Model& model, Diagnostics& diag);

/// Pass 2, with the sensors: compiles each evaluate's expression.
void compile_sensor_evaluates(const ModelDraft& draft, Model& model, Diagnostics& diag);

}  // namespace mb
