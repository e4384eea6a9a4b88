#include "expr/functions.hpp"

namespace mb::expr {

namespace {

template <class T>
constexpr int kDepth = 0;
template <class U>
constexpr int kDepth<Dual<U>> = 1 + kDepth<U>;

template <class T>
struct Seeder;

template <>
struct Seeder<double> {
  static double make(double v, int, const int*) { return v; }
  static double extract(double x) { return x; }
};

// Level k (1-based, outermost = k) carries the derivative with respect to argument wrt[k-1].
template <class U>
struct Seeder<Dual<U>> {
  static Dual<U> make(double v, int arg, const int* wrt) {
    U inner = Seeder<U>::make(v, arg, wrt);
    U seed{};
    if (wrt[kDepth<Dual<U>> - 1] == arg) seed = seed + 1.0;
    return {inner, seed};
  }
  static double extract(const Dual<U>& x) { return Seeder<U>::extract(x.d); }
};

template <class T>
double partial_at(Fn fn, const double* a, int n, const int* wrt, EvalErrorKind& err) {
  T args[kMaxArgs];
  for (int i = 0; i < n; ++i) args[i] = Seeder<T>::make(a[i], i, wrt);
  return Seeder<T>::extract(eval_general(fn, args, n, err));
}

}  // namespace

const char* eval_error_text(EvalErrorKind k) {
  switch (k) {
    case EvalErrorKind::kNone:
      return "no error";
    case EvalErrorKind::kSqrtNegative:
      return "SQRT of a negative number";
    case EvalErrorKind::kLogNonPositive:
      return "logarithm of a number <= 0";
    case EvalErrorKind::kAsinDomain:
      return "ASIN of a number outside [-1, 1]";
    case EvalErrorKind::kAcosDomain:
      return "ACOS of a number outside [-1, 1]";
    case EvalErrorKind::kDivByZero:
      return "division by zero";
    case EvalErrorKind::kModByZero:
      return "MOD with a zero divisor";
    case EvalErrorKind::kPowDomain:
      return "power of a negative number to a fractional exponent, "
             "or of zero to a negative exponent";
    case EvalErrorKind::kStepBounds:
      return "step function with x0 >= x1";
    case EvalErrorKind::kContactParams:
      return "contact parameters out of range (need x1 < x2, k >= 0, e > 0, cmax >= 0, d > 0)";
    case EvalErrorKind::kTooDeep:
      return "derivative of too high an order";
    case EvalErrorKind::kNotFinite:
      return "the result is not finite";
  }
  return "unknown error";
}

double partial_general(Fn fn, const double* a, int n, const int* wrt, int nwrt,
                       EvalErrorKind& err) {
  // The nesting is fixed at compile time, one level per derivative order.
  using D1 = Dual<double>;
  using D2 = Dual<D1>;
  using D3 = Dual<D2>;
  using D4 = Dual<D3>;
  // Hot path: dPOLY/dx (and d/dx0 = -d/dx) by Horner's scheme carrying the derivative.
  if (nwrt == 1 && fn == Fn::kPoly && wrt[0] <= 1) {
    const double u = a[0] - a[1];
    double p = a[n - 1], dp = 0;
    for (int j = n - 2; j >= 2; --j) {
      dp = dp * u + p;
      p = p * u + a[j];
    }
    return wrt[0] == 0 ? dp : -dp;
  }
  switch (nwrt) {
    case 1:
      return partial_at<D1>(fn, a, n, wrt, err);
    case 2:
      return partial_at<D2>(fn, a, n, wrt, err);
    case 3:
      return partial_at<D3>(fn, a, n, wrt, err);
    case 4:
      return partial_at<D4>(fn, a, n, wrt, err);
    default:
      err = EvalErrorKind::kTooDeep;
      return std::numeric_limits<double>::quiet_NaN();
  }
}

double eval_pow(double a, double b, EvalErrorKind& err) {
  if ((a < 0 && b != std::trunc(b)) || (a == 0 && b < 0)) {
    err = EvalErrorKind::kPowDomain;
    return std::numeric_limits<double>::quiet_NaN();
  }
  return std::pow(a, b);
}

double eval_math(Fn fn, double a, double b, EvalErrorKind& err) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  switch (fn) {
    case Fn::kAbs:
      return std::fabs(a);
    case Fn::kAcos:
      if (!(a >= -1 && a <= 1)) return err = EvalErrorKind::kAcosDomain, nan;
      return std::acos(a);
    case Fn::kAint:
      return std::trunc(a);
    case Fn::kAnint:
      return std::round(a);
    case Fn::kAsin:
      if (!(a >= -1 && a <= 1)) return err = EvalErrorKind::kAsinDomain, nan;
      return std::asin(a);
    case Fn::kAtan:
      return std::atan(a);
    case Fn::kCos:
      return std::cos(a);
    case Fn::kCosh:
      return std::cosh(a);
    case Fn::kExp:
      return std::exp(a);
    case Fn::kLog:
      if (!(a > 0)) return err = EvalErrorKind::kLogNonPositive, nan;
      return std::log(a);
    case Fn::kLog10:
      if (!(a > 0)) return err = EvalErrorKind::kLogNonPositive, nan;
      return std::log10(a);
    case Fn::kSin:
      return std::sin(a);
    case Fn::kSinh:
      return std::sinh(a);
    case Fn::kSqrt:
      if (a < 0) return err = EvalErrorKind::kSqrtNegative, nan;
      return std::sqrt(a);
    case Fn::kTan:
      return std::tan(a);
    case Fn::kTanh:
      return std::tanh(a);
    case Fn::kAtan2:
      return std::atan2(a, b);
    case Fn::kDim:
      return a > b ? a - b : 0.0;
    case Fn::kMax:
      return a >= b ? a : b;
    case Fn::kMin:
      return a <= b ? a : b;
    case Fn::kMod:
      if (b == 0) return err = EvalErrorKind::kModByZero, nan;
      return std::fmod(a, b);
    case Fn::kSign:
      return b >= 0 ? std::fabs(a) : -std::fabs(a);
    default:
      return nan;
  }
}

}  // namespace mb::expr
