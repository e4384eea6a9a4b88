#include "expr/parser.hpp"

#include <fmt/format.h>

#include <numbers>

#include "expr/lexer.hpp"

namespace mb::expr {

namespace {

// Deeper nesting is rejected instead of overflowing the native stack (the parser recurses on
// nesting: parentheses, calls, signs, powers; chains of + - * / are loops, of any length).
constexpr int kMaxDepth = 200;

const std::string kTooDeep = fmt::format(
    "expression is nested too deeply (more than {} levels of parentheses, calls, signs or powers)",
    kMaxDepth);

struct SyntaxError {};

class Parser {
 public:
  Parser(std::string_view text, std::vector<Problem>& problems)
      : tokens_(tokenize(text)), problems_(problems) {}

  NodePtr run() {
    try {
      if (peek().kind == Tok::kEnd) fail(peek(), "empty expression");
      NodePtr root = expr();
      check_lex_error();
      const Token& t = peek();
      if (t.kind == Tok::kRParen) fail(t, "unbalanced ')'");
      if (t.kind != Tok::kEnd) fail(t, "unexpected " + describe(t) + " after the expression");
      return root;
    } catch (const SyntaxError&) {
      return nullptr;
    }
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (t.kind != Tok::kEnd) ++pos_;
    return t;
  }
  [[noreturn]] void fail(const Token& t, std::string message) {
    problems_.push_back({t.offset, t.length, std::move(message)});
    throw SyntaxError{};
  }
  void problem(const Token& t, std::string message) {
    problems_.push_back({t.offset, t.length, std::move(message)});
  }
  void check_lex_error() {
    if (peek().kind == Tok::kError) fail(peek(), peek().text);
  }

  // expr := additive
  NodePtr expr() {
    if (++depth_ > kMaxDepth) fail(peek(), kTooDeep);
    NodePtr n = additive();
    --depth_;
    return n;
  }

  // additive := multiplicative { ('+'|'-') multiplicative }
  NodePtr additive() {
    NodePtr lhs = multiplicative();
    while (peek().kind == Tok::kPlus || peek().kind == Tok::kMinus) {
      const Token& op = next();
      NodePtr rhs = multiplicative();
      lhs = make_node(op.kind == Tok::kPlus ? NodeOp::kAdd : NodeOp::kSub, {lhs, rhs}, op.offset,
                      op.length);
    }
    return lhs;
  }

  // multiplicative := unary { ('*'|'/') unary }
  NodePtr multiplicative() {
    NodePtr lhs = unary();
    while (peek().kind == Tok::kStar || peek().kind == Tok::kSlash) {
      const Token& op = next();
      NodePtr rhs = unary();
      lhs = make_node(op.kind == Tok::kStar ? NodeOp::kMul : NodeOp::kDiv, {lhs, rhs}, op.offset,
                      op.length);
    }
    return lhs;
  }

  // unary := ('+'|'-') unary | power
  NodePtr unary() {
    if (peek().kind == Tok::kPlus || peek().kind == Tok::kMinus) {
      if (++depth_ > kMaxDepth) fail(peek(), kTooDeep);
      const Token& op = next();
      NodePtr operand = unary();
      --depth_;
      if (op.kind == Tok::kPlus) return operand;
      return make_node(NodeOp::kNeg, {operand}, op.offset, op.length);
    }
    return power();
  }

  // power := primary [ '**' unary ]
  NodePtr power() {
    NodePtr base = primary();
    if (peek().kind == Tok::kPow) {
      if (++depth_ > kMaxDepth) fail(peek(), kTooDeep);
      const Token& op = next();
      NodePtr exponent = unary();
      --depth_;
      return make_node(NodeOp::kPow, {base, exponent}, op.offset, op.length);
    }
    return base;
  }

  // primary := number | constant | '(' expr ')' | funcall | ifcall
  NodePtr primary() {
    check_lex_error();
    const Token& t = peek();
    switch (t.kind) {
      case Tok::kNumber:
        next();
        return make_const(t.number, t.offset, t.length);
      case Tok::kLParen: {
        next();
        NodePtr inner = expr();
        expect_close(t);
        return inner;
      }
      case Tok::kIdent:
        return name();
      case Tok::kEnd:
        fail(t, "expected an operand at the end of the expression");
      default:
        fail(t, "expected an operand, got " + describe(t));
    }
  }

  void expect_close(const Token& open) {
    check_lex_error();
    if (peek().kind == Tok::kRParen) {
      next();
      return;
    }
    if (peek().kind == Tok::kEnd) fail(open, "unbalanced '(': missing ')'");
    fail(peek(), "expected ')' or an operator, got " + describe(peek()));
  }

  // constant | funcall | ifcall
  NodePtr name() {
    const Token& id = next();
    const Builtin* b = find_builtin(id.text);
    const bool call = peek().kind == Tok::kLParen;
    if (!call) {
      if (b == nullptr) {
        std::string msg = "unknown name '" + id.text + "'";
        const std::string s = suggest_builtin(id.text, false);
        if (!s.empty()) msg += " (did you mean '" + s + "'?)";
        problem(id, msg);
        return make_const(0, id.offset, id.length);
      }
      if (b->kind != Kind::kConstant) {
        problem(id, fmt::format("'{}' is a function: it needs arguments in ()", b->name));
        return make_const(0, id.offset, id.length);
      }
      switch (b->fn) {
        case Fn::kPi:
          return make_const(std::numbers::pi, id.offset, id.length);
        case Fn::kDtor:
          return make_const(std::numbers::pi / 180.0, id.offset, id.length);
        case Fn::kRtod:
          return make_const(180.0 / std::numbers::pi, id.offset, id.length);
        default:
          return make_time(id.offset, id.length);
      }
    }
    const Token& open = next();
    if (b != nullptr && b->kind == Kind::kIf) return if_call(id, open);
    std::vector<NodePtr> args;
    check_lex_error();
    if (peek().kind != Tok::kRParen) {
      args.push_back(expr());
      while (peek().kind == Tok::kComma) {
        next();
        args.push_back(expr());
      }
    }
    expect_close(open);
    if (b == nullptr) {
      std::string msg = "unknown function '" + id.text + "'";
      const std::string s = suggest_builtin(id.text, true);
      if (!s.empty()) msg += " (did you mean '" + s + "'?)";
      problem(id, msg);
      return make_const(0, id.offset, id.length);
    }
    if (b->kind == Kind::kConstant) {
      problem(id, fmt::format("'{}' is a constant, not a function", b->name));
      return make_const(0, id.offset, id.length);
    }
    const int n = static_cast<int>(args.size());
    if (b->max_args == kUnbounded && n > kUnbounded) {
      problem(id, fmt::format("{} takes at most {} arguments, got {}", b->name, kUnbounded, n));
      return make_const(0, id.offset, id.length);
    }
    if (n < b->min_args || n > b->max_args) {
      problem(id,
              std::string(b->name) + " takes " + arity_phrase(*b) + ", got " + std::to_string(n));
      return make_const(0, id.offset, id.length);
    }
    // MAX/MIN with more arguments nest pairwise: MAX(a, b, c) = MAX(MAX(a, b), c).
    if (b->max_args == kUnbounded) {
      NodePtr acc = make_call(b, {args[0], args[1]}, id.offset, id.length);
      for (size_t i = 2; i < args.size(); ++i) {
        acc = make_call(b, {acc, args[i]}, id.offset, id.length);
      }
      return acc;
    }
    // Omitted optional arguments of model-bound and spline calls take the table default (0 = the
    // global frame, derivative order 0). POLY & co. keep exactly the coefficients given.
    if (b->kind == Kind::kModelBound || b->kind == Kind::kSpline) {
      while (static_cast<int>(args.size()) < b->max_args) {
        args.push_back(make_const(b->default_value, id.offset, id.length));
      }
    }
    return make_call(b, std::move(args), id.offset, id.length);
  }

  // ifcall := 'IF' '(' expr ':' expr ',' expr ',' expr ')'
  NodePtr if_call(const Token& id, const Token& open) {
    std::vector<NodePtr> args;
    args.push_back(expr());
    expect(Tok::kColon, "expected ':' after the condition of IF, got ");
    args.push_back(expr());
    expect(Tok::kComma, "expected ',' in IF(e1: e2, e3, e4), got ");
    args.push_back(expr());
    expect(Tok::kComma, "expected ',' in IF(e1: e2, e3, e4), got ");
    args.push_back(expr());
    expect_close(open);
    return make_node(NodeOp::kIf, std::move(args), id.offset, id.length);
  }

  void expect(Tok kind, const std::string& message) {
    check_lex_error();
    if (peek().kind != kind) fail(peek(), message + describe(peek()));
    next();
  }

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::vector<Problem>& problems_;
};

}  // namespace

NodePtr parse(std::string_view text, std::vector<Problem>& problems) {
  return Parser(text, problems).run();
}

}  // namespace mb::expr
