#include "parser/adm_data_statements.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>

#include "common/text.hpp"
#include "parser/adm_user_routine.hpp"

namespace mb::adm {

namespace {

using namespace arg_kinds;

constexpr ArgSpec kVariableArgs[] = {{"FUNCTION", E}, {"ROUTINE", T}, {"IC", R}};
constexpr ArgSpec kArrayArgs[] = {{"IC", F},   {"U", F},        {"X", F},         {"Y", F},
                                  {"SIZE", I}, {"NUMBERS", RS}, {"VARIABLES", IS}};
constexpr ArgSpec kSplineArgs[] = {{"X", RS}, {"Y", RS}, {"LINEAR_EXTRAPOLATE", F}};
constexpr ArgSpec kStringArgs[] = {{"STRING", T}};
constexpr ArgSpec kCurveArgs[] = {{"CLOSED", F},       {"OPEN", F},     {"MATRIX", I},
                                  {"CURVE_POINTS", F}, {"ORDER", I},    {"MINPAR", R},
                                  {"MAXPAR", R},       {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kDiffArgs[] = {
    {"FUNCTION", E}, {"ROUTINE", T}, {"IC", RS}, {"IMPLICIT", F}, {"STATIC_HOLD", F}};
constexpr ArgSpec kRequestArgs[] = {{"DISPLACEMENT", F},
                                    {"D", F, "DISPLACEMENT"},
                                    {"VELOCITY", F},
                                    {"V", F, "VELOCITY"},
                                    {"ACCELERATION", F},
                                    {"A", F, "ACCELERATION"},
                                    {"FORCE", F},
                                    {"F", F, "FORCE"},
                                    {"I", I},
                                    {"J", I},
                                    {"RM", I},
                                    {"F1", E},
                                    {"F2", E},
                                    {"F3", E},
                                    {"F4", E},
                                    {"F5", E},
                                    {"F6", E},
                                    {"F7", E},
                                    {"F8", E},
                                    {"FUNCTION", E},
                                    {"ROUTINE", T},
                                    {"COMMENT", T},
                                    {"C", T, "COMMENT"},
                                    {"TITLE", T},
                                    {"CNAMES", T},
                                    {"CLABELS", T},
                                    {"CUNITS", T},
                                    {"RESULTS_NAME", T}};
constexpr ArgSpec kPlantArgs[] = {{"VARIABLES", IS}};
constexpr ArgSpec kAccgravArgs[] = {{"IGRAV", R}, {"JGRAV", R}, {"KGRAV", R}};

/// REQUEST CNAMES (or TITLE), CUNITS (or CLABELS): up to 8 entries, one per Adams column, as
/// "quoted", "strings" or words separated by commas or colons -> `attr` (comma-separated;
/// commas, quotes and blanks inside an entry become '_'). The first argument of `args` given
/// wins; a second one is reported as ignored.
void column_list(NodeBuilder& b, std::string_view attr,
                 std::initializer_list<std::string_view> args) {
  const Arg* a = nullptr;
  for (auto name : args) {
    if (!a) a = b.arg(name);
  }
  if (!a) return;
  std::vector<std::string> entries;
  const std::string& v = a->value;
  if (v.find('"') != std::string::npos) {
    for (size_t q = v.find('"'); q != std::string::npos; q = v.find('"', q)) {
      const size_t e = v.find('"', q + 1);
      entries.push_back(v.substr(q + 1, e == std::string::npos ? e : e - q - 1));
      if (e == std::string::npos) break;
      q = e + 1;
    }
  } else {
    std::string cur;
    for (char c : v + ",") {
      if (c == ',' || c == ':') {
        entries.emplace_back(trim(cur));
        cur.clear();
      } else {
        cur += c;
      }
    }
  }
  if (entries.size() > 8) {
    // Adams/View writes more entries than a request has columns (REQSUB fills 8): those
    // name no column; one warning for all the requests that have them.
    b.diag().warning_grouped(
        "adm-request-columns:" + a->name, a->value_loc, b.subject(),
        fmt::format("{}: a request has 8 columns; the entries after the 8th name none and are "
                    "ignored",
                    a->name));
    entries.resize(8);
  }
  std::string text;
  for (size_t k = 0; k < entries.size(); ++k) {
    std::string e(trim(entries[k]));
    for (char& c : e) {
      if (c == ',' || c == '"' || c == ' ' || c == '\t') c = '_';
    }
    text += (k ? "," : "") + e;
  }
  b.set(attr, text, a->loc, a->value_loc, a->spelled);
}

void build_variable(NodeBuilder& b) {
  b.set_id();
  function_or_user(b, "expr", "VARSUB");
  b.copy_real("IC", "ic");
}

void build_array(NodeBuilder& b) {
  b.set_id();
  static constexpr std::string_view kTypes[] = {"IC", "U", "X", "Y"};
  const int k = b.pick_flag({"IC", "U", "X", "Y"}, false);
  b.set_fixed("type", k >= 0 ? std::string(kTypes[k]) : std::string("IC"));
  const Arg* size = b.arg("SIZE");
  size_t count = 0;
  if (const Arg* a = b.arg("NUMBERS")) {
    std::string text;
    for (const auto& t : a->values) {
      std::string v;
      if (b.real(*a, t, &v)) text += (text.empty() ? "" : " ") + v;
    }
    b.node().text = text;
    b.node().text_loc = a->loc;
    count = a->values.size();
  }
  if (const Arg* a = b.arg("VARIABLES")) {
    std::string ids;
    for (const auto& t : a->values) {
      if (auto v = b.integer(*a, t)) ids += (ids.empty() ? "" : " ") + std::to_string(*v);
    }
    b.set("variable_id", ids, a->loc, a->values.front().loc, a->spelled);
    count = a->values.size();
  }
  if (size) {
    if (b.copy_int("SIZE", "num_element") && count > 0 &&
        b.node().find("num_element")->value != std::to_string(count)) {
      b.diag().error(size->loc, b.subject(),
                     fmt::format("SIZE is {} but {} gives {} values", size->values[0].text,
                                 k == 1 ? "VARIABLES" : "NUMBERS", count));
    }
  } else {
    b.set_fixed("num_element", std::to_string(count));
  }
}

void build_spline(NodeBuilder& b) {
  b.set_id();
  const Arg* x = b.arg("X");
  const Arg* y = b.arg("Y");
  if (!b.require("X") || !b.require("Y")) return;
  auto xs = b.reals(*x, 2, 1u << 30);
  auto ys = b.reals(*y, 2, 1u << 30);
  if (!xs || !ys) return;
  if (xs->size() != ys->size()) {
    b.diag().error(y->loc, b.subject(),
                   "Y: expected " + std::to_string(xs->size()) + " values (one per X), got " +
                       std::to_string(ys->size()) +
                       " (surface splines with several Y= are not supported)");
    return;
  }
  b.set_from("num_xy_pair", std::to_string(xs->size()), *x);
  std::string text;
  for (size_t i = 0; i < xs->size(); ++i) {
    std::string xv, yv;
    b.real(*x, x->values[i], &xv);
    b.real(*y, y->values[i], &yv);
    text += xv + " " + yv + "\n";
  }
  b.node().text = text;
  b.node().text_loc = x->loc;
  if (const Arg* a = b.arg("LINEAR_EXTRAPOLATE")) {
    b.set_from("linear_extrap", "TRUE", *a);
  } else {
    b.set_fixed("linear_extrap", "FALSE");
  }
}

void build_string(NodeBuilder& b) {
  b.set_id();
  if (b.require("STRING")) b.copy_text("STRING", "string");
}

void build_curve(NodeBuilder& b) {
  b.set_id();
  if (b.pick_flag({"CLOSED", "OPEN"}, false) == 0)
    b.set_from("is_u_closed", "TRUE", *b.arg("CLOSED"));
  if (const Arg* a = b.arg("CURVE_POINTS")) b.set_from("is_curve_points", "TRUE", *a);
  b.copy_int("MATRIX", "matrix_id");
  if (const Arg* a = b.arg("ORDER"); a && a->values.size() == 1) {
    const auto v = parse_int(a->values[0].text, 0, 1000);
    if (v && *v >= 2 && *v <= 4) {
      b.set("order", std::to_string(*v), a->loc, a->values[0].loc, a->spelled);
    } else {
      b.diag().error(a->values[0].loc, b.subject(),
                     "ORDER: expected 2, 3 or 4 (the B-spline order: 2 a polyline, 4 a cubic), "
                     "got '" +
                         a->values[0].text + "'");
    }
  } else {
    b.copy_int("ORDER", "order");
  }
  b.copy_real("MINPAR", "u_start");
  b.copy_real("MAXPAR", "u_end");
  if (b.has("FUNCTION")) b.copy_text("FUNCTION", "usrsub_param_string");
  b.copy_text("ROUTINE", "usrsub_fnc_name");
  if (!b.has("MATRIX") && !b.has("FUNCTION")) {
    b.diag().error(b.statement().loc, b.subject(), "missing MATRIX= (or FUNCTION=USER(...))");
  }
}

void build_diff(NodeBuilder& b) {
  b.set_id();
  function_or_user(b, "expr", "DIFSUB");
  if (const Arg* a = b.arg("IC")) {
    if (b.reals(*a, 1, 2)) {
      std::string text;
      b.real(*a, a->values[0], &text);
      b.set("ic", text, a->loc, a->values[0].loc, a->spelled);
      if (a->values.size() == 2) {
        b.real(*a, a->values[1], &text);
        b.set("ic_dot", text, a->loc, a->values[1].loc, a->spelled);
      }
    }
  }
  if (const Arg* a = b.arg("IMPLICIT")) b.set_from("is_implicit", "TRUE", *a);
  if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
}

void build_request(NodeBuilder& b) {
  b.set_id();
  static constexpr std::string_view kKinds[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION",
                                                "FORCE"};
  const int k = b.pick_flag({"DISPLACEMENT", "VELOCITY", "ACCELERATION", "FORCE"}, false);
  bool any_f = false;
  for (const auto& a : b.statement().args) {
    any_f =
        any_f || (a.name.size() == 2 && a.name[0] == 'F' && a.name[1] >= '1' && a.name[1] <= '8');
  }
  const bool user = b.has("FUNCTION");
  if (int(k >= 0) + int(any_f) + int(user) > 1) {
    b.diag().error(b.statement().loc, b.subject(),
                   "give one of D/V/A/F with I=, F1..F8 expressions, or FUNCTION=USER(...)");
  }
  if (const Arg* r = user ? nullptr : b.arg("ROUTINE")) {
    b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
  }
  if (k >= 0) {
    b.set_from("type", "MARKER_" + std::string(kKinds[k]), *b.arg(kKinds[k]));
    if (b.require("I")) b.copy_int("I", "i_marker_id");
    b.copy_int("J", "j_marker_id");
    b.copy_int("RM", "ref_marker_id");
  } else if (user) {
    function_or_user(b, "expr1", "REQSUB");
  } else if (any_f) {
    b.set_fixed("type", "EXPRESSION");
    for (char c = '1'; c <= '8'; ++c) {
      const std::string name{'F', c};
      if (!b.copy_text(name, "expr" + std::string(1, c)))
        b.set_fixed("expr" + std::string(1, c), "NULL");
    }
  } else {
    b.diag().error(b.statement().loc, b.subject(),
                   "missing the request kind: D/V/A/F with I=, F1..F8 expressions, or "
                   "FUNCTION=USER(...)");
  }
  b.copy_text("COMMENT", "comment");
  column_list(b, "column_names", {"CNAMES", "TITLE"});
  column_list(b, "column_units", {"CUNITS", "CLABELS"});
  b.ignore_rest("the columns are named req<id>.<CNAMES entry>");
}

/// PINPUT/POUTPUT VARIABLES=id1[, id2..] -> num_element + variable_id_list.
void build_plant_io(NodeBuilder& b) {
  b.set_id();
  const Arg* a = b.arg("VARIABLES");
  if (!a) {
    b.require("VARIABLES");
    return;
  }
  std::string ids;
  for (const auto& t : a->values) {
    if (auto v = b.integer(*a, t)) ids += (ids.empty() ? "" : " ") + std::to_string(*v);
  }
  if (a->values.empty()) return;
  b.set("variable_id_list", ids, a->loc, a->values.front().loc, a->spelled);
  b.set_from("num_element", std::to_string(a->values.size()), *a);
}

void build_accgrav(NodeBuilder& b) {
  b.copy_real("IGRAV", "grav_x");
  b.copy_real("JGRAV", "grav_y");
  b.copy_real("KGRAV", "grav_z");
}

}  // namespace

std::span<const StatementRow> data_statements() {
  static const StatementRow kRows[] = {
      {"ACCGRAV", kAccgravArgs, "force_gravity", build_accgrav},
      {"ARRAY", kArrayArgs, "reference_array", build_array},
      {"CURVE", kCurveArgs, "reference_paramcurve", build_curve},
      {"DIFF", kDiffArgs, "control_diff", build_diff},
      {"PINPUT", kPlantArgs, "control_plantinput", build_plant_io},
      {"POUTPUT", kPlantArgs, "control_plantoutput", build_plant_io},
      {"REQUEST", kRequestArgs, "post_request", build_request},
      {"SPLINE", kSplineArgs, "reference_spline", build_spline},
      {"STRING", kStringArgs, "reference_string", build_string},
      {"VARIABLE", kVariableArgs, "reference_variable", build_variable},
  };
  return kRows;
}

}  // namespace mb::adm
