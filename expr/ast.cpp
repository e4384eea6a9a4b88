#include "expr/ast.hpp"

#include <fmt/format.h>

namespace mb::expr {

NodePtr make_const(double v, size_t offset, size_t length) {
  auto n = std::make_shared<Node>();
  n->op = NodeOp::kConst;
  n->value = v;
  n->offset = offset;
  n->length = length;
  return n;
}

NodePtr make_time(size_t offset, size_t length) {
  auto n = std::make_shared<Node>();
  n->op = NodeOp::kTime;
  n->offset = offset;
  n->length = length;
  return n;
}

NodePtr make_input(int slot, size_t offset, size_t length) {
  auto n = std::make_shared<Node>();
  n->op = NodeOp::kInput;
  n->slot = slot;
  n->offset = offset;
  n->length = length;
  return n;
}

NodePtr make_node(NodeOp op, std::vector<NodePtr> args, size_t offset, size_t length) {
  auto n = std::make_shared<Node>();
  n->op = op;
  n->args = std::move(args);
  n->offset = offset;
  n->length = length;
  return n;
}

NodePtr make_call(const Builtin* b, std::vector<NodePtr> args, size_t offset, size_t length) {
  auto n = std::make_shared<Node>();
  n->op = NodeOp::kCall;
  n->builtin = b;
  n->args = std::move(args);
  n->offset = offset;
  n->length = length;
  return n;
}

std::string to_string(const Node& n) {
  std::string head;
  switch (n.op) {
    case NodeOp::kConst:
      return fmt::format("{}", n.value);
    case NodeOp::kTime:
      return "TIME";
    case NodeOp::kInput:
      return fmt::format("in{}", n.slot);
    case NodeOp::kNeg:
      head = "neg";
      break;
    case NodeOp::kAdd:
      head = "+";
      break;
    case NodeOp::kSub:
      head = "-";
      break;
    case NodeOp::kMul:
      head = "*";
      break;
    case NodeOp::kDiv:
      head = "/";
      break;
    case NodeOp::kPow:
      head = "**";
      break;
    case NodeOp::kCall:
      head = std::string(n.builtin->name);
      break;
    case NodeOp::kIf:
      head = "IF";
      break;
    case NodeOp::kSpline:
      head = fmt::format("{}#{}'{},{}", n.builtin->name, n.slot, n.order_x, n.order_z);
      break;
    case NodeOp::kPartial: {
      head = fmt::format("d{}", n.builtin->name);
      for (int w : n.wrt) head += fmt::format("/d{}", w);
      break;
    }
  }
  std::string s(1, '(');
  s += head;
  for (const auto& a : n.args) {
    s += ' ';
    s += to_string(*a);
  }
  s += ')';
  return s;
}

}  // namespace mb::expr
