#pragma once
// SENSOR (Adams/Solver event sensor) -> sensor_event, the node XML Sensor_Event builds
// (models/sensor.hpp):
//   FUNCTION=e -> expr, or USER(..) with ROUTINE=library::routine (a SENSUB) -> type USERSUB,
//   usrsub_param_string, usrsub_dll_name, usrsub_fnc_name;
//   VALUE -> value; EQ|GE|LE -> compare (default EQ); ERROR -> error_tol; HALT, RETURN, PRINT,
//   RESTART -> halt, return, print, restart = TRUE; STEPSIZE -> stepsize; DT -> dt;
//   EVALUATE=e -> evaluate_expr, or USER(..) with EVALUATE_ROUTINE=library::routine (a SEVSUB)
//   -> evaluate_usrsub_param_string, evaluate_usrsub_dll_name, evaluate_usrsub_fnc_name;
//   CODGEN, YYDUMP, BISTOP -> codgen, yydump, bistop = TRUE;
//   TERROR -> terror (those the model builder accepts with one warning, models/sensor.hpp).
// Every attribute keeps the Adams keyword for messages.

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kSensorArgs;
void build_sensor(NodeBuilder& b);
/// EQ|GE|LE, ERROR, TERROR, STEPSIZE, DT and the action flags: what the SENSOR statement and
/// the SENSOR command (parser/acf_reader.cpp) both set.
void copy_sensor_settings(NodeBuilder& b);
/// The SENSOR command's FUNCTION: an expression -> expr; USER(..) -> type USERSUB and
/// usrsub_param_string, with ROUTINE=library::routine -> usrsub_dll_name, usrsub_fnc_name
/// (without ROUTINE the sensor's own SENSUB gets the new PAR).
void copy_sensor_command_function(NodeBuilder& b);

}  // namespace mb::adm
