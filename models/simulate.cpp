#include "models/simulate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "common/text.hpp"

namespace mb {

namespace {

/// The attribute's name as the deck spells it (END for an Adams command file), or `name`.
std::string spelled(ElementReader& in, std::string_view name) {
  const DeckAttribute* a = in.node().find(name);
  return a ? a->spelled : std::string(name);
}

/// Where a Simulate starts and ends when it runs after an analysis that ended at `t` (the
/// command runner's rule, solver/analysis_runner.cpp): start_time or `t`; end_time, start plus
/// duration, or the start (an Assembly or a Static without an end).
struct SimulateSpan {
  double t0 = 0, t1 = 0;
};

SimulateSpan span_of(const Simulate& s, double t) {
  SimulateSpan span;
  span.t0 = s.start_time.value_or(t);
  span.t1 = s.end_time ? *s.end_time : s.duration ? span.t0 + *s.duration : span.t0;
  return span;
}

/// The output rows a Simulate writes (as the runner counts them; the first analysis also writes
/// its start); +infinity when the count overflows.
double output_rows(const Simulate& s, SimulateSpan span, bool first) {
  double rows = first && s.type != AnalysisType::kStatic ? 1 : 0;
  if (s.type == AnalysisType::kAssembly) return std::max(rows, 1.0);
  if (s.type == AnalysisType::kStatic) ++rows;  // the equilibrium at the start
  if (span.t1 <= span.t0) return rows;
  const double dt =
      s.print_interval ? *s.print_interval : (span.t1 - span.t0) / s.num_steps.value_or(100);
  const double n = std::ceil((span.t1 - span.t0) / dt - 1e-9);
  return std::isfinite(n) ? rows + n : HUGE_VAL;
}

/// The time at which the commands so far leave the run, the rows they write, and whether a Stop
/// ends the run before the next command.
struct Timeline {
  double t = 0, rows = 0;
  bool first = true, stopped = false;
};

Timeline timeline(const std::vector<Command>& commands) {
  Timeline tl;
  for (const Command& c : commands) {
    if (c.kind == Command::Kind::kStop) tl.stopped = true;
    if (c.kind != Command::Kind::kSimulate || tl.stopped) continue;
    const SimulateSpan span = span_of(c.simulate, tl.t);
    tl.rows += output_rows(c.simulate, span, tl.first);
    tl.first = false;
    tl.t = span.t1;
  }
  return tl;
}

/// A Simulate must end after it starts, and the run may write at most kMaxOutputRows rows: a
/// deck error at the attribute to change, never a run that does nothing or fills the disk.
/// `may_return_early`: a sensor's RETURN may end an analysis before its end, so a later one may
/// start earlier than the deck says (the runner skips one that would not move, with a warning).
void check_timeline(ElementReader& in, const Simulate& s, const std::vector<Command>& before,
                    bool may_return_early) {
  const Timeline tl = timeline(before);
  if (tl.stopped) return;  // never runs
  const SimulateSpan span = span_of(s, tl.t);
  const bool has_end = s.end_time.has_value();
  if (has_end && !s.start_time && span.t1 <= span.t0 && !(may_return_early && !tl.first)) {
    in.error("end_time",
             fmt::format("{} {:g} is not after the time this analysis starts at, t = {:g} ({}); "
                         "give a later {}{}",
                         spelled(in, "end_time"), span.t1, span.t0,
                         tl.first ? "the start of the run" : "where the previous analysis ends",
                         spelled(in, "end_time"), tl.first ? "" : " or a duration"));
    return;
  }
  const double rows = output_rows(s, span, tl.first);
  if (tl.rows + rows <= kMaxOutputRows) return;
  const std::string total =
      tl.rows > 0 ? fmt::format(" ({:.3g} in the run with the analyses before it)", tl.rows + rows)
                  : "";
  if (s.num_steps) {
    in.error(in.has("num_steps") ? "num_steps" : "num_step",
             fmt::format("{} {} gives {} output rows{}: mbsolve writes at most {} rows in a run; "
                         "ask for fewer steps",
                         spelled(in, in.has("num_steps") ? "num_steps" : "num_step"), *s.num_steps,
                         *s.num_steps, total, kMaxOutputRows));
    return;
  }
  const double dt_min = (span.t1 - span.t0) / std::max(1.0, kMaxOutputRows - tl.rows - 1);
  const std::string what = fmt::format("from t = {:g} to {:g}", span.t0, span.t1);
  const std::string count = std::isfinite(rows) ? fmt::format("{:.3g}", rows) : "more than 1e308";
  if (s.print_interval) {
    in.error("print_interval",
             fmt::format("{} {:g} {} gives {} output rows{}: mbsolve writes at most {} rows "
                         "in a run; make {} at least {:.3g} or the analysis shorter",
                         spelled(in, "print_interval"), *s.print_interval, what, count, total,
                         kMaxOutputRows, spelled(in, "print_interval"), dt_min));
  } else {
    in.error_here(
        fmt::format("{} gives {:.3g} output rows{}: mbsolve writes at most {} rows in a "
                    "run",
                    what, rows, total, kMaxOutputRows));
  }
}

}  // namespace

void build_simulate(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  Simulate s;
  s.loc = in.node().loc;
  static constexpr std::array<std::string_view, 6> kTypes = {
      "TRANSIENT", "STATIC", "ASSEMBLY", "KINEMATIC", "LINEAR", "FREQUENCY RESPONSE"};
  if (!in.has("analysis_type")) {
    in.missing("analysis_type");
  } else if (auto t = in.keyword("analysis_type", kTypes)) {
    if (*t == "TRANSIENT") s.type = AnalysisType::kTransient;
    if (*t == "ASSEMBLY") s.type = AnalysisType::kAssembly;
    if (*t == "STATIC") s.type = AnalysisType::kStatic;
    if (*t == "KINEMATIC") s.type = AnalysisType::kKinematic;
    if (*t == "LINEAR") s.type = AnalysisType::kLinear;
    if (*t == "FREQUENCY RESPONSE") {
      in.error("analysis_type", "analysis_type " + in.attr("analysis_type")->value +
                                    " is not supported yet (supported: Transient, Static, "
                                    "Assembly, Kinematic, Linear)");
    }
  }
  // An Adams SIMULATE/KINEMATIC arrives as a Transient with analysis_kind="kinematic".
  static constexpr std::array<std::string_view, 1> kKinds = {"KINEMATIC"};
  if (in.has("analysis_kind") && in.keyword("analysis_kind", kKinds)) {
    s.type = AnalysisType::kKinematic;
  }
  s.start_time = in.real("start_time");
  s.end_time = in.real("end_time");
  s.duration = in.real("duration");
  if (s.end_time && s.duration) in.error("duration", "give end_time or duration, not both");
  if (s.duration && *s.duration <= 0) in.error("duration", "duration must be > 0");
  if ((s.type == AnalysisType::kTransient || s.type == AnalysisType::kKinematic) && !s.end_time &&
      !s.duration) {
    in.error_here(std::string("a ") +
                  (s.type == AnalysisType::kKinematic ? "Kinematic" : "Transient") +
                  " analysis needs end_time or duration");
  }
  if (s.end_time && s.start_time && *s.end_time <= *s.start_time) {
    in.error("end_time",
             spelled(in, "end_time") + " must be greater than " + spelled(in, "start_time"));
  }
  int outputs = 0;
  for (auto n : {"num_steps", "num_step"}) {
    if (in.has(n)) {
      ++outputs;
      if (auto v = in.integer(n, 1, kMaxOutputRows)) s.num_steps = static_cast<int>(*v);
    }
  }
  if (in.has("print_interval")) {
    ++outputs;
    s.print_interval = in.real("print_interval");
    if (s.print_interval && *s.print_interval <= 0) {
      in.error("print_interval", "print_interval must be > 0");
    }
  }
  for (auto n : {"print_increment", "print_array_id"}) {
    if (in.has(n)) {
      ++outputs;
      in.error(n, std::string(n) + " is not supported yet (use num_steps or print_interval)");
    }
  }
  if (outputs > 1) {
    in.error_here(
        "num_steps, print_interval, print_increment and print_array_id are mutually "
        "exclusive");
  }
  const bool may_return_early = std::any_of(draft.sensors.begin(), draft.sensors.end(),
                                            [](const DraftSensor& d) { return d.settings.ret; });
  if (!s.print_interval || *s.print_interval > 0) {
    check_timeline(in, s, draft.commands, may_return_early);
  }
  Command c;
  c.kind = Command::Kind::kSimulate;
  c.simulate = s;
  c.loc = s.loc;
  draft.commands.push_back(c);
}

}  // namespace mb
