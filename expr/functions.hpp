#pragma once
// The semantics of every pure builtin, written once and shared by the evaluator (tape.cpp) and
// the constant folder (fold.cpp). General functions are templates on the scalar type so that
// their partial derivatives come from the same formula through (nested) dual numbers.
//
// Math (Fortran semantics, docs/motionsolve-format.md 5.5):
//   AINT(x)   = trunc(x)                ANINT(x) = round(x), halves away from zero
//   MOD(a, b) = a - AINT(a/b)*b (sign of a; computed exactly with fmod; b != 0)
//   SIGN(a,b) = |a| if b >= 0 else -|a| DIM(a, b) = a - b if a > b else 0
// General (s = (x - x0)/(x1 - x0), x0 < x1):
//   STEP   = h0 (x <= x0); h0 + (h1-h0)*s^2*(3 - 2s) (inside); h1 (x >= x1)
//   STEP5  = h0; h0 + (h1-h0)*s^3*(10 - 15s + 6s^2); h1
//   HAVSIN = h0; (h0+h1)/2 + (h1-h0)/2*sin(pi*s - pi/2); h1
//   SHF(x, x0, a, w, phi, b) = a*sin(w*(x - x0) - phi) + b
//   POLY(x, x0, a0..an)      = sum a_j*(x - x0)^j
//   CHEBY(x, x0, a0..an)     = sum a_j*T_j(u), u = x - x0, T0 = 1, T1 = u, Tj = 2u*T(j-1) - T(j-2)
//   FORCOS(x, x0, w, a0..an) = a0 + sum_{j>=1} a_j*cos(j*w*(x - x0));  FORSIN likewise with sin
//   IMPACT(x, xd, x1, k, e, cmax, d) = max(0, k*(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)*xd) if x <
//   x1,
//                                      else 0;  needs k >= 0, e > 0, cmax >= 0, d > 0
//   BISTOP(x, xd, x1, x2, k, e, cmax, d) =
//        max(0, k*(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)*xd)      if x < x1
//        0                                                       if x1 <= x <= x2
//        min(0, -k*(x-x2)^e - STEP(x, x2, 0, x2+d, cmax)*xd)     if x > x2
//      needs x1 < x2, k >= 0, e > 0, cmax >= 0, d > 0.
// Derivatives at the kinks (the STEP ends, the BISTOP/IMPACT branch points, the max/min clamp)
// are the one-sided ones of the branch selected by the comparisons above.

#include <cmath>
#include <limits>
#include <numbers>

#include "expr/builtins.hpp"

namespace mb::expr {

/// Why an evaluation produced NaN. The first error of an evaluation is kept in the Workspace.
enum class EvalErrorKind : unsigned char {
  kNone,
  kSqrtNegative,    ///< SQRT(x), x < 0
  kLogNonPositive,  ///< LOG(x) or LOG10(x), x <= 0
  kAsinDomain,      ///< ASIN(x), |x| > 1
  kAcosDomain,      ///< ACOS(x), |x| > 1
  kDivByZero,       ///< a / 0
  kModByZero,       ///< MOD(a, 0)
  kPowDomain,       ///< a**b with a < 0 and b not whole, or a = 0 and b < 0
  kStepBounds,      ///< STEP/STEP5/HAVSIN with x0 >= x1
  kContactParams,   ///< BISTOP/IMPACT parameters out of range
  kTooDeep,         ///< a derivative of order > kMaxPartialOrder of a general function
  kNotFinite,       ///< the result overflowed to inf (or is NaN without an earlier error)
};

/// Message for an error kind, e.g. "SQRT of a negative number".
const char* eval_error_text(EvalErrorKind k);

// ---- dual numbers: value + derivative; nested for mixed higher-order partials ----

/// No default member initialisers on purpose: arrays of duals stay uninitialised until set, and
/// `Dual<T>{}` (value initialisation) is zero.
template <class T>
struct Dual {
  T v;
  T d;
};

inline double val(double x) { return x; }
template <class T>
double val(const Dual<T>& x) {
  return val(x.v);
}
inline bool is_zero(double x) { return x == 0; }
template <class T>
bool is_zero(const Dual<T>& x) {
  return is_zero(x.v) && is_zero(x.d);
}

template <class T>
Dual<T> operator+(const Dual<T>& a, const Dual<T>& b) {
  return {a.v + b.v, a.d + b.d};
}
template <class T>
Dual<T> operator-(const Dual<T>& a, const Dual<T>& b) {
  return {a.v - b.v, a.d - b.d};
}
template <class T>
Dual<T> operator-(const Dual<T>& a) {
  return {-a.v, -a.d};
}
template <class T>
Dual<T> operator*(const Dual<T>& a, const Dual<T>& b) {
  return {a.v * b.v, a.v * b.d + a.d * b.v};
}
template <class T>
Dual<T> operator/(const Dual<T>& a, const Dual<T>& b) {
  T q = a.v / b.v;
  return {q, (a.d - q * b.d) / b.v};
}
template <class T>
Dual<T> operator+(const Dual<T>& a, double b) {
  return {a.v + b, a.d};
}
template <class T>
Dual<T> operator+(double a, const Dual<T>& b) {
  return {a + b.v, b.d};
}
template <class T>
Dual<T> operator-(const Dual<T>& a, double b) {
  return {a.v - b, a.d};
}
template <class T>
Dual<T> operator-(double a, const Dual<T>& b) {
  return {a - b.v, -b.d};
}
template <class T>
Dual<T> operator*(const Dual<T>& a, double b) {
  return {a.v * b, a.d * b};
}
template <class T>
Dual<T> operator*(double a, const Dual<T>& b) {
  return {a * b.v, a * b.d};
}
template <class T>
Dual<T> sin(const Dual<T>& a) {
  using std::cos, std::sin;
  return {sin(a.v), cos(a.v) * a.d};
}
template <class T>
Dual<T> cos(const Dual<T>& a) {
  using std::cos, std::sin;
  return {cos(a.v), -(sin(a.v) * a.d)};
}
template <class T>
Dual<T> log(const Dual<T>& a) {
  using std::log;
  return {log(a.v), a.d / a.v};
}
/// a**b; the b-derivative term is skipped when b is a plain constant (saves a log).
template <class T>
Dual<T> pow(const Dual<T>& a, const Dual<T>& b) {
  using std::log, std::pow;
  T p = pow(a.v, b.v);
  T da = val(a.v) != 0 ? p * b.v / a.v * a.d : b.v * pow(a.v, b.v - 1.0) * a.d;
  if (is_zero(b.d)) return {p, da};
  return {p, da + p * log(a.v) * b.d};
}

// ---- general functions, templated on the scalar ----

template <class T>
T g_step(const T& x, const T& x0, const T& h0, const T& x1, const T& h1) {
  if (val(x) <= val(x0)) return h0;
  if (val(x) >= val(x1)) return h1;
  T s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * (s * s * (3.0 - 2.0 * s));
}

template <class T>
T g_step5(const T& x, const T& x0, const T& h0, const T& x1, const T& h1) {
  if (val(x) <= val(x0)) return h0;
  if (val(x) >= val(x1)) return h1;
  T s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * (s * s * s * (10.0 + s * (-15.0 + 6.0 * s)));
}

template <class T>
T g_havsin(const T& x, const T& x0, const T& h0, const T& x1, const T& h1) {
  using std::sin;
  if (val(x) <= val(x0)) return h0;
  if (val(x) >= val(x1)) return h1;
  T s = (x - x0) / (x1 - x0);
  return (h0 + h1) * 0.5 + (h1 - h0) * 0.5 * sin(std::numbers::pi * s - std::numbers::pi / 2);
}

template <class T>
T g_shf(const T& x, const T& x0, const T& a, const T& w, const T& phi, const T& b) {
  using std::sin;
  return a * sin(w * (x - x0) - phi) + b;
}

/// POLY: a = {x, x0, a0, ..., an}, n = argument count.
template <class T>
T g_poly(const T* a, int n) {
  T u = a[0] - a[1];
  T sum = a[n - 1];
  for (int j = n - 2; j >= 2; --j) sum = sum * u + a[j];
  return sum;
}

template <class T>
T g_cheby(const T* a, int n) {
  T u = a[0] - a[1];
  T sum = a[2];
  if (n == 3) return sum;
  T tm2 = T{} + 1.0;  // T0
  T tm1 = u;          // T1
  sum = sum + a[3] * u;
  for (int j = 4; j < n; ++j) {
    T t = 2.0 * u * tm1 - tm2;
    sum = sum + a[j] * t;
    tm2 = tm1;
    tm1 = t;
  }
  return sum;
}

/// FORCOS (cosine = true) / FORSIN: a = {x, x0, w, a0, ..., an}.
template <class T>
T g_fourier(const T* a, int n, bool cosine) {
  using std::cos, std::sin;
  T theta = a[2] * (a[0] - a[1]);
  T sum = a[3];
  for (int j = 4; j < n; ++j) {
    T arg = static_cast<double>(j - 3) * theta;
    sum = sum + a[j] * (cosine ? cos(arg) : sin(arg));
  }
  return sum;
}

inline bool contact_params_ok(double k, double e, double cmax, double d) {
  return k >= 0 && e > 0 && cmax >= 0 && d > 0;
}

/// IMPACT: a = {x, xd, x1, k, e, cmax, d}.
template <class T>
T g_impact(const T* a, EvalErrorKind& err) {
  using std::pow;
  const T &x = a[0], &xd = a[1], &x1 = a[2], &k = a[3], &e = a[4], &cmax = a[5], &d = a[6];
  if (!contact_params_ok(val(k), val(e), val(cmax), val(d))) {
    err = EvalErrorKind::kContactParams;
    return T{} + std::numeric_limits<double>::quiet_NaN();
  }
  if (!(val(x) < val(x1))) return T{};
  const T zero{};
  T f = k * pow(x1 - x, e) - g_step(x, x1 - d, cmax, x1, zero) * xd;
  return val(f) > 0 ? f : zero;
}

/// BISTOP: a = {x, xd, x1, x2, k, e, cmax, d}.
template <class T>
T g_bistop(const T* a, EvalErrorKind& err) {
  using std::pow;
  const T &x = a[0], &xd = a[1], &x1 = a[2], &x2 = a[3], &k = a[4], &e = a[5], &cmax = a[6],
          &d = a[7];
  if (!(val(x1) < val(x2)) || !contact_params_ok(val(k), val(e), val(cmax), val(d))) {
    err = EvalErrorKind::kContactParams;
    return T{} + std::numeric_limits<double>::quiet_NaN();
  }
  const T zero{};
  if (val(x) < val(x1)) {
    T f = k * pow(x1 - x, e) - g_step(x, x1 - d, cmax, x1, zero) * xd;
    return val(f) > 0 ? f : zero;
  }
  if (val(x) > val(x2)) {
    T f = -(k * pow(x - x2, e)) - g_step(x, x2, zero, x2 + d, cmax) * xd;
    return val(f) < 0 ? f : zero;
  }
  return zero;
}

/// Any general function (kStep .. kBistop) at arguments a[0..n).
template <class T>
T eval_general(Fn fn, const T* a, int n, EvalErrorKind& err) {
  switch (fn) {
    case Fn::kStep:
    case Fn::kStep5:
    case Fn::kHavsin:
      if (!(val(a[1]) < val(a[3]))) {
        err = EvalErrorKind::kStepBounds;
        return T{} + std::numeric_limits<double>::quiet_NaN();
      }
      if (fn == Fn::kStep) return g_step(a[0], a[1], a[2], a[3], a[4]);
      if (fn == Fn::kStep5) return g_step5(a[0], a[1], a[2], a[3], a[4]);
      return g_havsin(a[0], a[1], a[2], a[3], a[4]);
    case Fn::kShf:
      return g_shf(a[0], a[1], a[2], a[3], a[4], a[5]);
    case Fn::kPoly:
      return g_poly(a, n);
    case Fn::kCheby:
      return g_cheby(a, n);
    case Fn::kForcos:
      return g_fourier(a, n, true);
    case Fn::kForsin:
      return g_fourier(a, n, false);
    case Fn::kImpact:
      return g_impact(a, err);
    case Fn::kBistop:
      return g_bistop(a, err);
    default:
      return T{} + std::numeric_limits<double>::quiet_NaN();
  }
}

/// The highest total order of partial derivative of a general function the evaluator supports.
inline constexpr int kMaxPartialOrder = 4;

/// d^k f / (d a[wrt[0]] ... d a[wrt[k-1]]) for a general function, k = nwrt in 1..4, with nested
/// dual numbers (one nesting level per derivative).
double partial_general(Fn fn, const double* a, int n, const int* wrt, int nwrt, EvalErrorKind& err);

/// A math builtin (kAbs .. kSign, binary MAX/MIN) applied to a[0] (and a[1]). Sets `err` on a
/// domain error and returns NaN.
double eval_math(Fn fn, double a, double b, EvalErrorKind& err);

/// a**b with the domain check (a < 0 and b not whole, or a = 0 and b < 0).
double eval_pow(double a, double b, EvalErrorKind& err);

}  // namespace mb::expr
