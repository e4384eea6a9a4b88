#pragma once
// The expression tree. Nodes are immutable and shared (a derivative reuses the subtrees of its
// expression), so a tree is held by `NodePtr`. Every node keeps the source span it came from,
// so that compile-time and run-time errors can point at the text.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "expr/builtins.hpp"

namespace mb::expr {

enum class NodeOp : unsigned char {
  kConst,    ///< value
  kTime,     ///< TIME
  kInput,    ///< inputs[slot] (a bound model quantity)
  kNeg,      ///< -args[0]
  kAdd,      ///< args[0] + args[1]
  kSub,      ///< args[0] - args[1]
  kMul,      ///< args[0] * args[1]
  kDiv,      ///< args[0] / args[1]
  kPow,      ///< args[0] ** args[1]
  kCall,     ///< builtin (math, general, or unresolved model-bound / spline call from the parser)
  kIf,       ///< IF(args[0]: args[1], args[2], args[3])
  kSpline,   ///< spline `slot` at (args[0] = x, args[1] = z), derivative orders order_x, order_z
  kPartial,  ///< mixed partial derivative of general function `builtin` with respect to its
             ///< arguments `wrt` (indices, repeated for higher orders), evaluated at args
};

struct Node;
using NodePtr = std::shared_ptr<const Node>;

struct Node {
  NodeOp op = NodeOp::kConst;
  double value = 0;                  ///< kConst
  int slot = -1;                     ///< kInput: input slot; kSpline: spline table index
  int order_x = 0, order_z = 0;      ///< kSpline derivative orders
  const Builtin* builtin = nullptr;  ///< kCall, kPartial, kSpline
  std::vector<int> wrt;              ///< kPartial
  std::vector<NodePtr> args;
  size_t offset = 0;  ///< source span (of the operator or the function name)
  size_t length = 0;
};

NodePtr make_const(double v, size_t offset = 0, size_t length = 0);
NodePtr make_time(size_t offset = 0, size_t length = 0);
NodePtr make_input(int slot, size_t offset = 0, size_t length = 0);
NodePtr make_node(NodeOp op, std::vector<NodePtr> args, size_t offset = 0, size_t length = 0);
NodePtr make_call(const Builtin* b, std::vector<NodePtr> args, size_t offset = 0,
                  size_t length = 0);

inline bool is_const(const NodePtr& n) { return n->op == NodeOp::kConst; }
inline bool is_const(const NodePtr& n, double v) { return is_const(n) && n->value == v; }

/// A readable prefix form for tests and debugging, e.g. "(+ (* 2 in0) TIME)".
std::string to_string(const Node& n);

}  // namespace mb::expr
