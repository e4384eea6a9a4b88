#include "solver/coupler_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <type_traits>

#include "common/error.hpp"
#include "solver/autodiff.hpp"
#include "solver/autodiff2.hpp"
#include "solver/state_layout.hpp"

namespace mb {

template <class T>
T CouplerKernel::coordinate(const Term& term, const T* yi, const T* yj, T* row) const {
  const M3<T> Ai = rotation_from_euler_parameters<T>(V4<T>(yi[3], yi[4], yi[5], yi[6]));
  const M3<T> Aj = rotation_from_euler_parameters<T>(V4<T>(yj[3], yj[4], yj[5], yj[6]));
  const JointKernel& g = term.joint;
  if (term.rotational) return g.angle_z(Ai, Aj, row);
  const V3<T> si = g.s_i.cast<T>(), sj = g.s_j.cast<T>();
  const V3<T> d = V3<T>(yi[0], yi[1], yi[2]) + Ai * si - V3<T>(yj[0], yj[1], yj[2]) - Aj * sj;
  return dot2_row<T>(g.u_j.col(2).cast<T>(), Ai, Aj, si, sj, d, row);
}

template <class T>
T CouplerKernel::phi(const T* x, const T* states, double t, T* rates, T* B,
                     const KernelCall& call) const {
  const int nb = num_bodies();
  for (int c = 0; c < 6 * nb; ++c) B[c] = T(0.0);
  const double two_pi = 2.0 * std::numbers::pi;
  T q[kMaxTerms];
  T rows[kMaxTerms][12];
  for (int k = 0; k < num_terms; ++k) {
    const Term& term = terms[k];
    const T* yi = x + kBodyStates * term.bi;
    const T* yj = x + kBodyStates * term.bj;
    q[k] = coordinate(term, yi, yj, rows[k]) - term.q0;
    if (term.rotational) {
      const T offset = q[k] - states[term.state];  // the turn count: a constant shift
      q[k] -= two_pi * std::round(value_of(offset) / two_pi);
    }
    T rate = T(0.0);
    for (int c = 0; c < 6; ++c) rate += rows[k][c] * yi[7 + c] + rows[k][6 + c] * yj[7 + c];
    rates[k] = rate;
  }
  // coef[k] = dPhi/dq_k (with its own derivatives for the Jacobian of B^T lambda).
  T coef[kMaxTerms];
  T value = T(0.0);
  if (user) {
    constexpr bool kJacobian = !std::is_same_v<T, double>;
    double qv[kMaxTerms], g[kMaxTerms], H[kMaxTerms * kMaxTerms];
    for (int k = 0; k < num_terms; ++k) qv[k] = value_of(q[k]);
    double phi_value = 0.0;
    call_user(-1, qv, t, 0, &phi_value, 1, call.sys, call.ws.angles, call.own.par);
    user_partials(qv, t, g, kJacobian ? H : nullptr, call);
    value = T(phi_value);
    for (int k = 0; k < num_terms; ++k) {
      value += g[k] * (q[k] - T(qv[k]));
      coef[k] = T(g[k]);
      if constexpr (kJacobian) {
        for (int l = 0; l < num_terms; ++l) coef[k] += H[k * num_terms + l] * (q[l] - T(qv[l]));
      }
    }
    if constexpr (std::is_same_v<T, AD2>) {
      // Forward mode over the dual numbers (the Jacobian of the index-1 acceleration row): the
      // tangent of coef_k, sum_l H_kl q_l', varies with q through H as well.
      double qdot[kMaxTerms], D[kMaxTerms * kMaxTerms];
      for (int k = 0; k < num_terms; ++k) qdot[k] = q[k].tangent();
      user_third_partials(qv, qdot, t, D, call);
      for (int k = 0; k < num_terms; ++k) {
        for (int l = 0; l < num_terms; ++l) {
          coef[k].add_to_tangent_gradient(D[k * num_terms + l], q[l]);
        }
      }
    }
  } else {
    for (int k = 0; k < num_terms; ++k) {
      coef[k] = T(terms[k].scale);
      value += terms[k].scale * q[k];
    }
  }
  for (int k = 0; k < num_terms; ++k) {
    const Term& term = terms[k];
    for (int c = 0; c < 6; ++c) {
      B[6 * term.bi + c] += coef[k] * rows[k][c];
      B[6 * term.bj + c] += coef[k] * rows[k][6 + c];
    }
  }
  return value;
}

void CouplerKernel::coordinates(const double* y_bodies[], const double* states, double* q) const {
  const double two_pi = 2.0 * std::numbers::pi;
  for (int k = 0; k < num_terms; ++k) {
    const Term& term = terms[k];
    double row[12];
    q[k] = coordinate(term, y_bodies[term.bi], y_bodies[term.bj], row) - term.q0;
    if (term.rotational) q[k] -= two_pi * std::round((q[k] - states[term.state]) / two_pi);
  }
}

template <class T>
void CouplerKernel::eval(const T* x, T* out, double t, const KernelCall& call) const {
  const int nb = num_bodies();
  for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
  const T* states = x + kBodyStates * nb + 2 * m;
  const T* state_rates = states + num_states;
  T rates[kMaxTerms];
  T B[6 * kMaxBodies];
  const T value = phi(x, states, t, rates, B, call);
  T* own_states = out + kBodyStates * nb + 2 * m;
  for (int k = 0; k < num_terms; ++k) {
    if (terms[k].rotational) own_states[terms[k].state] = state_rates[terms[k].state] - rates[k];
  }
  if (m == 0) return;
  const T lambda = x[kBodyStates * nb], mu = x[kBodyStates * nb + 1];
  T vel = T(0.0);
  for (int b = 0; b < nb; ++b) {
    const T* y = x + kBodyStates * b;
    T* o = out + kBodyStates * b;
    const T* Bb = B + 6 * b;
    V3<T> mu_w = V3<T>::Zero();
    for (int c = 0; c < 3; ++c) {
      o[c] -= Bb[c] * mu;
      o[7 + c] -= Bb[c] * lambda;
      o[10 + c] -= Bb[3 + c] * lambda;
      mu_w(c) += Bb[3 + c] * mu;
      vel += Bb[c] * y[7 + c] + Bb[3 + c] * y[10 + c];
    }
    const V4<T> p(y[3], y[4], y[5], y[6]);
    const V4<T> pdot = euler_parameter_rate(p, mu_w);
    for (int c = 0; c < 4; ++c) o[3 + c] -= pdot(c);
  }
  out[kBodyStates * nb] = vel;
  out[kBodyStates * nb + 1] = value;
}

template double CouplerKernel::coordinate<double>(const Term&, const double*, const double*,
                                                  double*) const;
template void CouplerKernel::eval<double>(const double*, double*, double, const KernelCall&) const;
template void CouplerKernel::eval<AD>(const AD*, AD*, double, const KernelCall&) const;
// The acceleration rows of the index-1 form (solver/system.hpp).
template void CouplerKernel::eval<Dual>(const Dual*, Dual*, double, const KernelCall&) const;
template void CouplerKernel::eval<AD2>(const AD2*, AD2*, double, const KernelCall&) const;

std::vector<CouplerKernel> make_coupler_kernels(const Model& model) {
  std::vector<CouplerKernel> out;
  for (const Coupler& c : model.couplers) {
    CouplerKernel k;
    k.coupler = &c;
    k.subject = fmt::format("{} {}", c.gear ? "Constraint_Gear" : "Constraint_Coupler", c.id);
    k.m = c.active ? 1 : 0;
    auto local_body = [&](int b) {
      const auto it = std::find(k.bodies.begin(), k.bodies.end(), b);
      if (it != k.bodies.end()) return static_cast<int>(it - k.bodies.begin());
      k.bodies.push_back(b);
      return static_cast<int>(k.bodies.size() - 1);
    };
    if (c.terms.size() > CouplerKernel::kMaxTerms) {
      throw Error(ExitCode::kInternal, k.subject + ": too many coupled coordinates");
    }
    for (const Coupler::Term& ct : c.terms) {
      const Joint& j = model.joints[ct.joint];
      const Marker& mi = model.markers[j.i_marker];
      const Marker& mj = model.markers[j.j_marker];
      CouplerKernel::Term& t = k.terms[k.num_terms++];
      t.joint.s_i = mi.pos_body;
      t.joint.u_i = mi.axes_body;
      t.joint.s_j = mj.pos_body;
      t.joint.u_j = mj.axes_body;
      t.bi = local_body(mi.body);
      t.bj = local_body(mj.body);
      t.rotational = ct.rotational;
      t.scale = ct.scale;
      if (t.rotational) t.state = k.num_states++;
    }
    if (k.num_bodies() > CouplerKernel::kMaxBodies) {
      throw Error(ExitCode::kInternal, k.subject + ": too many bodies");
    }
    // q0: the coordinates at the bodies' initial poses (the input configuration).
    std::vector<double> y0(kBodyStates * k.bodies.size());
    for (size_t b = 0; b < k.bodies.size(); ++b) {
      const Body& body = model.bodies[k.bodies[b]];
      double* y = y0.data() + kBodyStates * b;
      std::copy(kGroundState, kGroundState + kBodyStates, y);
      if (body.ground) continue;
      for (int i = 0; i < 3; ++i) y[kBodyR + i] = body.r0(i);
      for (int i = 0; i < 4; ++i) y[kBodyP + i] = body.p0(i);
    }
    for (int n = 0; n < k.num_terms; ++n) {
      CouplerKernel::Term& t = k.terms[n];
      double row[12];
      t.q0 = k.coordinate(t, y0.data() + kBodyStates * t.bi, y0.data() + kBodyStates * t.bj, row);
    }
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace mb
