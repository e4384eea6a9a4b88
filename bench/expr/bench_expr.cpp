// Evaluation speed of mb_expr against muparser on the same expressions, in one run.
//
// Each case is an expression in our syntax and the same computation for muparser. Model-bound
// names are input slots for us and plain variables for muparser; the general functions that
// muparser lacks (BISTOP, POLY, STEP) are muparser callbacks with the formula written out here.
// Every evaluation first writes the next input set (cycling through 1024 precomputed sets that
// cover every branch) into both, then evaluates. Reported: ns per evaluation (the best of 60
// interleaved rounds of 65536 evaluations each),
// the ratio muparser/ours (> 1: we are faster), and our derivative tape's cost relative to our
// value tape.
#include <fmt/format.h>
#include <muParser.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "expr/compile.hpp"

namespace {

// ---- muparser callbacks ----
double mu_step(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3 - 2 * s);
}
double mu_bistop(double x, double xd, double x1, double x2, double k, double e, double cmax,
                 double d) {
  if (x < x1) return std::max(k * std::pow(x1 - x, e) - mu_step(x, x1 - d, cmax, x1, 0) * xd, 0.0);
  if (x > x2) return std::min(-k * std::pow(x - x2, e) - mu_step(x, x2, 0, x2 + d, cmax) * xd, 0.0);
  return 0;
}
double mu_poly8(double x, double x0, double a0, double a1, double a2, double a3, double a4,
                double a5) {
  const double u = x - x0;
  return a0 + u * (a1 + u * (a2 + u * (a3 + u * (a4 + u * a5))));
}

// The binder for our side: x, y, z are DX(1), DX(2), DX(3) -> slots 0, 1, 2; VX(1) -> slot 3.
class BenchBinder : public mb::expr::Binder {
 public:
  mb::expr::BindResult bind(std::string_view name, std::span<const long long> args) override {
    if (name == "DX") return mb::expr::BindResult::ok(static_cast<int>(args[0] - 1));
    if (name == "VX") return mb::expr::BindResult::ok(3);
    return mb::expr::BindResult::fail("not in the benchmark");
  }
  std::variant<mb::expr::SplineData, std::string> spline(long long) override {
    return std::string("no splines");
  }
};

struct Case {
  const char* name;
  const char* ours;
  const char* mu;
  int d_slot;                                ///< the input our derivative is taken with respect to
  std::function<double(size_t, int)> input;  ///< value of variable k for input set i
};

using Clock = std::chrono::steady_clock;

// ns per call of `eval_one` over n calls.
template <class F>
double time_once(F&& eval_one, size_t n) {
  const auto t0 = Clock::now();
  double sink = 0;
  for (size_t i = 0; i < n; ++i) sink += eval_one(i);
  const auto t1 = Clock::now();
  if (sink == 0.123456789) std::puts("");  // keeps the loop from being optimised away
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(n);
}

}  // namespace

int main(int argc, char** argv) {
  // Optional argument: run only the cases whose name contains it.
  const std::string only = argc > 1 ? argv[1] : "";
  constexpr size_t kSets = 1024;
  constexpr size_t kEvals = 1 << 16;
  constexpr int kRounds = 60;
  const std::vector<Case> cases = {
      {"BISTOP contact law", "BISTOP(DX(1), VX(1), 0.5, 9.5, 1e7, 2.1, 1, 0.001)",
       "bistop(x, vx, 0.5, 9.5, 1e7, 2.1, 1, 0.001)", 0,
       [](size_t i, int k) {
         // x sweeps [0.3, 9.7]: both bumpers (with the damping ramps) and the gap.
         return k == 3 ? std::sin(0.37 * double(i)) : 0.3 + 9.4 * double(i) / kSets;
       }},
      {"POLY degree 5 (muparser callback)", "POLY(DX(1), 0.5, 1, -2, 0.5, 3, -1, 0.25)",
       "poly8(x, 0.5, 1, -2, 0.5, 3, -1, 0.25)", 0,
       [](size_t i, int) { return -1 + 2.0 * double(i) / kSets; }},
      {"POLY degree 5 (muparser inline Horner)", "POLY(DX(1), 0.5, 1, -2, 0.5, 3, -1, 0.25)",
       "1 + (x-0.5)*(-2 + (x-0.5)*(0.5 + (x-0.5)*(3 + (x-0.5)*(-1 + (x-0.5)*0.25))))", 0,
       [](size_t i, int) { return -1 + 2.0 * double(i) / kSets; }},
      {"chain of STEPs",
       "STEP(TIME, 0, 0, 1, 1) + STEP(TIME, 1, 0, 2, -2) + STEP(TIME, 2, 0, 3, 1.5) * "
       "STEP(DX(1), 0, 1, 5, 2) - STEP(DX(1), 4, 0, 6, 3)",
       "step(t, 0, 0, 1, 1) + step(t, 1, 0, 2, -2) + step(t, 2, 0, 3, 1.5) * "
       "step(x, 0, 1, 5, 2) - step(x, 4, 0, 6, 3)",
       0, [](size_t i, int) { return 7.0 * double(i) / kSets - 0.5; }},
      {"long arithmetic",
       "SIN(DX(1))*COS(DX(2)) + 2*DX(1)**2 - 3*DX(2)/(1 + DX(3)**2) + EXP(-DX(1)*DX(2)/10) + "
       "SQRT(DX(1)*DX(1) + DX(2)*DX(2) + DX(3)*DX(3)) - ATAN2(DX(2), DX(1))*(DX(1) - DX(2))**3/7 "
       "+ (DX(1) + DX(2) + DX(3))*(DX(1) - DX(2) - DX(3))/4 + ABS(DX(3) - DX(1))",
       "sin(x)*cos(y) + 2*x^2 - 3*y/(1 + z^2) + exp(-x*y/10) + sqrt(x*x + y*y + z*z) - "
       "atan2(y, x)*(x - y)^3/7 + (x + y + z)*(x - y - z)/4 + abs(z - x)",
       0, [](size_t i, int k) { return std::sin(0.1 * double(i) + k) * 3; }},
  };

  std::printf("%-40s %10s %10s %8s %12s %8s\n", "case", "mb ns", "muparser", "ratio", "mb d/dx ns",
              "d/value");
  for (const auto& c : cases) {
    if (std::string(c.name).find(only) == std::string::npos) continue;
    // Input sets: slots 0..3 = x, y, z, vx; time = variable 4 (the same values for both).
    std::vector<std::array<double, 5>> sets(kSets);
    for (size_t i = 0; i < kSets; ++i)
      for (int k = 0; k < 5; ++k) sets[i][static_cast<size_t>(k)] = c.input(i, k == 4 ? 0 : k);

    BenchBinder binder;
    mb::Diagnostics diag;
    auto e = mb::expr::compile({c.ours, {}, "bench"}, binder, diag);
    if (!e) {
      diag.print(std::cerr);
      return 1;
    }
    const mb::expr::Expression d = e->partial(c.d_slot);
    mb::expr::Workspace ws(*e);
    ws.reserve(d);
    std::array<double, 4> inputs{};

    double x = 0, y = 0, z = 0, vx = 0, t = 0;
    mu::Parser p;
    p.DefineVar("x", &x);
    p.DefineVar("y", &y);
    p.DefineVar("z", &z);
    p.DefineVar("vx", &vx);
    p.DefineVar("t", &t);
    p.DefineFun("step", mu_step);
    p.DefineFun("bistop", mu_bistop);
    p.DefineFun("poly8", mu_poly8);
    p.SetExpr(c.mu);

    // Both must agree before timing.
    for (size_t i = 0; i < kSets; ++i) {
      const auto& s = sets[i];
      inputs = {s[0], s[1], s[2], s[3]};
      x = s[0], y = s[1], z = s[2], vx = s[3], t = s[4];
      const double a = e->eval(s[4], inputs, ws), b = p.Eval();
      if (std::abs(a - b) > 1e-9 * std::max(1.0, std::abs(b))) {
        std::fprintf(stderr, "%s: mismatch at set %zu: %.17g vs %.17g\n", c.name, i, a, b);
        return 1;
      }
    }

    auto ours_one = [&](size_t i) {
      const auto& s = sets[i & (kSets - 1)];
      inputs = {s[0], s[1], s[2], s[3]};
      return e->eval(s[4], inputs, ws);
    };
    auto theirs_one = [&](size_t i) {
      const auto& s = sets[i & (kSets - 1)];
      x = s[0], y = s[1], z = s[2], vx = s[3], t = s[4];
      return p.Eval();
    };
    auto deriv_one = [&](size_t i) {
      const auto& s = sets[i & (kSets - 1)];
      inputs = {s[0], s[1], s[2], s[3]};
      return d.eval(s[4], inputs, ws);
    };
    // The machine is shared: interleave the three in short rounds and keep each one's best.
    double ours = 1e300, theirs = 1e300, deriv = 1e300;
    for (int round = 0; round < kRounds; ++round) {
      ours = std::min(ours, time_once(ours_one, kEvals));
      theirs = std::min(theirs, time_once(theirs_one, kEvals));
      deriv = std::min(deriv, time_once(deriv_one, kEvals));
    }
    std::printf("%-40s %10.2f %10.2f %8.2f %12.2f %8.2f\n", c.name, ours, theirs, theirs / ours,
                deriv, deriv / ours);
  }
  return 0;
}
