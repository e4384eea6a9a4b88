// User-subroutine forces: the ForceKernel members that call SFOSUB / VFOSUB / VTOSUB / GFOSUB
// (include/mbsolve/usersub.h) and difference them for the Jacobian.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "solver/force_kernel.hpp"
#include "solver/system.hpp"
#include "solver/user_context.hpp"
#include "usersub/user_call.hpp"

namespace mb {

namespace {

/// Calls the routine of `k` once; `result` (6 values) receives 1 (SFOSUB), 3 or 6 values.
void invoke(const ForceKernel& k, std::vector<double>& par, const UserCallState& state, int dflag,
            int iflag, double* result) {
  const bool scalar = k.kind == ForceKernel::Kind::kScalar;
  const size_t n = scalar ? 1 : (k.vector->user_force && k.vector->user_torque ? 6 : 3);
  std::fill(result, result + 6, 0.0);
  UserArgs args;
  args.id = k.user_id;
  args.time = state.t;
  args.par = par.empty() ? nullptr : par.data();
  args.npar = static_cast<int>(par.size());
  args.dflag = dflag;
  args.iflag = iflag;
  args.result = std::span<double>(result, n);
  UserCall call(*k.user, state);
  call.run(args);
}

}  // namespace

void ForceKernel::call_user(const double* x, double t, int dflag, double* e,
                            const KernelCall& c) const {
  std::vector<double>& y_full = c.own.y_full;
  for (int i = 0; i < inputs(); ++i) y_full[input_vars[i]] = x[i];
  const SystemUserContext context(c.sys, c.ws.angles);
  UserCallState state;
  state.context = &context;
  state.t = t;
  state.y = y_full.data();
  state.known_bodies = known_bodies.data();
  state.known_blocks = known_blocks.data();
  double r[6];
  invoke(*this, c.own.par, state, dflag, 0, r);
  std::fill(e, e + 6, 0.0);
  if (kind == Kind::kScalar || vector->user_force) {
    std::copy(r, r + (kind == Kind::kScalar ? 1 : 3), e);
  }
  if (kind == Kind::kVector && vector->user_torque) {
    std::copy(r + (vector->user_force ? 3 : 0), r + (vector->user_force ? 6 : 3), e + 3);
  }
}

template <class T>
void ForceKernel::user_values(const T* x, double t, T* e, const KernelCall& call) const {
  if constexpr (std::is_same_v<T, double>) {
    call_user(x, t, 0, e, call);
  } else {
    const int n = inputs();
    double xv[kMaxLocalInputs];
    for (int i = 0; i < n; ++i) xv[i] = value_of(x[i]);
    double base[6], pert[6];
    call_user(xv, t, 0, base, call);
    for (int c = 0; c < 6; ++c) e[c] = T(base[c], ADVector::Zero(n));
    for (int i = 0; i < n; ++i) {
      const double saved = xv[i];
      const double h = 1.4901161193847656e-08 * std::max(1.0, std::abs(saved));
      xv[i] = saved + h;
      call_user(xv, t, 1, pert, call);
      xv[i] = saved;
      for (int c = 0; c < 6; ++c) e[c].derivatives()(i) = (pert[c] - base[c]) / h;
    }
  }
}

template void ForceKernel::user_values<double>(const double*, double, double*,
                                               const KernelCall&) const;
template void ForceKernel::user_values<AD>(const AD*, double, AD*, const KernelCall&) const;

void bind_user_force(ForceKernel& k, const System& sys, AngleHistory& angles,
                     const std::vector<double>& y0) {
  const Model& m = sys.model();
  k.work.par = k.user->par;
  k.work.y_full = y0;
  UserDependencies deps;
  const SystemUserContext context(sys, angles);
  UserCallState state;
  state.context = &context;
  state.y = k.work.y_full.data();
  state.record = &deps;
  double r[6];
  invoke(k, k.work.par, state, 0, 1, r);
  if (!deps.states.empty()) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: user subroutine {} reads DIF/DIF1, which force subroutines "
                            "cannot read yet",
                            k.subject, k.user->describe()));
  }
  for (int b : deps.bodies) {
    if (m.bodies[b].ground) continue;
    if (std::find(k.bodies.begin(), k.bodies.end(), b) == k.bodies.end()) k.bodies.push_back(b);
  }
  k.blocks = deps.blocks;
  k.n_multipliers = 0;
  for (int b : k.blocks) k.n_multipliers += sys.joint_equation_count(b);
  if (k.inputs() > kMaxLocalInputs) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: user subroutine {} reads too many bodies and reactions ({} "
                            "inputs; at most {})",
                            k.subject, k.user->describe(), k.inputs(), kMaxLocalInputs));
  }
  k.known_bodies.assign(m.bodies.size(), 0);
  for (int b : k.bodies) k.known_bodies[b] = 1;
  k.known_blocks.assign(static_cast<size_t>(sys.num_constraint_blocks()), 0);
  for (int b : k.blocks) k.known_blocks[b] = 1;
}

}  // namespace mb
