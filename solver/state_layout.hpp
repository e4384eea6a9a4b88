#pragma once
// StateLayout: where the 13 states of a rigid body sit, in the System's y (body k at
// kBodyStates * k, System::body_offset) and in a kernel's local inputs (local body b at
// kBodyStates * b). Every offset into a body's states is named here; nothing else spells 13.
//
//   [kBodyR, kBodyR + 3)   r: CM position, ground axes
//   [kBodyP, kBodyP + 4)   p: Euler parameters of the CM frame
//   [kBodyV, kBodyV + 3)   v: CM velocity, ground axes
//   [kBodyW, kBodyW + 3)   w: angular velocity, body axes
//
// The position coordinates (r, p) come first, the velocities nu = (v, w) after them.

namespace mb {

inline constexpr int kBodyStates = 13;         ///< states of one body: r, p, v, w
inline constexpr int kBodyR = 0;               ///< offset of r within a body's states
inline constexpr int kBodyP = 3;               ///< offset of p (Euler parameters)
inline constexpr int kBodyV = 7;               ///< offset of v: the first velocity
inline constexpr int kBodyW = 10;              ///< offset of w (body axes)
inline constexpr int kBodyPositions = kBodyV;  ///< r and p: 7
inline constexpr int kBodyVelocities = kBodyStates - kBodyV;  ///< v and w: 6
inline constexpr int kTwoBodyStates = 2 * kBodyStates;        ///< a joint's bodies I and J

/// The states of ground (and the constant inputs standing in for a ground body): at the origin,
/// Euler parameters (1, 0, 0, 0), at rest.
inline constexpr double kGroundState[kBodyStates] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};

/// The offset of (local or moving) body k's states.
constexpr int body_states_offset(int k) { return kBodyStates * k; }
/// The body whose states contain offset o (o a body's first state or any of its states).
constexpr int body_of_offset(int o) { return o / kBodyStates; }

}  // namespace mb
