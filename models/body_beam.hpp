#pragma once
// Body_Beam (mbsolve extension): a straight elastic beam from the J marker to the I marker,
// split into num_segments rigid segments joined by Force_Beam elasticity (force_beam.hpp).
// Pass 1 reads the element; pass 2 (expand_body_beams) creates the segment bodies, their CM
// markers and the elastic links, once every marker's position is known.
//   j_marker_id, i_marker_id (req): the beam runs from J's origin to I's origin; its x axis is
//   the neutral axis, its y axis J's y axis made normal to x, z = x cross y. Both ends are clamped
//   to the markers' bodies (a ground marker clamps to ground) unless free_end="TRUE", in which
//   case I only gives the end point.
//   num_segments N (integer 1 .. 998); e, g (> 0, force/length^2); density rho (> 0,
//   mass/length^3); cratio (>= 0, time; C = cratio K on every link); asy, asz (>= 0, default 0).
//   Section, exactly one of: area, iyy, izz (> 0) and optional ixx (torsion constant, default
//   iyy + izz); width_y, width_z (> 0, rectangular: A = wy wz, iyy = wy wz^3 / 12,
//   izz = wz wy^3 / 12); diameter (> 0, circular: A = pi d^2 / 4, iyy = izz = pi d^4 / 64). The
//   shortcuts set ixx = iyy + izz (exact for a circle, an upper bound for a rectangle).
// Segment k (length l = L / N, k = 1 .. N) is Body_Rigid id*1000 + k with CM marker of the same
// id at the segment centre, axes the beam axes; mass rho A l; inertia about its CM
// diag(rho (iyy + izz) l, rho iyy l + m l^2 / 12, rho izz l + m l^2 / 12) (Cosserat section
// inertia per unit length plus the finite-segment terms). Links: J end to segment 1 (length
// l / 2), segment k to k + 1 (length l), segment N to the I end (l / 2, not with free_end); the
// end markers are id*1000 (on J's body) and id*1000 + 999 (on I's body).
// Rejected: bad or mixed section forms, generated ids that clash with deck ids, coincident
// end markers.

#include "common/diagnostics.hpp"
#include "models/element_reader.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_body_beam(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2: appends the segment bodies and markers (after the deck's markers are resolved).
void expand_body_beams(const ModelDraft& draft, Model& model, Diagnostics& diag);
}  // namespace mb
