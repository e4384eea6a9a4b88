#include "parser/adm_sensor.hpp"

#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kSensorTable[] = {
    {"FUNCTION", E}, {"ROUTINE", T},  {"VALUE", R},           {"EQ", F},
    {"GE", F},       {"LE", F},       {"ERROR", R},           {"TERROR", R},
    {"HALT", F},     {"RETURN", F},   {"PRINT", F},           {"RESTART", F},
    {"STEPSIZE", R}, {"DT", R},       {"CODGEN", F},          {"YYDUMP", F},
    {"BISTOP", F},   {"EVALUATE", E}, {"EVALUATE_ROUTINE", T}};

}  // namespace

const std::span<const ArgSpec> kSensorArgs = kSensorTable;

void copy_sensor_settings(NodeBuilder& b) {
  static constexpr std::string_view kCompare[] = {"EQ", "GE", "LE"};
  const int k = b.pick_flag({"EQ", "GE", "LE"}, false);
  if (k >= 0) b.set_from("compare", std::string(kCompare[k]), *b.arg(kCompare[k]));
  b.copy_real("ERROR", "error_tol");
  b.copy_real("TERROR", "terror");
  b.copy_real("STEPSIZE", "stepsize");
  b.copy_real("DT", "dt");
  for (auto [adams, attr] : {std::pair{"HALT", "halt"},
                             {"RETURN", "return"},
                             {"PRINT", "print"},
                             {"RESTART", "restart"},
                             {"CODGEN", "codgen"},
                             {"YYDUMP", "yydump"},
                             {"BISTOP", "bistop"}}) {
    if (const Arg* a = b.arg(adams)) b.set_from(attr, "TRUE", *a);
  }
}

void copy_sensor_command_function(NodeBuilder& b) {
  const Arg* f = b.arg("FUNCTION");
  const Arg* r = b.arg("ROUTINE");
  if (!f || !is_user_call(f->value)) {
    if (f) b.copy_text("FUNCTION", "expr");
    if (r) b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
    return;
  }
  b.set_from("type", "USERSUB", *f);
  if (r) {
    user_routine(b, "SENSUB");
  } else {
    b.copy_text("FUNCTION", "usrsub_param_string");
  }
}

void build_sensor(NodeBuilder& b) {
  b.set_id();
  function_or_user(b, "expr", "SENSUB");
  if (b.require("VALUE")) b.copy_real("VALUE", "value");
  copy_sensor_settings(b);
  const Arg* ev = b.arg("EVALUATE");
  const Arg* routine = b.arg("EVALUATE_ROUTINE");
  if (!ev || !is_user_call(ev->value)) {
    b.copy_text("EVALUATE", "evaluate_expr");
    if (routine) {
      b.diag().error(routine->loc, b.subject(),
                     "EVALUATE_ROUTINE is only used with EVALUATE=USER(...)");
    }
    return;
  }
  // EVALUATE=USER(..): a SEVSUB, named by EVALUATE_ROUTINE=library::routine.
  b.copy_text("EVALUATE", "evaluate_usrsub_param_string");
  const std::optional<RoutineName> name =
      routine ? split_routine(routine->value) : std::optional<RoutineName>();
  if (!name) {
    b.diag().error(routine ? routine->value_loc : ev->loc, b.subject(),
                   "EVALUATE=USER(...) needs EVALUATE_ROUTINE=library::routine (mbsolve has no "
                   "default user library that holds SEVSUB)");
    return;
  }
  b.set("evaluate_usrsub_dll_name", name->library, routine->loc, routine->value_loc,
        routine->spelled);
  b.set("evaluate_usrsub_fnc_name", name->routine, routine->loc, routine->value_loc,
        routine->spelled);
  check_user_library(b, *routine, name->library);
}

}  // namespace mb::adm
