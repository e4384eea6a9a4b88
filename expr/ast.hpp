#pragma once
// The expression tree. Nodes are immutable and shared (a derivative reuses the subtrees of its
// expression, and the derivative of a shared node is computed once), so a tree is a DAG held by
// `NodePtr`. Every node keeps the source span it came from, so that compile-time and run-time
// errors can point at the text.
//
// Trees can be as deep as they are long (a sum of 50,000 terms is a chain of 50,000 nodes, and
// so are its derivatives), so nothing here recurses on the tree: passes go through postorder()
// or rewrite(), which visit each distinct node once, and a node frees its chain iteratively.

#include <cstddef>
#include <functional>
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
  Node() = default;
  Node(const Node&) = default;
  Node& operator=(const Node&) = default;
  /// Frees the arguments without recursion (a long chain would overflow the stack otherwise).
  ~Node();

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

/// A map from nodes to small integers (open addressing; the passes look every node up, so this
/// is their main cost after allocation).
class NodeIndex {
 public:
  /// The value of `n`, or -1.
  int find(const Node* n) const;
  /// Adds n -> value unless n is present; returns whether it was added.
  bool insert(const Node* n, int value);
  /// The value of `n`, which must be present.
  int at(const Node* n) const;
  size_t size() const { return size_; }

 private:
  size_t slot_of(const Node* n) const;
  void grow();
  std::vector<const Node*> keys_;
  std::vector<int> values_;
  size_t size_ = 0;
};

/// Every distinct node reachable from `root` (a shared subtree once), each after its arguments,
/// `root` last. Iterative. When `opaque(n)` is true, n's arguments are not visited.
std::vector<NodePtr> postorder(const NodePtr& root,
                               const std::function<bool(const Node&)>& opaque = {});

/// Rebuilds `root` bottom-up: `f(n, args)` is called once per distinct node, after its
/// arguments, with `args` = the results for n's arguments (empty for an opaque node), and a
/// shared node maps to one shared result. So a pass costs O(distinct nodes), whatever the depth.
using RewriteFn = std::function<NodePtr(const NodePtr& n, std::vector<NodePtr> args)>;
NodePtr rewrite(const NodePtr& root, const RewriteFn& f,
                const std::function<bool(const Node&)>& opaque = {});

/// A readable prefix form for tests and debugging, e.g. "(+ (* 2 in0) TIME)". A shared subtree
/// is written out at each use; beyond `max_chars` the text ends with " ...".
std::string to_string(const Node& n, size_t max_chars = 100000);

}  // namespace mb::expr
