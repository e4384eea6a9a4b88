#include "models/mesh_collision.hpp"

#include <fcl/fcl.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "models/contact_mesh.hpp"

namespace mb {

class CollisionShape {
 public:
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
  Vec3 offset = Vec3::Zero();  ///< the FCL shape's origin in the geometry marker's frame
  double merge_distance = 0;   ///< contacts closer than this are one region (meshes)
  bool mesh = false;
};

namespace {

std::shared_ptr<fcl::CollisionGeometryd> frustum(double r_bottom, double r_top, double length) {
  constexpr int kSides = 48;
  const double widen = 0.5 * (1 + 1 / std::cos(std::numbers::pi / kSides));
  auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
  for (int ring = 0; ring < 2; ++ring) {
    const double r = (ring == 0 ? r_bottom : r_top) * widen;
    for (int k = 0; k < kSides; ++k) {
      const double a = 2 * std::numbers::pi * k / kSides;
      vertices->emplace_back(r * std::cos(a), r * std::sin(a), ring == 0 ? 0.0 : length);
    }
  }
  // Faces: the count of vertices, then their indices counter-clockwise seen from outside (for a
  // positive length; GJK/EPA use the vertices only, so a negative length or a top radius of 0,
  // a cone with its apex repeated, does no harm).
  auto faces = std::make_shared<std::vector<int>>();
  faces->push_back(kSides);
  for (int k = kSides - 1; k >= 0; --k) faces->push_back(k);  // bottom, normal -z
  faces->push_back(kSides);
  for (int k = 0; k < kSides; ++k) faces->push_back(kSides + k);  // top, normal +z
  for (int k = 0; k < kSides; ++k) {
    const int n = (k + 1) % kSides;
    faces->insert(faces->end(), {4, k, n, kSides + n, kSides + k});
  }
  return std::make_shared<fcl::Convexd>(vertices, kSides + 2, faces);
}

std::shared_ptr<fcl::CollisionGeometryd> mesh_model(const ContactMesh& mesh, double& mean_edge) {
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  std::vector<fcl::Vector3d> vertices(mesh.vertices.begin(), mesh.vertices.end());
  std::vector<fcl::Triangle> triangles;
  double edges = 0;
  for (const auto& t : mesh.triangles) {
    triangles.emplace_back(static_cast<size_t>(t[0]), static_cast<size_t>(t[1]),
                           static_cast<size_t>(t[2]));
    for (int e = 0; e < 3; ++e) {
      edges += (mesh.vertices[static_cast<size_t>(t[static_cast<size_t>(e)])] -
                mesh.vertices[static_cast<size_t>(t[static_cast<size_t>((e + 1) % 3)])])
                   .norm();
    }
  }
  mean_edge = edges / (3.0 * static_cast<double>(mesh.triangles.size()));
  model->beginModel();
  model->addSubModel(vertices, triangles);
  model->endModel();
  return model;
}

fcl::Transform3d pose(const CollisionShape& s, const Vec3& r, const Mat3& A) {
  fcl::Transform3d tf = fcl::Transform3d::Identity();
  tf.linear() = A;
  tf.translation() = r + A * s.offset;
  return tf;
}

}  // namespace

std::shared_ptr<const CollisionShape> make_collision_shape(const ContactGeometry& g) {
  using S = ContactGeometry::Shape;
  auto s = std::make_shared<CollisionShape>();
  switch (g.shape) {
    case S::kSphere:
      s->geometry = std::make_shared<fcl::Sphered>(g.radius);
      break;
    case S::kEllipsoid:
      s->geometry = std::make_shared<fcl::Ellipsoidd>(0.5 * g.size.cwiseAbs());
      break;
    case S::kBox:
      s->geometry = std::make_shared<fcl::Boxd>(g.size.cwiseAbs());
      s->offset = g.corner_offset + 0.5 * g.size;
      break;
    case S::kCylinder:
      s->geometry = std::make_shared<fcl::Cylinderd>(g.radius, std::abs(g.length));
      s->offset = Vec3(0, 0, 0.5 * g.length);
      break;
    case S::kFrustum:
      s->geometry = frustum(g.radius, g.top_radius, g.length);
      break;
    case S::kExternal:
      if (!g.mesh) return nullptr;
      s->geometry = mesh_model(*g.mesh, s->merge_distance);
      s->merge_distance *= 2;
      s->mesh = true;
      break;
    default:
      return nullptr;
  }
  s->geometry->computeLocalAABB();
  return s;
}

size_t collide_shapes(const CollisionShape& a, const Vec3& ra, const Mat3& Aa,
                      const CollisionShape& b, const Vec3& rb, const Mat3& Ab, CollisionPoint* out,
                      size_t capacity) {
  fcl::CollisionRequestd request(100000, true);
  fcl::CollisionResultd result;
  // FCL's normal points from its first object to its second, except for a shape against a mesh
  // (FCL 0.7 reverses it there: a box on a mesh came out pointing into the box). So a mesh
  // goes first, and the normal's sign follows the order used.
  const bool swap = b.mesh && !a.mesh;
  if (swap) {
    fcl::collide(b.geometry.get(), pose(b, rb, Ab), a.geometry.get(), pose(a, ra, Aa), request,
                 result);
  } else {
    fcl::collide(a.geometry.get(), pose(a, ra, Aa), b.geometry.get(), pose(b, rb, Ab), request,
                 result);
  }
  std::vector<fcl::Contactd> contacts;
  result.getContacts(contacts);
  std::sort(contacts.begin(), contacts.end(), [](const fcl::Contactd& x, const fcl::Contactd& y) {
    return x.penetration_depth > y.penetration_depth;
  });
  const double merge = std::max(a.merge_distance, b.merge_distance);
  size_t n = 0;
  for (const fcl::Contactd& c : contacts) {
    if (n == capacity) break;
    if (!(c.penetration_depth > 0)) continue;
    bool near = false;
    for (size_t k = 0; k < n && !near; ++k) near = (out[k].point - c.pos).norm() < merge;
    if (near) continue;
    // FCL's normal points from a to b; ours out of b towards a.
    const Vec3 normal = c.normal.normalized();
    out[n++] = CollisionPoint{c.pos, swap ? normal : Vec3(-normal), c.penetration_depth};
  }
  return n;
}

}  // namespace mb
