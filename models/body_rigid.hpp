#pragma once
// Body_Rigid: a rigid body, or the ground (isground="TRUE", fixed at its initial pose).
//   cg_id (req for moving bodies): CM marker; the body frame is the CM marker frame.
//   im_id (opt, default cg_id): marker whose origin and axes the inertia is given about.
//   mass (>= 0, mass units; 0: massless, allowed when the constraints hold the body: its motion
//     has no freedom of its own, solver/massless_bodies.hpp), inertia_xx/yy/zz/xy/yz/xz
//     (mass*length^2, about IM in IM axes). Products follow the Adams sign convention: Ixy =
//     +integral(x y dm), so the tensor is
//     [[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]].
//   v_ic_x/y/z (length/time), w_ic_x/y/z (rad/time): initial CM velocity and angular velocity in
//   ground axes.
// Rejected: mass < 0, an inertia tensor that is not positive definite or breaks the triangle
//   inequality of principal moments, a second ground body.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_body_rigid(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes mass, inertia and the initial velocity (v_ic, w_ic: the next Simulate starts
/// from it).
bool resolve_body_rigid_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kBodyRigidEdit = {
    "mass inertia_xx inertia_yy inertia_zz inertia_xy inertia_yz inertia_xz v_ic_x "
    "v_ic_y v_ic_z w_ic_x w_ic_y w_ic_z",
    resolve_body_rigid_edit, true, true};

}  // namespace mb
