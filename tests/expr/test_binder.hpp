#pragma once
// A binder for the expr tests: VARVAL(k) (k = 1..40) is inputs[k - 1], so tests can use
// VARVAL(1), ... VARVAL(40) as free variables (written $1, $2, ... and expanded by subst());
// every other model-bound call gets the next slot from 40 on; any argument 99 is an unknown
// marker. Splines come from `splines`.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "expr/binder.hpp"
#include "expr/compile.hpp"

namespace mb::expr::test {

class TestBinder : public Binder {
 public:
  BindResult bind(std::string_view name, std::span<const long long> args) override {
    const std::string key = fmt::format("{}({})", name, fmt::join(args, ","));
    calls.push_back(key);
    if (name == "VARVAL") {
      if (args[0] < 1 || args[0] > 40)
        return BindResult::fail(fmt::format("Reference_Variable {} does not exist", args[0]));
      return BindResult::ok(static_cast<int>(args[0] - 1));
    }
    for (long long a : args) {
      if (a == 99) return BindResult::fail("marker 99 does not exist");
    }
    auto it = slots.find(key);
    if (it != slots.end()) return BindResult::ok(it->second);
    const int slot = 40 + static_cast<int>(slots.size());
    slots.emplace(key, slot);
    return BindResult::ok(slot);
  }
  std::variant<SplineData, std::string> spline(long long id) override {
    auto it = splines.find(id);
    if (it == splines.end()) return fmt::format("Reference_Spline {} does not exist", id);
    return it->second;
  }

  std::vector<std::string> calls;
  std::map<std::string, int> slots;
  std::map<long long, SplineData> splines;
};

/// "$1" -> "VARVAL(1)" etc.
inline std::string subst(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$') {
      size_t j = i + 1;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
      out += "VARVAL(" + std::string(text.substr(i + 1, j - i - 1)) + ")";
      i = j - 1;
    } else {
      out += text[i];
    }
  }
  return out;
}

inline const char* kSubject = "Force_Vector_TwoBody 30101 fx_expression";

/// Compiles with a location that puts the text at deck.xml:12:30 on one line.
inline std::optional<Expression> try_compile(std::string_view text, TestBinder& binder,
                                             Diagnostics& diag) {
  Source src{text,
             [](size_t off) {
               return SourceLoc{intern_path("deck.xml"), 12, 30 + static_cast<int>(off)};
             },
             kSubject};
  return compile(src, binder, diag);
}

/// Compiles `text` (after subst) and returns the expression; fails the test with the
/// diagnostics if it does not compile.
Expression must_compile(std::string_view text, TestBinder* binder = nullptr);

/// The diagnostics text for `text` (every diagnostic with its excerpt, joined by newlines).
std::string errors_of(std::string_view text, TestBinder* binder = nullptr);

/// Evaluates with inputs = vars (padded to 64 with zeros).
double eval_at(const Expression& e, double time, std::vector<double> vars);

}  // namespace mb::expr::test
