#include "solver/state_reads.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/forward_difference.hpp"
#include "solver/state_kernel.hpp"
#include "solver/system.hpp"

namespace mb {

namespace {

/// Value `r` of its element (or VARSUB) at the System-layout state (y, yp).
double read_once(const System& sys, Workspace& ws, const ElementRead& r, const double* y,
                 const double* yp, double t) {
  if (r.variable >= 0) return sys.user_variables().value(r.variable, sys, ws, y, yp, t);
  double out[StateKernel::kMaxStates];
  const auto e = static_cast<size_t>(r.element);
  sys.state_kernels()[e].read_at(y, yp, t, r.inputs, out, {sys, ws, ws.states[e]});
  return out[r.comp];
}

}  // namespace

template <class T>
T read_element_value(const System& sys, Workspace& ws, const ElementRead& r, const T* x, int n_in,
                     const std::vector<int>& input_vars, const std::vector<char>& input_is_deriv,
                     std::vector<double>& y_full, std::vector<double>& yp_full, double t) {
  double xv[kMaxLocalInputs];
  for (int i = 0; i < n_in; ++i) {
    xv[i] = value_of(x[i]);
    (input_is_deriv[i] ? yp_full : y_full)[input_vars[i]] = xv[i];
  }
  const double base = read_once(sys, ws, r, y_full.data(), yp_full.data(), t);
  if constexpr (std::is_same_v<T, double>) {
    return base;
  } else {
    AD v(base, ADVector::Zero(n_in));
    for (int i = 0; i < n_in; ++i) {
      double& entry = (input_is_deriv[i] ? yp_full : y_full)[input_vars[i]];
      const double h = forward_difference_step(xv[i]);
      entry = xv[i] + h;
      v.derivatives()(i) = (read_once(sys, ws, r, y_full.data(), yp_full.data(), t) - base) / h;
      entry = xv[i];
    }
    return v;
  }
}

template double read_element_value<double>(const System&, Workspace&, const ElementRead&,
                                           const double*, int, const std::vector<int>&,
                                           const std::vector<char>&, std::vector<double>&,
                                           std::vector<double>&, double);
template AD read_element_value<AD>(const System&, Workspace&, const ElementRead&, const AD*, int,
                                   const std::vector<int>&, const std::vector<char>&,
                                   std::vector<double>&, std::vector<double>&, double);

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

template <class T>
T StateKernel::read_value(const ElementRead& r, const T* x, double t, const KernelCall& c) const {
  return read_element_value(c.sys, c.ws, r, x, inputs(), input_vars, input_is_deriv, c.own.y_full,
                            c.own.yp_full, t);
}

template double StateKernel::read_value<double>(const ElementRead&, const double*, double,
                                                const KernelCall&) const;
template AD StateKernel::read_value<AD>(const ElementRead&, const AD*, double,
                                        const KernelCall&) const;

}  // namespace mb
