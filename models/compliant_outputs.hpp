#pragma once
// Output channels of the compliant elements beyond their forces: the columns of a Post_Request
// ELEMENTAL_FORCE after fx fy fz tx ty tz, and the components 9, 10, ... of the SPDP, BUSH, FIELD
// and BEAM queries (component 9 + k is channel k). Values: solver/element_outputs.
//   Force_SpringDamper: l (distance DM(I,J), or the angle AZ(I,J) of a rotational one), ldot
//     (VR(I,J), or WZ(I,J,J)), f (scalar force F, or torque T), dx dy dz (R_I - R_J) and vx vy vz
//     (V_I - V_J) in the reference marker's axes, pe, pdiss, ediss
//   Force_Bushing, Force_Field, Force_Beam: qx qy qz qtx qty qtz (the element's coordinates x),
//     qdx .. qdtz (their rates xdot), gx gy gz gtx gty gtz (the generalised forces [f; t], J axes),
//     pe, pdiss, ediss
// pe is the potential energy, pdiss the dissipated power and ediss the dissipated energy (its time
// integral from the start of the run, a state: models/dissipated_energy.hpp);
// solver/force_kernel.hpp ElementState defines them.

#include <array>
#include <span>
#include <string_view>

namespace mb {

inline constexpr std::array<std::string_view, 12> kSpringDamperOutputs = {
    "l", "ldot", "f", "dx", "dy", "dz", "vx", "vy", "vz", "pe", "pdiss", "ediss"};

inline constexpr std::array<std::string_view, 21> kLinearForceOutputs = {
    "qx",   "qy", "qz", "qtx", "qty", "qtz", "qdx", "qdy", "qdz",   "qdtx", "qdty",
    "qdtz", "gx", "gy", "gz",  "gtx", "gty", "gtz", "pe",  "pdiss", "ediss"};

/// The first query component that addresses an output channel.
inline constexpr int kFirstOutputComponent = 9;

}  // namespace mb
