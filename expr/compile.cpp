#include "expr/compile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/error.hpp"
#include "expr/derivative.hpp"
#include "expr/fold.hpp"
#include "expr/parser.hpp"

namespace mb::expr {

namespace {

void collect(const NodePtr& root, std::vector<int>& slots, bool& time) {
  for (const NodePtr& n : postorder(root)) {
    if (n->op == NodeOp::kInput) slots.push_back(n->slot);
    if (n->op == NodeOp::kTime) time = true;
  }
}

bool is_bound_call(const Node& n) {
  return n.op == NodeOp::kCall &&
         (n.builtin->kind == Kind::kModelBound || n.builtin->kind == Kind::kSpline);
}

SplineMethod method_of(Fn fn) {
  if (fn == Fn::kAkispl) return SplineMethod::kAkima;
  if (fn == Fn::kCubspl) return SplineMethod::kCubic;
  return SplineMethod::kLinear;
}

// Resolves model-bound and spline calls through the binder.
class Binding {
 public:
  Binding(Binder& binder, std::vector<Problem>& problems) : binder_(binder), problems_(problems) {}

  NodePtr bind(const NodePtr& root) {
    return rewrite(
        root,
        [this](const NodePtr& n, std::vector<NodePtr> args) -> NodePtr {
          if (n->args.empty()) return n;
          if (n->op == NodeOp::kCall && n->builtin->kind == Kind::kModelBound)
            return bind_model(*n);
          if (n->op == NodeOp::kCall && n->builtin->kind == Kind::kSpline) return bind_spline(*n);
          auto out = std::make_shared<Node>(*n);
          out->args = std::move(args);
          return out;
        },
        is_bound_call);
  }

  std::shared_ptr<const std::vector<Spline>> splines() const {
    if (splines_.empty()) return nullptr;
    return std::make_shared<const std::vector<Spline>>(splines_);
  }

 private:
  // The argument as a whole-number constant, or a problem at the argument.
  bool whole_arg(const Node& call, size_t i, long long& out) {
    NodePtr a = fold(call.args[i], &problems_);
    const std::string where = fmt::format("argument {} of {}", i + 1, call.builtin->name);
    if (!is_const(a)) {
      problems_.push_back({a->offset, a->length, where + " must be a constant"});
      return false;
    }
    const double v = a->value;
    if (v != std::trunc(v) || std::fabs(v) > 9.0e15) {
      problems_.push_back(
          {a->offset, a->length, fmt::format("{} must be a whole number (got {})", where, v)});
      return false;
    }
    out = static_cast<long long>(v);
    return true;
  }

  NodePtr bind_model(const Node& n) {
    std::vector<long long> args(n.args.size());
    bool ok = true;
    for (size_t i = 0; i < n.args.size(); ++i) ok = whole_arg(n, i, args[i]) && ok;
    if (!ok) return make_const(0, n.offset, n.length);
    std::string key(n.builtin->name);
    for (long long v : args) key += fmt::format(",{}", v);
    auto it = slots_.find(key);
    if (it != slots_.end()) return make_input(it->second, n.offset, n.length);
    BindResult r = binder_.bind(n.builtin->name, args);
    if (r.slot < 0) {
      problems_.push_back(
          {n.offset, n.length,
           r.error.empty() ? fmt::format("{} cannot be bound", n.builtin->name) : r.error});
      return make_const(0, n.offset, n.length);
    }
    slots_.emplace(key, r.slot);
    return make_input(r.slot, n.offset, n.length);
  }

  NodePtr bind_curve(const Node& n) {
    NodePtr alpha = bind(n.args[0]);
    long long iord = 0, comp = 0, id = 0;
    bool ok = whole_arg(n, 1, iord);
    ok = whole_arg(n, 2, comp) && ok;
    ok = whole_arg(n, 3, id) && ok;
    if (ok && (iord < 0 || iord > 2)) {
      problems_.push_back(
          {n.args[1]->offset, n.args[1]->length,
           fmt::format("CURVE: the derivative order iord must be 0, 1 or 2 (got {})", iord)});
      ok = false;
    }
    if (ok && (comp < 1 || comp > 3)) {
      problems_.push_back(
          {n.args[2]->offset, n.args[2]->length,
           fmt::format("CURVE: comp must be 1 (x), 2 (y) or 3 (z) (got {})", comp)});
      ok = false;
    }
    if (!ok) return make_const(0, n.offset, n.length);
    const auto key = std::make_pair(-static_cast<int>(comp), id);  // spline methods are >= 0
    auto it = index_.find(key);
    int index = 0;
    if (it != index_.end()) {
      index = it->second;
    } else {
      auto data = binder_.curve(id);
      if (auto* msg = std::get_if<std::string>(&data)) {
        problems_.push_back({n.offset, n.length, *msg});
        return make_const(0, n.offset, n.length);
      }
      splines_.emplace_back(curve_component(std::get<CurveData>(data), static_cast<int>(comp) - 1));
      index = static_cast<int>(splines_.size() - 1);
      index_.emplace(key, index);
    }
    auto s = std::make_shared<Node>();
    s->op = NodeOp::kSpline;
    s->builtin = n.builtin;
    s->slot = index;
    s->order_x = static_cast<int>(iord);
    s->args = {alpha, make_const(0, n.offset, n.length)};
    s->offset = n.offset;
    s->length = n.length;
    return s;
  }

  NodePtr bind_spline(const Node& n) {
    if (n.builtin->fn == Fn::kCurve) return bind_curve(n);
    NodePtr x = bind(n.args[0]);
    NodePtr z = bind(n.args[1]);
    long long id = 0, order = 0;
    bool ok = whole_arg(n, 2, id);
    if (whole_arg(n, 3, order) && (order < 0 || order > 2)) {
      problems_.push_back({n.args[3]->offset, n.args[3]->length,
                           fmt::format("{}: the derivative order n must be 0, 1 or 2 (got {})",
                                       n.builtin->name, order)});
      ok = false;
    }
    if (!ok) return make_const(0, n.offset, n.length);
    const SplineMethod method = method_of(n.builtin->fn);
    const auto key = std::make_pair(static_cast<int>(method), id);
    auto it = index_.find(key);
    int index = 0;
    if (it != index_.end()) {
      index = it->second;
    } else {
      auto data = binder_.spline(id);
      if (auto* msg = std::get_if<std::string>(&data)) {
        problems_.push_back({n.offset, n.length, *msg});
        return make_const(0, n.offset, n.length);
      }
      const auto& d = std::get<SplineData>(data);
      if (auto bad = validate(d)) {
        problems_.push_back({n.offset, n.length, fmt::format("Reference_Spline {}: {}", id, *bad)});
        return make_const(0, n.offset, n.length);
      }
      splines_.emplace_back(method, d);
      index = static_cast<int>(splines_.size() - 1);
      index_.emplace(key, index);
    }
    if (splines_[static_cast<size_t>(index)].is_surface() && order != 0) {
      problems_.push_back({n.args[3]->offset, n.args[3]->length,
                           fmt::format("{}: the derivative order n is not allowed for a surface "
                                       "spline",
                                       n.builtin->name)});
      return make_const(0, n.offset, n.length);
    }
    auto s = std::make_shared<Node>();
    s->op = NodeOp::kSpline;
    s->builtin = n.builtin;
    s->slot = index;
    s->order_x = static_cast<int>(order);
    s->args = {x, z};
    s->offset = n.offset;
    s->length = n.length;
    return s;
  }

  Binder& binder_;
  std::vector<Problem>& problems_;
  std::map<std::string, int> slots_;
  std::map<std::pair<int, long long>, int> index_;
  std::vector<Spline> splines_;
};

}  // namespace

std::string excerpt(std::string_view text, size_t offset, size_t length) {
  offset = std::min(offset, text.size());
  // A long text is quoted as a window around the error, cut ends marked "...".
  size_t begin = 0, end = text.size();
  if (text.size() > kExcerptWidth) {
    begin = offset > kExcerptWidth / 3 ? offset - kExcerptWidth / 3 : 0;
    end = std::min(text.size(), begin + kExcerptWidth);
    begin = std::min(begin, end - kExcerptWidth);
    length = std::min(length, std::max<size_t>(end - offset, 1));
  }
  std::string line(begin > 0 ? "..." : "");
  const size_t lead = line.size();
  line += text.substr(begin, end - begin);
  for (auto& ch : line) {
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  }
  if (end < text.size()) line += "...";
  std::string caret(lead + offset - begin, ' ');
  caret += '^';
  const size_t marked = std::min(length, end - offset);  // the part inside the window
  if (marked > 1) caret += std::string(marked - 1, '~');
  return "  " + line + "\n  " + caret;
}

Workspace::Workspace(const Expression& e) : stack_(e.max_stack()) {}

void Workspace::reserve(const Expression& e) { reserve(e.max_stack()); }

Expression::Expression() : Expression(from_tree(make_const(0), nullptr)) {}

Expression Expression::from_tree(NodePtr root, std::shared_ptr<const std::vector<Spline>> splines) {
  auto impl = std::make_shared<Impl>();
  impl->tape = Tape(root, splines);
  collect(root, impl->slots, impl->reads_time);
  std::sort(impl->slots.begin(), impl->slots.end());
  impl->slots.erase(std::unique(impl->slots.begin(), impl->slots.end()), impl->slots.end());
  impl->slot_bound = impl->slots.empty() ? 0 : impl->slots.back() + 1;
  impl->root = std::move(root);
  impl->splines = std::move(splines);
  return Expression(std::move(impl));
}

double Expression::eval(double time, std::span<const double> inputs, Workspace& ws) const {
  MB_ASSERT(ws.stack_size() >= impl_->tape.max_stack());
  MB_ASSERT(inputs.size() >= static_cast<size_t>(impl_->slot_bound));
  return impl_->tape.eval(time, inputs, ws.stack(), ws.error_ref());
}

namespace {
void discontinuous(const Node& n, std::vector<std::string>& out) {
  if (n.op == NodeOp::kIf) out.emplace_back("IF");
  if (n.op == NodeOp::kCall) {
    switch (n.builtin->fn) {
      case Fn::kMin:
      case Fn::kMax:
      case Fn::kDim:
      case Fn::kMod:
      case Fn::kSign:
      case Fn::kAint:
      case Fn::kAnint:
        out.emplace_back(n.builtin->name);
        break;
      default:
        break;
    }
  }
}
}  // namespace

std::vector<std::string> Expression::discontinuous_functions() const {
  std::vector<std::string> out;
  for (const NodePtr& n : postorder(impl_->root)) discontinuous(*n, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Expression Expression::partial_time() const {
  if (!impl_->reads_time) return Expression();
  return from_tree(fold(differentiate(impl_->root, {true, -1})), impl_->splines);
}

Expression Expression::partial(int slot) const {
  if (!std::binary_search(impl_->slots.begin(), impl_->slots.end(), slot)) return Expression();
  return from_tree(fold(differentiate(impl_->root, {false, slot})), impl_->splines);
}

std::optional<Expression> compile(const Source& src, Binder& binder, Diagnostics& diag) {
  std::vector<Problem> problems;
  NodePtr root;
  if (src.text.size() > kMaxExpressionLength) {
    problems.push_back({0, 0,
                        fmt::format("the expression is {} characters long; at most {} are allowed",
                                    src.text.size(), kMaxExpressionLength)});
  } else {
    root = parse(src.text, problems);
  }
  Binding binding(binder, problems);
  if (root != nullptr) root = fold(binding.bind(root), &problems);
  if (!problems.empty()) {
    if (problems.size() > kMaxReportedProblems) {
      const size_t more = problems.size() - kMaxReportedProblems;
      problems.resize(kMaxReportedProblems);
      problems.back().message += fmt::format(" (and {} more errors in this expression)", more);
    }
    for (const auto& p : problems) {
      Diagnostic d;
      d.severity = Severity::kError;
      d.loc = src.locate ? src.locate(p.offset) : SourceLoc{};
      d.subject = src.subject;
      d.message = p.message;
      d.excerpt = excerpt(src.text, p.offset, p.length);
      diag.add(std::move(d));
    }
    return std::nullopt;
  }
  return Expression::from_tree(root, binding.splines());
}

}  // namespace mb::expr
