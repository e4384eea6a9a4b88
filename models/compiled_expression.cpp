#include "models/compiled_expression.hpp"

#include <algorithm>

namespace mb {

CompiledExpression compile_partials(const expr::Expression& e, size_t n_measures,
                                    std::string subject) {
  CompiledExpression c;
  c.value = e;
  c.subject = std::move(subject);
  c.max_stack = c.value.max_stack();
  for (size_t m = 0; m < n_measures; ++m) {
    c.d_measure.push_back(c.value.partial(static_cast<int>(m)));
    c.max_stack = std::max(c.max_stack, c.d_measure.back().max_stack());
  }
  c.d_time = c.value.partial_time();
  c.d_time2 = c.d_time.partial_time();
  c.max_stack = std::max({c.max_stack, c.d_time.max_stack(), c.d_time2.max_stack()});
  return c;
}

SecondOrderExpression compile_second_partials(const expr::Expression& e, size_t n_measures,
                                              const std::string& subject) {
  SecondOrderExpression s;
  s.value = compile_partials(e, n_measures, subject);
  s.max_stack = s.value.max_stack;
  for (size_t m = 0; m < n_measures; ++m) {
    s.d_measure.push_back(compile_partials(s.value.d_measure[m], n_measures, subject));
    s.max_stack = std::max(s.max_stack, s.d_measure.back().max_stack);
  }
  s.d_time = compile_partials(s.value.d_time, n_measures, subject);
  s.max_stack = std::max(s.max_stack, s.d_time.max_stack);
  return s;
}

}  // namespace mb
