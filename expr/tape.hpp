#pragma once
// The flat evaluation tape: a postfix program for a small stack machine, produced from a folded
// tree. Evaluation is a single loop over the instructions (no recursion, no allocation); IF is
// compiled to jumps so that only the selected branch runs. The maximum stack depth is computed
// when the tape is built, and the caller provides a stack of at least that size.
//
// Shared subexpressions are evaluated once: structurally equal subtrees are merged (hash-consing
// when the tape is built), a node with several uses is computed at its first use and kept in a
// temporary (kStore), and later uses read it (kLoad). A value computed inside a branch of IF is
// only reused inside that branch. So the tape of a DAG is linear in its distinct nodes (the
// derivatives share their expression's subtrees), and lowering is iterative (any depth).
//
// Peephole forms: an operation with a constant or input operand is one instruction (x + c,
// c - x, x * c, x / c, c / x, x + in, in - x, ...), x**n for a small whole constant n is repeated
// multiplication, and a general function keeps its constant arguments in the instruction's call
// record instead of pushing them.
//
// Domain errors (SQRT of a negative number, LOG of a number <= 0, |x| > 1 in ASIN/ACOS, division
// by zero, MOD(a, 0), a negative number to a fractional power, bad STEP/BISTOP/IMPACT parameters)
// give NaN for that operation, and the first one is recorded in the EvalError passed to eval;
// evaluation continues so the cost stays fixed. A result that is not finite without an earlier
// error (overflow to inf) is recorded as kNotFinite at the end.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "expr/ast.hpp"
#include "expr/functions.hpp"
#include "expr/spline.hpp"

namespace mb::expr {

/// The first run-time error of an evaluation: what, and where in the expression text.
struct EvalError {
  EvalErrorKind kind = EvalErrorKind::kNone;
  size_t offset = 0;  ///< of the operator or function name in the expression text
  size_t length = 0;
  double argument = 0;  ///< the offending operand (e.g. the negative number under SQRT)

  explicit operator bool() const { return kind != EvalErrorKind::kNone; }
  /// e.g. "SQRT of a negative number (-2)".
  std::string message() const;
};

enum class TapeOp : std::uint8_t {
  kConst,
  kTime,
  kInput,
  kNeg,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kPow,
  kPowInt,
  kAddC,
  kSubC,
  kCSub,
  kMulC,
  kDivC,
  kCDiv,
  kAddI,  ///< x + inputs[a] (also inputs[a] + x)
  kSubI,  ///< x - inputs[a]
  kISub,  ///< inputs[a] - x
  kMulI,  ///< x * inputs[a]
  kDivI,  ///< x / inputs[a]
  kIDiv,  ///< inputs[a] / x
#define MB_EXPR_ENUMERATOR(name) k##name,
  MB_EXPR_MATH_FUNCTIONS(MB_EXPR_ENUMERATOR)  // the math builtins, as Fn (expr/builtins.hpp)
#undef MB_EXPR_ENUMERATOR
  kGeneral,  ///< calls_[a]
  kPartial,  ///< calls_[a] with wrt
  kSpline,   ///< splines[a] at (x, z) with orders (n >> 8, n & 255)
  kIf,       ///< pop c; c < 0: fall through; c == 0: jump ifs_[a].zero; c > 0 (or NaN, whose
             ///< error is already recorded): jump ifs_[a].pos
  kJump,     ///< pc = a
  kLoad,     ///< push temporary a
  kStore,    ///< temporary a = the top of the stack (kept on the stack)
  kEnd,      ///< return the top of the stack
};

struct Instr {
  TapeOp op;
  std::uint16_t n = 0;
  std::int32_t a = 0;
  double c = 0;
};

class Tape {
 public:
  Tape() = default;
  /// Lowers a folded, bound tree (no kCall of model-bound or spline builtins left).
  Tape(const NodePtr& root, std::shared_ptr<const std::vector<Spline>> splines);

  /// Runs the program. `stack` must hold max_stack() values (the stack, then the temporaries).
  /// `err` keeps its first error.
  double eval(double time, std::span<const double> inputs, double* stack, EvalError& err) const;

  size_t max_stack() const { return max_stack_ + temps_; }
  size_t size() const { return code_.size() - 1; }  ///< instruction count, without kEnd
  /// Listing for tests and debugging, one instruction per line.
  std::string dump() const;

 private:
  struct Call {
    Fn fn;
    int n;         ///< argument count
    int nwrt = 0;  ///< kPartial: derivative order
    int wrt[kMaxPartialOrder] = {};
    std::vector<double> fixed;  ///< all arguments; the dynamic ones are overwritten at run time
    std::vector<int> dynamic;   ///< indices of the arguments taken from the stack, in order
  };
  struct Branch {
    int zero, pos;
  };
  class Lowering;
  void push(Instr i, const Node& n, size_t& depth, int delta);
  void record(EvalError& err, size_t pc, EvalErrorKind kind, double arg) const;

  std::vector<Instr> code_;
  std::vector<size_t> offsets_;  ///< per instruction: source span, for run-time errors
  std::vector<size_t> lengths_;
  std::vector<Call> calls_;
  std::vector<Branch> ifs_;
  std::shared_ptr<const std::vector<Spline>> splines_;
  size_t max_stack_ = 0;  ///< of the value stack
  size_t temps_ = 0;      ///< temporaries after it
};

}  // namespace mb::expr
