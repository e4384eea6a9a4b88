#pragma once
// Sensor_Event (MotionSolve) and Adams SENSOR (parser/adm_sensor.cpp maps its arguments onto
// these attributes): an event when the function `expr` crosses `value`, located by the
// integrators' root finding (solver/sensor_events.hpp), then its actions.
//   id, type="EXPRESSION" (default) | "USERSUB" (a SENSUB: usrsub_dll_name or script_name,
//   usrsub_param_string, usrsub_fnc_name), expr (req for EXPRESSION), value (req),
//   compare = EQ (default, either direction) | GE (rising through value) | LE or LT (falling),
//   error_tol (> 0, default 1e-3; Adams ERROR), halt, return, print, restart (TRUE|FALSE),
//   stepsize (> 0: the first step after the event; the integrator restarts there),
//   hmax (> 0: the largest step from the event on),
//   dt (> 0; Adams DT: the output interval from the event on, for the rest of the Simulate: rows
//   at the event and every dt after it).
//   evaluate_id: the Sensor_Evaluate whose value the event stores (models/sensor_evaluate.hpp);
//   evaluate_expr (Adams EVALUATE): the sensor's own evaluate, read by SENVAL(sensor id).
// Accepted with one warning for all sensors: zero_crossing (not supported yet), codgen,
// yydump, bistop (no meaning in mbsolve: KLU keeps its own pivoting, there is no YY dump), terror
// (the root finding locates the event to round-off in time).
// In the command section (Adams SENSOR/id command) Sensor_Event changes a sensor of the model
// (kSensorEventEdit): the attributes given replace the deck's, the others stay.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_sensor_event(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command (MotionSolve Sensor_Event in the command section, Adams SENSOR/id) changes the
/// sensor's function, value, comparison, error and actions; its evaluate and whether it is active
/// stay (Activate / Deactivate switch it). The function may change kind: an expression replaces
/// a SENSUB, and a SENSUB (type USERSUB with its PAR string, and a routine or the sensor's own)
/// replaces an expression or the SENSUB's PAR; the next transient makes its iflag = 1 call.
bool resolve_sensor_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kSensorEventEdit = {
    "expr value compare error_tol halt return print restart stepsize hmax dt codgen yydump "
    "bistop terror type usrsub_param_string usrsub_dll_name usrsub_fnc_name script_name "
    "interpreter",
    resolve_sensor_edit};

/// Pass 2: compiles every sensor's function (it may read what a request reads).
void resolve_sensors(const ModelDraft& draft, Model& model, Diagnostics& diag);

}  // namespace mb
