#pragma once
// The geometry an animation draws on each body (mbsolve --animation, app/graphics_mesh.hpp):
// MotionSolve Post_Graphic and Adams GRAPHICS, read by the same builder a contact's geometry
// comes from (models/contact_geometry.hpp: build_post_graphic; Adams GRAPHICS become post_graphic
// nodes in parser/adm_contact.cpp), each placed in its body's frame (the CM frame the CSV's pose
// columns give, Marker::pos_body / axes_body):
//   * the analytic kinds (Post_Graphic Sphere, Ellipsoid, BoxDefinedFromCorner/Center, Cylinder,
//     Frustum, Circle, bounded Plane; Adams ELLIPSOID, BOX, CYLINDER, FRUSTUM, CIRCLE, PLANE)
//     keep the ContactGeometry of the builder, in the axes of their marker; cylinders and
//     frustums may have a negative length (Adams draws them along -z then);
//   * Outline (Adams OUTLINE=id1, id2, ...; Post_Graphic type="Outline" marker_id="id1 id2 ...")
//     is the polyline through its markers' origins, all on the body of the first.
// Not drawn, with one info line per kind: files (EXTERNAL, TriaMesh, Parasolid), unbounded
// planes, and the kinds mbsolve does not read (Arc, SPDP, Point, curves and surfaces, ...).
// Neither deck format has a LINK graphic (that is an Adams/View geometry).

#include <vector>

#include "common/linalg.hpp"
#include "models/contact_data.hpp"

namespace mb {

struct Deck;
struct Model;
class Diagnostics;

struct BodyGraphic {
  enum class Kind { kShape, kOutline };
  Kind kind = Kind::kShape;
  int id = 0;
  int body = -1;  ///< index into Model::bodies (0 is the ground)
  /// kShape: the shape's sizes (model length units, in the marker's axes).
  ContactGeometry shape;
  Vec3 origin = Vec3::Zero();    ///< the marker's origin in the body frame
  Mat3 axes = Mat3::Identity();  ///< columns: the marker's axes in the body frame
  int sides = 0;                 ///< Adams SIDES / SEG: facets around (0: the default)
  std::vector<Vec3> outline;     ///< kOutline: the points in the body frame
};

/// The graphics of the deck's post_graphic nodes on the bodies of `model` (built from `deck`).
/// The model build has reported the errors of these nodes already; what is not drawn gets one
/// info line per kind in `diag`.
std::vector<BodyGraphic> read_body_graphics(const Deck& deck, const Model& model,
                                            Diagnostics& diag);

/// A run without an animation: one info line at the deck's first graphic (if any) saying that
/// graphics only draw, and how to draw them.
void note_graphics_not_drawn(const Deck& deck, Diagnostics& diag);

}  // namespace mb
