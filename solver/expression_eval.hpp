#pragma once
// Evaluates a compiled expression on measure values of any scalar type: with doubles it is the
// tape; with AD the value comes from the tape and the derivative is the chain rule
// sum_k (d expr / d measure_k) * d measure_k, each partial from its own symbolic tape.
// A run-time domain error (SQRT of a negative, ...) stops the analysis with a message naming the
// element, the attribute and the time.

#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <utility>

#include "common/error.hpp"
#include "models/compiled_expression.hpp"
#include "solver/autodiff.hpp"
#include "solver/autodiff2.hpp"

namespace mb {

inline void check_expression(const CompiledExpression& e, expr::Workspace& ws, double t) {
  if (!ws.ok()) {
    const std::string msg =
        fmt::format("{}: {} at t = {:.10g}", e.subject, ws.error().message(), t);
    ws.clear_error();
    throw Error(ExitCode::kAnalysisFailed, msg);
  }
}

/// While an object of this class lives (on this thread), evaluate_expression on AD numbers takes
/// every partial of an expression with respect to a measure it reads as 1 and moves its value
/// off zero (by kOffset): the sparsity probes of System::build_pattern then see each dependence
/// an expression has anywhere, not only where its partials or its value are non-zero at the
/// probe point (TIME * DX(I) at t = 0, a STEP window, a force value times its direction).
class StructuralProbe {
 public:
  StructuralProbe() { active() = true; }
  ~StructuralProbe() { active() = false; }
  StructuralProbe(const StructuralProbe&) = delete;
  StructuralProbe& operator=(const StructuralProbe&) = delete;
  static bool& active() {
    static thread_local bool on = false;
    return on;
  }
  static constexpr double kOffset = 0.5772156649;  // any value no expression is likely to cancel
};

/// `values` is scratch of at least as many doubles as there are measures.
template <class T>
T evaluate_expression(const CompiledExpression& e, double t, std::span<const T> measures,
                      expr::Workspace& ws, std::span<double> values) {
  for (size_t k = 0; k < measures.size(); ++k) values[k] = value_of(measures[k]);
  const std::span<const double> in(values.data(), measures.size());
  double v = e.value.eval(t, in, ws);
  if constexpr (!std::is_same_v<T, double>) {
    // A sparsity probe runs at a random state and time, which the analysis may never reach
    // (SQRT(0.001 - TIME) probed after the end time): a domain error there only says that the
    // expression depends on its inputs, as the probe assumes anyway.
    if (StructuralProbe::active() && !ws.ok()) {
      ws.clear_error();
      v = 0.0;
    }
  }
  check_expression(e, ws, t);
  if constexpr (std::is_same_v<T, double>) {
    return v;
  } else {
    const bool structural = StructuralProbe::active();
    T out(structural ? v + StructuralProbe::kOffset : v);
    for (int slot : e.value.input_slots()) {
      const auto& d = measures[slot].derivatives();
      if (d.size() == 0) continue;
      const double coef = structural ? 1.0 : e.d_measure[slot].eval(t, in, ws);
      check_expression(e, ws, t);
      if (out.derivatives().size() == 0) out.derivatives() = ADVector::Zero(d.size());
      out.derivatives() += coef * d;
    }
    return out;
  }
}

/// Most measures evaluate_along_time takes.
inline constexpr size_t kMaxRateMeasures = 16;

/// `e` on dual-number measures whose tangents are their rates along a motion in time, TIME
/// advancing at rate 1: the tangent of the result is e's total time derivative
/// sum_k e_k dm_k/dt + e_t. T is Dual (double values and tangents) or AD2 (AD values and
/// tangents, whose derivatives are those of e and of its rate with respect to the kernel's
/// inputs; this needs the second partials, which SecondOrderExpression holds).
template <class T>
T evaluate_along_time(const SecondOrderExpression& e, double t, std::span<const T> measures,
                      expr::Workspace& ws, std::span<double> values) {
  using Inner = decltype(value_part(std::declval<T>(), 0));
  const size_t n = measures.size();
  if (n > kMaxRateMeasures) {
    throw Error(ExitCode::kInternal, e.value.subject + ": too many measures for its rate");
  }
  int width = 0;  // AD2: one derivative size for all, as Eigen's AD sums need
  for (size_t k = 0; k < n; ++k) width = std::max(width, active_size(measures[k]));
  Inner value[kMaxRateMeasures], tangent[kMaxRateMeasures];
  for (size_t k = 0; k < n; ++k) {
    value[k] = value_part(measures[k], width);
    tangent[k] = tangent_part(measures[k], width);
  }
  const std::span<const Inner> in(value, n);
  const Inner v = evaluate_expression<Inner>(e.value, t, in, ws, values);
  Inner rate = evaluate_expression<Inner>(e.d_time, t, in, ws, values);
  for (int slot : e.value.value.input_slots()) {
    add_scaled(
        rate, 1.0,
        Inner(evaluate_expression<Inner>(e.d_measure[slot], t, in, ws, values) * tangent[slot]));
  }
  return from_parts(v, rate);
}

}  // namespace mb
