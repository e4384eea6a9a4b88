#include "models/control_siso.hpp"

#include <fmt/format.h>

#include "models/state_reader.hpp"

namespace mb {

namespace {
std::vector<double> coefficients(ElementReader& in, const char* list, const char* count) {
  if (!in.has(list)) {
    in.missing(list);
    return {};
  }
  auto v = read_number_list(in, list);
  if (!v) return {};
  if (auto n = in.integer(count, 1, 31); n && static_cast<size_t>(*n) != v->size()) {
    in.error(count, fmt::format("{} is {} but {} has {} values", count, *n, list, v->size()));
    return {};
  }
  return *v;
}
}  // namespace

void build_control_siso(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftStateElement d = start_state_draft(in, StateElement::Kind::kSiso);
  d.form = StateElement::Form::kLinear;
  read_state_arrays(in, d, true);
  if (!in.has("u_array_id") && !in.has("u_solver_array_id")) {
    in.missing("u_array_id");
  }
  d.numerator = coefficients(in, "numerator_coef", "num_numerator_coef");
  d.denominator = coefficients(in, "denominator_coef", "num_denominator_coef");
  if (d.numerator.empty() || d.denominator.empty()) return;
  while (d.denominator.size() > 1 && d.denominator.back() == 0.0) d.denominator.pop_back();
  while (d.numerator.size() > 1 && d.numerator.back() == 0.0) d.numerator.pop_back();
  if (d.denominator.size() < 2) {
    in.error("denominator_coef",
             "the denominator must have order >= 1 (a nonzero coefficient of s or higher)");
    return;
  }
  if (d.numerator.size() > d.denominator.size()) {
    in.error("numerator_coef",
             fmt::format("the numerator order {} exceeds the denominator order {} (improper "
                         "transfer function)",
                         d.numerator.size() - 1, d.denominator.size() - 1));
    return;
  }
  d.num_states = static_cast<int>(d.denominator.size()) - 1;
  draft.state_elements.push_back(std::move(d));
}

}  // namespace mb
