#pragma once
// The joint kernel: position constraints Phi, velocity constraints B nu, and the multiplier
// terms of an ideal joint between marker I (on body i) and marker J (on body j), in the
// stabilised index-2 (GGL) form of docs/architecture.md section 3.
//
// Each joint is a list of primitive equations (d = R_I - R_J, ground components):
//   point k:      d_k = 0                    (spherical part; lambda = force on I, ground axes)
//   dot1(a, b):   a_I . b_J = 0              (a, b unit axes of I and J)
//   dot2(b):      b_J . d = 0
//   convel:       x_I . y_J + y_I . x_J = 0   (CONSTANT_VELOCITY: equal spin of the two shafts
//                                             when z_I and z_J point away from the centre)
//   screw(p):     d . z_J - p AZ(I, J) / (2 pi) = 0
//   rackpin(D):   d . z_J - (D / 2) theta = 0, theta = atan2(-y_I . z_J, x_I . z_J) the
//                 rotation of the pinion (I) about z_I from x_I || z_J
// The angles of screw and rackpin are continued across +-pi: phi is known modulo one period
// (p, or pi D) and is taken in (-period/2, period/2], the branch of the constraint's solution
// nearest the current state.
// B is the Jacobian of Phi with respect to the velocities nu = (v_i, w_i, v_j, w_j) (w in body
// axes), written analytically (Haug's forms). The kernel adds:
//   body rows:  r' ... - B_v^T mu,  p' ... - 1/2 G^T B_w^T mu,  m v' ... - B_v^T lambda,
//               J w' ... - B_w^T lambda
//   own rows:   B nu (velocity level, paired with lambda) and Phi (paired with mu).
// Inputs: y_i (13), y_j (13), lambda (m), mu (m); a ground body's slots hold constants.

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "models/model.hpp"
#include "solver/autodiff.hpp"
#include "solver/body_kernel.hpp"
#include "solver/expression_eval.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

class System;

struct JointEquation {
  /// kAngleZ: AZ(I, J) = atan2(x_I . y_J, x_I . x_J), the rotation of a motion on a joint.
  /// kBryant: angle `a` (0, 1, 2) of the body-fixed 1-2-3 sequence of I relative to J,
  /// R = A_J^T A_I = Rx(b1) Ry(b2) Rz(b3): b1 = atan2(-R12, R22), b2 = atan2(R02,
  /// hypot(R12, R22)), b3 = atan2(-R01, R00) (a Motion_Marker's B1, B2, B3).
  enum class Kind {
    kPoint,
    kDot1,
    kDot2,
    kAngleZ,
    kBryant,
    kConvel,
    kScrew,
    kRackPinion
  } kind = Kind::kPoint;
  int a = 0;       ///< point: ground component; dot1: axis of I (0 x, 1 y, 2 z); bryant: angle
  int b = 0;       ///< dot1, dot2: axis of J
  double c = 0.0;  ///< screw: pitch; rackpin: pitch diameter
};

/// The primitive equations of a joint (its type, and its pitch or pitch diameter), in the
/// order of their multipliers.
std::vector<JointEquation> joint_equations(const Joint& joint);

/// Phi and the w_i, w_j parts of B of a_I . b_J (a_loc, b_loc: the axes in body axes).
template <class T>
T dot1_row(const V3<T>& a_loc, const M3<T>& Ai, const V3<T>& b_loc, const M3<T>& Aj, V3<T>& wi,
           V3<T>& wj) {
  const V3<T> a = Ai * a_loc, b = Aj * b_loc;
  wi = a_loc.cross(Ai.transpose() * b);
  wj = b_loc.cross(Aj.transpose() * a);
  return a.dot(b);
}

/// Phi and B (12 columns) of b_J . d, with d = R_I - R_J and s_i, s_j the marker origins.
template <class T>
T dot2_row(const V3<T>& b_loc, const M3<T>& Ai, const M3<T>& Aj, const V3<T>& si, const V3<T>& sj,
           const V3<T>& d, T* row) {
  const V3<T> b = Aj * b_loc;
  const V3<T> wi = si.cross(Ai.transpose() * b);
  const V3<T> wj = b_loc.cross(Aj.transpose() * d) - sj.cross(Aj.transpose() * b);
  for (int c = 0; c < 3; ++c) {
    row[c] = b(c);
    row[6 + c] = -b(c);
    row[3 + c] = wi(c);
    row[9 + c] = wj(c);
  }
  return b.dot(d);
}

/// atan2(a, b) of two dot1 products and its B, from their rows (wi_a, wj_a) and (wi_b, wj_b).
template <class T>
T atan2_row(const T& a, const V3<T>& wi_a, const V3<T>& wj_a, const T& b, const V3<T>& wi_b,
            const V3<T>& wj_b, T* row) {
  // d atan2(a, b) = (b da - a db) / (a^2 + b^2)
  using std::atan2;
  const T n2 = a * a + b * b;
  for (int c = 0; c < 3; ++c) {
    row[3 + c] = (b * wi_a(c) - a * wi_b(c)) / n2;
    row[9 + c] = (b * wj_a(c) - a * wj_b(c)) / n2;
  }
  return atan2(a, b);
}

/// Takes phi modulo `period` into (-period/2, period/2] (a constant shift: B is unchanged).
template <class T>
void wrap_to_period(T& phi, double period) {
  phi -= period * std::round(value_of(phi) / period);
}

/// Subtracts the multiplier terms of m equations with B rows `B` (12 columns: v_i, w_i, v_j,
/// w_j) from the rows of the two bodies (`out`: 13 rows of I, then 13 of J):
///   r' ... - B_v^T mu,  p' ... - 1/2 G^T B_w^T mu,  m v' ... - B_v^T lambda,  J w' ... - B_w^T
///   lambda
template <class T>
void add_multiplier_terms(const T (*B)[12], int m, const T* yi, const T* yj, const T* lambda,
                          const T* mu, T* out) {
  const T* y[2] = {yi, yj};
  for (int side = 0; side < 2; ++side) {
    T* o = out + kBodyStates * side;
    const int c0 = 6 * side;
    V3<T> mu_w = V3<T>::Zero();
    for (int k = 0; k < m; ++k) {
      for (int c = 0; c < 3; ++c) {
        o[kBodyR + c] -= B[k][c0 + c] * mu[k];
        o[kBodyV + c] -= B[k][c0 + c] * lambda[k];
        o[kBodyW + c] -= B[k][c0 + 3 + c] * lambda[k];
        mu_w(c) += B[k][c0 + 3 + c] * mu[k];
      }
    }
    const V4<T> p(y[side][kBodyP], y[side][kBodyP + 1], y[side][kBodyP + 2], y[side][kBodyP + 3]);
    const V4<T> pdot = euler_parameter_rate(p, mu_w);
    for (int c = 0; c < 4; ++c) o[kBodyP + c] -= pdot(c);
  }
}

struct JointKernel {
  static constexpr int kMaxEquations = 6;

  int m = 0;  ///< number of equations
  std::array<JointEquation, kMaxEquations> eq{};
  /// A Motion_Joint: the single equation becomes q(I, J) - q_ref = 0 (angles wrapped to
  /// (-pi, pi] around q_ref, so it may exceed pi) and its velocity row B nu - v_ref, with
  ///   displacement motion (drive_states 0): q_ref = f(t), v_ref = f'(t);
  ///   velocity motion (1 state s):          q_ref = s, v_ref = f(t), own row s' - f(t);
  ///   acceleration motion (states s, sd):   q_ref = s, v_ref = sd, own rows s' - sd, sd' - f(t).
  /// The states follow lambda and mu in the inputs, then their derivatives; their rows follow
  /// the constraint rows in the outputs.
  /// The drive f is `drive` (an expression of TIME) or, for type="USERSUB", the MOTSUB of
  /// `user_drive`, called with iord = drive_states + k for the k-th time derivative of f (the
  /// val_type quantity: displacement, velocity or acceleration; solver/user_motion.cpp).
  const CompiledExpression* drive = nullptr;
  int drive_states = 0;
  const UserSubroutine* user_drive = nullptr;
  int user_id = 0;              ///< the motion's id (MOTSUB's ID)
  KernelWork work;              ///< as built: the drive's stack, MOTSUB's PAR (workspace.hpp)
  std::vector<char> no_bodies;  ///< per model body: 0 (a motion reads no body)
  std::vector<char> no_blocks;  ///< per constraint block: 0 (nor any reaction)
  V3<double> s_i = V3<double>::Zero(), s_j = V3<double>::Zero();  ///< marker origins, body axes
  M3<double> u_i = M3<double>::Identity();  ///< marker I axes (columns) in body axes
  M3<double> u_j = M3<double>::Identity();  ///< marker J axes (columns) in body axes

  int inputs() const { return kTwoBodyStates + 2 * m + 2 * drive_states; }
  int outputs() const { return kTwoBodyStates + 2 * m + drive_states; }

  /// Explicit time derivative of the velocity row of a motion (-f''(t) for a displacement
  /// motion, -f'(t) for a velocity motion, 0 otherwise): the acceleration solve's right side.
  double velocity_row_rate(double t, const KernelCall& c) const {
    if (!drive || drive_states == 2) return 0.0;
    return -drive_derivative(drive_states == 0 ? 2 : 1, t, c);
  }

  /// d^k f / dt^k (k = 0, 1, 2) of the drive at t.
  double drive_derivative(int k, double t, const KernelCall& c) const {
    if (user_drive) return call_motsub(drive_states + k, t, 0, c.sys, c.ws.angles, c.own.par);
    const expr::Expression& e = k == 0 ? drive->value : (k == 1 ? drive->d_time : drive->d_time2);
    const double v = e.eval(t, {}, c.own.expr);
    check_expression(*drive, c.own.expr, t);
    return v;
  }

  /// One MOTSUB call (solver/user_motion.cpp) with PAR array `par`; iflag 1 is the
  /// initialisation call. The callbacks see `sys` and the run's angle tracks `angles`.
  double call_motsub(int iord, double t, int iflag, const System& sys, AngleHistory& angles,
                     std::vector<double>& par) const;

  /// AZ(I, J) = atan2(x_I . y_J, x_I . x_J) and its B row (12 columns, rotations only).
  template <class T>
  T angle_z(const M3<T>& Ai, const M3<T>& Aj, T* row) const {
    V3<T> wi_a, wj_a, wi_b, wj_b;
    const V3<T> x_i = u_i.col(0).cast<T>();
    const T a = dot1_row<T>(x_i, Ai, u_j.col(1).cast<T>(), Aj, wi_a, wj_a);
    const T b = dot1_row<T>(x_i, Ai, u_j.col(0).cast<T>(), Aj, wi_b, wj_b);
    for (int c = 0; c < 12; ++c) row[c] = T(0.0);
    return atan2_row<T>(a, wi_a, wj_a, b, wi_b, wj_b, row);
  }

  /// The pinion's rotation about z_I: atan2(-y_I . z_J, x_I . z_J), and its B row.
  template <class T>
  T pinion_angle(const M3<T>& Ai, const M3<T>& Aj, T* row) const {
    V3<T> wi_a, wj_a, wi_b, wj_b;
    const V3<T> z_j = u_j.col(2).cast<T>();
    const T a = -dot1_row<T>(u_i.col(1).cast<T>(), Ai, z_j, Aj, wi_a, wj_a);
    const T b = dot1_row<T>(u_i.col(0).cast<T>(), Ai, z_j, Aj, wi_b, wj_b);
    for (int c = 0; c < 12; ++c) row[c] = T(0.0);
    return atan2_row<T>(a, V3<T>(-wi_a), V3<T>(-wj_a), b, wi_b, wj_b, row);
  }

  /// Phi and B (m x 12) at the given body states (y layout: r, p, v, w).
  template <class T>
  void constraints(const T* yi, const T* yj, T* phi, T (*B)[12]) const {
    const V3<T> ri(yi[0], yi[1], yi[2]), rj(yj[0], yj[1], yj[2]);
    const M3<T> Ai = rotation_from_euler_parameters<T>(V4<T>(yi[3], yi[4], yi[5], yi[6]));
    const M3<T> Aj = rotation_from_euler_parameters<T>(V4<T>(yj[3], yj[4], yj[5], yj[6]));
    const V3<T> si = s_i.cast<T>(), sj = s_j.cast<T>();
    const V3<T> d = ri + Ai * si - rj - Aj * sj;
    for (int k = 0; k < m; ++k) {
      const JointEquation& e = eq[k];
      T* row = B[k];
      for (int c = 0; c < 12; ++c) row[c] = T(0.0);
      switch (e.kind) {
        case JointEquation::Kind::kPoint: {
          phi[k] = d(e.a);
          // d R_I = dv_i - A_i [s_I]x dw_i ; d R_J likewise with the opposite sign.
          // A^T e_a: row a of A (read, not multiplied: the same values, no AD products).
          const V3<T> wi = si.cross(V3<T>(Ai.row(e.a).transpose()));  // row of -A_i [s_I]x
          const V3<T> wj = sj.cross(V3<T>(Aj.row(e.a).transpose()));
          row[e.a] = T(1.0);
          row[6 + e.a] = T(-1.0);
          for (int c = 0; c < 3; ++c) {
            row[3 + c] = wi(c);
            row[9 + c] = -wj(c);
          }
          break;
        }
        case JointEquation::Kind::kDot1: {
          V3<T> wi, wj;
          phi[k] = dot1_row<T>(u_i.col(e.a).cast<T>(), Ai, u_j.col(e.b).cast<T>(), Aj, wi, wj);
          for (int c = 0; c < 3; ++c) {
            row[3 + c] = wi(c);
            row[9 + c] = wj(c);
          }
          break;
        }
        case JointEquation::Kind::kConvel: {
          V3<T> wi1, wj1, wi2, wj2;
          phi[k] = dot1_row<T>(u_i.col(0).cast<T>(), Ai, u_j.col(1).cast<T>(), Aj, wi1, wj1) +
                   dot1_row<T>(u_i.col(1).cast<T>(), Ai, u_j.col(0).cast<T>(), Aj, wi2, wj2);
          for (int c = 0; c < 3; ++c) {
            row[3 + c] = wi1(c) + wi2(c);
            row[9 + c] = wj1(c) + wj2(c);
          }
          break;
        }
        case JointEquation::Kind::kBryant: {
          // The relative angular velocity in J axes, w = A_J^T (A_i w_i - A_j w_j), equals
          // E b' with E = [e_x, Rx(b1) e_y, Rx(b1) Ry(b2) e_z]; so b'_a = (E^-T e_a) . w.
          const M3<T> AI = Ai * u_i.cast<T>(), AJ = Aj * u_j.cast<T>();
          const M3<T> R = AJ.transpose() * AI;
          using std::atan2;
          using std::cos;
          using std::sin;
          using std::sqrt;
          const T b1 = atan2(-R(1, 2), R(2, 2));
          const T b2 = atan2(R(0, 2), sqrt(R(1, 2) * R(1, 2) + R(2, 2) * R(2, 2)));
          if (e.a == 0) {
            phi[k] = b1;
          } else if (e.a == 1) {
            phi[k] = b2;
          } else {
            phi[k] = atan2(-R(0, 1), R(0, 0));
          }
          M3<T> E;
          E << T(1.0), T(0.0), sin(b2), T(0.0), cos(b1), -sin(b1) * cos(b2), T(0.0), sin(b1),
              cos(b1) * cos(b2);
          const V3<T> g = E.inverse().row(e.a).transpose();  // E^-T e_a
          const V3<T> gi = Ai.transpose() * (AJ * g), gj = Aj.transpose() * (AJ * g);
          for (int c = 0; c < 3; ++c) {
            row[3 + c] = gi(c);
            row[9 + c] = -gj(c);
          }
          break;
        }
        case JointEquation::Kind::kAngleZ:
          phi[k] = angle_z(Ai, Aj, row);
          break;
        case JointEquation::Kind::kDot2:
          phi[k] = dot2_row<T>(u_j.col(e.b).cast<T>(), Ai, Aj, si, sj, d, row);
          break;
        case JointEquation::Kind::kScrew:
        case JointEquation::Kind::kRackPinion: {
          // d . z_J - k theta with k = pitch / (2 pi) (screw) or D / 2 (rack and pinion).
          const bool screw = e.kind == JointEquation::Kind::kScrew;
          const double gain = screw ? e.c / (2.0 * std::numbers::pi) : 0.5 * e.c;
          T ang_row[12];
          const T theta = screw ? angle_z(Ai, Aj, ang_row) : pinion_angle(Ai, Aj, ang_row);
          phi[k] = dot2_row<T>(u_j.col(2).cast<T>(), Ai, Aj, si, sj, d, row) - gain * theta;
          for (int c = 0; c < 3; ++c) {  // the angle's row has rotational columns only
            row[3 + c] -= gain * ang_row[3 + c];
            row[9 + c] -= gain * ang_row[9 + c];
          }
          wrap_to_period(phi[k], 2.0 * std::numbers::pi * gain);
          break;
        }
      }
    }
  }

  /// The velocity reference v_ref of a motion's row (0 for other blocks; see `drive`).
  template <class T>
  T reference_rate(const T* x, double t, const KernelCall& c) const {
    if (!drive) return T(0.0);
    if (drive_states == 0) return T(drive_derivative(1, t, c));
    if (drive_states == 1) return T(drive_derivative(0, t, c));
    return x[kTwoBodyStates + 2 * m + 1];  // the motion's velocity state
  }

  /// The velocity rows B nu - v_ref alone, in eval's output slots kTwoBodyStates ..
  /// kTwoBodyStates + m (the other outputs are not written): the acceleration rows of the index-1
  /// form differentiate them (solver/system.hpp).
  template <class T>
  void velocity_rows(const T* x, T* out, double t, const KernelCall& c) const {
    T phi[kMaxEquations];
    T B[kMaxEquations][12];
    constraints(x, x + kBodyStates, phi, B);
    write_velocity_rows(x, x + kBodyStates, B, reference_rate(x, t, c), out + kTwoBodyStates);
  }

  template <class T>
  void write_velocity_rows(const T* yi, const T* yj, const T (*B)[12], const T& v_ref,
                           T* vel) const {
    for (int k = 0; k < m; ++k) {
      T v = k == 0 ? T(-v_ref) : T(0.0);
      for (int c = 0; c < 3; ++c) {
        v += B[k][c] * yi[7 + c] + B[k][3 + c] * yi[10 + c] + B[k][6 + c] * yj[7 + c] +
             B[k][9 + c] * yj[10 + c];
      }
      vel[k] = v;
    }
  }

  /// The reaction B^T lambda on side 0 (I) or 1 (J), moved from the body's CM to its marker:
  /// force and torque about the marker origin, ground axes (JOINT(), FX() and friction read it).
  template <class T>
  void reaction(const T* yi, const T* yj, const T* lambda, int side, V3<T>& force,
                V3<T>& torque) const {
    T phi[kMaxEquations];
    T B[kMaxEquations][12];
    constraints(yi, yj, phi, B);
    V3<T> n = V3<T>::Zero();
    force = V3<T>::Zero();
    for (int e = 0; e < m; ++e) {
      for (int c = 0; c < 3; ++c) {
        force(c) += B[e][6 * side + c] * lambda[e];
        n(c) += B[e][6 * side + 3 + c] * lambda[e];
      }
    }
    const T* y = side == 0 ? yi : yj;
    const M3<T> A = rotation_from_euler_parameters<T>(V4<T>(y[3], y[4], y[5], y[6]));
    const V3<T> arm = A * (side == 0 ? s_i : s_j).template cast<T>();
    torque = A * n - arm.cross(force);
  }

  /// Everything eval writes but the multiplier terms: every output zeroed, then the velocity
  /// rows B nu - v_ref, Phi and a motion's own rows; B returned. These are linear in the
  /// velocities nu (with coefficients B) and do not read the multipliers.
  template <class T>
  void constraint_rows(const T* x, T* out, T (*B)[12], double t, const KernelCall& call) const {
    T phi[kMaxEquations];
    constraints(x, x + kBodyStates, phi, B);
    for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
    T v_ref = T(0.0);
    if (drive) {
      const T* state = x + kTwoBodyStates + 2 * m;
      const T* state_rate = state + drive_states;
      const double f = drive_derivative(0, t, call);
      v_ref =
          drive_states == 1 ? T(f) : reference_rate(x, t, call);  // one call of f per evaluation
      T* own = out + kTwoBodyStates + 2 * m;
      if (drive_states == 0) {
        phi[0] -= f;
      } else {
        phi[0] -= state[0];
        own[0] = state_rate[0] - (drive_states == 1 ? T(f) : state[1]);
        if (drive_states == 2) own[1] = state_rate[1] - f;
      }
      if (eq[0].kind == JointEquation::Kind::kAngleZ ||
          (eq[0].kind == JointEquation::Kind::kBryant && eq[0].a != 1)) {
        const double two_pi = 2.0 * std::numbers::pi;
        phi[0] -= two_pi * std::round(value_of(phi[0]) / two_pi);
      }
    }
    write_velocity_rows(x, x + kBodyStates, B, v_ref, out + kTwoBodyStates);
    for (int k = 0; k < m; ++k) out[kTwoBodyStates + m + k] = phi[k];
  }

  /// True for the inputs constraint_rows is nonlinear in, or reads other than through B nu: the
  /// two bodies' positions and Euler parameters, and a motion's states and their rates.
  bool constraint_rows_input(int i) const {
    if (i >= kTwoBodyStates) return i >= kTwoBodyStates + 2 * m;
    return i % kBodyStates < kBodyV;
  }

  /// The partials of eval's outputs that B alone gives (`x`: the inputs' values, `B`: its B
  /// there), as add(output, input, value): the velocity rows' by the velocities (B) and the body
  /// rows' by the multipliers (the multiplier terms' coefficients, see add_multiplier_terms).
  /// With constraint_rows' partials by its constraint_rows_input()s this is every partial of
  /// eval but the multiplier terms' by the body states (their curvature, which the ODE form's
  /// right-hand side and projection do not read).
  template <class Add>
  void linear_partials(const double* x, const double (*B)[12], Add&& add) const {
    for (int side = 0; side < 2; ++side) {
      const int o = kBodyStates * side, c0 = 6 * side;
      const V4<double> p(x[o + kBodyP], x[o + kBodyP + 1], x[o + kBodyP + 2], x[o + kBodyP + 3]);
      for (int k = 0; k < m; ++k) {
        const int vel = kTwoBodyStates + k, lambda = kTwoBodyStates + k, mu = lambda + m;
        V3<double> bw;
        for (int c = 0; c < 3; ++c) {
          const double bv = B[k][c0 + c];
          bw(c) = B[k][c0 + 3 + c];
          add(vel, o + kBodyV + c, bv);
          add(vel, o + kBodyW + c, bw(c));
          add(o + kBodyR + c, mu, -bv);
          add(o + kBodyV + c, lambda, -bv);
          add(o + kBodyW + c, lambda, -bw(c));
        }
        const V4<double> pdot = euler_parameter_rate(p, bw);
        for (int c = 0; c < 4; ++c) add(o + kBodyP + c, mu, -pdot(c));
      }
    }
  }

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& call) const {
    T B[kMaxEquations][12];
    constraint_rows(x, out, B, t, call);
    add_multiplier_terms(B, m, x, x + kBodyStates, x + kTwoBodyStates, x + kTwoBodyStates + m, out);
  }
};

}  // namespace mb
