#pragma once
// The kernel of a Constraint_CVCV (models/constraint_cvcv.hpp): curve c_i fixed in marker I's
// frame touches curve c_j fixed in marker J's frame, both in the XY plane of their marker. With
// alpha, beta the curve parameters and, in body axes, p_I(alpha) = s_I + U_I c_i(alpha) and
// p_J(beta) = s_J + U_J c_j(beta) (s, U: the marker's origin and axes), the four equations are
//   Phi_1..3 = r_i + A_i p_I(alpha) - r_j - A_j p_J(beta) = 0        (the contact points coincide)
//   Phi_4    = k (A_i U_I c_i'(alpha)) . (A_j U_J n_j(beta)) = 0     (the tangents are parallel)
// where n_j = z x c_j' = (-c_j'y, c_j'x, 0) is the J curve's normal in J's XY plane and k =
// 1 / (|c_i'(alpha0)| |c_j'(beta0)|) makes Phi_4 the sine of the angle between the tangents near
// the start. alpha and beta are coordinates of their own, like the PTCV's alpha
// (solver/ptcv_kernel.hpp): massless, with rates s_alpha, s_beta; in the stabilised index-2 form,
// beside the body rows of joint_kernel.hpp,
//   velocity rows (lambda):  B nu + Phi_alpha s_alpha + Phi_beta s_beta = 0
//   position rows (mu):      Phi = 0
//   alpha, beta rows:        alpha' - s_alpha - Phi_alpha . mu = 0 (beta likewise)
//   rate rows:               -Phi_alpha . lambda = 0, -Phi_beta . lambda = 0
// so the reaction (lambda_1..3: the force on I, ground axes; lambda_4: the couple k lambda_4
// (g x h) on I that keeps the tangents parallel) does no work along either curve. The rows of
// Phi_4 in B: w_i . (k U_I c_i' x A_i^T h) and w_j . (k U_J n_j x A_j^T g), g and h the global
// tangent of c_i and normal of c_j. Inputs: y_i (13), y_j (13), lambda (4), mu (4), alpha, beta,
// s_alpha, s_beta, then their derivatives. Outputs: 13 rows per body, 4 velocity rows, 4
// position rows, the alpha, beta and two rate rows. Only double and AD evaluations (the System
// refuses the index-1 form, as for PTCV).

#include <array>
#include <string>
#include <vector>

#include "expr/curve_geometry.hpp"
#include "models/model.hpp"
#include "solver/autodiff.hpp"
#include "solver/joint_kernel.hpp"
#include "solver/ptcv_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

struct CvcvKernel {
  static constexpr int kEquations = 4;
  static constexpr int kStates = 4;  ///< alpha, beta, s_alpha, s_beta
  static constexpr int kMultipliers = kTwoBodyStates;
  static constexpr int kOwnStates = kTwoBodyStates + 2 * kEquations;

  CvcvKernel(const expr::CurveData& i_data, const expr::CurveData& j_data)
      : curve{expr::CurveGeometry(i_data), expr::CurveGeometry(j_data)} {}

  const CurveCurveConstraint* cvcv = nullptr;
  std::string subject;                                            ///< "Constraint_CVCV <id>"
  std::array<expr::CurveGeometry, 2> curve;                       ///< c_i, c_j
  V3<double> s_i = V3<double>::Zero(), s_j = V3<double>::Zero();  ///< marker origins, body axes
  M3<double> u_i = M3<double>::Identity(), u_j = M3<double>::Identity();  ///< marker axes
  double tangent_scale = 1.0;                                             ///< k
  double alpha0 = 0.0, beta0 = 0.0, rate_alpha0 = 0.0, rate_beta0 = 0.0;

  int inputs() const { return kOwnStates + 2 * kStates; }
  int outputs() const { return kOwnStates + kStates; }

  /// d^order c / du^order of curve `side` (0 = c_i, 1 = c_j) in its marker's axes.
  template <class T>
  V3<T> curve_point(int side, const T& u, int order) const {
    const expr::CurveGeometry& c = curve[static_cast<size_t>(side)];
    return V3<T>(curve_value(c.component(0), u, order), curve_value(c.component(1), u, order),
                 curve_value(c.component(2), u, order));
  }

  /// z x v: a vector of J's XY plane turned by 90 degrees about J's z.
  template <class T>
  static V3<T> in_plane_normal(const V3<T>& v) {
    return V3<T>(-v(1), v(0), T(0.0));
  }

  /// Phi, its B rows and dPhi/dalpha, dPhi/dbeta at the body states and the parameters.
  template <class T>
  void constraints(const T* yi, const T* yj, const T& alpha, const T& beta, T* phi, T (*B)[12],
                   T* phi_alpha, T* phi_beta) const {
    const V3<T> ri(yi[kBodyR], yi[kBodyR + 1], yi[kBodyR + 2]);
    const V3<T> rj(yj[kBodyR], yj[kBodyR + 1], yj[kBodyR + 2]);
    const M3<T> Ai = rotation_from_euler_parameters<T>(
        V4<T>(yi[kBodyP], yi[kBodyP + 1], yi[kBodyP + 2], yi[kBodyP + 3]));
    const M3<T> Aj = rotation_from_euler_parameters<T>(
        V4<T>(yj[kBodyP], yj[kBodyP + 1], yj[kBodyP + 2], yj[kBodyP + 3]));
    const M3<T> Ui = u_i.cast<T>(), Uj = u_j.cast<T>();
    const V3<T> pi = s_i.cast<T>() + Ui * curve_point(0, alpha, 0);
    const V3<T> pj = s_j.cast<T>() + Uj * curve_point(1, beta, 0);
    const V3<T> ti = Ui * curve_point(0, alpha, 1);  // c_i' in I's body axes
    const V3<T> tj = Uj * curve_point(1, beta, 1);
    const V3<T> nj = Uj * in_plane_normal<T>(curve_point(1, beta, 1));
    const V3<T> g = Ai * ti, h = Aj * nj;
    const T k(tangent_scale);
    const V3<T> point = ri + Ai * pi - rj - Aj * pj;
    const V3<T> d_alpha = Ai * ti, d_beta = -(Aj * tj);
    for (int e = 0; e < 3; ++e) {
      phi[e] = point(e);
      phi_alpha[e] = d_alpha(e);
      phi_beta[e] = d_beta(e);
    }
    phi[3] = k * g.dot(h);
    phi_alpha[3] = k * (Ai * (Ui * curve_point(0, alpha, 2))).dot(h);
    phi_beta[3] = k * g.dot(Aj * (Uj * in_plane_normal<T>(curve_point(1, beta, 2))));
    for (int e = 0; e < kEquations; ++e) {
      for (int c = 0; c < 12; ++c) B[e][c] = T(0.0);
    }
    for (int e = 0; e < 3; ++e) {
      const V3<T> ei = V3<T>::Unit(e);
      const V3<T> wi = pi.cross(Ai.transpose() * ei);
      const V3<T> wj = pj.cross(Aj.transpose() * ei);
      B[e][e] = T(1.0);
      B[e][6 + e] = T(-1.0);
      for (int c = 0; c < 3; ++c) {
        B[e][3 + c] = wi(c);
        B[e][9 + c] = -wj(c);
      }
    }
    const V3<T> wi = k * ti.cross(Ai.transpose() * h);
    const V3<T> wj = k * nj.cross(Aj.transpose() * g);
    for (int c = 0; c < 3; ++c) {
      B[3][3 + c] = wi(c);
      B[3][9 + c] = wj(c);
    }
  }

  template <class T>
  void eval(const T* x, T* out, double /*t*/, const KernelCall& /*c*/) const {
    const T* yi = x;
    const T* yj = x + kBodyStates;
    const T* lambda = x + kMultipliers;
    const T* mu = lambda + kEquations;
    const T* state = x + kOwnStates;  // alpha, beta, s_alpha, s_beta
    const T* rate = state + kStates;
    T phi[kEquations], phi_alpha[kEquations], phi_beta[kEquations];
    T B[kEquations][12];
    constraints(yi, yj, state[0], state[1], phi, B, phi_alpha, phi_beta);
    for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
    add_multiplier_terms(B, kEquations, yi, yj, lambda, mu, out);
    T* vel = out + kMultipliers;
    for (int e = 0; e < kEquations; ++e) {
      T v = phi_alpha[e] * state[2] + phi_beta[e] * state[3];
      for (int c = 0; c < 3; ++c) {
        v += B[e][c] * yi[kBodyV + c] + B[e][3 + c] * yi[kBodyW + c] +
             B[e][6 + c] * yj[kBodyV + c] + B[e][9 + c] * yj[kBodyW + c];
      }
      vel[e] = v;
      vel[kEquations + e] = phi[e];
    }
    T* own = out + kOwnStates;
    own[0] = rate[0] - state[2];
    own[1] = rate[1] - state[3];
    for (int e = 0; e < kEquations; ++e) {
      own[0] -= phi_alpha[e] * mu[e];
      own[1] -= phi_beta[e] * mu[e];
      own[2] -= phi_alpha[e] * lambda[e];
      own[3] -= phi_beta[e] * lambda[e];
    }
  }

  /// The contact point (on c_j), global, at the body states of J and beta.
  Vec3 contact_point(const double* yj, double beta) const;
  /// The couple on I's body from lambda_4 (global): k lambda_4 (g x h).
  Vec3 tangency_couple(const double* yi, const double* yj, double alpha, double beta,
                       double lambda4) const;
};

/// Builds the kernels of the model's Constraint_CVCV elements (Model::curve_curves order), with
/// the initial parameters and their rates from the deck's velocities (or i_vel0, j_vel0).
std::vector<CvcvKernel> make_cvcv_kernels(const Model& model);

}  // namespace mb
