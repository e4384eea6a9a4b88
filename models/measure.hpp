#pragma once
// Measures: the model-bound quantities expressions read (format reference 5.4-5.5). A
// MeasureSpec names the quantity and its markers; the solver evaluates it on the current state
// (solver/measures.hpp), with derivatives when a Jacobian is wanted.
//
// Marker fields are indices into Model::markers, -1 for the global frame (id 0 or omitted).
// With r = R_I - R_J and d/dt_L v = v_N - w_L x v:
//   DX/DY/DZ(I,J,K) = r . x/y/z_K             DM(I,J) = |r|
//   AX(I,J) = atan2(y_I . z_J, y_I . y_J)     AY = atan2(z_I . x_J, z_I . z_J)
//   AZ(I,J) = atan2(x_I . y_J, x_I . x_J)     (plus the whole turns made since the start)
//   INCANG(I,J,K) = atan2((u x w) . n, u . w), u = R_I - R_J, w = R_K - R_J, n the direction
//     of u x w at its first non-zero value (so that value is in [0, pi]); cumulative past pi
//   (the whole turns are history: solver/angle_history.hpp)
//   PSI/THETA/PHI: body 3-1-3 angles of R = A_J^T A_I; YAW/PITCH/ROLL: body 3-2-1 angles
//   VX/VY/VZ(I,J,K,L) = (d/dt_L r) . axis_K   VM(I,J,L) = |d/dt_L r|   VR(I,J,L) = d/dt_L r . r/|r|
//   WX/WY/WZ(I,J,K) = (w_I - w_J) . axis_K    WM(I,J) = |w_I - w_J|
//   ACCX/ACCY/ACCZ(I,J,K,L) = (d2/dt2_L r) . axis_K   ACCM(I,J,L) = |d2/dt2_L r|
//   WDTX/WDTY/WDTZ(I,J,K,L) = d/dt_L (w_I - w_J) . axis_K   WDTM(I,J,L) = |d/dt_L (w_I - w_J)|
//     (the accelerations are the y' of the velocity states: a force reading them makes the
//     residual depend on y', solved implicitly as Adams does)
//   DIF(id) / DIF1(id): state / its time derivative of a Control_Diff; ARYVAL(id, k): entry k
//     of a Reference_Array (X: state, Y: output, U: VARVAL of the k-th variable, IC: number)
//   ORIENT(27, c, I, J): Euler parameter c (1 = e0) of I relative to J
//   JOINT(id, jflag, comp, RM): reaction of a joint on its I (jflag 0) or J (1) marker, in RM
//     axes; comp 1 |F|, 2-4 F, 5 |T|, 6-8 T (torque about the marker origin)
//   SFORCE/SPDP/VFORCE/VTORQ/GFORCE(id, jflag, comp, RM): the same for applied-force elements
//   CONTACT(id, jflag, comp, RM): the same for a Force_Contact (all its contact points, about
//     the first I or J geometry's marker): a function of the two bodies' positions and
//     velocities, so forces, state elements and variables read it too (solver/contact_read.hpp)
//   FX..TZ(I, J, K), FM, TM: sum of the forces of the joints and forces connecting I and J, at I
// The request-only measures (ORIENT and the force queries) are evaluated from the state and the
// multipliers by solver/request_outputs, never inside a residual.

#include <string_view>

namespace mb {

enum class MeasureKind {
  kDX,
  kDY,
  kDZ,
  kDM,
  kAX,
  kAY,
  kAZ,
  kPSI,
  kTHETA,
  kPHI,
  kYAW,
  kPITCH,
  kROLL,
  kINCANG,  ///< INCANG(I, J, K): angle between I - J and K - J (i, j, k the three markers)
  kVX,
  kVY,
  kVZ,
  kVM,
  kVR,
  kWX,
  kWY,
  kWZ,
  kWM,
  kACCX,  ///< accelerations: read y' of the bodies' velocities (solver/measures.hpp)
  kACCY,
  kACCZ,
  kACCM,
  kWDTX,
  kWDTY,
  kWDTZ,
  kWDTM,
  kState,       ///< DIF/DIF1/ARYVAL of an X array: element = state index, comp 1 = derivative
  kOutput,      ///< ARYVAL of a Y array: element = state element index, comp = output (0-based)
  kArrayConst,  ///< ARYVAL of an IC array: element = array index, comp = entry (0-based)
  kContact,     ///< CONTACT(): element = index into Model::contacts, jflag, comp, k as kJoint
  kOrient,
  kJoint,         ///< reaction of a joint (element = joint index)
  kElementForce,  ///< force of an applied-force element (element = force kernel index)
  kPtcv,          ///< reaction of a Constraint_PTCV (element = index into Model::point_curves)
  kCvcv,          ///< reaction of a Constraint_CVCV (element = index into Model::curve_curves)
  kFX,
  kFY,
  kFZ,
  kFM,
  kTX,
  kTY,
  kTZ,
  kTM,         ///< forces at I from the elements connecting I and J
  kVarval,     ///< value of Reference_Variable (element = variable index)
  kUserArray,  ///< ARYVAL of a U array filled by ARYSUB: element = array index, comp = entry
};

/// DX, DY, DZ, DM, AX, AY, AZ, INCANG: functions of the marker poses whose time derivative
/// solver/measures.hpp writes (measure_rate); constraints may read them.
inline bool is_pose_measure(MeasureKind k) {
  return k == MeasureKind::kDX || k == MeasureKind::kDY || k == MeasureKind::kDZ ||
         k == MeasureKind::kDM || k == MeasureKind::kAX || k == MeasureKind::kAY ||
         k == MeasureKind::kAZ || k == MeasureKind::kINCANG;
}

/// ACCX..ACCM, WDTX..WDTM: functions of the bodies' accelerations (the y' of their velocities).
inline bool is_acceleration_measure(MeasureKind k) {
  return k >= MeasureKind::kACCX && k <= MeasureKind::kWDTM;
}

struct MeasureSpec {
  MeasureKind kind = MeasureKind::kDX;
  int i = -1, j = -1, k = -1, l = -1;  ///< marker indices, -1 = global frame
  int element = -1;                    ///< kJoint: index into Model::joints
  int jflag = 0;                       ///< kJoint: 0 = on I, 1 = on J
  int comp = 0;                        ///< kJoint: 1..8; kOrient: 1..4

  bool operator==(const MeasureSpec&) const = default;
  /// True when the measure reads joint multipliers (not a pure function of the body states).
  bool reads_multipliers() const { return kind >= MeasureKind::kOrient; }
};

}  // namespace mb
