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

#include "common/linalg.hpp"
#include "common/source_loc.hpp"

namespace mb {

struct ContactGeometry {
  enum class Shape { kSphere, kEllipsoid, kBox, kCylinder, kFrustum, kCircle, kPlane, kExternal };
  Shape shape = Shape::kSphere;
  int id = 0;
  int marker = -1;  ///< index into Model::markers (in pass 1: the deck id, see DraftGraphic)
  double radius = 0, top_radius = 0, length = 0;
  Vec3 size = Vec3::Zero();           ///< box edges, ellipsoid diameters
  Vec3 corner_offset = Vec3::Zero();  ///< box: the corner relative to the marker, marker axes
  /// Plane bounds in its marker's xy plane (infinite when not given).
  double xmin = -1e300, xmax = 1e300, ymin = -1e300, ymax = 1e300;
  std::string file;  ///< kExternal: the file it names
  std::string kind;  ///< the keyword as the deck spells it (messages): "BOX", "Cylinder", ...
  SourceLoc loc;
};

/// A geometry before its marker id is resolved (pass 1).
struct DraftGraphic {
  ContactGeometry geometry;
  int marker_id = 0;
  SourceLoc marker_loc;
  std::string subject;
  bool draw_only = false;  ///< a kind no contact can use
  std::string missing;     ///< the first attribute a contact would need that is absent
};

/// True when the kernel has an analytic form for shapes a (I) and b (J), in either order.
inline bool contact_pair_supported(ContactGeometry::Shape a, ContactGeometry::Shape b) {
  using S = ContactGeometry::Shape;
  auto solid = [](S s) {
    return s == S::kSphere || s == S::kEllipsoid || s == S::kBox || s == S::kCylinder ||
           s == S::kFrustum || s == S::kCircle;
  };
  if (b == S::kPlane) return solid(a);
  if (a == S::kPlane) return solid(b);
  return a == S::kSphere && b == S::kSphere;
}

class ElementReader;
struct ModelDraft;

/// Post_Graphic (and the post_graphic node Adams GRAPHICS becomes): reads the primitive kinds a
/// contact can use; the others are kept as kExternal only when a file is named, else dropped
/// (they only draw).
void build_post_graphic(ElementReader& in, ModelDraft& draft, bool in_command);

}  // namespace mb
