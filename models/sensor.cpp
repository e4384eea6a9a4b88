#include "models/sensor.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/sensor_evaluate.hpp"

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
      {"dt", "a new output interval after the event is not supported yet"},
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

}  // namespace

void build_sensor_event(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  Sensor s;
  s.id = d.id;
  s.subject = d.subject;
  s.loc = d.loc;
  static constexpr std::array<std::string_view, 2> kTypes = {"EXPRESSION", "USERSUB"};
  if (const auto type = in.keyword("type", kTypes); type && *type == "USERSUB") {
    in.error("type", "user-subroutine sensors (SENSUB) are not supported yet; give expr");
  }
  reject_user_subroutines(in);
  if (!in.has("expr")) in.missing("expr", "the sensed function");
  read_expression(in, d, "expr");
  if (in.has("expr") && d.expressions.back() == nullptr) {
    in.error("expr", spelled(in, "expr") + " must be an expression (got NULL)");
  }
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
  if (s.halt && s.ret) {
    in.error(in.has("return") ? "return" : "halt",
             fmt::format("give {} or {}, not both (HALT ends the run, RETURN the Simulate)",
                         spelled(in, "halt"), spelled(in, "return")));
  }
  in.attr("label");
  warn_unused(in);
  DraftRef evaluate;
  if (in.has("evaluate_routine")) {
    in.error("evaluate_routine", spelled(in, "evaluate_routine") +
                                     ": user-subroutine evaluates (SEVSUB) are not supported yet; "
                                     "give an expression");
  }
  if (in.has("evaluate_id") && in.has("evaluate_expr")) {
    in.error("evaluate_expr", "give evaluate_id or evaluate_expr, not both");
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
    if (d.expressions.empty() || !d.expressions[0]) continue;  // reported in pass 1
    if (compile_group(model, d, true, s.expr, diag)) model.sensors.push_back(std::move(s));
  }
}

}  // namespace mb
