#include "expr/derivative.hpp"

#include <cmath>
#include <numbers>

#include "expr/fold.hpp"

namespace mb::expr {

namespace {

NodePtr c(double v) { return make_const(v); }

NodePtr call(Fn fn, std::vector<NodePtr> args) { return s_call(fn, std::move(args)); }

NodePtr make_if(NodePtr cond, NodePtr neg, NodePtr zero, NodePtr pos) {
  if (is_const(neg) && is_const(zero) && is_const(pos) && neg->value == zero->value &&
      zero->value == pos->value)
    return neg;
  return fold_node(
      make_node(NodeOp::kIf, {std::move(cond), std::move(neg), std::move(zero), std::move(pos)}));
}

NodePtr sq(const NodePtr& u) { return s_mul(u, u); }

// d/dv of a math builtin call `n` with argument derivatives `d`.
NodePtr math_derivative(const NodePtr& n, const std::vector<NodePtr>& d) {
  const auto& a = n->args;
  const NodePtr& u = a[0];
  const NodePtr& du = d[0];
  switch (n->builtin->fn) {
    case Fn::kAbs:
      return s_mul(call(Fn::kSign, {c(1), u}), du);
    case Fn::kAcos:
      return s_neg(s_div(du, call(Fn::kSqrt, {s_sub(c(1), sq(u))})));
    case Fn::kAsin:
      return s_div(du, call(Fn::kSqrt, {s_sub(c(1), sq(u))}));
    case Fn::kAtan:
      return s_div(du, s_add(c(1), sq(u)));
    case Fn::kAint:
    case Fn::kAnint:
      return c(0);
    case Fn::kCos:
      return s_neg(s_mul(call(Fn::kSin, {u}), du));
    case Fn::kCosh:
      return s_mul(call(Fn::kSinh, {u}), du);
    case Fn::kExp:
      return s_mul(n, du);
    case Fn::kLog:
      return s_div(du, u);
    case Fn::kLog10:
      return s_div(du, s_mul(u, c(std::numbers::ln10)));
    case Fn::kSin:
      return s_mul(call(Fn::kCos, {u}), du);
    case Fn::kSinh:
      return s_mul(call(Fn::kCosh, {u}), du);
    case Fn::kSqrt:
      return s_div(du, s_mul(c(2), n));
    case Fn::kTan:
      return s_mul(s_add(c(1), sq(n)), du);
    case Fn::kTanh:
      return s_mul(s_sub(c(1), sq(n)), du);
    case Fn::kAtan2: {
      // ATAN2(y, x): (x dy - y dx) / (x^2 + y^2)
      const NodePtr& x = a[1];
      return s_div(s_sub(s_mul(x, du), s_mul(u, d[1])), s_add(sq(x), sq(u)));
    }
    case Fn::kDim:
      return make_if(s_sub(u, a[1]), c(0), c(0), s_sub(du, d[1]));
    case Fn::kMax:
      return make_if(s_sub(u, a[1]), d[1], du, du);
    case Fn::kMin:
      return make_if(s_sub(u, a[1]), du, du, d[1]);
    case Fn::kMod:
      return s_sub(du, s_mul(call(Fn::kAint, {s_div(u, a[1])}), d[1]));
    case Fn::kSign:
      return s_mul(s_mul(call(Fn::kSign, {c(1), u}), call(Fn::kSign, {c(1), a[1]})), du);
    default:
      return c(0);
  }
}

NodePtr partial_node(const Node& n, int wrt_arg) {
  auto p = std::make_shared<Node>();
  p->op = NodeOp::kPartial;
  p->builtin = n.builtin;
  p->args = n.args;
  if (n.op == NodeOp::kPartial) p->wrt = n.wrt;
  p->wrt.push_back(wrt_arg);
  p->offset = n.offset;
  p->length = n.length;
  return fold_node(p);
}

// d n / d v from the derivatives `d` of n's arguments.
NodePtr derivative_of(const NodePtr& n, const std::vector<NodePtr>& d, Variable v) {
  switch (n->op) {
    case NodeOp::kConst:
      return c(0);
    case NodeOp::kTime:
      return c(v.time ? 1 : 0);
    case NodeOp::kInput:
      return c(!v.time && n->slot == v.slot ? 1 : 0);
    default:
      break;
  }
  const auto& a = n->args;
  switch (n->op) {
    case NodeOp::kNeg:
      return s_neg(d[0]);
    case NodeOp::kAdd:
      return s_add(d[0], d[1]);
    case NodeOp::kSub:
      return s_sub(d[0], d[1]);
    case NodeOp::kMul:
      return s_add(s_mul(d[0], a[1]), s_mul(a[0], d[1]));
    case NodeOp::kDiv:
      // (u/w)' = u'/w - u*w'/w^2
      if (is_const(d[1], 0)) return s_div(d[0], a[1]);
      return s_sub(s_div(d[0], a[1]), s_div(s_mul(a[0], d[1]), sq(a[1])));
    case NodeOp::kPow: {
      const NodePtr& u = a[0];
      const NodePtr& w = a[1];
      if (is_const(d[1], 0)) {
        // w held fixed: w * u**(w - 1) * u'
        if (is_const(d[0], 0)) return c(0);
        return s_mul(s_mul(w, s_pow(u, s_sub(w, c(1)))), d[0]);
      }
      // u**w * (w' log u + w u'/u)
      return s_mul(n, s_add(s_mul(d[1], call(Fn::kLog, {u})), s_div(s_mul(w, d[0]), u)));
    }
    case NodeOp::kIf:
      return make_if(a[0], d[1], d[2], d[3]);
    case NodeOp::kCall:
      if (n->builtin->kind == Kind::kMath) return math_derivative(n, d);
      [[fallthrough]];
    case NodeOp::kPartial: {
      NodePtr sum = c(0);
      for (size_t i = 0; i < a.size(); ++i) {
        if (is_const(d[i], 0)) continue;
        sum = s_add(sum, s_mul(partial_node(*n, static_cast<int>(i)), d[i]));
      }
      return sum;
    }
    case NodeOp::kSpline: {
      NodePtr sum = c(0);
      for (int k = 0; k < 2; ++k) {
        if (is_const(d[static_cast<size_t>(k)], 0)) continue;
        auto s = std::make_shared<Node>(*n);
        (k == 0 ? s->order_x : s->order_z) += 1;
        sum = s_add(sum, s_mul(s, d[static_cast<size_t>(k)]));
      }
      return sum;
    }
    default:
      return c(0);
  }
}

}  // namespace

NodePtr differentiate(const NodePtr& n, Variable v) {
  return rewrite(n,
                 [v](const NodePtr& x, std::vector<NodePtr> d) { return derivative_of(x, d, v); });
}

}  // namespace mb::expr
