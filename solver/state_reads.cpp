// A state kernel reading values another state element computes with user subroutines: the
// outputs y of a USERSUB element (GSESUB / YFOSUB, ARYVAL of its Y array) and the entries of an
// ARYSUB U array (ARYVAL of the array, evaluated by the element that uses it). The reader holds
// every local input of that element (make_state_kernels adds them), so the value is a function
// of the reader's own local inputs: scattered into the System layout, handed to the element
// (StateKernel::read_at), and, for T = AD, differentiated by forward differences over each local
// input, like the reader's own user routines (solver/user_state.cpp). The value is solved
// together with the reader's equations, not lagged. Nothing here allocates.

#include "solver/forward_difference.hpp"
#include "solver/state_kernel.hpp"
#include "solver/system.hpp"

namespace mb {

namespace {

/// Value `r` of its element at the System-layout state (y, yp).
double read_once(const System& sys, const StateKernel::Node::Read& r, const double* y,
                 const double* yp, double t) {
  double out[StateKernel::kMaxStates];
  sys.state_kernels()[static_cast<size_t>(r.element)].read_at(y, yp, t, r.inputs, out);
  return out[r.comp];
}

}  // namespace

template <class T>
T StateKernel::read_value(const Node::Read& r, const T* x, double t) const {
  const int n_in = inputs();
  double xv[kMaxLocalInputs];
  for (int i = 0; i < n_in; ++i) xv[i] = value_of(x[i]);
  scatter(xv);
  const double base = read_once(*sys, r, y_full.data(), yp_full.data(), t);
  if constexpr (std::is_same_v<T, double>) {
    return base;
  } else {
    AD v(base, ADVector::Zero(n_in));
    for (int i = 0; i < n_in; ++i) {
      double& entry = (input_is_deriv[i] ? yp_full : y_full)[input_vars[i]];
      const double h = forward_difference_step(xv[i]);
      entry = xv[i] + h;
      v.derivatives()(i) = (read_once(*sys, r, y_full.data(), yp_full.data(), t) - base) / h;
      entry = xv[i];
    }
    return v;
  }
}

template double StateKernel::read_value<double>(const Node::Read&, const double*, double) const;
template AD StateKernel::read_value<AD>(const Node::Read&, const AD*, double) const;

}  // namespace mb
