#pragma once
// JointInitialVel_Trans, JointInitialVel_Rev, JointInitialVel_Cyl (MotionSolve format reference
// "Joint Initial Velocity"): the initial velocity of a joint's coordinate, the I marker relative
// to the J marker along or about z_J.
//   joint_id (req): a Constraint_Joint of the matching type (TRANSLATIONAL, REVOLUTE,
//     CYLINDRICAL).
//   iv (Trans, Rev; req): the translational (length/time) or rotational (rad/time) velocity.
//   trans_iv, rot_iv (Cyl; at least one): both velocities of a cylindrical joint.
// They set Joint::ic_vel, as the Adams JOINT IC= velocity does (solver/held_coordinates.hpp:
// held by the first velocity assembly; a motion on the coordinate takes precedence, and a joint
// initial condition overrides the bodies' initial velocities).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_joint_initial_vel_trans(ElementReader& in, ModelDraft& draft, bool in_command);
void build_joint_initial_vel_rev(ElementReader& in, ModelDraft& draft, bool in_command);
void build_joint_initial_vel_cyl(ElementReader& in, ModelDraft& draft, bool in_command);
}  // namespace mb
