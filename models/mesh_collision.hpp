#pragma once
// The pairs of 3-D contact geometry without a closed form (box-box, cylinder-box,
// frustum-cylinder, anything against a triangle mesh, ...; contact_pair_method() in
// models/contact_data.hpp), through the Flexible Collision Library (FCL 0.7, Debian
// libfcl-dev). This file pair is the only one that includes FCL's headers.
//
// Each geometry becomes an FCL shape once, when the model is built: a sphere, ellipsoid, box
// and cylinder as FCL's own; a frustum as a convex polytope of 48 sides whose vertices lie at
// the mean of the inscribed and circumscribed radius (within 0.1 % of the true surface); a mesh
// (models/contact_mesh.hpp) as a bounding-volume hierarchy of oriented boxes (BVHModel<OBBRSS>).
// fcl::collide with contacts enabled gives the points, their penetration depths and normals: FCL's
// box-box test (a port of ODE's) up to 4 points on a face, GJK/EPA (libccd) one point for the other
// convex pairs, one point per intersecting triangle for a mesh, of which the deepest within two
// mean edge lengths of each other are kept (the neighbouring triangles of one touching region).
//
// Not allocation-free: FCL allocates its result and traversal data inside collide().

#include <cstddef>
#include <memory>

#include "common/linalg.hpp"
#include "models/contact_data.hpp"

namespace mb {

class CollisionShape;

/// The FCL form of g (its marker's frame is the shape's frame); nullptr for a plane or circle.
std::shared_ptr<const CollisionShape> make_collision_shape(const ContactGeometry& g);

/// One contact point: p (global), the unit normal out of b towards a, the depth > 0.
struct CollisionPoint {
  Vec3 point = Vec3::Zero(), normal = Vec3::UnitZ();
  double depth = 0;
};

/// The contact points of shape a (its marker at ra with axes Aa, columns the marker axes in
/// ground) against shape b; at most `capacity` of them (the deepest), written to `out`.
/// Returns how many.
size_t collide_shapes(const CollisionShape& a, const Vec3& ra, const Mat3& Aa,
                      const CollisionShape& b, const Vec3& rb, const Mat3& Ab, CollisionPoint* out,
                      size_t capacity);

}  // namespace mb
