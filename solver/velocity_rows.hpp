#pragma once
// The velocity rows of a constraint kernel (the index-1 form's acceleration rows and the time
// rates of velocity rows evaluate them with dual numbers; solver/system.hpp).

#include "solver/workspace.hpp"

namespace mb {

/// The velocity rows of a constraint kernel: its velocity_rows() when it has one (only those
/// outputs are written), else its whole eval.
template <class Kernel, class T>
void eval_velocity_rows(const Kernel& k, const T* x, T* out, double t, const KernelCall& c) {
  if constexpr (requires { k.velocity_rows(x, out, t, c); }) {
    k.velocity_rows(x, out, t, c);
  } else {
    k.eval(x, out, t, c);
  }
}

}  // namespace mb
