#include "models/sensor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <string>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/sensor_evaluate.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

namespace {

/// The attribute as the deck spells it (an Adams keyword in a .adm deck), for messages.
std::string spelled(ElementReader& in, std::string_view name) {
  const DeckAttribute* a = in.attr(name);
  return a && !a->spelled.empty() ? a->spelled : std::string(name);
}

/// A positive number, or nullopt (an error when it is given otherwise).
std::optional<double> positive(ElementReader& in, std::string_view name) {
  std::optional<double> v = in.real(name);
  if (v && !(*v > 0)) {
    in.error(name, fmt::format("{} must be a number > 0 (got {:g})", spelled(in, name), *v));
    return std::nullopt;
  }
  return v;
}

bool flag(ElementReader& in, std::string_view name) { return in.boolean(name).value_or(false); }

/// The attributes mbsolve reads but does not act on: one warning per attribute for all sensors.
void warn_unused(ElementReader& in) {
  struct Unused {
    const char* name;
    const char* why;
  };
  static constexpr Unused kUnused[] = {
      {"zero_crossing", "not supported yet"},
      {"codgen", "no meaning in mbsolve (KLU chooses its own pivots at every factorisation)"},
      {"yydump", "no meaning in mbsolve (there is no state-vector dump)"},
      {"bistop", "no meaning in mbsolve (the event is located by root finding)"},
      {"terror", "the root finding locates the event to round-off in time"},
  };
  for (const Unused& u : kUnused) {
    const DeckAttribute* a = in.attr(u.name);
    if (!a) continue;
    const std::string name = spelled(in, u.name);
    in.warning_grouped(std::string("sensor-") + u.name, u.name,
                       fmt::format("{}: {}; ignored", name, u.why));
  }
}

/// The Adams SENSOR's EVALUATE=USER(..) with EVALUATE_ROUTINE=library::routine (mapped by
/// parser/adm_sensor.cpp onto evaluate_usrsub_param_string, evaluate_usrsub_dll_name and
/// evaluate_usrsub_fnc_name): its SEVSUB, loaded as a Sensor_Evaluate's would be; nothing after
/// an error (reported at the attribute).
std::optional<UserSubroutine> read_evaluate_routine(ElementReader& in) {
  DeckNode ev;
  ev.tag = "sensor_evaluate";
  ev.spelled = in.node().spelled;
  ev.loc = in.node().loc;
  for (const char* name : {"usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name"}) {
    if (const DeckAttribute* a = in.attr(std::string("evaluate_") + name)) {
      DeckAttribute renamed = *a;
      renamed.name = name;
      ev.attributes.push_back(std::move(renamed));
    }
  }
  Diagnostics scratch;
  std::optional<UserSubroutine> user;
  {
    ElementReader reader(ev, scratch);
    bool failed = false;
    user = read_user_subroutine(reader, "SEVSUB", failed);
    for (const DeckAttribute& a : ev.attributes) reader.attr(a.name);
  }
  for (const Diagnostic& d : scratch.all()) {
    if (d.severity != Severity::kError) continue;
    in.error("evaluate_usrsub_param_string", "EVALUATE: " + d.message);
    user.reset();
  }
  if (user) user->subject = in.subject() + " EVALUATE";
  return user;
}

}  // namespace

void build_sensor_event(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  Sensor s;
  s.id = d.id;
  s.subject = d.subject;
  s.loc = d.loc;
  s.user = read_expression_or_user(in, d, "SENSUB", "the sensed function");
  if (std::optional<double> v = in.required_real("value")) s.value = *v;
  static constexpr std::array<std::string_view, 4> kCompare = {"EQ", "GE", "LE", "LT"};
  if (const auto c = in.keyword("compare", kCompare)) {
    s.compare = *c == "EQ"   ? Sensor::Compare::kEq
                : *c == "GE" ? Sensor::Compare::kGe
                             : Sensor::Compare::kLe;
  }
  if (in.has("error_tol")) {
    if (auto e = positive(in, "error_tol")) s.error = *e;
  }
  s.halt = flag(in, "halt");
  s.ret = flag(in, "return");
  s.print = flag(in, "print");
  s.restart = flag(in, "restart");
  if (in.has("stepsize")) s.stepsize = positive(in, "stepsize");
  if (in.has("hmax")) s.hmax = positive(in, "hmax");
  if (in.has("dt")) s.dt = positive(in, "dt");
  if (s.halt && s.ret) {
    in.error(in.has("return") ? "return" : "halt",
             fmt::format("give {} or {}, not both (HALT ends the run, RETURN the Simulate)",
                         spelled(in, "halt"), spelled(in, "return")));
  }
  in.attr("label");
  warn_unused(in);
  DraftRef evaluate;
  const bool evaluate_user = in.has("evaluate_usrsub_param_string");
  if (in.has("evaluate_id") && (in.has("evaluate_expr") || evaluate_user)) {
    in.error("evaluate_id", "give evaluate_id or the sensor's own evaluate, not both");
  } else if (evaluate_user) {
    // Adams EVALUATE=USER(..): the sensor's own evaluate, a SEVSUB.
    if (std::optional<UserSubroutine> user = read_evaluate_routine(in)) {
      DraftExpressionElement e;
      e.node = &in.node();
      e.id = s.id;
      e.subject = s.subject + " EVALUATE";
      e.loc = in.loc_of("evaluate_usrsub_param_string");
      e.user = std::move(user);
      evaluate = {s.id, e.loc, "EVALUATE"};
      draft.sensor_evaluates.push_back({e.id, e.subject, e.loc, std::move(e)});
    }
  } else if (std::optional<int> ref_id = in.ref("evaluate_id")) {
    evaluate = {*ref_id, in.loc_of("evaluate_id"), spelled(in, "evaluate_id")};
  } else if (in.has("evaluate_expr")) {
    // Adams EVALUATE: the sensor's own evaluate, read by SENVAL(sensor id).
    DraftExpressionElement e;
    e.node = &in.node();
    e.id = s.id;
    e.subject = s.subject + " " + spelled(in, "evaluate_expr");
    e.loc = in.loc_of("evaluate_expr");
    read_expression(in, e, "evaluate_expr");
    if (e.expressions.back() != nullptr) {
      evaluate = {s.id, e.loc, spelled(in, "evaluate_expr")};
      draft.sensor_evaluates.push_back({e.id, e.subject, e.loc, std::move(e)});
    }
  }
  draft.sensors.push_back({s.id, s.subject, s.loc, std::move(d), std::move(s), evaluate});
}

bool resolve_sensor_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  if (!ctx.check_attributes(in, kSensorEventEdit)) return false;
  const auto k = find_id(ctx.model().sensors, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  // A function of the other kind replaces the deck's: its attributes leave the sources.
  static constexpr std::string_view kUserAttributes[] = {
      "type",        "usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name",
      "script_name", "interpreter"};
  const bool to_user = std::any_of(std::begin(kUserAttributes) + 1, std::end(kUserAttributes),
                                   [&](std::string_view a) { return in.has(a); });
  const bool to_expr = in.has("expr");
  if (to_user && to_expr) {
    in.error("expr", "give expr or a SENSUB (usrsub_param_string), not both");
    return false;
  }
  auto& src = ctx.sources(in.node().tag, id);
  if (to_expr) {
    for (std::string_view a : kUserAttributes) src.erase(std::string(a));
  } else if (to_user) {
    src.erase("expr");
    if (!in.has("type")) {
      DeckAttribute type;
      type.name = type.spelled = "type";
      type.value = "USERSUB";
      type.loc = type.value_loc = in.node().loc;
      src["type"] = type;
    }
  }
  // The deck's sensor with the command's attributes, read and checked by the builder.
  ModelDraft draft;
  if (!ctx.rebuild(in, id, build_sensor_event, draft) || draft.sensors.size() != 1) return false;
  const Sensor& old = ctx.model().sensors[*k];
  Sensor s = draft.sensors.front().settings;
  s.id = old.id;
  s.subject = old.subject;
  s.loc = old.loc;
  s.expr = old.expr;
  if (!to_user) s.user = to_expr ? std::nullopt : old.user;
  s.active = old.active;
  s.evaluate = old.evaluate;
  if (in.has("expr")) {
    DraftExpressionElement d = ctx.expression_draft(in, ctx.sources(in.node().tag, id), {"expr"});
    if (!compile_group(ctx.model(), d, true, s.expr, ctx.diag())) return false;
  }
  edit.change = ModelEdit::SensorSettings{*k, std::move(s)};
  return true;
}

void resolve_sensors(const ModelDraft& draft, Model& model, Diagnostics& diag) {
  compile_sensor_evaluates(draft, model, diag);
  for (const DraftSensor& ds : draft.sensors) {
    const DraftExpressionElement& d = ds.function;
    Sensor s = ds.settings;
    if (ds.evaluate.id != 0) {
      for (size_t k = 0; k < model.sensor_evaluates.size(); ++k) {
        if (model.sensor_evaluates[k].id == ds.evaluate.id) s.evaluate = static_cast<int>(k);
      }
      if (s.evaluate < 0) {
        diag.error(ds.evaluate.loc, s.subject,
                   fmt::format("{} {}: the deck has no Sensor_Evaluate with that id",
                               ds.evaluate.spelled, ds.evaluate.id));
      }
    }
    if (s.user) {  // a SENSUB: no expression
      model.sensors.push_back(std::move(s));
      continue;
    }
    if (d.expressions.empty() || !d.expressions[0]) continue;  // reported in pass 1
    if (compile_group(model, d, true, s.expr, diag)) model.sensors.push_back(std::move(s));
  }
}

}  // namespace mb
