#include "expr/tape.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace mb::expr {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

TapeOp math_op(Fn fn) {
  switch (fn) {
    case Fn::kAbs:
      return TapeOp::kAbs;
    case Fn::kAcos:
      return TapeOp::kAcos;
    case Fn::kAint:
      return TapeOp::kAint;
    case Fn::kAnint:
      return TapeOp::kAnint;
    case Fn::kAsin:
      return TapeOp::kAsin;
    case Fn::kAtan:
      return TapeOp::kAtan;
    case Fn::kCos:
      return TapeOp::kCos;
    case Fn::kCosh:
      return TapeOp::kCosh;
    case Fn::kExp:
      return TapeOp::kExp;
    case Fn::kLog:
      return TapeOp::kLog;
    case Fn::kLog10:
      return TapeOp::kLog10;
    case Fn::kSin:
      return TapeOp::kSin;
    case Fn::kSinh:
      return TapeOp::kSinh;
    case Fn::kSqrt:
      return TapeOp::kSqrt;
    case Fn::kTan:
      return TapeOp::kTan;
    case Fn::kTanh:
      return TapeOp::kTanh;
    case Fn::kAtan2:
      return TapeOp::kAtan2;
    case Fn::kDim:
      return TapeOp::kDim;
    case Fn::kMax:
      return TapeOp::kMax;
    case Fn::kMin:
      return TapeOp::kMin;
    case Fn::kMod:
      return TapeOp::kMod;
    default:
      return TapeOp::kSign;
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

Tape::Tape(const NodePtr& root, std::shared_ptr<const std::vector<Spline>> splines)
    : splines_(std::move(splines)) {
  size_t depth = 0;
  emit(root, depth);
  push({TapeOp::kEnd}, *root, depth, 0);
}

void Tape::push(Instr i, const Node& n, size_t& depth, int delta) {
  code_.push_back(i);
  offsets_.push_back(n.offset);
  lengths_.push_back(n.length);
  depth = static_cast<size_t>(static_cast<long>(depth) + delta);
  if (depth > max_stack_) max_stack_ = depth;
}

void Tape::emit(const NodePtr& np, size_t& depth) {
  const Node& n = *np;
  const auto& a = n.args;
  switch (n.op) {
    case NodeOp::kConst:
      return push({TapeOp::kConst, 0, 0, n.value}, n, depth, 1);
    case NodeOp::kTime:
      return push({TapeOp::kTime}, n, depth, 1);
    case NodeOp::kInput:
      return push({TapeOp::kInput, 0, n.slot}, n, depth, 1);
    case NodeOp::kNeg:
      emit(a[0], depth);
      return push({TapeOp::kNeg}, n, depth, 0);
    case NodeOp::kAdd:
    case NodeOp::kSub:
    case NodeOp::kMul:
    case NodeOp::kDiv: {
      const bool add = n.op == NodeOp::kAdd, sub = n.op == NodeOp::kSub, mul = n.op == NodeOp::kMul;
      if (is_const(a[1])) {
        emit(a[0], depth);
        const TapeOp op =
            add ? TapeOp::kAddC : (sub ? TapeOp::kSubC : (mul ? TapeOp::kMulC : TapeOp::kDivC));
        return push({op, 0, 0, a[1]->value}, n, depth, 0);
      }
      if (a[1]->op == NodeOp::kInput) {
        emit(a[0], depth);
        const TapeOp op =
            add ? TapeOp::kAddI : (sub ? TapeOp::kSubI : (mul ? TapeOp::kMulI : TapeOp::kDivI));
        return push({op, 0, a[1]->slot}, n, depth, 0);
      }
      if (a[0]->op == NodeOp::kInput) {
        emit(a[1], depth);
        const TapeOp op =
            add ? TapeOp::kAddI : (sub ? TapeOp::kISub : (mul ? TapeOp::kMulI : TapeOp::kIDiv));
        return push({op, 0, a[0]->slot}, n, depth, 0);
      }
      if (is_const(a[0])) {
        emit(a[1], depth);
        const TapeOp op =
            add ? TapeOp::kAddC : (sub ? TapeOp::kCSub : (mul ? TapeOp::kMulC : TapeOp::kCDiv));
        return push({op, 0, 0, a[0]->value}, n, depth, 0);
      }
      emit(a[0], depth);
      emit(a[1], depth);
      const TapeOp op =
          add ? TapeOp::kAdd : (sub ? TapeOp::kSub : (mul ? TapeOp::kMul : TapeOp::kDiv));
      return push({op}, n, depth, -1);
    }
    case NodeOp::kPow:
      emit(a[0], depth);
      if (is_const(a[1]) && a[1]->value == std::trunc(a[1]->value) &&
          std::fabs(a[1]->value) <= 16) {
        return push({TapeOp::kPowInt, 0, static_cast<std::int32_t>(a[1]->value)}, n, depth, 0);
      }
      emit(a[1], depth);
      return push({TapeOp::kPow}, n, depth, -1);
    case NodeOp::kCall:
      if (n.builtin->kind == Kind::kMath) {
        for (const auto& x : a) emit(x, depth);
        return push({math_op(n.builtin->fn)}, n, depth, a.size() == 2 ? -1 : 0);
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
          emit(a[i], depth);
        }
      }
      const int delta = 1 - static_cast<int>(call.dynamic.size());
      calls_.push_back(std::move(call));
      const TapeOp op = n.op == NodeOp::kPartial ? TapeOp::kPartial : TapeOp::kGeneral;
      return push({op, 0, static_cast<std::int32_t>(calls_.size() - 1)}, n, depth, delta);
    }
    case NodeOp::kSpline:
      emit(a[0], depth);
      emit(a[1], depth);
      return push(
          {TapeOp::kSpline, static_cast<std::uint16_t>(n.order_x * 256 + n.order_z), n.slot}, n,
          depth, -1);
    case NodeOp::kIf: {
      emit(a[0], depth);
      const size_t branch = ifs_.size();
      ifs_.push_back({});
      push({TapeOp::kIf, 0, static_cast<std::int32_t>(branch)}, n, depth, -1);
      const size_t base = depth;
      std::vector<size_t> jumps;
      for (int k = 1; k <= 3; ++k) {
        if (k == 2) ifs_[branch].zero = static_cast<int>(code_.size());
        if (k == 3) ifs_[branch].pos = static_cast<int>(code_.size());
        depth = base;
        emit(a[static_cast<size_t>(k)], depth);
        if (k < 3) {
          jumps.push_back(code_.size());
          push({TapeOp::kJump}, n, depth, 0);
        }
      }
      for (size_t j : jumps) code_[j].a = static_cast<std::int32_t>(code_.size());
      return;
    }
  }
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
    }
    ++pc;
  }
}

std::string Tape::dump() const {
  static const char* names[] = {
      "const", "time", "input", "neg",  "add",     "sub",     "mul",    "div",  "pow",   "powi",
      "addc",  "subc", "csub",  "mulc", "divc",    "cdiv",    "addi",   "subi", "isub",  "muli",
      "divi",  "idiv", "abs",   "acos", "aint",    "anint",   "asin",   "atan", "cos",   "cosh",
      "exp",   "log",  "log10", "sin",  "sinh",    "sqrt",    "tan",    "tanh", "atan2", "dim",
      "max",   "min",  "mod",   "sign", "general", "partial", "spline", "if",   "jump",  "end"};
  std::string s;
  for (size_t i = 0; i + 1 < code_.size(); ++i) {
    const Instr& in = code_[i];
    s += fmt::format("{:3} {} a={} c={}\n", i, names[static_cast<int>(in.op)], in.a, in.c);
  }
  return s;
}

}  // namespace mb::expr
