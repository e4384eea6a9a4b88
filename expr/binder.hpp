#pragma once
// The binder: how expr/ reaches the model without knowing it. The model side implements it.
//
// For each model-bound call (DX(11, 12), JOINT(1, 0, 2), VARVAL(3), DIF(2), ...) the compiler
// folds the arguments to whole-number constants, fills in omitted optional arguments (0 = the
// global frame), and calls bind() once per distinct call of an expression. The binder returns
// the input slot whose value the caller will supply at run time (inputs[slot]), or a message
// such as "marker 99 does not exist", reported at the call. Slots are the caller's business;
// expr/ only requires slot >= 0.
//
// For AKISPL/CUBSPL/LINSPL(x, z, id[, n]) the binder returns the Reference_Spline data and
// expr/ does the interpolation itself (spline.hpp); for CURVE(alpha, iord, comp, id) it returns
// the curve's points and builds the B-spline itself (param_curve.hpp).

#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "expr/param_curve.hpp"
#include "expr/spline.hpp"

namespace mb::expr {

struct BindResult {
  int slot = -1;      ///< >= 0 on success
  std::string error;  ///< the message when slot < 0

  static BindResult ok(int slot) { return {slot, {}}; }
  static BindResult fail(std::string message) { return {-1, std::move(message)}; }
};

class Binder {
 public:
  virtual ~Binder() = default;
  /// `name` is the canonical upper-case builtin name ("DX"); `args` has every argument,
  /// defaults included (DX(11) arrives as {11, 0, 0}).
  virtual BindResult bind(std::string_view name, std::span<const long long> args) = 0;
  /// The data of Reference_Spline `id`, or an error message.
  virtual std::variant<SplineData, std::string> spline(long long id) = 0;
  /// The data of curve `id` (already validated), or an error message.
  virtual std::variant<CurveData, std::string> curve(long long id) {
    return "curve " + std::to_string(id) + " does not exist";
  }
};

}  // namespace mb::expr
