#include "expr/fold.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "expr/functions.hpp"

namespace mb::expr {

namespace {

const Builtin* builtin_of(Fn fn) {
  for (const auto& b : builtins()) {
    if (b.fn == fn) return &b;
  }
  return nullptr;
}

NodePtr with_args(const Node& n, std::vector<NodePtr> args) {
  auto out = std::make_shared<Node>(n);
  out->args = std::move(args);
  return out;
}

bool all_const(const std::vector<NodePtr>& args) {
  for (const auto& a : args) {
    if (!is_const(a)) return false;
  }
  return true;
}

std::string num(double v) { return fmt::format("{}", v); }

// Documented parameter rules of the general functions, for the arguments that are constant.
void check_general(const Node& n, std::vector<Problem>& problems) {
  const auto& a = n.args;
  const std::string name(n.builtin->name);
  auto cval = [&](size_t i, double& v) {
    if (!is_const(a[i])) return false;
    v = a[i]->value;
    return true;
  };
  auto at = [&](size_t i, std::string msg) {
    problems.push_back({a[i]->offset, a[i]->length, name + ": " + std::move(msg)});
  };
  double v = 0, w = 0;
  switch (n.builtin->fn) {
    case Fn::kStep:
    case Fn::kStep5:
    case Fn::kHavsin:
      if (cval(1, v) && cval(3, w) && !(v < w))
        at(3, "x0 must be less than x1 (got x0 = " + num(v) + ", x1 = " + num(w) + ")");
      break;
    case Fn::kImpact:
    case Fn::kBistop: {
      const size_t base = n.builtin->fn == Fn::kBistop ? 4 : 3;  // index of k
      if (n.builtin->fn == Fn::kBistop && cval(2, v) && cval(3, w) && !(v < w))
        at(3, "x1 must be less than x2 (got x1 = " + num(v) + ", x2 = " + num(w) + ")");
      if (cval(base, v) && !(v >= 0)) at(base, "k must be >= 0 (got " + num(v) + ")");
      if (cval(base + 1, v) && !(v > 0)) at(base + 1, "e must be > 0 (got " + num(v) + ")");
      if (cval(base + 2, v) && !(v >= 0)) at(base + 2, "cmax must be >= 0 (got " + num(v) + ")");
      if (cval(base + 3, v) && !(v > 0)) at(base + 3, "d must be > 0 (got " + num(v) + ")");
      break;
    }
    default:
      break;
  }
}

}  // namespace

NodePtr s_neg(const NodePtr& a) {
  if (is_const(a)) return make_const(-a->value, a->offset, a->length);
  if (a->op == NodeOp::kNeg) return a->args[0];
  return make_node(NodeOp::kNeg, {a}, a->offset, a->length);
}

NodePtr s_add(const NodePtr& a, const NodePtr& b) {
  if (is_const(a) && is_const(b)) return make_const(a->value + b->value);
  if (is_const(a, 0)) return b;
  if (is_const(b, 0)) return a;
  if (b->op == NodeOp::kNeg) return s_sub(a, b->args[0]);
  return make_node(NodeOp::kAdd, {a, b}, a->offset, a->length);
}

NodePtr s_sub(const NodePtr& a, const NodePtr& b) {
  if (is_const(a) && is_const(b)) return make_const(a->value - b->value);
  if (is_const(b, 0)) return a;
  if (is_const(a, 0)) return s_neg(b);
  if (b->op == NodeOp::kNeg) return s_add(a, b->args[0]);
  return make_node(NodeOp::kSub, {a, b}, a->offset, a->length);
}

NodePtr s_mul(const NodePtr& a, const NodePtr& b) {
  if (is_const(a) && is_const(b)) return make_const(a->value * b->value);
  if (is_const(a, 0) || is_const(b, 0)) return make_const(0);
  if (is_const(a, 1)) return b;
  if (is_const(b, 1)) return a;
  if (is_const(a, -1)) return s_neg(b);
  if (is_const(b, -1)) return s_neg(a);
  return make_node(NodeOp::kMul, {a, b}, a->offset, a->length);
}

NodePtr s_div(const NodePtr& a, const NodePtr& b) {
  if (is_const(a) && is_const(b) && b->value != 0) return make_const(a->value / b->value);
  if (is_const(a, 0) && !is_const(b)) return make_const(0);
  if (is_const(b, 1)) return a;
  return make_node(NodeOp::kDiv, {a, b}, a->offset, a->length);
}

NodePtr s_pow(const NodePtr& a, const NodePtr& b) {
  if (is_const(a) && is_const(b)) {
    EvalErrorKind err = EvalErrorKind::kNone;
    const double v = eval_pow(a->value, b->value, err);
    if (err == EvalErrorKind::kNone) return make_const(v);
  }
  if (is_const(b, 1)) return a;
  if (is_const(b, 0)) return make_const(1);
  return make_node(NodeOp::kPow, {a, b}, a->offset, a->length);
}

NodePtr s_call(Fn fn, std::vector<NodePtr> args) {
  const Builtin* b = builtin_of(fn);
  const size_t off = args.empty() ? 0 : args[0]->offset;
  return fold_node(make_call(b, std::move(args), off, 0));
}

namespace {
NodePtr fold_args(const NodePtr& n, std::vector<NodePtr> args, std::vector<Problem>* problems);
}  // namespace

NodePtr fold(const NodePtr& n, std::vector<Problem>* problems) {
  return rewrite(n, [problems](const NodePtr& x, std::vector<NodePtr> args) {
    return fold_args(x, std::move(args), problems);
  });
}

NodePtr fold_node(const NodePtr& n, std::vector<Problem>* problems) {
  return fold_args(n, n->args, problems);
}

namespace {

NodePtr fold_op(const NodePtr& n, std::vector<NodePtr> args, std::vector<Problem>* problems);

// `n` with its arguments replaced by their folded forms `args`, folded.
NodePtr fold_args(const NodePtr& n, std::vector<NodePtr> args, std::vector<Problem>* problems) {
  if (n->args.empty()) return n;
  NodePtr r = fold_op(n, std::move(args), problems);
  // A constant that overflowed (1e308*10, EXP(1000)) is an error where it first appears.
  if (problems != nullptr && is_const(r) && !std::isfinite(r->value)) {
    bool finite_args = true;
    for (const auto& a : n->args) {
      if (is_const(a) && !std::isfinite(a->value)) finite_args = false;
    }
    if (finite_args) {
      problems->push_back(
          {n->offset, n->length, "constant subexpression overflows (got " + num(r->value) + ")"});
      return make_const(0, n->offset, n->length);
    }
  }
  return r;
}

NodePtr fold_op(const NodePtr& n, std::vector<NodePtr> args, std::vector<Problem>* problems) {
  bool changed = false;
  for (size_t i = 0; i < args.size(); ++i) changed = changed || args[i] != n->args[i];
  auto keep = [&]() { return changed ? with_args(*n, args) : n; };
  auto problem = [&](std::string msg) {
    if (problems != nullptr) problems->push_back({n->offset, n->length, std::move(msg)});
  };
  // Results keep the span of the node they replace (run-time errors point at the operator).
  auto located = [&](const NodePtr& r) -> NodePtr {
    if (is_const(r)) return make_const(r->value, n->offset, n->length);
    const bool rebuilt = r->op == n->op && r->args.size() == args.size() &&
                         std::find(args.begin(), args.end(), r) == args.end();
    if (!rebuilt) return r;
    auto out = std::make_shared<Node>(*r);
    out->offset = n->offset;
    out->length = n->length;
    return out;
  };
  switch (n->op) {
    case NodeOp::kNeg:
      return located(s_neg(args[0]));
    case NodeOp::kAdd:
      return located(s_add(args[0], args[1]));
    case NodeOp::kSub:
      return located(s_sub(args[0], args[1]));
    case NodeOp::kMul:
      return located(s_mul(args[0], args[1]));
    case NodeOp::kDiv:
      if (is_const(args[1], 0)) {
        problem("division by zero");
        return keep();
      }
      return located(s_div(args[0], args[1]));
    case NodeOp::kPow:
      if (all_const(args)) {
        EvalErrorKind err = EvalErrorKind::kNone;
        const double v = eval_pow(args[0]->value, args[1]->value, err);
        if (err != EvalErrorKind::kNone) {
          problem(std::string(eval_error_text(err)) + " (got " + num(args[0]->value) + "**" +
                  num(args[1]->value) + ")");
          return keep();
        }
        return make_const(v, n->offset, n->length);
      }
      return located(s_pow(args[0], args[1]));
    case NodeOp::kIf:
      if (is_const(args[0])) {
        const double c = args[0]->value;
        return c < 0 ? args[1] : (c == 0 ? args[2] : args[3]);
      }
      return keep();
    case NodeOp::kCall: {
      const Kind kind = n->builtin->kind;
      const Fn fn = n->builtin->fn;
      if (kind == Kind::kMath) {
        if (fn == Fn::kMod && is_const(args[1], 0)) {
          problem(eval_error_text(EvalErrorKind::kModByZero));
          return keep();
        }
        if (!all_const(args)) return keep();
        // MAX/MIN with more than two arguments fold pairwise.
        EvalErrorKind err = EvalErrorKind::kNone;
        double v = eval_math(fn, args[0]->value, args.size() > 1 ? args[1]->value : 0.0, err);
        for (size_t i = 2; i < args.size(); ++i) v = eval_math(fn, v, args[i]->value, err);
        if (err != EvalErrorKind::kNone) {
          problem(std::string(eval_error_text(err)) + " (got " + num(args[0]->value) + ")");
          return keep();
        }
        return make_const(v, n->offset, n->length);
      }
      if (kind == Kind::kGeneral) {
        if (problems != nullptr) {
          const size_t before = problems->size();
          check_general(*with_args(*n, args), *problems);
          if (problems->size() != before) return keep();
        }
        if (!all_const(args)) return keep();
        double vals[kMaxArgs];
        for (size_t i = 0; i < args.size(); ++i) vals[i] = args[i]->value;
        EvalErrorKind err = EvalErrorKind::kNone;
        const double v = eval_general(fn, vals, static_cast<int>(args.size()), err);
        if (err != EvalErrorKind::kNone) return keep();
        return make_const(v, n->offset, n->length);
      }
      return keep();
    }
    case NodeOp::kPartial: {
      if (!all_const(args)) return keep();
      double vals[kMaxArgs];
      for (size_t i = 0; i < args.size(); ++i) vals[i] = args[i]->value;
      EvalErrorKind err = EvalErrorKind::kNone;
      const double v = partial_general(n->builtin->fn, vals, static_cast<int>(args.size()),
                                       n->wrt.data(), static_cast<int>(n->wrt.size()), err);
      if (err != EvalErrorKind::kNone) return keep();
      return make_const(v);
    }
    default:
      return keep();
  }
}

}  // namespace

}  // namespace mb::expr
