#pragma once
// Evaluates a compiled expression on measure values of any scalar type: with doubles it is the
// tape; with AD the value comes from the tape and the derivative is the chain rule
// sum_k (d expr / d measure_k) * d measure_k, each partial from its own symbolic tape.
// A run-time domain error (SQRT of a negative, ...) stops the analysis with a message naming the
// element, the attribute and the time.

#include <fmt/format.h>

#include <span>

#include "common/error.hpp"
#include "models/compiled_expression.hpp"
#include "solver/autodiff.hpp"

namespace mb {

inline void check_expression(const CompiledExpression& e, expr::Workspace& ws, double t) {
  if (!ws.ok()) {
    const std::string msg =
        fmt::format("{}: {} at t = {:.10g}", e.subject, ws.error().message(), t);
    ws.clear_error();
    throw Error(ExitCode::kAnalysisFailed, msg);
  }
}

/// `values` is scratch of at least as many doubles as there are measures.
template <class T>
T evaluate_expression(const CompiledExpression& e, double t, std::span<const T> measures,
                      expr::Workspace& ws, std::span<double> values) {
  for (size_t k = 0; k < measures.size(); ++k) values[k] = value_of(measures[k]);
  const std::span<const double> in(values.data(), measures.size());
  const double v = e.value.eval(t, in, ws);
  check_expression(e, ws, t);
  if constexpr (std::is_same_v<T, double>) {
    return v;
  } else {
    T out(v);
    for (int slot : e.value.input_slots()) {
      const auto& d = measures[slot].derivatives();
      if (d.size() == 0) continue;
      const double coef = e.d_measure[slot].eval(t, in, ws);
      check_expression(e, ws, t);
      if (out.derivatives().size() == 0) out.derivatives() = ADVector::Zero(d.size());
      out.derivatives() += coef * d;
    }
    return out;
  }
}

}  // namespace mb
