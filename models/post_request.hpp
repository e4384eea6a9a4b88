#pragma once
// Post_Request: output channels written as `req<id>.<component>` (format reference 2.31).
//   MARKER_DISPLACEMENT: x y z (of I wrt J, in ref_marker axes) psi theta phi (3-1-3 of I wrt J)
//   MARKER_VELOCITY:     vx vy vz (d/dt in ground of R_I - R_J, in ref axes) wx wy wz
//   MARKER_ACCELERATION: ax ay az wdx wdy wdz
//   MARKER_FORCE:        fx fy fz tx ty tz (FX..TZ(I, J, ref))
//   EXPRESSION:          f1..f8 from expr1..expr8; "NULL" channels are left out
//   ELEMENTAL_FORCE:     fx fy fz tx ty tz: the force and torque (about the marker origin) of one
//                        element on its I (jflag="0", default) or J (jflag="1") marker, in
//                        ref_marker axes, as JOINT/SFORCE/BUSH/...(id, jflag, 2..8, ref); for a
//                        compliant element (spring-damper, bushing, field, beam) followed by its
//                        output channels (models/compliant_outputs.hpp). elem_type (req): the
//                        element's XML name (Constraint_Joint, Motion_Joint, Force_Scalar_TwoBody,
//                        Force_Vector_TwoBody/OneBody, Force_SpringDamper, Force_Bushing,
//                        Force_Field, Force_Beam) or its query name (JOINT, MOTION, SFORCE,
//                        VFORCE, GFORCE, SPDP, BUSH, FIELD, BEAM); element_id (req; the attribute
//                        name is our guess: the MotionSolve page was not available).
// i_marker_id (req for marker requests), j_marker_id, ref_marker_id (default ground).
// USERSUB requests are not supported yet.

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_post_request(ElementReader& in, ModelDraft& draft, bool in_command);

/// A command changes the expressions of an EXPRESSION request's present channels.
bool resolve_request_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kRequestEdit = {"expr1 expr2 expr3 expr4 expr5 expr6 expr7 expr8",
                                          resolve_request_edit, true, false};

}  // namespace mb
