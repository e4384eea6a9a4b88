#pragma once
// Constraint_Joint: an ideal joint between markers I and J (format reference 2.10), and
// Constraint_Jprim, a joint primitive (2.11). Equations in solver/joint_kernel.hpp; with
// d = R_I - R_J:
//   SPHERICAL (d = 0), REVOLUTE (d = 0, z_I parallel z_J), FIXED, TRANSLATIONAL (slides along
//   z_J), CYLINDRICAL, PLANAR (I in J's x-y plane), UNIVERSAL (z_I perpendicular z_J), HOOKE
//   (x_I perpendicular y_J);
//   CONSTANT_VELOCITY: d = 0 and x_I . y_J + y_I . x_J = 0 (Adams CONVEL: z_I and z_J point
//     down the shafts away from the centre; start with x_I || x_J or y_I || y_J);
//   SCREW (pitch, req, != 0): one equation, d . z_J = pitch AZ(I, J) / (2 pi); combine with a
//     CYLINDRICAL joint that keeps z_I || z_J (Adams SCREW);
//   RACK_PINION (pitch_diameter, req, > 0): one equation, d . z_J = (D/2) theta, theta the
//     rotation of the pinion marker I about z_I from x_I || z_J (the rack's travel); combine
//     with a REVOLUTE for the pinion and a TRANSLATIONAL for the rack (Adams RACKPIN);
//   jprim names (also accepted by Constraint_Joint): ATPOINT (d = 0; Jprim only), INLINE
//     (I on the z_J line), INPLANE (I in J's x-y plane), ORIENTATION (same axes),
//     PARALLEL_AXES (z_I || z_J), PERPENDICULAR (z_I perpendicular z_J).
//   i_marker_id, j_marker_id (req, on different bodies).
//   FREE: no equations (accepted so that decks which list one run; the bodies move freely).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_constraint_joint(ElementReader& in, ModelDraft& draft, bool in_command);
void build_constraint_jprim(ElementReader& in, ModelDraft& draft, bool in_command);
/// The deck keyword of a joint type ("REVOLUTE", ...).
std::string_view joint_type_name(JointType type);
}  // namespace mb
