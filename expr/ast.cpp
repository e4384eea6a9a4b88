#include "expr/ast.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "common/error.hpp"

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

Node::~Node() {
  if (args.empty()) return;
  // Take over the arguments this node holds the last reference to, and theirs, so that each node
  // is destroyed with no arguments left (no recursion through the destructors).
  std::vector<NodePtr> pending = std::move(args);
  while (!pending.empty()) {
    NodePtr p = std::move(pending.back());
    pending.pop_back();
    if (p != nullptr && p.use_count() == 1) {
      auto& sub = const_cast<Node&>(*p).args;  // NOLINT: the last owner may empty it
      for (auto& a : sub) pending.push_back(std::move(a));
      sub.clear();
    }
  }
}

size_t NodeIndex::slot_of(const Node* n) const {
  // splitmix64 finaliser of the address: allocation strides do not cluster.
  auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(n));
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  x ^= x >> 31;
  const size_t mask = keys_.size() - 1;
  size_t i = static_cast<size_t>(x) & mask;
  while (keys_[i] != nullptr && keys_[i] != n) i = (i + 1) & mask;
  return i;
}

void NodeIndex::grow() {
  std::vector<const Node*> keys = std::move(keys_);
  std::vector<int> values = std::move(values_);
  keys_.assign(keys.empty() ? 64 : keys.size() * 2, nullptr);
  values_.assign(keys_.size(), -1);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == nullptr) continue;
    const size_t j = slot_of(keys[i]);
    keys_[j] = keys[i];
    values_[j] = values[i];
  }
}

int NodeIndex::find(const Node* n) const {
  if (keys_.empty()) return -1;
  const size_t i = slot_of(n);
  return keys_[i] == nullptr ? -1 : values_[i];
}

bool NodeIndex::insert(const Node* n, int value) {
  if (2 * (size_ + 1) > keys_.size()) grow();
  const size_t i = slot_of(n);
  if (keys_[i] != nullptr) return false;
  keys_[i] = n;
  values_[i] = value;
  ++size_;
  return true;
}

int NodeIndex::at(const Node* n) const {
  const int v = find(n);
  MB_ASSERT(v >= 0);
  return v;
}

std::vector<NodePtr> postorder(const NodePtr& root,
                               const std::function<bool(const Node&)>& opaque) {
  std::vector<NodePtr> order;
  NodeIndex seen;
  struct Frame {
    const NodePtr* node;
    size_t next;  ///< the next argument to visit
  };
  std::vector<Frame> stack;
  seen.insert(root.get(), 0);
  stack.push_back({&root, 0});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const Node& n = **f.node;
    const bool descend = !n.args.empty() && !(opaque && opaque(n));
    if (descend && f.next < n.args.size()) {
      const NodePtr& a = n.args[f.next++];
      if (seen.insert(a.get(), 0)) stack.push_back({&a, 0});
      continue;
    }
    order.push_back(*f.node);
    stack.pop_back();
  }
  return order;
}

NodePtr rewrite(const NodePtr& root, const RewriteFn& f,
                const std::function<bool(const Node&)>& opaque) {
  const std::vector<NodePtr> order = postorder(root, opaque);
  NodeIndex index;
  std::vector<NodePtr> done;
  done.reserve(order.size());
  for (const NodePtr& n : order) {
    std::vector<NodePtr> args;
    if (!(opaque && opaque(*n))) {
      args.reserve(n->args.size());
      for (const auto& a : n->args) args.push_back(done[static_cast<size_t>(index.at(a.get()))]);
    }
    index.insert(n.get(), static_cast<int>(done.size()));
    done.push_back(f(n, std::move(args)));
  }
  return done.back();
}

namespace {

std::string head_of(const Node& n) {
  switch (n.op) {
    case NodeOp::kConst:
      return fmt::format("{}", n.value);
    case NodeOp::kTime:
      return "TIME";
    case NodeOp::kInput:
      return fmt::format("in{}", n.slot);
    case NodeOp::kNeg:
      return "neg";
    case NodeOp::kAdd:
      return "+";
    case NodeOp::kSub:
      return "-";
    case NodeOp::kMul:
      return "*";
    case NodeOp::kDiv:
      return "/";
    case NodeOp::kPow:
      return "**";
    case NodeOp::kCall:
      return std::string(n.builtin->name);
    case NodeOp::kIf:
      return "IF";
    case NodeOp::kSpline:
      return fmt::format("{}#{}'{},{}", n.builtin->name, n.slot, n.order_x, n.order_z);
    case NodeOp::kPartial: {
      std::string head = fmt::format("d{}", n.builtin->name);
      for (int w : n.wrt) head += fmt::format("/d{}", w);
      return head;
    }
  }
  return "?";
}

bool is_leaf(const Node& n) {
  return n.op == NodeOp::kConst || n.op == NodeOp::kTime || n.op == NodeOp::kInput;
}

}  // namespace

std::string to_string(const Node& root, size_t max_chars) {
  std::string s;
  struct Frame {
    const Node* node;
    size_t next;
  };
  std::vector<Frame> stack{{&root, 0}};
  while (!stack.empty()) {
    if (s.size() > max_chars) {
      s += " ...";
      break;
    }
    Frame& f = stack.back();
    const Node& n = *f.node;
    if (is_leaf(n)) {
      s += head_of(n);
      stack.pop_back();
      continue;
    }
    if (f.next == 0) s += "(" + head_of(n);
    if (f.next < n.args.size()) {
      s += ' ';
      const Node* a = n.args[f.next++].get();
      stack.push_back({a, 0});
      continue;
    }
    s += ')';
    stack.pop_back();
  }
  return s;
}

}  // namespace mb::expr
