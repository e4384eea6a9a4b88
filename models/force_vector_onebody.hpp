#pragma once
// Force_Vector_OneBody: an action-only force and/or torque on one marker (format reference
// 2.19): F = A_ref [fx, fy, fz] at R_marker, T = A_ref [tx, ty, tz]; reverse_dir="TRUE" negates.
//   marker_id (alias i_marker_id), ref_marker_id, type and fx..tz_expression as
//   Force_Vector_TwoBody.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_force_vector_onebody(ElementReader& in, ModelDraft& draft, bool in_command);
}
