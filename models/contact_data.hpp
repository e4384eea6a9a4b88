#pragma once
// The data of the 3-D contacts a Model holds: the analytic geometries
// (models/contact_geometry.hpp: the shapes and how the decks give them) and the contacts
// between them (models/force_contact.hpp: the contact law). Data only, so that models/model.hpp
// includes it without the readers.

#include <memory>
#include <string>
#include <vector>

#include "common/linalg.hpp"
#include "common/source_loc.hpp"

namespace mb {

struct ContactMesh;    // models/contact_mesh.hpp: the triangles of a mesh file
class CollisionShape;  // models/mesh_collision.hpp: the collision library's form of a geometry

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
  std::string file;    ///< kExternal: the file it names
  SourceLoc file_loc;  ///< kExternal: where the deck names the file
  /// kExternal: the triangles read from `file` (STL or OBJ), in the marker's axes.
  std::shared_ptr<const ContactMesh> mesh;
  /// The collision library's form, for pairs without a closed form (contact_pair_method).
  std::shared_ptr<const CollisionShape> collision;
  std::string kind;  ///< the keyword as the deck spells it (messages): "BOX", "Cylinder", ...
  SourceLoc loc;
};

/// How the kernel finds the contact points of a pair of shapes (I, J; either order).
enum class ContactPairMethod {
  kNone,       ///< not supported
  kAnalytic,   ///< closed form (solver/contact_law.hpp)
  kCollision,  ///< the collision library (models/mesh_collision.hpp)
};
/// Defined in models/force_contact.cpp.
ContactPairMethod contact_pair_method(ContactGeometry::Shape a, ContactGeometry::Shape b);

struct Contact {
  enum class Normal { kImpact, kPoisson };
  enum class Friction { kOff, kOn };
  int id = 0;
  std::string subject;                          ///< "CONTACT 3" / "Force_Contact 3"
  std::vector<int> i_geometries, j_geometries;  ///< indices into Model::contact_geometries
  std::vector<char> i_flip, j_flip;             ///< per geometry: normal reversed
  Normal normal = Normal::kImpact;
  double stiffness = 0, exponent = 1.5, damping = 0, dmax = 0.01;
  double penalty = 0, restitution = 1, normal_transition_velocity = 0.01;
  Friction friction = Friction::kOff;
  double mu_static = 0, mu_dynamic = 0;
  double stiction_velocity = 1e-3, friction_velocity = 1e-3;
  bool active = true;  ///< false after a Deactivate command: applies no force
  SourceLoc loc;
};

}  // namespace mb
