#pragma once
// The builtin table: every name the expression language knows, in ONE table sorted by name.
// The same table drives name lookup, arity checks, argument defaults, "did you mean" and the
// help listing. Names are case-insensitive; the table holds the canonical upper-case spelling.

#include <span>
#include <string>
#include <string_view>

/// The math builtins (Fortran intrinsics), one argument then two or more, as X(Name) entries: the
/// one list from which both the Fn enumeration below and the tape's TapeOp (expr/tape.hpp)
/// take their math enumerators, so the two cannot drift apart.
// clang-format off
#define MB_EXPR_MATH_FUNCTIONS(X)                                                                \
  /* one argument */                                                                             \
  X(Abs) X(Acos) X(Aint) X(Anint) X(Asin) X(Atan) X(Cos) X(Cosh) X(Exp) X(Log) X(Log10) X(Sin)   \
  X(Sinh) X(Sqrt) X(Tan) X(Tanh)                                                                 \
  /* two or more arguments */                                                                    \
  X(Atan2) X(Dim) X(Max) X(Min) X(Mod) X(Sign)
// clang-format on

namespace mb::expr {

/// What a builtin is, which decides how the compiler treats a call to it.
enum class Kind {
  kConstant,    ///< PI, DTOR, RTOD, TIME: bare names without parentheses
  kMath,        ///< Fortran intrinsics; pure functions of their arguments
  kGeneral,     ///< STEP, BISTOP, POLY, ...: pure functions with the exact formulas below
  kModelBound,  ///< DX, VX, JOINT, VARVAL, ...: constant arguments, resolved by the Binder
  kSpline,      ///< AKISPL, CUBSPL, LINSPL: spline data from the Binder, math done here
  kIf,          ///< IF(e1: e2, e3, e4)
};

/// Identifies a builtin with a value (model-bound names share kModel; the binder sees the name).
enum class Fn : unsigned char {
  // constants
  kPi,
  kDtor,
  kRtod,
  kTime,
// math (MB_EXPR_MATH_FUNCTIONS)
#define MB_EXPR_ENUMERATOR(name) k##name,
  MB_EXPR_MATH_FUNCTIONS(MB_EXPR_ENUMERATOR)
#undef MB_EXPR_ENUMERATOR
  // general functions
  kStep,
  kStep5,
  kHavsin,
  kShf,
  kPoly,
  kCheby,
  kForcos,
  kForsin,
  kImpact,
  kBistop,
  // splines
  kAkispl,
  kCubspl,
  kLinspl,
  kCurve,  ///< CURVE(alpha, iord, comp, id): a B-spline curve (param_curve.hpp)
  // conditional
  kIf,
  // every model-bound name
  kModel,
};

/// Arity value meaning "no upper limit" (MAX and MIN accept two or more arguments).
inline constexpr int kUnbounded = 1000;
/// The most arguments any bounded builtin takes (FORCOS/FORSIN: x, x0, w and 31 coefficients).
inline constexpr int kMaxArgs = 34;

struct Builtin {
  std::string_view name;  ///< canonical upper-case spelling; the table is sorted by it
  Kind kind;
  Fn fn;
  int min_args;
  int max_args;               ///< kUnbounded for MAX/MIN
  double default_value;       ///< value of every omitted optional argument (0 = global frame)
  std::string_view synopsis;  ///< e.g. "BISTOP(x, xdot, x1, x2, k, e, cmax, d)"
  std::string_view description;
};

/// The whole table, sorted by name.
std::span<const Builtin> builtins();

/// Case-insensitive lookup; nullptr when the name is unknown.
const Builtin* find_builtin(std::string_view name);

/// The builtin whose name is the most likely intended spelling of `name`, or "" if none is close.
std::string suggest_builtin(std::string_view name, bool want_function);

/// "x" / "x, x0" etc.: the argument count phrase used in arity errors, e.g. "8 arguments",
/// "1 to 3 arguments", "at least 2 arguments".
std::string arity_phrase(const Builtin& b);

}  // namespace mb::expr
