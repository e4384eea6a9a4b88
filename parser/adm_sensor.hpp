#pragma once
// SENSOR (Adams/Solver event sensor) -> sensor_event, the node XML Sensor_Event builds
// (models/sensor.hpp):
//   FUNCTION=e (or USER(..) with ROUTINE: a SENSUB, refused when the model is built) -> expr;
//   VALUE -> value; EQ|GE|LE -> compare (default EQ); ERROR -> error_tol; HALT, RETURN, PRINT,
//   RESTART -> halt, return, print, restart = TRUE; STEPSIZE -> stepsize; DT -> dt;
//   EVALUATE=e -> evaluate_expr; CODGEN, YYDUMP, BISTOP -> codgen, yydump, bistop = TRUE;
//   TERROR -> terror (those the model builder accepts with one warning, models/sensor.hpp).
// Every attribute keeps the Adams keyword for messages.

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kSensorArgs;
void build_sensor(NodeBuilder& b);

}  // namespace mb::adm
