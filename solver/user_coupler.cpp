// COUSUB couplers: the CouplerKernel members that call a Constraint_Coupler's user subroutine
// and its partials COUXX / COUXX2 (include/mbsolve/usersub.h, or the same functions of a
// Python script), differencing what the routine lacks. Phi depends on the joint coordinates and
// time only: the kernel declares no body and no block readable, so a c_sysfnc read of either is an
// error (stopping the analysis).

#include <algorithm>
#include <cmath>
#include <span>

#include "solver/coupler_kernel.hpp"
#include "solver/user_context.hpp"
#include "usersub/user_call.hpp"

namespace mb {

void CouplerKernel::call_user(int extra, const double* q, double t, int iflag, double* out,
                              int nout, const System& sys, AngleHistory& angles,
                              std::vector<double>& par) const {
  double disp[kMaxTerms];
  std::copy(q, q + num_terms, disp);
  UserArgs args = user_args(user_id, t, par);
  args.iflag = iflag;
  args.extra = extra;
  args.states = std::span<double>(disp, static_cast<size_t>(num_terms));
  args.result = std::span<double>(out, static_cast<size_t>(nout));
  const SystemUserContext context(sys, angles);
  const UserCallState state = time_only_state(context, t, no_bodies, no_blocks);
  UserCall call(*user, state);
  call.run(args);
}

namespace {
/// Difference steps: relative to the coordinate, absolute near zero.
double step(double q, double rel) { return rel * std::max(1.0, std::abs(q)); }
}  // namespace

void CouplerKernel::user_partials(const double* q, double t, double* g, double* H,
                                  const KernelCall& c) const {
  const bool couxx = user->has_extra(0), couxx2 = user->has_extra(1);
  const int n = num_terms;
  // dPhi/dq at a point: COUXX, or central differences of COUSUB (they enter B itself, so
  // their error must stay near the round-off of Phi).
  auto gradient = [&](const double* at, double* out) {
    if (couxx) {
      call_user(0, at, t, 0, out, n, c.sys, c.ws.angles, c.own.par);
      return;
    }
    double shifted[kMaxTerms];
    std::copy(at, at + n, shifted);
    for (int k = 0; k < n; ++k) {
      const double h = step(at[k], 1e-6);
      double up = 0.0, down = 0.0;
      shifted[k] = at[k] + h;
      call_user(-1, shifted, t, 0, &up, 1, c.sys, c.ws.angles, c.own.par);
      shifted[k] = at[k] - h;
      call_user(-1, shifted, t, 0, &down, 1, c.sys, c.ws.angles, c.own.par);
      shifted[k] = at[k];
      out[k] = (up - down) / (2.0 * h);
    }
  };
  gradient(q, g);
  if (!H) return;
  // Second partials (the Jacobian only): central differences of the gradient (a step well
  // above the gradient's own round-off), COUXX2 on the diagonal when given.
  double shifted[kMaxTerms], g_up[kMaxTerms], g_down[kMaxTerms];
  std::copy(q, q + n, shifted);
  for (int l = 0; l < n; ++l) {
    const double h = step(q[l], 1e-4);
    shifted[l] = q[l] + h;
    gradient(shifted, g_up);
    shifted[l] = q[l] - h;
    gradient(shifted, g_down);
    shifted[l] = q[l];
    for (int k = 0; k < n; ++k) H[k * n + l] = (g_up[k] - g_down[k]) / (2.0 * h);
  }
  if (couxx2) {
    double diag[kMaxTerms];
    call_user(1, q, t, 0, diag, n, c.sys, c.ws.angles, c.own.par);
    for (int k = 0; k < n; ++k) H[k * n + k] = diag[k];
  }
}

void CouplerKernel::user_third_partials(const double* q, const double* qdot, double t, double* D,
                                        const KernelCall& call) const {
  // The second partials carry the error of their own differences (of COUSUB's, without COUXX),
  // so this step is larger still; D enters the Jacobian only.
  const int n = num_terms;
  double shifted[kMaxTerms], g[kMaxTerms], H_up[kMaxTerms * kMaxTerms],
      H_down[kMaxTerms * kMaxTerms];
  std::copy(q, q + n, shifted);
  for (int l = 0; l < n; ++l) {
    const double h = step(q[l], 1e-3);
    shifted[l] = q[l] + h;
    user_partials(shifted, t, g, H_up, call);
    shifted[l] = q[l] - h;
    user_partials(shifted, t, g, H_down, call);
    shifted[l] = q[l];
    for (int k = 0; k < n; ++k) {
      double d = 0.0;
      for (int c = 0; c < n; ++c) d += (H_up[k * n + c] - H_down[k * n + c]) * qdot[c];
      D[k * n + l] = d / (2.0 * h);
    }
  }
}

}  // namespace mb
