// The System's side of solver/state_reads.hpp: the value of an element (or VARSUB) a kernel reads
// at a System-layout state, and the local inputs a force kernel takes for what it reads. Defined
// with the System so that the kernels below it need not include it.

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/state_reads.hpp"
#include "solver/system.hpp"
#include "solver/user_context.hpp"

namespace mb {

double read_user_value(const System& sys, Workspace& ws, const ElementRead& r, const double* y,
                       const double* yp, double t) {
  if (r.variable >= 0)
    return sys.user_variables().value(r.variable, SystemUserContext(sys, ws.angles), ws, y, yp, t);
  double out[StateKernel::kMaxStates];
  const auto e = static_cast<size_t>(r.element);
  sys.state_kernels()[e].read_at(y, yp, t, r.inputs, out, {sys, ws, ws.states[e]});
  return out[r.comp];
}

void add_read_inputs(ForceKernel& k, const System& sys, const std::vector<double>& y0) {
  StateInputs& in = k.state_inputs;
  if (in.reads.empty()) return;
  auto body = [&](int b) {
    if (std::find(k.bodies.begin(), k.bodies.end(), b) == k.bodies.end()) k.bodies.push_back(b);
  };
  auto block = [&](int c) {
    if (std::find(k.blocks.begin(), k.blocks.end(), c) != k.blocks.end()) return;
    k.blocks.push_back(c);
    k.n_multipliers += sys.joint_equation_count(c);
  };
  auto state = [&](int s, char deriv) {
    for (size_t j = 0; j < in.states.size(); ++j) {
      if (in.states[j] == s && in.state_deriv[j] == deriv) return;
    }
    in.states.push_back(s);
    in.state_deriv.push_back(deriv);
  };
  for (const ElementRead& r : in.reads) {
    if (r.variable >= 0) {  // a VARSUB: what its dependency call read
      const UserDependencies& deps = sys.user_variables().dependencies(r.variable);
      for (int b : deps.bodies) body(b);
      for (int c : deps.blocks) block(c);
      for (int key : deps.states) state(key / 2, static_cast<char>(key % 2));
      continue;
    }
    const StateKernel& src = sys.state_kernels()[static_cast<size_t>(r.element)];
    for (int b : src.bodies) body(b);
    for (int c : src.blocks) block(c);
    const StateInputs& p = src.program;
    for (size_t i = 0; i < p.states.size(); ++i) state(p.states[i], p.state_deriv[i]);
  }
  if (k.bodies.size() > ForceKernel::kMaxBodies || k.inputs() > kMaxLocalInputs) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: the user-subroutine values its expressions read depend on too "
                            "many bodies and states (at most {} bodies, {} local inputs)",
                            k.subject, ForceKernel::kMaxBodies, kMaxLocalInputs));
  }
  k.work.y_full = y0;
  k.work.yp_full.assign(y0.size(), 0.0);
}

}  // namespace mb
