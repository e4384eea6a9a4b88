#include "expr/builtins.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "common/text.hpp"

namespace mb::expr {

namespace {

constexpr Kind C = Kind::kConstant;
constexpr Kind M = Kind::kMath;
constexpr Kind G = Kind::kGeneral;
constexpr Kind B = Kind::kModelBound;
constexpr Kind S = Kind::kSpline;
constexpr Fn kM = Fn::kModel;

// One row per builtin, sorted by name (checked by a unit test).
constexpr Builtin kTable[] = {
    {"ABS", M, Fn::kAbs, 1, 1, 0, "ABS(x)", "absolute value"},
    {"ACCM", B, kM, 1, 3, 0, "ACCM(i[, j][, l])", "magnitude of the acceleration of I wrt J"},
    {"ACCX", B, kM, 1, 4, 0, "ACCX(i[, j][, k][, l])", "x_K component of acceleration of I wrt J"},
    {"ACCY", B, kM, 1, 4, 0, "ACCY(i[, j][, k][, l])", "y_K component of acceleration of I wrt J"},
    {"ACCZ", B, kM, 1, 4, 0, "ACCZ(i[, j][, k][, l])", "z_K component of acceleration of I wrt J"},
    {"ACOS", M, Fn::kAcos, 1, 1, 0, "ACOS(x)", "arc cosine in [0, pi]; |x| <= 1"},
    {"AINT", M, Fn::kAint, 1, 1, 0, "AINT(x)", "truncation toward zero"},
    {"AKISPL", S, Fn::kAkispl, 3, 4, 0, "AKISPL(x, z, id[, n])", "Akima spline interpolation"},
    {"ANINT", M, Fn::kAnint, 1, 1, 0, "ANINT(x)", "nearest whole number, halves away from 0"},
    {"ARYVAL", B, kM, 2, 2, 0, "ARYVAL(id, k)", "k-th entry of Reference_Array id"},
    {"ASIN", M, Fn::kAsin, 1, 1, 0, "ASIN(x)", "arc sine in [-pi/2, pi/2]; |x| <= 1"},
    {"ATAN", M, Fn::kAtan, 1, 1, 0, "ATAN(x)", "arc tangent in (-pi/2, pi/2)"},
    {"ATAN2", M, Fn::kAtan2, 2, 2, 0, "ATAN2(y, x)", "four-quadrant arc tangent of y/x"},
    {"AX", B, kM, 1, 2, 0, "AX(i[, j])", "rotation of I about x_J, counting whole turns"},
    {"AXU", B, kM, 1, 2, 0, "AXU(i[, j])", "AX (which counts whole turns)"},
    {"AY", B, kM, 1, 2, 0, "AY(i[, j])", "rotation of I about y_J, counting whole turns"},
    {"AYU", B, kM, 1, 2, 0, "AYU(i[, j])", "AY (which counts whole turns)"},
    {"AZ", B, kM, 1, 2, 0, "AZ(i[, j])", "rotation of I about z_J, counting whole turns"},
    {"AZU", B, kM, 1, 2, 0, "AZU(i[, j])", "AZ (which counts whole turns)"},
    {"BEAM", B, kM, 3, 4, 0, "BEAM(id, jflag, comp[, rm])", "Force_Beam force component"},
    {"BISTOP", G, Fn::kBistop, 8, 8, 0, "BISTOP(x, xdot, x1, x2, k, e, cmax, d)",
     "two-sided gap contact force"},
    {"BUSH", B, kM, 3, 4, 0, "BUSH(id, jflag, comp[, rm])", "Force_Bushing force component"},
    {"CHEBY", G, Fn::kCheby, 3, 33, 0, "CHEBY(x, x0, a0, ..., a30)", "Chebyshev polynomial"},
    {"CONTACT", B, kM, 3, 4, 0, "CONTACT(id, jflag, comp[, rm])",
     "Force_Contact force component (all its contact points)"},
    {"COS", M, Fn::kCos, 1, 1, 0, "COS(x)", "cosine (radians)"},
    {"COSH", M, Fn::kCosh, 1, 1, 0, "COSH(x)", "hyperbolic cosine"},
    {"CUBSPL", S, Fn::kCubspl, 3, 4, 0, "CUBSPL(x, z, id[, n])", "natural cubic spline"},
    {"CURVE", S, Fn::kCurve, 4, 4, 0, "CURVE(alpha, iord, comp, id)",
     "coordinate comp (1-3) of a B-spline curve, or its derivative iord (0-2), at alpha"},
    {"CVCV", B, kM, 3, 4, 0, "CVCV(id, jflag, comp[, rm])", "Constraint_CVCV reaction"},
    {"DIF", B, kM, 1, 1, 0, "DIF(id)", "state of Control_Diff id"},
    {"DIF1", B, kM, 1, 1, 0, "DIF1(id)", "time derivative of the state of Control_Diff id"},
    {"DIM", M, Fn::kDim, 2, 2, 0, "DIM(a, b)", "positive difference: a - b if a > b, else 0"},
    {"DM", B, kM, 1, 2, 0, "DM(i[, j])", "distance between I and J"},
    {"DTOR", C, Fn::kDtor, 0, 0, 0, "DTOR", "pi/180"},
    {"DX", B, kM, 1, 3, 0, "DX(i[, j][, k])", "x_K component of the position of I wrt J"},
    {"DY", B, kM, 1, 3, 0, "DY(i[, j][, k])", "y_K component of the position of I wrt J"},
    {"DZ", B, kM, 1, 3, 0, "DZ(i[, j][, k])", "z_K component of the position of I wrt J"},
    {"EXP", M, Fn::kExp, 1, 1, 0, "EXP(x)", "exponential"},
    {"FIELD", B, kM, 3, 4, 0, "FIELD(id, jflag, comp[, rm])", "Force_Field force component"},
    {"FM", B, kM, 1, 2, 0, "FM(i[, j])", "magnitude of the force at I"},
    {"FORCOS", G, Fn::kForcos, 4, 34, 0, "FORCOS(x, x0, w, a0, ..., a30)", "Fourier cosine series"},
    {"FORSIN", G, Fn::kForsin, 4, 34, 0, "FORSIN(x, x0, w, a0, ..., a30)", "Fourier sine series"},
    {"FX", B, kM, 1, 3, 0, "FX(i[, j][, k])", "x_K component of the force at I"},
    {"FY", B, kM, 1, 3, 0, "FY(i[, j][, k])", "y_K component of the force at I"},
    {"FZ", B, kM, 1, 3, 0, "FZ(i[, j][, k])", "z_K component of the force at I"},
    {"GFORCE", B, kM, 3, 4, 0, "GFORCE(id, jflag, comp[, rm])", "Force_Vector force component"},
    {"HAVSIN", G, Fn::kHavsin, 5, 5, 0, "HAVSIN(x, x0, h0, x1, h1)", "haversine step"},
    {"IF", Kind::kIf, Fn::kIf, 4, 4, 0, "IF(e1: e2, e3, e4)",
     "e2 if e1 < 0, e3 if e1 = 0, else e4"},
    {"IMPACT", G, Fn::kImpact, 7, 7, 0, "IMPACT(x, xdot, x1, k, e, cmax, d)",
     "one-sided contact force"},
    {"INCANG", B, kM, 3, 3, 0, "INCANG(i, j, k)",
     "angle between the lines J-I and J-K, cumulative past pi"},
    {"JOINT", B, kM, 3, 4, 0, "JOINT(id, jflag, comp[, rm])", "Constraint_Joint reaction"},
    {"JPRIM", B, kM, 3, 4, 0, "JPRIM(id, jflag, comp[, rm])", "Constraint_Jprim reaction"},
    {"LINSPL", S, Fn::kLinspl, 3, 4, 0, "LINSPL(x, z, id[, n])", "piecewise linear interpolation"},
    {"LOG", M, Fn::kLog, 1, 1, 0, "LOG(x)", "natural logarithm; x > 0"},
    {"LOG10", M, Fn::kLog10, 1, 1, 0, "LOG10(x)", "base-10 logarithm; x > 0"},
    {"MAX", M, Fn::kMax, 2, kUnbounded, 0, "MAX(a, b, ...)", "largest argument"},
    {"MIN", M, Fn::kMin, 2, kUnbounded, 0, "MIN(a, b, ...)", "smallest argument"},
    {"MOD", M, Fn::kMod, 2, 2, 0, "MOD(a, b)", "a - AINT(a/b)*b; b != 0"},
    {"MOTION", B, kM, 3, 4, 0, "MOTION(id, jflag, comp[, rm])", "Motion reaction"},
    {"ORIENT", B, kM, 4, 4, 0, "ORIENT(27, comp, i, j)",
     "Adams orientation of I wrt J; type 27: Euler parameter comp (1 = e0 .. 4 = e3)"},
    {"PHI", B, kM, 1, 2, 0, "PHI(i[, j])", "third 3-1-3 Euler angle of I wrt J"},
    {"PI", C, Fn::kPi, 0, 0, 0, "PI", "3.14159..."},
    {"PINVAL", B, kM, 2, 2, 0, "PINVAL(id, k)", "k-th input of Control_PlantInput id"},
    {"PITCH", B, kM, 1, 2, 0, "PITCH(i[, j])", "pitch angle (3-2-1) of I wrt J"},
    {"POLY", G, Fn::kPoly, 3, 33, 0, "POLY(x, x0, a0, ..., a30)", "polynomial in x - x0"},
    {"POUVAL", B, kM, 2, 2, 0, "POUVAL(id, k)", "k-th output of Control_PlantOutput id"},
    {"PSI", B, kM, 1, 2, 0, "PSI(i[, j])", "first 3-1-3 Euler angle of I wrt J"},
    {"PTCV", B, kM, 3, 4, 0, "PTCV(id, jflag, comp[, rm])", "Constraint_PTCV reaction"},
    {"ROLL", B, kM, 1, 2, 0, "ROLL(i[, j])", "roll angle (3-2-1) of I wrt J"},
    {"RTOD", C, Fn::kRtod, 0, 0, 0, "RTOD", "180/pi"},
    {"SENVAL", B, kM, 1, 1, 0, "SENVAL(id)", "value stored by Sensor_Evaluate id at its event"},
    {"SFORCE", B, kM, 3, 4, 0, "SFORCE(id, jflag, comp[, rm])", "Force_Scalar force component"},
    {"SHF", G, Fn::kShf, 6, 6, 0, "SHF(x, x0, a, w, phi, b)", "a*sin(w*(x - x0) - phi) + b"},
    {"SIGN", M, Fn::kSign, 2, 2, 0, "SIGN(a, b)", "|a| if b >= 0, else -|a|"},
    {"SIN", M, Fn::kSin, 1, 1, 0, "SIN(x)", "sine (radians)"},
    {"SINH", M, Fn::kSinh, 1, 1, 0, "SINH(x)", "hyperbolic sine"},
    {"SPDP", B, kM, 3, 4, 0, "SPDP(id, jflag, comp[, rm])", "Force_SpringDamper force component"},
    {"SQRT", M, Fn::kSqrt, 1, 1, 0, "SQRT(x)", "square root; x >= 0"},
    {"STEP", G, Fn::kStep, 5, 5, 0, "STEP(x, x0, h0, x1, h1)", "cubic step from h0 to h1"},
    {"STEP5", G, Fn::kStep5, 5, 5, 0, "STEP5(x, x0, h0, x1, h1)", "quintic step from h0 to h1"},
    {"TAN", M, Fn::kTan, 1, 1, 0, "TAN(x)", "tangent (radians)"},
    {"TANH", M, Fn::kTanh, 1, 1, 0, "TANH(x)", "hyperbolic tangent"},
    {"THETA", B, kM, 1, 2, 0, "THETA(i[, j])", "second 3-1-3 Euler angle of I wrt J"},
    {"TIME", C, Fn::kTime, 0, 0, 0, "TIME", "current simulation time"},
    {"TM", B, kM, 1, 2, 0, "TM(i[, j])", "magnitude of the torque at I"},
    {"TX", B, kM, 1, 3, 0, "TX(i[, j][, k])", "x_K component of the torque at I"},
    {"TY", B, kM, 1, 3, 0, "TY(i[, j][, k])", "y_K component of the torque at I"},
    {"TZ", B, kM, 1, 3, 0, "TZ(i[, j][, k])", "z_K component of the torque at I"},
    {"VARVAL", B, kM, 1, 1, 0, "VARVAL(id)", "value of Reference_Variable id"},
    {"VFORCE", B, kM, 3, 4, 0, "VFORCE(id, jflag, comp[, rm])", "Force_Vector force component"},
    {"VM", B, kM, 1, 3, 0, "VM(i[, j][, l])", "magnitude of the velocity of I wrt J"},
    {"VR", B, kM, 1, 3, 0, "VR(i[, j][, l])", "radial velocity of I wrt J"},
    {"VTORQ", B, kM, 3, 4, 0, "VTORQ(id, jflag, comp[, rm])", "vector torque component"},
    {"VX", B, kM, 1, 4, 0, "VX(i[, j][, k][, l])", "x_K component of the velocity of I wrt J"},
    {"VY", B, kM, 1, 4, 0, "VY(i[, j][, k][, l])", "y_K component of the velocity of I wrt J"},
    {"VZ", B, kM, 1, 4, 0, "VZ(i[, j][, k][, l])", "z_K component of the velocity of I wrt J"},
    {"WDTM", B, kM, 1, 3, 0, "WDTM(i[, j][, l])", "magnitude of angular acceleration"},
    {"WDTX", B, kM, 1, 4, 0, "WDTX(i[, j][, k][, l])", "x_K angular acceleration of I wrt J"},
    {"WDTY", B, kM, 1, 4, 0, "WDTY(i[, j][, k][, l])", "y_K angular acceleration of I wrt J"},
    {"WDTZ", B, kM, 1, 4, 0, "WDTZ(i[, j][, k][, l])", "z_K angular acceleration of I wrt J"},
    {"WM", B, kM, 1, 2, 0, "WM(i[, j])", "magnitude of the angular velocity of I wrt J"},
    {"WX", B, kM, 1, 3, 0, "WX(i[, j][, k])", "x_K angular velocity of I wrt J"},
    {"WY", B, kM, 1, 3, 0, "WY(i[, j][, k])", "y_K angular velocity of I wrt J"},
    {"WZ", B, kM, 1, 3, 0, "WZ(i[, j][, k])", "z_K angular velocity of I wrt J"},
    {"YAW", B, kM, 1, 2, 0, "YAW(i[, j])", "yaw angle (3-2-1) of I wrt J"},
};

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

}  // namespace

std::span<const Builtin> builtins() { return kTable; }

const Builtin* find_builtin(std::string_view name) {
  const std::string key = upper(name);
  auto it = std::lower_bound(std::begin(kTable), std::end(kTable), key,
                             [](const Builtin& b, const std::string& k) { return b.name < k; });
  if (it == std::end(kTable) || it->name != key) return nullptr;
  return &*it;
}

std::string suggest_builtin(std::string_view name, bool want_function) {
  std::vector<std::string_view> names;
  for (const auto& b : kTable) {
    if ((b.kind != Kind::kConstant) == want_function) names.push_back(b.name);
  }
  return closest_match(name, names);
}

std::string arity_phrase(const Builtin& b) {
  auto args = [](int n) { return std::to_string(n) + (n == 1 ? " argument" : " arguments"); };
  if (b.max_args == kUnbounded) return "at least " + args(b.min_args);
  if (b.min_args == b.max_args) return args(b.min_args);
  return std::to_string(b.min_args) + " to " + args(b.max_args);
}

}  // namespace mb::expr
