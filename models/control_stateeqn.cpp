#include "models/control_stateeqn.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/text.hpp"
#include "expr/compile.hpp"
#include "models/state_reader.hpp"

namespace mb {

namespace {

/// A binder for expressions that may read no model quantity (every call is refused).
class ConstantsOnly final : public expr::Binder {
 public:
  expr::BindResult bind(std::string_view name, std::span<const long long>) override {
    return expr::BindResult::fail(std::string(name) + " is not a constant");
  }
  std::variant<expr::SplineData, std::string> spline(long long) override {
    return std::string("a spline is not a constant");
  }
};

/// The value of a number or of a constant expression (e.g. 1/1000, 2*PI/100); nullopt when the
/// text is neither (it reads TIME or the model, or does not compile).
std::optional<double> constant_value(const std::string& text) {
  if (const auto v = parse_real(text)) return v;
  ConstantsOnly binder;
  Diagnostics scratch;
  const auto e = expr::compile(expr::Source{text, {}, "constant"}, binder, scratch);
  if (!e || !e->is_constant()) return std::nullopt;
  return e->constant_value();
}

/// The name the user wrote for `attr` (the Adams keyword in a dataset).
std::string spelled(ElementReader& in, std::string_view attr) {
  const DeckAttribute* a = in.attr(attr);
  return a && !a->spelled.empty() ? a->spelled : std::string(attr);
}

/// The sampled form (type USERSUB): num_discrete_state discrete states, their XD and ICD arrays,
/// sample_period (> 0) and sample_offset (>= 0). Attributes of the sampled form without
/// discrete states, or on a LINEAR element, are errors.
void read_discrete_states(ElementReader& in, DraftStateElement& d) {
  static constexpr std::string_view kSampled[] = {"xd_solver_array_id",  "xd_array_id",
                                                  "icd_solver_array_id", "icd_array_id",
                                                  "sample_period",       "sample_offset"};
  const auto nd = in.integer("num_discrete_state", 0, 100000);
  const bool user = d.form == StateElement::Form::kUserSub;
  if (nd && *nd > 0 && !user) {
    in.error("num_discrete_state",
             "discrete states need type USERSUB (a GSESUB updates them at the sample times)");
    return;
  }
  if (d.user && d.num_states == 0 && (!nd || *nd == 0) && in.has("num_state")) {
    in.error("num_state", fmt::format("{} is 0 and there are no discrete states ({}): the "
                                      "element has no state",
                                      spelled(in, "num_state"), spelled(in, "num_discrete_state")));
  }
  if (!nd || *nd == 0) {
    for (std::string_view a : kSampled) {
      if (in.has(a)) {
        in.error(a, fmt::format("{} belongs to the discrete states of a sampled state equation, "
                                "but {} (their number) is {}",
                                spelled(in, a), spelled(in, "num_discrete_state"),
                                in.has("num_discrete_state") ? "0" : "not given"));
        return;
      }
    }
    return;
  }
  d.num_discrete = static_cast<int>(*nd);
  auto ref = [&](const char* solver_name, const char* name) {
    return read_draft_ref(in, in.has(solver_name) ? solver_name : name, false);
  };
  d.xd = ref("xd_solver_array_id", "xd_array_id");
  d.icd = ref("icd_solver_array_id", "icd_array_id");
  const DeckAttribute* period = in.attr("sample_period");
  if (!period) {
    in.error("num_discrete_state",
             fmt::format("{} declares discrete states, which need {} (the time between their "
                         "updates)",
                         spelled(in, "num_discrete_state"), spelled(in, "sample_period")));
    return;
  }
  const auto value = constant_value(period->value);
  if (!value || !(*value > 0) || !std::isfinite(*value)) {
    in.error("sample_period",
             fmt::format("{} is {}; it must be a positive number or constant expression (the "
                         "time between the updates of the discrete states; a period that reads "
                         "TIME or the model, or a USER function for it, is not supported)",
                         spelled(in, "sample_period"), quoted_value(period->value)));
  } else {
    d.sample_period = *value;
  }
  if (in.has("sample_offset")) {
    const auto offset = in.real("sample_offset");
    if (offset && !(*offset >= 0)) {
      in.error("sample_offset",
               fmt::format("{} is {}; it must be >= 0 (the time of the first update)",
                           spelled(in, "sample_offset"), *offset));
    } else if (offset) {
      d.sample_offset = *offset;
    }
  }
}

}  // namespace

void build_control_stateeqn(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kStateEqn);
  // A purely discrete GSE (discrete states, num_state 0 or absent) has no continuous X array.
  const DeckAttribute* ns = in.node().find("num_state");
  const bool pure_discrete = in.node().find("num_discrete_state") && (!ns || ns->value == "0");
  read_state_arrays(in, d, !pure_discrete);
  read_linear_or_usersub(in, d, "GSE");
  read_discrete_states(in, d);
  if (d.form == StateElement::Form::kLinear || d.user) draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
