#pragma once
// Constraint_Coupler (format reference 2.12) and Constraint_Gear (2.13): one equation relating
// the single-DOF coordinates of joints (kernel: solver/coupler_kernel.hpp).
//
// Constraint_Coupler: joint1_id, joint2_id (req), joint3_id (opt), freedom_k = "T" | "R" (the
//   translation along z_J or the rotation about z_J of joint k; implied by a TRANSLATIONAL or
//   REVOLUTE joint, required for a CYLINDRICAL one), coefficients = "c1, c2 [, c3]" (one per
//   joint, none 0). Equation: c1 q1 + c2 q2 (+ c3 q3) = 0, q_k measured from the input
//   configuration (length units, radians). Only REVOLUTE, TRANSLATIONAL and CYLINDRICAL joints.
//   Or, instead of coefficients, a COUSUB user subroutine (usrsub_dll_name, usrsub_param_string,
//   usrsub_fnc_name; partials COUXX / COUXX2, renamed by usrsub_der1_name / usrsub_der2_name):
//   Phi(q1, q2 [, q3]) = 0 (solver/user_coupler.cpp).
// Constraint_Gear (Adams GEAR): joint1_id, joint2_id (req; REVOLUTE, TRANSLATIONAL or
//   CYLINDRICAL, their J markers on one carrier body) and cv_marker_id (req; the common-velocity
//   marker on the carrier: origin at the pitch point, z along the common velocity). The
//   velocities of the pitch point, taken as fixed on gear 1 (the I body of joint 1) and as fixed
//   on gear 2, relative to the carrier and projected on z_CV, are equal:
//     a1 q1' = a2 q2',  a_k = (z_Jk x (P - O_Jk)) . z_CV (rotation), z_Jk . z_CV (translation),
//   O_Jk the J marker origin of joint k and P the CV origin. Everything in a_k is fixed on the
//   carrier, so a_k is a constant of the input configuration and the gear is the coupler
//   a1 q1 - a2 q2 = 0 (a cylindrical joint contributes both its rotation and its translation).
//   Two external spur gears of pitch radii r1, r2 give r1 q1 + r2 q2 = 0.
// Rejected: other joint types, a Constraint_Jprim id, missing or extra freedoms or
// coefficients, a zero coefficient, a gear whose CV marker is not on the carrier or for which
// a_k = 0, a coupler with both coefficients and a COUSUB, gear user subroutines. A COUSUB may
// be a library routine or a Python script function (its partials alike).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_constraint_coupler(ElementReader& in, ModelDraft& draft, bool in_command);
void build_constraint_gear(ElementReader& in, ModelDraft& draft, bool in_command);
/// Pass 2: resolves the joint and marker ids of the drafts into Model::couplers (couplers, then
/// gears), after the joints.
void resolve_couplers(const ModelDraft& draft, Model& m, Diagnostics& diag);
}  // namespace mb
