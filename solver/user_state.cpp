// User-subroutine state elements: the StateKernel members that call GSESUB / YFOSUB (with their
// optional partials), DIFSUB and ARYSUB (include/mbsolve/usersub.h, or the same routines of a
// Python script, both through UserSubroutine::call) and turn them into AD
// values, so the Jacobian stays the sparse exact-where-possible one of solver/state_kernel.hpp:
//   u      ARYSUB at the local inputs; du/d(inputs) by forward differences (ARYSUB reads bodies,
//          joint reactions and DIF states through the callbacks, all of them local inputs);
//   f, y   GSESUB/YFOSUB at (x, u); df/dx, df/du, dg/dx, dg/du from GSEXX.. / YFOXX.. when the
//          library or script has them, else forward differences in x and u; chained with
//          du/d(inputs);
//   DIFSUB the value at the local inputs; its derivatives by forward differences.
// Nothing here allocates (a Python script allocates its own objects): the buffers are
// fixed-size or sized when the kernel is built.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "solver/forward_difference.hpp"
#include "solver/state_kernel.hpp"
#include "solver/system.hpp"
#include "solver/user_context.hpp"
#include "usersub/user_call.hpp"

namespace mb {

namespace {

double step(double v) { return forward_difference_step(v); }

/// acc.derivatives() += c * v.derivatives() (v may be a constant with no derivatives).
void add_derivative(AD& acc, double c, const AD& v) {
  if (c == 0.0 || v.derivatives().size() == 0) return;
  acc.derivatives() += c * v.derivatives();
}

/// The arguments common to the element's routine calls (DIFSUB, GSESUB, YFOSUB, partials).
UserArgs element_args(const StateKernel& k, std::vector<double>& par, double t, int dflag,
                      int iflag) {
  UserArgs args = user_args(k.element->id, t, par);
  args.dflag = dflag;
  args.iflag = iflag;
  return args;
}

/// GSESUB / YFOSUB (and partial) arguments at states xs and inputs u, copied into xbuf and ubuf
/// (the routine may write into its arguments).
UserArgs state_equation_args(const StateKernel& k, std::vector<double>& par, const double* xs,
                             const double* u, double t, double* xbuf, double* ubuf) {
  const int n = k.element->num_states;
  std::copy(xs, xs + n, xbuf);
  std::copy(u, u + k.num_inputs, ubuf);
  UserArgs args = element_args(k, par, t, 0, 0);
  args.states = std::span<double>(xbuf, static_cast<size_t>(n));
  args.inputs = std::span<double>(ubuf, static_cast<size_t>(k.num_inputs));
  args.noutpt = k.element->num_outputs();
  return args;
}

}  // namespace

void StateKernel::scatter(const double* xv, KernelWork& w) const {
  const int n = inputs();
  for (int i = 0; i < n; ++i) (input_is_deriv[i] ? w.yp_full : w.y_full)[input_vars[i]] = xv[i];
}

UserCallState StateKernel::call_state(const UserContext& context, double t,
                                      const KernelWork& w) const {
  UserCallState st;
  st.context = &context;
  st.t = t;
  st.y = w.y_full.data();
  st.yp = w.yp_full.data();
  st.known_bodies = known_bodies.data();
  st.known_blocks = known_blocks.data();
  st.known_states = known_states.data();
  return st;
}

void StateKernel::call_arysub(const double* xv, double t, int dflag, int iflag, double* u,
                              const KernelCall& c) const {
  if (xv) scatter(xv, c.own);
  const SystemUserContext context(c.sys, c.ws.angles);
  UserCallState st = call_state(context, t, c.own);
  UserDependencies deps;
  if (iflag) st.record = &deps;
  std::fill(u, u + num_inputs, 0.0);
  UserArgs args = user_args(arysub_id, t, c.own.arysub_par);
  args.dflag = dflag;
  args.iflag = iflag;
  args.result = std::span<double>(u, static_cast<size_t>(num_inputs));
  UserCall call(*arysub, st);
  call.run(args);
}

double StateKernel::call_difsub(const double* xv, double t, int dflag, int iflag,
                                const KernelCall& c) const {
  if (xv) scatter(xv, c.own);
  const SystemUserContext context(c.sys, c.ws.angles);
  const UserCallState st = call_state(context, t, c.own);
  double value = 0.0;
  UserArgs args = element_args(*this, c.own.par, t, dflag, iflag);
  args.result = std::span<double>(&value, 1);
  UserCall call(*user, st);
  call.run(args);
  return value;
}

void StateKernel::call_gse(const double* xs, const double* u, double t, int dflag, double* f,
                           double* g, const KernelCall& c) const {
  const int n = element->num_states, p = element->num_outputs();
  double xbuf[kMaxStates], ubuf[kMaxStates];  // the routine may write into its arguments
  std::fill(f, f + n, 0.0);
  std::fill(g, g + std::max(p, 1), 0.0);
  UserArgs args = state_equation_args(*this, c.own.par, xs, u, t, xbuf, ubuf);
  args.dflag = dflag;
  args.result = std::span<double>(f, static_cast<size_t>(n));
  args.output = std::span<double>(g, static_cast<size_t>(p));
  const SystemUserContext context(c.sys, c.ws.angles);
  const UserCallState st = call_state(context, t, c.own);
  UserCall call(*user, st);
  call.run(args);
}

template <class T>
void StateKernel::input_values(const T* x, const T* nv, double t, T* u, const KernelCall& c) const {
  if (!arysub) {
    for (int j = 0; j < num_inputs; ++j) u[j] = nv[input_nodes[j]];
    return;
  }
  const int n_in = std::clamp(inputs(), 0, kMaxLocalInputs);
  double xv[kMaxLocalInputs] = {}, base[kMaxStates] = {};
  for (int i = 0; i < n_in; ++i) xv[i] = value_of(x[i]);
  call_arysub(xv, t, 0, 0, base, c);
  if constexpr (std::is_same_v<T, double>) {
    std::copy(base, base + num_inputs, u);
  } else {
    double pert[kMaxStates];
    for (int j = 0; j < num_inputs; ++j) u[j] = AD(base[j], ADVector::Zero(n_in));
    for (int i = 0; i < n_in; ++i) {
      const double saved = xv[i], h = step(saved);
      xv[i] = saved + h;
      call_arysub(xv, t, 1, 0, pert, c);
      xv[i] = saved;
      for (int j = 0; j < num_inputs; ++j) u[j].derivatives()(i) = (pert[j] - base[j]) / h;
    }
    scatter(xv, c.own);
  }
}

template <class T>
T StateKernel::user_diff(const T* x, double t, const KernelCall& c) const {
  const int n_in = std::clamp(inputs(), 0, kMaxLocalInputs);
  double xv[kMaxLocalInputs] = {};
  for (int i = 0; i < n_in; ++i) xv[i] = value_of(x[i]);
  const double base = call_difsub(xv, t, 0, 0, c);
  if constexpr (std::is_same_v<T, double>) {
    return base;
  } else {
    AD out(base, ADVector::Zero(n_in));
    for (int i = 0; i < n_in; ++i) {
      const double saved = xv[i], h = step(saved);
      xv[i] = saved + h;
      out.derivatives()(i) = (call_difsub(xv, t, 1, 0, c) - base) / h;
      xv[i] = saved;
    }
    scatter(xv, c.own);
    return out;
  }
}

template <class T>
void StateKernel::user_state_equations(const T* x, const T* u, double t, T* f, T* y,
                                       const KernelCall& c) const {
  const int n = element->num_states, m = num_inputs, p = element->num_outputs();
  double xs[kMaxStates] = {}, uv[kMaxStates] = {}, f0[kMaxStates] = {}, g0[kMaxStates] = {};
  for (int i = 0; i < n; ++i) xs[i] = value_of(x[own_x(i)]);
  for (int j = 0; j < m; ++j) uv[j] = value_of(u[j]);
  call_gse(xs, uv, t, 0, f0, g0, c);
  // A sampled GSE's discrete states are constant between samples: x_d' = 0 (their stated
  // entries are the values after the next sample, StateKernel::sample).
  const int nc = element->num_continuous();
  if constexpr (std::is_same_v<T, double>) {
    std::copy(f0, f0 + nc, f);
    std::fill(f + nc, f + n, 0.0);
    std::copy(g0, g0 + p, y);
  } else {
    // Column-major partials: dfdx (n x n), dfdu (n x m), dgdx (p x n), dgdu (p x m).
    constexpr int kMat = kMaxStates * kMaxStates;
    double dfdx[kMat], dfdu[kMat], dgdx[kMat], dgdu[kMat];
    double* mats[4] = {dfdx, dfdu, dgdx, dgdu};
    bool have[4] = {false, false, false, false};
    for (int q = 0; q < 4; ++q) {
      const int rows = q < 2 ? n : p, cols = q % 2 == 0 ? n : m;
      if (!user->has_extra(static_cast<size_t>(q)) || rows * cols == 0) {
        have[q] = rows * cols == 0;
        continue;
      }
      double xb[kMaxStates], ub[kMaxStates];
      std::fill(mats[q], mats[q] + rows * cols, 0.0);
      UserArgs args = state_equation_args(*this, c.own.par, xs, uv, t, xb, ub);
      args.extra = q;
      args.result = std::span<double>(mats[q], static_cast<size_t>(rows * cols));
      const SystemUserContext context(c.sys, c.ws.angles);
      const UserCallState st = call_state(context, t, c.own);
      UserCall call(*user, st);
      call.run(args);
      have[q] = true;
    }
    // Forward differences for the missing ones: a column of f and g per perturbed x_j or u_j.
    double fp[kMaxStates], gp[kMaxStates];
    for (int side = 0; side < 2; ++side) {  // 0: x, 1: u
      double* v = side == 0 ? xs : uv;
      const int cols = side == 0 ? n : m;
      double* mf = side == 0 ? dfdx : dfdu;
      double* mg = side == 0 ? dgdx : dgdu;
      const bool need_f = !have[side], need_g = !have[2 + side];
      if (!need_f && !need_g) continue;
      for (int j = 0; j < cols; ++j) {
        const double saved = v[j], h = step(saved);
        v[j] = saved + h;
        call_gse(xs, uv, t, 1, fp, gp, c);
        v[j] = saved;
        if (need_f)
          for (int i = 0; i < n; ++i) mf[i + j * n] = (fp[i] - f0[i]) / h;
        if (need_g)
          for (int k = 0; k < p; ++k) mg[k + j * p] = (gp[k] - g0[k]) / h;
      }
    }
    const int n_in = std::clamp(inputs(), 0, kMaxLocalInputs);
    for (int i = 0; i < n; ++i) {
      f[i] = AD(i < nc ? f0[i] : 0.0, ADVector::Zero(n_in));
      if (i >= nc) continue;
      for (int j = 0; j < n; ++j) add_derivative(f[i], dfdx[i + j * n], x[own_x(j)]);
      for (int j = 0; j < m; ++j) add_derivative(f[i], dfdu[i + j * n], u[j]);
    }
    for (int k = 0; k < p; ++k) {
      y[k] = AD(g0[k], ADVector::Zero(n_in));
      for (int j = 0; j < n; ++j) add_derivative(y[k], dgdx[k + j * p], x[own_x(j)]);
      for (int j = 0; j < m; ++j) add_derivative(y[k], dgdu[k + j * p], u[j]);
    }
  }
}

template void StateKernel::input_values<double>(const double*, const double*, double, double*,
                                                const KernelCall&) const;
template void StateKernel::input_values<AD>(const AD*, const AD*, double, AD*,
                                            const KernelCall&) const;
template double StateKernel::user_diff<double>(const double*, double, const KernelCall&) const;
template AD StateKernel::user_diff<AD>(const AD*, double, const KernelCall&) const;
template void StateKernel::user_state_equations<double>(const double*, const double*, double,
                                                        double*, double*, const KernelCall&) const;
template void StateKernel::user_state_equations<AD>(const AD*, const AD*, double, AD*, AD*,
                                                    const KernelCall&) const;

UserDependencies user_state_dependencies(StateKernel& k, const System& sys, AngleHistory& angles,
                                         const std::vector<double>& y0) {
  if (k.user) k.work.par = k.user->par;
  if (k.arysub) k.work.arysub_par = k.arysub->par;
  k.work.y_full = y0;
  k.work.yp_full.assign(y0.size(), 0.0);
  UserDependencies deps;
  const SystemUserContext context(sys, angles);
  auto record = [&](const UserSubroutine& sub, const UserArgs& args) {
    UserCallState st = k.call_state(context, 0.0, k.work);
    st.known_bodies = st.known_blocks = st.known_states = nullptr;
    st.record = &deps;
    UserCall c(sub, st);
    c.run(args, false);
  };
  if (k.arysub) {
    double u[StateKernel::kMaxStates];
    if (k.num_inputs > static_cast<int>(StateKernel::kMaxStates)) {
      throw Error(ExitCode::kDeckError,
                  fmt::format("{}: its U array has {} entries (at most {})", k.element->subject,
                              k.num_inputs, StateKernel::kMaxStates));
    }
    std::fill(u, u + k.num_inputs, 0.0);
    UserArgs args = user_args(k.arysub_id, 0.0, k.work.arysub_par);
    args.iflag = 1;
    args.result = std::span<double>(u, static_cast<size_t>(k.num_inputs));
    record(*k.arysub, args);
  }
  if (k.user && k.element->kind == StateElement::Kind::kDiff) {
    double value = 0.0;
    UserArgs args = element_args(k, k.work.par, 0.0, 0, 1);
    args.result = std::span<double>(&value, 1);
    record(*k.user, args);
  }
  const Model& m = sys.model();
  k.known_bodies.assign(m.bodies.size(), 0);
  for (int b : deps.bodies) k.known_bodies[b] = 1;
  for (int b : k.bodies) k.known_bodies[b] = 1;
  k.known_blocks.assign(static_cast<size_t>(sys.num_constraint_blocks()), 0);
  for (int b : deps.blocks) k.known_blocks[b] = 1;
  k.known_states.assign(2 * static_cast<size_t>(m.num_states), 0);
  for (int s : deps.states) k.known_states[s] = 1;
  for (int i = 0; i < k.element->num_states; ++i) {  // own states are always inputs
    k.known_states[2 * (k.element->first_state + i)] = 1;
    k.known_states[2 * (k.element->first_state + i) + 1] = 1;
  }
  return deps;
}

}  // namespace mb
