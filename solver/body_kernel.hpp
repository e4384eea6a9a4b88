#pragma once
// The rigid-body kernel: kinematic and Newton-Euler rows of one moving body.
//
// Body states (13): r (CM position, ground), p (Euler parameters of the CM frame), v (CM
// velocity, ground), w (angular velocity, body axes). With the normalisation multiplier mu_n:
//   r' - v                               (+ joint terms -B_v^T mu added by joint kernels)
//   p' - 1/2 G(p)^T w - p mu_n           (+ -1/2 G^T B_w^T mu)
//   m v' - m g(t)                        (+ -B_v^T lambda and applied forces)
//   J w' + w x J w                       (+ -B_w^T lambda and applied torques)
//   1/2 (p.p - 1)                        (the normalisation constraint)
// where G(p) = [-e, e0 I - [e]x] so that p' = 1/2 G^T w is p' = 1/2 p (x) (0, w).
// Masses and inertias are already scaled by the unit system's mass factor.

#include <complex>

#include "solver/autodiff.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

class System;

/// The gravity of `sys` at time t, cached in `ws` (System::gravity; defined with the System,
/// solver/system.cpp, so that the kernels need not include it).
const V3<double>& system_gravity(const System& sys, double t, Workspace& ws);

/// 1/2 G(p)^T w: the Euler-parameter rate for body-axes angular velocity w.
template <class T, class W>
V4<T> euler_parameter_rate(const V4<T>& p, const W& w) {
  V4<T> out;
  out(0) = -0.5 * (p(1) * w(0) + p(2) * w(1) + p(3) * w(2));
  out(1) = 0.5 * (p(0) * w(0) + p(2) * w(2) - p(3) * w(1));
  out(2) = 0.5 * (p(0) * w(1) + p(3) * w(0) - p(1) * w(2));
  out(3) = 0.5 * (p(0) * w(2) + p(1) * w(1) - p(2) * w(0));
  return out;
}

struct BodyKernel {
  static constexpr int kInputs = 2 * kBodyStates + 1;  ///< y, y' (13 each), mu_n
  static constexpr int kOutputs = kBodyStates + 1;     ///< 13 body rows, normalisation row

  double mass = 0;                          ///< scaled mass
  M3<double> inertia = M3<double>::Zero();  ///< scaled, about CM, body axes

  /// 1/2 m v.v + 1/2 w.J w for CM velocity v and body-axes angular velocity w. For complex
  /// amplitudes (mode shapes) the quadratic forms are Hermitian: 1/2 m |v|^2 + 1/2 w^H J w.
  template <class S>
  double kinetic_energy(const Eigen::Matrix<S, 3, 1>& v, const Eigen::Matrix<S, 3, 1>& w) const {
    return 0.5 * mass * v.squaredNorm() +
           0.5 * std::real((w.adjoint() * inertia.cast<S>() * w)(0, 0));
  }

  /// The normalisation constraint 1/2 (p.p - 1) of Euler parameters p (the last output of eval;
  /// System::constraint_residual evaluates it alone).
  template <class T>
  static T normalisation(const V4<T>& p) {
    return 0.5 * (p.squaredNorm() - 1.0);
  }

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& c) const {
    const T* y = x;
    const T* yp = x + kBodyStates;
    const T& mu_n = x[kTwoBodyStates];
    for (int k = 0; k < 3; ++k) out[kBodyR + k] = yp[kBodyR + k] - y[kBodyV + k];
    const V4<T> p(y[kBodyP], y[kBodyP + 1], y[kBodyP + 2], y[kBodyP + 3]);
    const V3<T> w(y[kBodyW], y[kBodyW + 1], y[kBodyW + 2]);
    const V4<T> pdot = euler_parameter_rate(p, w);
    for (int k = 0; k < 4; ++k) out[kBodyP + k] = yp[kBodyP + k] - pdot(k) - p(k) * mu_n;
    const V3<double>& g = system_gravity(c.sys, t, c.ws);
    for (int k = 0; k < 3; ++k) out[kBodyV + k] = mass * (yp[kBodyV + k] - g(k));
    const V3<T> wdot(yp[kBodyW], yp[kBodyW + 1], yp[kBodyW + 2]);
    const M3<T> J = inertia.cast<T>();
    const V3<T> Jw = J * w;
    const V3<T> dyn = J * wdot + w.cross(Jw);
    for (int k = 0; k < 3; ++k) out[kBodyW + k] = dyn(k);
    out[kBodyStates] = normalisation(p);
  }
};

}  // namespace mb
