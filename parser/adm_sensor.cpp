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

void build_sensor(NodeBuilder& b) {
  b.set_id();
  function_or_user(b, "expr", "SENSUB");
  if (b.require("VALUE")) b.copy_real("VALUE", "value");
  static constexpr std::string_view kCompare[] = {"EQ", "GE", "LE"};
  const int k = b.pick_flag({"EQ", "GE", "LE"}, false);
  if (k >= 0) b.set_from("compare", std::string(kCompare[k]), *b.arg(kCompare[k]));
  b.copy_real("ERROR", "error_tol");
  b.copy_real("TERROR", "terror");
  b.copy_real("STEPSIZE", "stepsize");
  b.copy_real("DT", "dt");
  b.copy_text("EVALUATE", "evaluate_expr");
  if (const Arg* a = b.arg("EVALUATE_ROUTINE")) b.set_from("evaluate_routine", a->value, *a);
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

}  // namespace mb::adm
