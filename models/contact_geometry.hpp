#pragma once
// The analytic geometry a 3-D contact (models/force_contact.hpp) touches: MotionSolve
// Post_Graphic and Adams GRAPHICS (parser/adm_graphics.cpp) of the primitive kinds, each fixed to
// one marker. Sizes are in model length units, in the marker's axes:
//   kSphere     centre at the marker, radius            (Post_Graphic Sphere; Adams ELLIPSOID
//                                                        with XSCALE = YSCALE = ZSCALE)
//   kEllipsoid  centre at the marker, semi-axes size/2  (Adams ELLIPSOID XSCALE..ZSCALE are the
//                                                        diameters; Post_Graphic Ellipsoid)
//   kBox        corner at the marker + corner_offset, edges size (signed: Adams BOX X, Y, Z may
//               be negative; a BoxDefinedFromCenter has the offset -size/2)
//   kCylinder   bottom circle at the marker, top circle at +length along its z, radius
//   kFrustum    the same with the bottom radius `radius` and the top radius `top_radius`
//   kCircle     a circle of `radius` in the marker's xy plane (Adams CIRCLE)
//   kPlane      the marker's xy plane, material below (z < 0); bounded by xmin..ymax when given
//   kExternal   a file (Adams EXTERNAL, Post_Graphic TriaMesh/Parasolid): refused by a contact
// Post_Graphic attributes read (type: the kind): Sphere center_marker_id radius; Ellipsoid
// center_marker_id length_x length_y length_z (diameters; equal ones make a sphere);
// BoxDefinedFromCorner corner_marker_id length_x..z; BoxDefinedFromCenter center_marker_id
// length_x..z; Cylinder center_marker_id radius length; Frustum center_marker_id bottom_radius
// top_radius length; Circle center_marker_id radius; Plane center_marker_id [x_min x_max y_min
// y_max]; External / TriaMesh / Parasolid file (refused by a contact, naming the file). Other
// kinds only draw. Another reader of the same statements (animation output) may share this
// struct.

#include <string>

#include "common/source_loc.hpp"
#include "models/contact_data.hpp"

namespace mb {

class ElementReader;
struct ModelDraft;

/// Post_Graphic (and the post_graphic node Adams GRAPHICS becomes): reads the primitive kinds a
/// contact can use; the others are kept as kExternal only when a file is named, else dropped
/// (they only draw).
void build_post_graphic(ElementReader& in, ModelDraft& draft, bool in_command);

}  // namespace mb
