#pragma once
// CONTACT and GRAPHICS (Adams/Solver) -> force_contact and post_graphic, the nodes
// MotionSolve Force_Contact and Post_Graphic build (models/force_contact.hpp,
// models/contact_geometry.hpp):
//   CONTACT: IGEOM/JGEOM -> i/j_graphics_id; IFLIP_GEOMETRY/JFLIP_GEOMETRY -> i/j_flip_geometry;
//     IMPACT|POISSON -> cnf_type; STIFFNESS, EXPONENT, DAMPING, DMAX; PENALTY,
//     RESTITUTION_COEFFICIENT -> restitution_coef; COULOMB_FRICTION ON|OFF|DYNAMICS_ONLY ->
//     cff_type; MU_STATIC, MU_DYNAMIC, STICTION_TRANSITION_VELOCITY -> stiction_trans_vel,
//     FRICTION_TRANSITION_VELOCITY -> friction_trans_vel; TYPE (SOLID_TO_SOLID...) and
//     AUGMENTED_LAGRANGIAN_FORMULATION are not used. CNFSUB/CFFSUB routines are refused.
//   GRAPHICS (a contact's geometry, and drawn by --animation: models/body_graphics.hpp):
//     ELLIPSOID CM XSCALE YSCALE ZSCALE (the diameters) -> Ellipsoid; BOX CORNER X Y Z ->
//     BoxDefinedFromCorner; CYLINDER CM RADIUS LENGTH -> Cylinder; FRUSTUM CM BOTTOM TOP LENGTH
//     -> Frustum; CIRCLE CM RADIUS -> Circle; PLANE RM XMIN XMAX YMIN YMAX -> Plane; EXTERNAL
//     RM FILE ELEMENT -> External; OUTLINE=id1, id2, ... -> Outline marker_id="id1 id2 ...";
//     SIDES -> sides (facets of a drawn cylinder or frustum). The other kinds (FORCE, ARC,
//     SPDP, ...) are skipped by the reader (parser/adm_reader.cpp, one info line).

#include <span>
#include <string_view>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kContactArgs;
extern const std::span<const ArgSpec> kGraphicsArgs;
void build_contact(NodeBuilder& b);
void build_graphics(NodeBuilder& b);

/// True for the GRAPHICS kinds build_graphics reads (the first word after the id).
bool graphics_kind_read(std::string_view kind);

}  // namespace mb::adm
