#pragma once
// Evaluation of measures (models/measure.hpp) on body states, templated on the scalar type so
// that force kernels get exact derivatives through AD. Marker -1 is the global frame.

#include <array>
#include <cmath>
#include <numbers>
#include <span>
#include <vector>

#include "common/linalg.hpp"
#include "models/measure.hpp"
#include "solver/angle_track.hpp"
#include "solver/autodiff.hpp"
#include "solver/state_layout.hpp"

namespace mb {

/// A marker as a kernel sees it: its body is a local body index (-1 = ground).
struct LocalMarker {
  int body = -1;
  V3<double> s = V3<double>::Zero();      ///< origin in body axes (ground: global position)
  M3<double> u = M3<double>::Identity();  ///< axes in body axes (ground: global axes)
  int id = -1;                            ///< the model marker (index), -1: not a model marker
};

/// A measure with local marker indices (-1 = global frame). A reaction (kJoint, read by a
/// force kernel) has i, j the constraint block's I and J markers, k the result marker, `block`
/// the index into the kernel's multiplier blocks, `jflag` and `comp` as MeasureSpec.
struct LocalMeasure {
  MeasureKind kind = MeasureKind::kDX;
  int i = -1, j = -1, k = -1, l = -1;
  int block = -1, jflag = 0, comp = 0;
  /// kContact: the index into the reading kernel's contact_reads (solver/contact_read.hpp).
  int contact = -1;
  /// AX, AY, AZ, INCANG: the index of the track that fixes the whole turns in the run's
  /// AngleHistory (angle_history.hpp, Workspace::angles); -1: the principal value (INCANG in
  /// [0, pi]).
  int track = -1;

  bool operator==(const LocalMeasure&) const = default;
};

template <class T>
struct BodyState {
  V3<T> r = V3<T>::Zero();
  M3<T> A = M3<T>::Identity();
  V3<T> v = V3<T>::Zero();
  V3<T> w = V3<T>::Zero();  ///< ground axes
};

template <class T>
struct MarkerState {
  V3<T> R = V3<T>::Zero();      ///< origin, ground
  M3<T> A = M3<T>::Identity();  ///< axes, ground
  V3<T> V = V3<T>::Zero();      ///< velocity of the origin point
  V3<T> W = V3<T>::Zero();      ///< angular velocity of the marker's body
};

/// Body state from its 13 states (r, p, v, w in body axes).
template <class T>
BodyState<T> body_state(const T* y) {
  BodyState<T> b;
  b.r = V3<T>(y[kBodyR], y[kBodyR + 1], y[kBodyR + 2]);
  b.A = rotation_from_euler_parameters<T>(
      V4<T>(y[kBodyP], y[kBodyP + 1], y[kBodyP + 2], y[kBodyP + 3]));
  b.v = V3<T>(y[kBodyV], y[kBodyV + 1], y[kBodyV + 2]);
  b.w = b.A * V3<T>(y[kBodyW], y[kBodyW + 1], y[kBodyW + 2]);
  return b;
}

template <class T>
MarkerState<T> marker_state(const LocalMarker& m, const BodyState<T>* bodies) {
  MarkerState<T> ms;
  if (m.body < 0) {
    ms.R = m.s.cast<T>();
    ms.A = m.u.cast<T>();
    return ms;
  }
  const BodyState<T>& b = bodies[m.body];
  const V3<T> arm = b.A * m.s.cast<T>();
  ms.R = b.r + arm;
  ms.A = b.A * m.u.cast<T>();
  ms.V = b.v + b.w.cross(arm);
  ms.W = b.w;
  return ms;
}

/// The body 3-1-3 angles (psi, theta, phi) of R = Rz(psi) Rx(theta) Rz(phi), the rotation of
/// marker I relative to marker J (Adams' PSI, THETA, PHI and the angles of a DISPLACEMENT
/// request): psi and phi in (-pi, pi], theta in [0, pi]. At theta = 0 or pi the two z
/// rotations share one axis and only psi + phi (psi - phi) is defined: phi is then 0 and psi
/// carries the whole rotation about that axis, the usual convention for the singular case (so
/// a marker turning about J's z axis reads psi = its angle, theta = phi = 0). Within
/// sin(theta) < 1e-9 of the singularity the split of the angle between psi and phi is
/// noise, so that band is treated as singular.
template <class T>
std::array<T, 3> body313_angles(const M3<T>& R) {
  using std::atan2;
  using std::sqrt;
  const double s2 = value_of(R(0, 2)) * value_of(R(0, 2)) + value_of(R(1, 2)) * value_of(R(1, 2));
  if (s2 < 1e-18) {
    const T theta = value_of(R(2, 2)) > 0 ? T(0.0) : T(std::numbers::pi);
    return {atan2(R(1, 0), R(0, 0)), theta, T(0.0)};
  }
  const T s = sqrt(R(0, 2) * R(0, 2) + R(1, 2) * R(1, 2));
  return {atan2(R(0, 2), -R(1, 2)), atan2(s, R(2, 2)), atan2(R(2, 0), R(2, 1))};
}

template <class T>
T magnitude(const V3<T>& v);

/// The angle a + 2 pi n nearest the track's reference (a itself without a started track).
template <class T>
T nearest_turn(const T& a, const AngleTrack* track) {
  if (!track || !track->started) return a;
  const double two_pi = 2.0 * std::numbers::pi;
  return a + two_pi * std::round((track->ref - value_of(a)) / two_pi);
}

/// The track of m in `tracks` (the run's AngleHistory::tracks()), or none.
inline const AngleTrack* track_of(const LocalMeasure& m, std::span<const AngleTrack> tracks) {
  return m.track < 0 ? nullptr : &tracks[static_cast<size_t>(m.track)];
}

/// The value of a measure; `ms` holds the local markers' states, `tracks` the run's angle
/// tracks (AngleHistory::tracks()) that a tracked angle's `track` indexes.
template <class T>
T measure_value(const LocalMeasure& m, const MarkerState<T>* ms,
                std::span<const AngleTrack> tracks) {
  using std::asin;
  using std::atan2;
  using std::sqrt;
  // Not static: AD arithmetic resizes the (empty) derivative vectors of its operands in place
  // (Eigen's make_coherent), so a shared ground state would keep the first kernel's size.
  const MarkerState<T> kGround{};
  const MarkerState<T>& I = m.i < 0 ? kGround : ms[m.i];
  const MarkerState<T>& J = m.j < 0 ? kGround : ms[m.j];
  const MarkerState<T>& K = m.k < 0 ? kGround : ms[m.k];
  const MarkerState<T>& L = m.l < 0 ? kGround : ms[m.l];
  const V3<T> r = I.R - J.R;
  const V3<T> rdot_L = (I.V - J.V) - L.W.cross(r);
  const M3<T> R = J.A.transpose() * I.A;
  const AngleTrack* track = track_of(m, tracks);
  switch (m.kind) {
    case MeasureKind::kDX:
      return r.dot(K.A.col(0));
    case MeasureKind::kDY:
      return r.dot(K.A.col(1));
    case MeasureKind::kDZ:
      return r.dot(K.A.col(2));
    case MeasureKind::kDM:
      return sqrt(r.squaredNorm());
    case MeasureKind::kAX:
      return nearest_turn<T>(atan2(I.A.col(1).dot(J.A.col(2)), I.A.col(1).dot(J.A.col(1))), track);
    case MeasureKind::kAY:
      return nearest_turn<T>(atan2(I.A.col(2).dot(J.A.col(0)), I.A.col(2).dot(J.A.col(2))), track);
    case MeasureKind::kAZ:
      return nearest_turn<T>(atan2(I.A.col(0).dot(J.A.col(1)), I.A.col(0).dot(J.A.col(0))), track);
    case MeasureKind::kPSI:
      return body313_angles(R)[0];
    case MeasureKind::kTHETA:
      return body313_angles(R)[1];
    case MeasureKind::kPHI:
      return body313_angles(R)[2];
    case MeasureKind::kYAW:
      return atan2(R(1, 0), R(0, 0));
    case MeasureKind::kPITCH:
      return asin(R(2, 0));
    case MeasureKind::kROLL:
      return atan2(R(2, 1), R(2, 2));
    case MeasureKind::kINCANG: {
      const V3<T> u = r, w = K.R - J.R;
      if (track && track->has_axis) {  // signed about the axis, continued past pi
        const V3<T> axis = track->axis.cast<T>();
        return nearest_turn<T>(atan2(V3<T>(u.cross(w)).dot(axis), u.dot(w)), track);
      }
      return atan2(magnitude(V3<T>(u.cross(w))), u.dot(w));
    }
    case MeasureKind::kVX:
      return rdot_L.dot(K.A.col(0));
    case MeasureKind::kVY:
      return rdot_L.dot(K.A.col(1));
    case MeasureKind::kVZ:
      return rdot_L.dot(K.A.col(2));
    case MeasureKind::kVM:
      return sqrt(rdot_L.squaredNorm());
    case MeasureKind::kVR:
      return rdot_L.dot(r) / sqrt(r.squaredNorm());
    case MeasureKind::kWX:
      return (I.W - J.W).dot(K.A.col(0));
    case MeasureKind::kWY:
      return (I.W - J.W).dot(K.A.col(1));
    case MeasureKind::kWZ:
      return (I.W - J.W).dot(K.A.col(2));
    case MeasureKind::kWM:
      return sqrt((I.W - J.W).squaredNorm());
    default:
      break;  // request-only measures: evaluated by solver/request_outputs
  }
  return T(0.0);
}

/// |v|, with a zero derivative where v = 0 (sqrt's derivative is infinite there).
template <class T>
T magnitude(const V3<T>& v) {
  using std::sqrt;
  const T sq = v.squaredNorm();
  return value_of(sq) > 0.0 ? T(sqrt(sq)) : T(0.0);
}

/// Component `comp` of a force f and torque tq (ground axes) in axes `rm`: 1 |f|, 2-4 f,
/// 5 |tq|, 6-8 tq (the reaction and force queries JOINT, SFORCE, FX, ...).
template <class T>
T wrench_component(const V3<T>& f, const V3<T>& tq, int comp, const M3<T>& rm) {
  switch (comp) {
    case 1:
      return magnitude(f);
    case 5:
      return magnitude(tq);
    default:
      return comp <= 4 ? T(rm.col(comp - 2).dot(f)) : T(rm.col(comp - 6).dot(tq));
  }
}

/// The accelerations of a marker (ground axes): of its origin point and of its body's rotation.
template <class T>
struct MarkerAcceleration {
  V3<T> a = V3<T>::Zero();
  V3<T> alpha = V3<T>::Zero();
};

/// The accelerations of marker m from its body's state y (r, p, v, w in body axes) and the
/// derivatives yp6 of that body's velocities (v' ground axes, w' body axes); ground: zero.
template <class T>
MarkerAcceleration<T> marker_acceleration(const LocalMarker& m, const BodyState<T>* bodies,
                                          const T* const* body_rates) {
  MarkerAcceleration<T> ma;
  if (m.body < 0) return ma;
  const BodyState<T>& b = bodies[m.body];
  const T* yp = body_rates[m.body];
  const V3<T> arm = b.A * m.s.cast<T>();
  // d/dt (A w_body) = A (w_body x w_body + w_body') = A w_body'.
  ma.alpha = b.A * V3<T>(yp[3], yp[4], yp[5]);
  ma.a = V3<T>(yp[0], yp[1], yp[2]) + ma.alpha.cross(arm) + b.w.cross(b.w.cross(arm));
  return ma;
}

/// The value of an acceleration measure (is_acceleration_measure): ms as for measure_value, ma
/// the markers' accelerations (same local indices). With r = R_I - R_J and L turning at w_L
/// with angular acceleration alpha_L:
///   d/dt_L r = rdot - w_L x r,
///   d2/dt2_L r = rddot - alpha_L x r - 2 w_L x d/dt_L r - w_L x (w_L x r),
///   d/dt_L (w_I - w_J) = alpha_I - alpha_J - w_L x (w_I - w_J).
template <class T>
T acceleration_measure_value(const LocalMeasure& m, const MarkerState<T>* ms,
                             const MarkerAcceleration<T>* ma) {
  const MarkerState<T> kGround{};  // not static: see measure_value
  const MarkerAcceleration<T> kRest{};
  const MarkerState<T>& I = m.i < 0 ? kGround : ms[m.i];
  const MarkerState<T>& J = m.j < 0 ? kGround : ms[m.j];
  const MarkerState<T>& K = m.k < 0 ? kGround : ms[m.k];
  const MarkerState<T>& L = m.l < 0 ? kGround : ms[m.l];
  const MarkerAcceleration<T>& aI = m.i < 0 ? kRest : ma[m.i];
  const MarkerAcceleration<T>& aJ = m.j < 0 ? kRest : ma[m.j];
  const MarkerAcceleration<T>& aL = m.l < 0 ? kRest : ma[m.l];
  const bool angular = m.kind >= MeasureKind::kWDTX;
  V3<T> d2;
  if (angular) {
    d2 = (aI.alpha - aJ.alpha) - L.W.cross(I.W - J.W);
  } else {
    const V3<T> r = I.R - J.R;
    const V3<T> rdot_L = (I.V - J.V) - L.W.cross(r);
    d2 = (aI.a - aJ.a) - aL.alpha.cross(r) - 2.0 * L.W.cross(rdot_L) - L.W.cross(L.W.cross(r));
  }
  switch (m.kind) {
    case MeasureKind::kACCX:
    case MeasureKind::kWDTX:
      return d2.dot(K.A.col(0));
    case MeasureKind::kACCY:
    case MeasureKind::kWDTY:
      return d2.dot(K.A.col(1));
    case MeasureKind::kACCZ:
    case MeasureKind::kWDTZ:
      return d2.dot(K.A.col(2));
    default:
      return magnitude(d2);
  }
}

/// The time derivative of a pose measure (is_pose_measure) when the markers move with the
/// velocities V and W of their states: linear in those velocities. `tracks` as for
/// measure_value (an INCANG with an axis is signed about it).
template <class T>
T measure_rate(const LocalMeasure& m, const MarkerState<T>* ms,
               std::span<const AngleTrack> tracks) {
  const MarkerState<T> kGround{};  // not static: see measure_value
  const MarkerState<T>& I = m.i < 0 ? kGround : ms[m.i];
  const MarkerState<T>& J = m.j < 0 ? kGround : ms[m.j];
  const MarkerState<T>& K = m.k < 0 ? kGround : ms[m.k];
  const V3<T> r = I.R - J.R, rdot = I.V - J.V;
  // d/dt (a . b) for an axis a of marker P and an axis b of marker Q.
  auto dot_rate = [](const MarkerState<T>& P, int a, const MarkerState<T>& Q, int b) -> T {
    const V3<T> pa = P.A.col(a), qb = Q.A.col(b);
    const T da = P.W.cross(pa).dot(qb), db = pa.dot(Q.W.cross(qb));
    return da + db;
  };
  // d atan2(y, x) = (x dy - y dx) / (x^2 + y^2), y = a_I . b_J, x = a_I . c_J.
  auto angle_rate = [&](int a, int b, int c) -> T {
    const T y = I.A.col(a).dot(J.A.col(b)), x = I.A.col(a).dot(J.A.col(c));
    return (x * dot_rate(I, a, J, b) - y * dot_rate(I, a, J, c)) / (x * x + y * y);
  };
  auto along = [&](int axis) -> T {
    const V3<T> e = K.A.col(axis);
    const T moving = rdot.dot(e), turning = r.dot(K.W.cross(e));
    return moving + turning;
  };
  using std::sqrt;
  switch (m.kind) {
    case MeasureKind::kDX:
      return along(0);
    case MeasureKind::kDY:
      return along(1);
    case MeasureKind::kDZ:
      return along(2);
    case MeasureKind::kDM:
      return r.dot(rdot) / sqrt(r.squaredNorm());
    case MeasureKind::kAX:
      return angle_rate(1, 2, 1);
    case MeasureKind::kAY:
      return angle_rate(2, 0, 2);
    case MeasureKind::kAZ:
      return angle_rate(0, 1, 0);
    case MeasureKind::kINCANG: {
      // d atan2(s, c) = (c ds - s dc) / (s^2 + c^2), s = |u x w|, c = u . w.
      const V3<T> u = r, w = K.R - J.R, udot = rdot, wdot = K.V - J.V;
      const V3<T> n = u.cross(w), ndot = udot.cross(w) + u.cross(wdot);
      const T c = u.dot(w);
      const T dc = udot.dot(w) + u.dot(wdot);
      const AngleTrack* track = track_of(m, tracks);
      if (track && track->has_axis) {  // s = n . axis, signed
        const V3<T> axis = track->axis.cast<T>();
        const T s = n.dot(axis), ds = ndot.dot(axis);
        return (c * ds - s * dc) / (s * s + c * c);
      }
      const T s = magnitude(n);
      const T dn = n.dot(ndot);
      const T ds = value_of(s) > 0.0 ? T(dn / s) : T(0.0);
      return (c * ds - s * dc) / (s * s + c * c);
    }
    default:
      break;
  }
  return T(0.0);
}

}  // namespace mb
