#include "expr/tape.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>

namespace mb::expr {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TapeOp math_op(Fn fn) {
  switch (fn) {
#define MB_EXPR_MATH_CASE(name) \
  case Fn::k##name:             \
    return TapeOp::k##name;
    MB_EXPR_MATH_FUNCTIONS(MB_EXPR_MATH_CASE)
#undef MB_EXPR_MATH_CASE
    default:
      return TapeOp::kSign;  // unreachable: callers pass math builtins only
  }
}

}  // namespace

std::string EvalError::message() const {
  switch (kind) {
    case EvalErrorKind::kSqrtNegative:
    case EvalErrorKind::kLogNonPositive:
    case EvalErrorKind::kAsinDomain:
    case EvalErrorKind::kAcosDomain:
    case EvalErrorKind::kPowDomain:
    case EvalErrorKind::kNotFinite:
      break;
    default:
      return eval_error_text(kind);
  }
  return fmt::format("{} ({})", eval_error_text(kind), argument);
}

// Lowers a tree to the tape without recursion: a work stack of actions replaces the recursive
// emitter (emit the operands, then the operation; IF: the condition, the test, each branch with
// its jump). Nodes are first merged by structure; each merged node knows its use count.
class Tape::Lowering {
 public:
  explicit Lowering(Tape& tape) : t_(tape) {}

  void run(const NodePtr& root) {
    merge(root);
    size_t depth = 0;
    work_.push_back({Step::kEmit, rep_of(root.get()), 0});
    while (!work_.empty()) {
      const Action act = work_.back();
      work_.pop_back();
      switch (act.step) {
        case Step::kEmit:
          emit(*act.node, depth);
          break;
        case Step::kFinish:
          finish(*act.node, depth);
          break;
        case Step::kIfTest: {
          IfState& st = ifs_[act.index];
          st.branch = t_.ifs_.size();
          t_.ifs_.push_back({});
          t_.push({TapeOp::kIf, 0, static_cast<std::int32_t>(st.branch)}, *act.node, depth, -1);
          st.base = depth;
          break;
        }
        case Step::kBranchBegin: {
          IfState& st = ifs_[act.index];
          const int here = static_cast<int>(t_.code_.size());
          st.start[act.k] = here;
          if (act.k == 2) t_.ifs_[st.branch].zero = here;
          if (act.k == 3) t_.ifs_[st.branch].pos = here;
          depth = st.base;
          st.undo_mark = undo_.size();
          break;
        }
        case Step::kBranchAlias: {
          IfState& st = ifs_[act.index];
          const int there = st.start[st.alias[act.k]];
          if (act.k == 2) t_.ifs_[st.branch].zero = there;
          if (act.k == 3) t_.ifs_[st.branch].pos = there;
          break;
        }
        case Step::kBranchEnd: {
          IfState& st = ifs_[act.index];
          // What the branch computed is not available after it.
          while (undo_.size() > st.undo_mark) {
            available_[static_cast<size_t>(undo_.back())] = false;
            undo_.pop_back();
          }
          if (act.k < st.last) {
            st.jumps.push_back(t_.code_.size());
            t_.push({TapeOp::kJump}, *act.node, depth, 0);
          } else {
            for (size_t j : st.jumps) t_.code_[j].a = static_cast<std::int32_t>(t_.code_.size());
          }
          break;
        }
      }
    }
    t_.push({TapeOp::kEnd}, *root, depth, 0);
  }

 private:
  enum class Step { kEmit, kFinish, kIfTest, kBranchBegin, kBranchAlias, kBranchEnd };
  struct Action {
    Step step;
    const Node* node;
    size_t index;  ///< kIfTest, kBranch*: the IF's state
    int k = 0;     ///< kBranch*: 1, 2 or 3
  };
  struct IfState {
    size_t branch = 0;  ///< index in Tape::ifs_
    size_t base = 0;    ///< stack depth at the start of each branch
    size_t undo_mark = 0;
    int start[4] = {};  ///< code address of branch 1..3
    int alias[4] = {};  ///< branch k runs the code of branch alias[k] <= k (equal branches)
    int last = 3;       ///< the last branch with code of its own (no jump after it)
    std::vector<size_t> jumps;
  };

  static bool is_leaf(const Node& n) {
    return n.op == NodeOp::kConst || n.op == NodeOp::kTime || n.op == NodeOp::kInput;
  }

  // Hash-consing: every distinct node gets the id of the first node with the same operation,
  // parameters and (merged) arguments; uses_ counts the argument edges of the merged DAG.
  void merge(const NodePtr& root) {
    std::unordered_map<std::string, int> by_key;
    std::string key;
    for (const NodePtr& np : postorder(root)) {
      const Node& n = *np;
      key.clear();
      auto put = [&key](const auto& v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
      put(n.op);
      put(n.value);
      put(n.slot);
      put(n.order_x);
      put(n.order_z);
      put(n.builtin);
      put(n.wrt.size());
      for (int w : n.wrt) put(w);
      for (const auto& a : n.args) put(id_.at(a.get()));
      auto [it, fresh] = by_key.emplace(key, static_cast<int>(reps_.size()));
      if (fresh) {
        reps_.push_back(&n);
        for (const auto& a : n.args) ++uses_[static_cast<size_t>(id_.at(a.get()))];
        uses_.push_back(0);
      }
      id_.insert(&n, it->second);
    }
    available_.assign(reps_.size(), false);
    temp_.assign(reps_.size(), -1);
  }

  const Node* rep_of(const Node* n) const { return reps_[static_cast<size_t>(id_.at(n))]; }

  void emit(const Node& n, size_t& depth) {
    const auto& a = n.args;
    switch (n.op) {
      case NodeOp::kConst:
        return t_.push({TapeOp::kConst, 0, 0, n.value}, n, depth, 1);
      case NodeOp::kTime:
        return t_.push({TapeOp::kTime}, n, depth, 1);
      case NodeOp::kInput:
        return t_.push({TapeOp::kInput, 0, n.slot}, n, depth, 1);
      default:
        break;
    }
    const size_t id = static_cast<size_t>(id_.at(&n));
    if (available_[id]) return t_.push({TapeOp::kLoad, 0, temp_[id]}, n, depth, 1);
    if (n.op == NodeOp::kIf) {
      const size_t st = ifs_.size();
      IfState state;
      // Equal branches share one piece of code (d MAX(a, b) = IF(a - b: db, da, da); a chain of
      // MAX would otherwise double its code at each level).
      for (int k = 1; k <= 3; ++k) {
        state.alias[k] = k;
        for (int j = 1; j < k; ++j) {
          if (state.alias[k] == k &&
              id_.at(a[static_cast<size_t>(j)].get()) == id_.at(a[static_cast<size_t>(k)].get()))
            state.alias[k] = j;
        }
        if (state.alias[k] == k) state.last = k;
      }
      ifs_.push_back(state);
      // In reverse: the work stack runs the last pushed first.
      work_.push_back({Step::kFinish, &n, 0});
      for (int k = 3; k >= 1; --k) {
        if (state.alias[k] != k) {
          work_.push_back({Step::kBranchAlias, &n, st, k});
          continue;
        }
        work_.push_back({Step::kBranchEnd, &n, st, k});
        work_.push_back({Step::kEmit, rep_of(a[static_cast<size_t>(k)].get()), 0});
        work_.push_back({Step::kBranchBegin, &n, st, k});
      }
      work_.push_back({Step::kIfTest, &n, st});
      work_.push_back({Step::kEmit, rep_of(a[0].get()), 0});
      return;
    }
    work_.push_back({Step::kFinish, &n, 0});
    std::vector<const Node*> operands = stacked_operands(n);
    for (auto it = operands.rbegin(); it != operands.rend(); ++it) {
      work_.push_back({Step::kEmit, rep_of(*it), 0});
    }
  }

  // The operands of `n` that go on the stack, in order (the others fold into the instruction).
  static std::vector<const Node*> stacked_operands(const Node& n) {
    const auto& a = n.args;
    switch (n.op) {
      case NodeOp::kAdd:
      case NodeOp::kSub:
      case NodeOp::kMul:
      case NodeOp::kDiv:
        if (is_const(a[1]) || a[1]->op == NodeOp::kInput) return {a[0].get()};
        if (a[0]->op == NodeOp::kInput || is_const(a[0])) return {a[1].get()};
        return {a[0].get(), a[1].get()};
      case NodeOp::kPow:
        if (small_whole_exponent(n)) return {a[0].get()};
        return {a[0].get(), a[1].get()};
      case NodeOp::kCall:
        if (n.builtin->kind != Kind::kMath) break;
        [[fallthrough]];
      case NodeOp::kNeg:
      case NodeOp::kSpline: {
        std::vector<const Node*> out;
        for (const auto& x : a) out.push_back(x.get());
        return out;
      }
      default:
        break;
    }
    // General functions and their partials: constant arguments stay in the call record.
    std::vector<const Node*> out;
    for (const auto& x : a) {
      if (!is_const(x)) out.push_back(x.get());
    }
    return out;
  }

  static bool small_whole_exponent(const Node& n) {
    const auto& e = n.args[1];
    return is_const(e) && e->value == std::trunc(e->value) && std::fabs(e->value) <= 16;
  }

  // The operation of `n` once its operands are on the stack; then kept if it has several uses.
  void finish(const Node& n, size_t& depth) {
    const auto& a = n.args;
    switch (n.op) {
      case NodeOp::kNeg:
        t_.push({TapeOp::kNeg}, n, depth, 0);
        break;
      case NodeOp::kAdd:
      case NodeOp::kSub:
      case NodeOp::kMul:
      case NodeOp::kDiv: {
        const bool add = n.op == NodeOp::kAdd, sub = n.op == NodeOp::kSub,
                   mul = n.op == NodeOp::kMul;
        if (is_const(a[1])) {
          const TapeOp op =
              add ? TapeOp::kAddC : (sub ? TapeOp::kSubC : (mul ? TapeOp::kMulC : TapeOp::kDivC));
          t_.push({op, 0, 0, a[1]->value}, n, depth, 0);
        } else if (a[1]->op == NodeOp::kInput) {
          const TapeOp op =
              add ? TapeOp::kAddI : (sub ? TapeOp::kSubI : (mul ? TapeOp::kMulI : TapeOp::kDivI));
          t_.push({op, 0, a[1]->slot}, n, depth, 0);
        } else if (a[0]->op == NodeOp::kInput) {
          const TapeOp op =
              add ? TapeOp::kAddI : (sub ? TapeOp::kISub : (mul ? TapeOp::kMulI : TapeOp::kIDiv));
          t_.push({op, 0, a[0]->slot}, n, depth, 0);
        } else if (is_const(a[0])) {
          const TapeOp op =
              add ? TapeOp::kAddC : (sub ? TapeOp::kCSub : (mul ? TapeOp::kMulC : TapeOp::kCDiv));
          t_.push({op, 0, 0, a[0]->value}, n, depth, 0);
        } else {
          const TapeOp op =
              add ? TapeOp::kAdd : (sub ? TapeOp::kSub : (mul ? TapeOp::kMul : TapeOp::kDiv));
          t_.push({op}, n, depth, -1);
        }
        break;
      }
      case NodeOp::kPow:
        if (small_whole_exponent(n)) {
          t_.push({TapeOp::kPowInt, 0, static_cast<std::int32_t>(a[1]->value)}, n, depth, 0);
        } else {
          t_.push({TapeOp::kPow}, n, depth, -1);
        }
        break;
      case NodeOp::kCall:
        if (n.builtin->kind == Kind::kMath) {
          t_.push({math_op(n.builtin->fn)}, n, depth, a.size() == 2 ? -1 : 0);
          break;
        }
        [[fallthrough]];
      case NodeOp::kPartial: {
        Call call;
        call.fn = n.builtin->fn;
        call.n = static_cast<int>(a.size());
        call.nwrt = static_cast<int>(n.wrt.size());
        for (size_t i = 0; i < n.wrt.size() && i < kMaxPartialOrder; ++i) call.wrt[i] = n.wrt[i];
        call.fixed.resize(a.size());
        for (size_t i = 0; i < a.size(); ++i) {
          if (is_const(a[i])) {
            call.fixed[i] = a[i]->value;
          } else {
            call.dynamic.push_back(static_cast<int>(i));
          }
        }
        const int delta = 1 - static_cast<int>(call.dynamic.size());
        t_.calls_.push_back(std::move(call));
        const TapeOp op = n.op == NodeOp::kPartial ? TapeOp::kPartial : TapeOp::kGeneral;
        t_.push({op, 0, static_cast<std::int32_t>(t_.calls_.size() - 1)}, n, depth, delta);
        break;
      }
      case NodeOp::kSpline:
        t_.push({TapeOp::kSpline, static_cast<std::uint16_t>(n.order_x * 256 + n.order_z), n.slot},
                n, depth, -1);
        break;
      default:  // kIf: the branches left the value
        break;
    }
    const size_t id = static_cast<size_t>(id_.at(&n));
    if (uses_[id] > 1) {
      if (temp_[id] < 0) temp_[id] = static_cast<int>(t_.temps_++);
      t_.push({TapeOp::kStore, 0, temp_[id]}, n, depth, 0);
      available_[id] = true;
      undo_.push_back(static_cast<int>(id));
    }
  }

  Tape& t_;
  NodeIndex id_;                   ///< node -> merged id
  std::vector<const Node*> reps_;  ///< merged id -> its first node
  std::vector<int> uses_;          ///< merged id -> argument edges into it
  std::vector<bool> available_;    ///< merged id -> in its temporary now
  std::vector<int> temp_;          ///< merged id -> temporary index, or -1
  std::vector<int> undo_;          ///< ids made available, for the branch scopes
  std::vector<Action> work_;
  std::vector<IfState> ifs_;
};

Tape::Tape(const NodePtr& root, std::shared_ptr<const std::vector<Spline>> splines)
    : splines_(std::move(splines)) {
  Lowering(*this).run(root);
}

void Tape::push(Instr i, const Node& n, size_t& depth, int delta) {
  code_.push_back(i);
  offsets_.push_back(n.offset);
  lengths_.push_back(n.length);
  depth = static_cast<size_t>(static_cast<long>(depth) + delta);
  if (depth > max_stack_) max_stack_ = depth;
}

void Tape::record(EvalError& err, size_t pc, EvalErrorKind kind, double arg) const {
  if (err) return;
  err.kind = kind;
  err.offset = offsets_[pc];
  err.length = lengths_[pc];
  err.argument = arg;
}

double Tape::eval(double time, std::span<const double> inputs, double* stack,
                  EvalError& err) const {
  double* sp = stack - 1;  // points at the top element
  double* temps = stack + max_stack_;
  const Instr* code = code_.data();
  size_t pc = 0;
  for (;;) {
    const Instr& in = code[pc];
    switch (in.op) {
      case TapeOp::kEnd:
        // Overflow (EXP(1000), 1e300*1e300) and inf - inf are errors too: no silent inf/NaN.
        if (!std::isfinite(sp[0]) && !err) record(err, pc, EvalErrorKind::kNotFinite, sp[0]);
        return sp[0];
      case TapeOp::kConst:
        *++sp = in.c;
        break;
      case TapeOp::kTime:
        *++sp = time;
        break;
      case TapeOp::kInput:
        *++sp = inputs[static_cast<size_t>(in.a)];
        break;
      case TapeOp::kNeg:
        sp[0] = -sp[0];
        break;
      case TapeOp::kAdd:
        sp[-1] += sp[0], --sp;
        break;
      case TapeOp::kSub:
        sp[-1] -= sp[0], --sp;
        break;
      case TapeOp::kMul:
        sp[-1] *= sp[0], --sp;
        break;
      case TapeOp::kDiv:
        if (sp[0] == 0) record(err, pc, EvalErrorKind::kDivByZero, sp[-1]), sp[0] = kNaN;
        sp[-1] /= sp[0], --sp;
        break;
      case TapeOp::kPow: {
        EvalErrorKind k = EvalErrorKind::kNone;
        const double v = eval_pow(sp[-1], sp[0], k);
        if (k != EvalErrorKind::kNone) record(err, pc, k, sp[-1]);
        sp[-1] = v, --sp;
        break;
      }
      case TapeOp::kPowInt: {
        const double x = sp[0];
        unsigned e = static_cast<unsigned>(in.a < 0 ? -in.a : in.a);
        double r = 1, b = x;
        while (e != 0) {
          if (e & 1u) r *= b;
          b *= b;
          e >>= 1;
        }
        if (in.a < 0) {
          if (r == 0) record(err, pc, EvalErrorKind::kPowDomain, x), r = kNaN;
          r = 1 / r;
        }
        sp[0] = r;
        break;
      }
      case TapeOp::kAddC:
        sp[0] += in.c;
        break;
      case TapeOp::kSubC:
        sp[0] -= in.c;
        break;
      case TapeOp::kCSub:
        sp[0] = in.c - sp[0];
        break;
      case TapeOp::kMulC:
        sp[0] *= in.c;
        break;
      case TapeOp::kDivC:
        if (in.c == 0) record(err, pc, EvalErrorKind::kDivByZero, sp[0]), sp[0] = kNaN;
        sp[0] /= in.c;
        break;
      case TapeOp::kAddI:
        sp[0] += inputs[static_cast<size_t>(in.a)];
        break;
      case TapeOp::kSubI:
        sp[0] -= inputs[static_cast<size_t>(in.a)];
        break;
      case TapeOp::kISub:
        sp[0] = inputs[static_cast<size_t>(in.a)] - sp[0];
        break;
      case TapeOp::kMulI:
        sp[0] *= inputs[static_cast<size_t>(in.a)];
        break;
      case TapeOp::kDivI: {
        const double b = inputs[static_cast<size_t>(in.a)];
        if (b == 0) record(err, pc, EvalErrorKind::kDivByZero, sp[0]), sp[0] = kNaN;
        sp[0] /= b;
        break;
      }
      case TapeOp::kIDiv:
        if (sp[0] == 0) record(err, pc, EvalErrorKind::kDivByZero, 0), sp[0] = kNaN;
        sp[0] = inputs[static_cast<size_t>(in.a)] / sp[0];
        break;
      case TapeOp::kCDiv:
        if (sp[0] == 0) record(err, pc, EvalErrorKind::kDivByZero, in.c), sp[0] = kNaN;
        sp[0] = in.c / sp[0];
        break;
      case TapeOp::kAbs:
        sp[0] = std::fabs(sp[0]);
        break;
      case TapeOp::kAint:
        sp[0] = std::trunc(sp[0]);
        break;
      case TapeOp::kAnint:
        sp[0] = std::round(sp[0]);
        break;
      case TapeOp::kAtan:
        sp[0] = std::atan(sp[0]);
        break;
      case TapeOp::kCos:
        sp[0] = std::cos(sp[0]);
        break;
      case TapeOp::kCosh:
        sp[0] = std::cosh(sp[0]);
        break;
      case TapeOp::kExp:
        sp[0] = std::exp(sp[0]);
        break;
      case TapeOp::kSin:
        sp[0] = std::sin(sp[0]);
        break;
      case TapeOp::kSinh:
        sp[0] = std::sinh(sp[0]);
        break;
      case TapeOp::kTan:
        sp[0] = std::tan(sp[0]);
        break;
      case TapeOp::kTanh:
        sp[0] = std::tanh(sp[0]);
        break;
      case TapeOp::kSqrt:
        if (sp[0] < 0) record(err, pc, EvalErrorKind::kSqrtNegative, sp[0]), sp[0] = kNaN;
        sp[0] = std::sqrt(sp[0]);
        break;
      case TapeOp::kLog:
        if (!(sp[0] > 0)) record(err, pc, EvalErrorKind::kLogNonPositive, sp[0]), sp[0] = kNaN;
        sp[0] = std::log(sp[0]);
        break;
      case TapeOp::kLog10:
        if (!(sp[0] > 0)) record(err, pc, EvalErrorKind::kLogNonPositive, sp[0]), sp[0] = kNaN;
        sp[0] = std::log10(sp[0]);
        break;
      case TapeOp::kAsin:
        if (!(std::fabs(sp[0]) <= 1)) record(err, pc, EvalErrorKind::kAsinDomain, sp[0]);
        sp[0] = std::fabs(sp[0]) <= 1 ? std::asin(sp[0]) : kNaN;
        break;
      case TapeOp::kAcos:
        if (!(std::fabs(sp[0]) <= 1)) record(err, pc, EvalErrorKind::kAcosDomain, sp[0]);
        sp[0] = std::fabs(sp[0]) <= 1 ? std::acos(sp[0]) : kNaN;
        break;
      case TapeOp::kAtan2:
        sp[-1] = std::atan2(sp[-1], sp[0]), --sp;
        break;
      case TapeOp::kDim:
        sp[-1] = sp[-1] > sp[0] ? sp[-1] - sp[0] : 0.0, --sp;
        break;
      case TapeOp::kMax:
        sp[-1] = sp[-1] >= sp[0] ? sp[-1] : sp[0], --sp;
        break;
      case TapeOp::kMin:
        sp[-1] = sp[-1] <= sp[0] ? sp[-1] : sp[0], --sp;
        break;
      case TapeOp::kMod:
        if (sp[0] == 0) record(err, pc, EvalErrorKind::kModByZero, sp[-1]);
        sp[-1] = sp[0] == 0 ? kNaN : std::fmod(sp[-1], sp[0]), --sp;
        break;
      case TapeOp::kSign:
        sp[-1] = sp[0] >= 0 ? std::fabs(sp[-1]) : -std::fabs(sp[-1]), --sp;
        break;
      case TapeOp::kGeneral:
      case TapeOp::kPartial: {
        const Call& call = calls_[static_cast<size_t>(in.a)];
        double args[kMaxArgs];
        const double* fixed = call.fixed.data();
        for (int i = 0; i < call.n; ++i) args[i] = fixed[i];
        const size_t nd = call.dynamic.size();
        sp -= nd;
        for (size_t i = 0; i < nd; ++i) args[call.dynamic[i]] = sp[1 + i];
        EvalErrorKind k = EvalErrorKind::kNone;
        const double v = in.op == TapeOp::kGeneral
                             ? eval_general(call.fn, args, call.n, k)
                             : partial_general(call.fn, args, call.n, call.wrt, call.nwrt, k);
        if (k != EvalErrorKind::kNone) record(err, pc, k, args[0]);
        *++sp = v;
        break;
      }
      case TapeOp::kSpline:
        sp[-1] = (*splines_)[static_cast<size_t>(in.a)].eval(sp[-1], sp[0], in.n >> 8, in.n & 255);
        --sp;
        break;
      case TapeOp::kIf: {
        const double c = *sp--;
        if (c < 0) break;
        pc = static_cast<size_t>(c == 0 ? ifs_[static_cast<size_t>(in.a)].zero
                                        : ifs_[static_cast<size_t>(in.a)].pos);
        continue;
      }
      case TapeOp::kJump:
        pc = static_cast<size_t>(in.a);
        continue;
      case TapeOp::kLoad:
        *++sp = temps[in.a];
        break;
      case TapeOp::kStore:
        temps[in.a] = sp[0];
        break;
    }
    ++pc;
  }
}

std::string Tape::dump() const {
  static const char* names[] = {
      "const",   "time",   "input", "neg",  "add",  "sub",   "mul",  "div",   "pow",
      "powi",    "addc",   "subc",  "csub", "mulc", "divc",  "cdiv", "addi",  "subi",
      "isub",    "muli",   "divi",  "idiv", "abs",  "acos",  "aint", "anint", "asin",
      "atan",    "cos",    "cosh",  "exp",  "log",  "log10", "sin",  "sinh",  "sqrt",
      "tan",     "tanh",   "atan2", "dim",  "max",  "min",   "mod",  "sign",  "general",
      "partial", "spline", "if",    "jump", "load", "store", "end"};
  std::string s;
  for (size_t i = 0; i + 1 < code_.size(); ++i) {
    const Instr& in = code_[i];
    s += fmt::format("{:3} {} a={} c={}\n", i, names[static_cast<int>(in.op)], in.a, in.c);
  }
  return s;
}

}  // namespace mb::expr
