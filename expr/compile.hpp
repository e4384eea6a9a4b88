#pragma once
// The compile API: expression text -> Expression, a compiled, immutable, cheaply copyable
// program with its symbolic derivatives on demand.
//
//   mb::expr::Source src{attr.value, [&](size_t off) { return attr.loc_at(off); },
//                        "Force_Vector_TwoBody 30101 fx_expression"};
//   auto e = mb::expr::compile(src, binder, diagnostics);      // nullopt on error
//   mb::expr::Workspace ws(*e);                                 // allocates once
//   double f = e->eval(t, inputs, ws);                          // no allocation
//   if (!ws.ok()) ... ws.error().message() ...                  // run-time domain error
//   mb::expr::Expression dfdx = e->partial(slot_of_dx);         // analytic Jacobian entry
//
// Compile errors are added to the Diagnostics as
//   <file:line:col>: error: <subject>: <message>
// with the excerpt (two lines, each indented by two blanks): the expression on one line
// (newlines, tabs and CRs shown as blanks) and a caret under the offending token, with '~'
// under the rest of it:
//   deck.xml:12:30: error: Force_Vector_TwoBody 30101 fx_expression: unknown function 'BISTP' (did
//   you mean 'BISTOP'?)
//     BISTP(DX(1,2),VX(1,2),0.5,9.5,1e7,2.1,1,0.001)
//     ^~~~~
//
// Run-time domain errors (see tape.hpp) do not throw: eval returns NaN and the Workspace keeps
// the first error (kind, offending operand and the span in the text) until clear_error(). The
// caller checks ws.ok() after evaluating and stops with ws.error().message().

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/source_loc.hpp"
#include "expr/ast.hpp"
#include "expr/binder.hpp"
#include "expr/tape.hpp"

namespace mb::expr {

/// The longest expression text compile() accepts (longer: an error at its start). Compile time
/// and memory are linear in the length (bench/expr/README.md: a few us and KB per byte, with all
/// derivatives), so the limit is about sane decks, not the stack: no pass recurses on the tree.
inline constexpr size_t kMaxExpressionLength = 1'000'000;
/// Diagnostics quote a text longer than this as a window of this many characters around the
/// error (cut ends shown as "...").
inline constexpr size_t kExcerptWidth = 120;
/// At most this many errors are reported per expression (the last one counts the rest).
inline constexpr size_t kMaxReportedProblems = 20;

struct Source {
  std::string_view text;
  /// File position of character `offset` of the text; may be empty (then no location).
  std::function<SourceLoc(size_t offset)> locate;
  /// "<Element> <id> <attribute>", the subject of every message.
  std::string subject;
};

class Expression;

/// Scratch for evaluation: the value stack and the first run-time error.
class Workspace {
 public:
  Workspace() = default;
  explicit Workspace(size_t stack_size) : stack_(stack_size) {}
  explicit Workspace(const Expression& e);
  /// Grows the stack to at least `stack_size` (the only allocation).
  void reserve(size_t stack_size) {
    if (stack_.size() < stack_size) stack_.resize(stack_size);
  }
  void reserve(const Expression& e);

  bool ok() const { return !error_; }
  const EvalError& error() const { return error_; }
  void clear_error() { error_ = {}; }

  double* stack() { return stack_.data(); }
  size_t stack_size() const { return stack_.size(); }
  EvalError& error_ref() { return error_; }

 private:
  std::vector<double> stack_;
  EvalError error_;
};

class Expression {
 public:
  /// The constant 0.
  Expression();

  /// Evaluates at `time` with the bound quantities in `inputs` (indexed by slot; it must cover
  /// every slot in input_slots()). No allocation; `ws` must be reserve()d for this expression.
  double eval(double time, std::span<const double> inputs, Workspace& ws) const;

  /// The slots this expression reads, sorted, each once.
  std::span<const int> input_slots() const { return impl_->slots; }
  bool reads_time() const { return impl_->reads_time; }
  bool is_constant() const { return impl_->root->op == NodeOp::kConst; }
  /// The value when is_constant().
  double constant_value() const { return impl_->root->value; }

  /// d/dTIME with every input held fixed.
  Expression partial_time() const;
  /// d/d inputs[slot] with TIME and the other inputs held fixed (0 if the slot is not read).
  Expression partial(int slot) const;

  /// The discontinuous builtins used (IF, MIN, MAX, DIM, MOD, SIGN, AINT, ANINT), sorted, each
  /// once: Adams advises against them in motions and forces, so callers may warn.
  std::vector<std::string> discontinuous_functions() const;

  size_t max_stack() const { return impl_->tape.max_stack(); }
  /// Instruction count of the tape (for tests and benchmarks).
  size_t tape_size() const { return impl_->tape.size(); }
  /// The folded tree in prefix form, e.g. "(+ (* 2 in0) TIME)".
  std::string str() const { return to_string(*impl_->root); }
  std::string dump_tape() const { return impl_->tape.dump(); }

  /// Builds an expression from a folded, bound tree (used by compile and by the derivatives).
  static Expression from_tree(NodePtr root, std::shared_ptr<const std::vector<Spline>> splines);

 private:
  struct Impl {
    NodePtr root;
    Tape tape;
    std::shared_ptr<const std::vector<Spline>> splines;
    std::vector<int> slots;
    bool reads_time = false;
    int slot_bound = 0;  ///< 1 + the largest slot read
  };
  explicit Expression(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

/// Compiles `src`. On failure returns nullopt after adding every error found to `diag`.
std::optional<Expression> compile(const Source& src, Binder& binder, Diagnostics& diag);

/// The two-line excerpt used in diagnostics: the text on one line and a caret line.
std::string excerpt(std::string_view text, size_t offset, size_t length);

}  // namespace mb::expr
