#pragma once
// The kernel of a Constraint_PTCV (models/constraint_ptcv.hpp): the origin of marker I stays on
// the curve c fixed in marker J's frame. With alpha the curve parameter and, in J's body axes,
// s_J(alpha) = s_J + U_J c(alpha) (s_J, U_J: J's origin and axes), the three equations are
//   Phi = R_I - R_C = r_i + A_i s_I - r_j - A_j s_J(alpha) = 0,
// the point equations of a spherical joint whose J point moves with alpha (solver/joint_kernel.hpp:
// same B, 12 columns v_i, w_i, v_j, w_j), and dPhi/dalpha = -A_j U_J c'(alpha).
// alpha is a coordinate of its own: a massless one-degree-of-freedom "body" with velocity s. In
// the stabilised index-2 (GGL) form, beside the body rows of joint_kernel.hpp:
//   velocity rows (lambda):  B nu + dPhi/dalpha s = 0
//   position rows (mu):      Phi = 0
//   alpha row:               alpha' - s - dPhi/dalpha . mu = 0
//   s row:                   -dPhi/dalpha . lambda = 0   (no inertia, no force along the curve)
// so the reaction lambda (the force on I, ground axes) is normal to the curve, and s follows the
// velocity rows. alpha and s are differential variables (s' appears in no row, like the
// velocities of a massless body); closed curves are periodic in alpha (period 2), open ones end
// at alpha = +-1. Inputs: y_i (13), y_j (13), lambda (3), mu (3), alpha, s, alpha', s'.
// Outputs: 13 rows per body, 3 velocity rows, 3 position rows, the alpha and s rows.
// Only double and AD evaluations (IDA's index-2 and index-3 forms; the index-1 form's dual-number
// acceleration rows are not provided, and the System refuses that form).

#include <string>
#include <vector>

#include "expr/curve_geometry.hpp"
#include "models/model.hpp"
#include "solver/autodiff.hpp"
#include "solver/joint_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

/// f^(order)(u) of a curve component, with the tangent of u carried through (AD).
inline double curve_value(const expr::SplineCurve& f, double u, int order) {
  return f.eval(u, order);
}
inline AD curve_value(const expr::SplineCurve& f, const AD& u, int order) {
  AD r(f.eval(u.value(), order));
  if (u.derivatives().size() > 0) r.derivatives() = f.eval(u.value(), order + 1) * u.derivatives();
  return r;
}

struct PtcvKernel {
  static constexpr int kEquations = 3;
  static constexpr int kStates = 2;  ///< alpha, s
  static constexpr int kMultipliers = kTwoBodyStates;
  static constexpr int kOwnStates = kTwoBodyStates + 2 * kEquations;

  explicit PtcvKernel(const expr::CurveData& data) : curve(data) {}

  const PointCurveConstraint* ptcv = nullptr;
  std::string subject;  ///< "Constraint_PTCV <id>"
  expr::CurveGeometry curve;
  V3<double> s_i = V3<double>::Zero(), s_j = V3<double>::Zero();  ///< marker origins, body axes
  M3<double> u_j = M3<double>::Identity();  ///< marker J axes (columns) in body axes
  double alpha0 = 0.0, s0 = 0.0;            ///< initial alpha and s

  int inputs() const { return kOwnStates + 2 * kStates; }
  int outputs() const { return kOwnStates + kStates; }

  /// c(alpha) (order 0) or c'(alpha) (order 1) in J marker axes.
  template <class T>
  V3<T> curve_point(const T& alpha, int order) const {
    return V3<T>(curve_value(curve.component(0), alpha, order),
                 curve_value(curve.component(1), alpha, order),
                 curve_value(curve.component(2), alpha, order));
  }

  /// Phi, its B rows and dPhi/dalpha at the body states and alpha.
  template <class T>
  void constraints(const T* yi, const T* yj, const T& alpha, V3<T>& phi, T (*B)[12],
                   V3<T>& phi_alpha) const {
    const V3<T> ri(yi[kBodyR], yi[kBodyR + 1], yi[kBodyR + 2]);
    const V3<T> rj(yj[kBodyR], yj[kBodyR + 1], yj[kBodyR + 2]);
    const M3<T> Ai = rotation_from_euler_parameters<T>(
        V4<T>(yi[kBodyP], yi[kBodyP + 1], yi[kBodyP + 2], yi[kBodyP + 3]));
    const M3<T> Aj = rotation_from_euler_parameters<T>(
        V4<T>(yj[kBodyP], yj[kBodyP + 1], yj[kBodyP + 2], yj[kBodyP + 3]));
    const M3<T> U = u_j.cast<T>();
    const V3<T> si = s_i.cast<T>();
    const V3<T> sj = s_j.cast<T>() + U * curve_point(alpha, 0);
    phi = ri + Ai * si - rj - Aj * sj;
    phi_alpha = -(Aj * (U * curve_point(alpha, 1)));
    for (int e = 0; e < kEquations; ++e) {
      T* row = B[e];
      for (int c = 0; c < 12; ++c) row[c] = T(0.0);
      const V3<T> ei = V3<T>::Unit(e);
      const V3<T> wi = si.cross(Ai.transpose() * ei);
      const V3<T> wj = sj.cross(Aj.transpose() * ei);
      row[e] = T(1.0);
      row[6 + e] = T(-1.0);
      for (int c = 0; c < 3; ++c) {
        row[3 + c] = wi(c);
        row[9 + c] = -wj(c);
      }
    }
  }

  template <class T>
  void eval(const T* x, T* out, double /*t*/, const KernelCall& /*c*/) const {
    const T* yi = x;
    const T* yj = x + kBodyStates;
    const T* lambda = x + kMultipliers;
    const T* mu = lambda + kEquations;
    const T& alpha = x[kOwnStates];
    const T& s = x[kOwnStates + 1];
    const T& alpha_rate = x[kOwnStates + kStates];
    V3<T> phi, phi_alpha;
    T B[kEquations][12];
    constraints(yi, yj, alpha, phi, B, phi_alpha);
    for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
    add_multiplier_terms(B, kEquations, yi, yj, lambda, mu, out);
    T* vel = out + kMultipliers;
    for (int e = 0; e < kEquations; ++e) {
      T v = phi_alpha(e) * s;
      for (int c = 0; c < 3; ++c) {
        v += B[e][c] * yi[kBodyV + c] + B[e][3 + c] * yi[kBodyW + c] +
             B[e][6 + c] * yj[kBodyV + c] + B[e][9 + c] * yj[kBodyW + c];
      }
      vel[e] = v;
      vel[kEquations + e] = phi(e);
    }
    T* own = out + kOwnStates;
    own[0] = alpha_rate - s;
    own[1] = T(0.0);
    for (int e = 0; e < kEquations; ++e) {
      own[0] -= phi_alpha(e) * mu[e];
      own[1] -= phi_alpha(e) * lambda[e];
    }
  }

  /// The contact point on the curve, global, at the body states of J and alpha.
  Vec3 contact_point(const double* yj, double alpha) const;
};

/// Builds the kernels of the model's Constraint_PTCV elements (Model::point_curves order), with
/// the initial alpha and its rate s from the deck's velocities (or vel_0).
std::vector<PtcvKernel> make_ptcv_kernels(const Model& model);

}  // namespace mb
