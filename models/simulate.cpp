#include "models/simulate.hpp"

#include <array>

#include "common/text.hpp"

namespace mb {

void build_simulate(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  Simulate s;
  s.loc = in.node().loc;
  static constexpr std::array<std::string_view, 6> kTypes = {
      "TRANSIENT", "STATIC", "ASSEMBLY", "KINEMATIC", "LINEAR", "FREQUENCY RESPONSE"};
  if (!in.has("analysis_type")) {
    in.error_here("missing required attribute 'analysis_type'");
  } else if (auto t = in.keyword("analysis_type", kTypes)) {
    if (*t == "TRANSIENT") s.type = AnalysisType::kTransient;
    if (*t == "ASSEMBLY") s.type = AnalysisType::kAssembly;
    if (*t == "STATIC") s.type = AnalysisType::kStatic;
    if (*t == "KINEMATIC") s.type = AnalysisType::kKinematic;
    if (*t == "LINEAR" || *t == "FREQUENCY RESPONSE") {
      in.error("analysis_type", "analysis_type " + in.attr("analysis_type")->value +
                                    " is not supported yet (supported: Transient, Static, "
                                    "Assembly, Kinematic)");
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
    in.error("end_time", "end_time must be greater than start_time");
  }
  int outputs = 0;
  for (auto n : {"num_steps", "num_step"}) {
    if (in.has(n)) {
      ++outputs;
      if (auto v = in.integer(n, 1, 100000000)) s.num_steps = static_cast<int>(*v);
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
  Command c;
  c.kind = Command::Kind::kSimulate;
  c.simulate = s;
  c.loc = s.loc;
  draft.commands.push_back(c);
}

}  // namespace mb
