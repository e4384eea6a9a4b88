#include "app/graphics_mesh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "models/model.hpp"

namespace mb {

namespace {

using Shape = ContactGeometry::Shape;

/// Collects triangles in the marker's frame and stores them in the body's.
class MeshBuilder {
 public:
  MeshBuilder(const Vec3& origin, const Mat3& axes) : origin_(origin), axes_(axes) {}

  /// One face of a convex solid whose inside holds `inside`: wound to face away from it.
  void solid(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& inside) {
    const Vec3 n = (b - a).cross(c - a);
    if (n.norm() == 0) return;  // degenerate (a cone's tip)
    if (n.dot((a + b + c) / 3.0 - inside) >= 0) {
      face(a, b, c);
    } else {
      face(a, c, b);
    }
  }
  /// A flat face seen from both sides.
  void sheet(const Vec3& a, const Vec3& b, const Vec3& c) {
    face(a, b, c);
    face(a, c, b);
  }

  TriangleMesh take() { return std::move(mesh_); }

 private:
  void face(const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 n = axes_ * (b - a).cross(c - a).normalized();
    for (const Vec3* p : {&a, &b, &c}) {
      const Vec3 q = origin_ + axes_ * *p;
      for (int k = 0; k < 3; ++k) {
        mesh_.positions.push_back(static_cast<float>(q(k)));
        mesh_.normals.push_back(static_cast<float>(n(k)));
      }
      mesh_.indices.push_back(static_cast<std::uint32_t>(mesh_.indices.size()));
    }
  }

  Vec3 origin_;
  Mat3 axes_;
  TriangleMesh mesh_;
};

void box(MeshBuilder& m, const Vec3& corner, const Vec3& size) {
  auto p = [&](int i, int j, int k) {
    return Vec3(corner(0) + i * size(0), corner(1) + j * size(1), corner(2) + k * size(2));
  };
  const Vec3 centre = corner + 0.5 * size;
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      int c[4][3];
      for (int q = 0; q < 4; ++q) {
        c[q][axis] = side;
        c[q][(axis + 1) % 3] = (q == 1 || q == 2) ? 1 : 0;
        c[q][(axis + 2) % 3] = q >= 2 ? 1 : 0;
      }
      const Vec3 a = p(c[0][0], c[0][1], c[0][2]), b = p(c[1][0], c[1][1], c[1][2]),
                 d = p(c[2][0], c[2][1], c[2][2]), e = p(c[3][0], c[3][1], c[3][2]);
      m.solid(a, b, d, centre);
      m.solid(a, d, e, centre);
    }
  }
}

/// A frustum of `n` facets: radius r0 at z = 0, r1 at z = length.
void frustum(MeshBuilder& m, double r0, double r1, double length, int n) {
  const Vec3 centre(0, 0, 0.5 * length);
  auto ring = [&](double r, double z, int k) {
    const double a = 2 * std::numbers::pi * k / n;
    return Vec3(r * std::cos(a), r * std::sin(a), z);
  };
  for (int k = 0; k < n; ++k) {
    const Vec3 b0 = ring(r0, 0, k), b1 = ring(r0, 0, k + 1);
    const Vec3 t0 = ring(r1, length, k), t1 = ring(r1, length, k + 1);
    m.solid(b0, b1, t1, centre);
    m.solid(b0, t1, t0, centre);
    if (r0 > 0) m.solid(Vec3(0, 0, 0), b0, b1, centre);
    if (r1 > 0) m.solid(Vec3(0, 0, length), t0, t1, centre);
  }
}

void ellipsoid(MeshBuilder& m, const Vec3& semi) {
  constexpr int kMeridians = 24, kParallels = 12;
  auto p = [&](int i, int j) {
    const double lon = 2 * std::numbers::pi * i / kMeridians;
    const double lat = std::numbers::pi * j / kParallels - std::numbers::pi / 2;
    return Vec3(semi(0) * std::cos(lat) * std::cos(lon), semi(1) * std::cos(lat) * std::sin(lon),
                semi(2) * std::sin(lat));
  };
  for (int i = 0; i < kMeridians; ++i) {
    for (int j = 0; j < kParallels; ++j) {
      m.solid(p(i, j), p(i + 1, j), p(i + 1, j + 1), Vec3::Zero());
      m.solid(p(i, j), p(i + 1, j + 1), p(i, j + 1), Vec3::Zero());
    }
  }
}

/// A square bar of half width w from a to b.
void bar(MeshBuilder& m, const Vec3& a, const Vec3& b, double w) {
  const Vec3 d = b - a;
  if (d.norm() == 0) return;
  const Vec3 axis = d.normalized();
  const Vec3 helper = std::abs(axis(0)) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 u = axis.cross(helper).normalized() * w, v = axis.cross(u).normalized() * w;
  const Vec3 centre = 0.5 * (a + b);
  Vec3 c[8];
  for (int k = 0; k < 8; ++k) {
    c[k] = (k & 4 ? b : a) + (k & 1 ? u : Vec3(-u)) + (k & 2 ? v : Vec3(-v));
  }
  const int faces[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
  for (const auto& f : faces) {
    m.solid(c[f[0]], c[f[1]], c[f[2]], centre);
    m.solid(c[f[0]], c[f[2]], c[f[3]], centre);
  }
}

}  // namespace

std::array<float, 3> TriangleMesh::lower() const {
  std::array<float, 3> lo;
  lo.fill(std::numeric_limits<float>::infinity());
  for (size_t i = 0; i < positions.size(); ++i) lo[i % 3] = std::min(lo[i % 3], positions[i]);
  return lo;
}

std::array<float, 3> TriangleMesh::upper() const {
  std::array<float, 3> hi;
  hi.fill(-std::numeric_limits<float>::infinity());
  for (size_t i = 0; i < positions.size(); ++i) hi[i % 3] = std::max(hi[i % 3], positions[i]);
  return hi;
}

TriangleMesh graphic_mesh(const BodyGraphic& g) {
  if (g.kind == BodyGraphic::Kind::kOutline) {
    MeshBuilder m(Vec3::Zero(), Mat3::Identity());
    double longest = 0;
    for (size_t k = 1; k < g.outline.size(); ++k) {
      longest = std::max(longest, (g.outline[k] - g.outline[k - 1]).norm());
    }
    for (size_t k = 1; k < g.outline.size(); ++k) {
      bar(m, g.outline[k - 1], g.outline[k], 0.01 * longest);
    }
    return m.take();
  }
  const ContactGeometry& s = g.shape;
  MeshBuilder m(g.origin, g.axes);
  const int sides = g.sides >= 3 ? g.sides : 24;
  switch (s.shape) {
    case Shape::kBox:
      box(m, s.corner_offset, s.size);
      break;
    case Shape::kCylinder:
      frustum(m, s.radius, s.radius, s.length, sides);
      break;
    case Shape::kFrustum:
      frustum(m, s.radius, s.top_radius, s.length, sides);
      break;
    case Shape::kSphere:
      ellipsoid(m, Vec3::Constant(s.radius));
      break;
    case Shape::kEllipsoid:
      ellipsoid(m, 0.5 * s.size);
      break;
    case Shape::kCircle:
      for (int k = 0; k < 24; ++k) {
        const double a0 = 2 * std::numbers::pi * k / 24, a1 = 2 * std::numbers::pi * (k + 1) / 24;
        m.sheet(Vec3::Zero(), Vec3(s.radius * std::cos(a0), s.radius * std::sin(a0), 0),
                Vec3(s.radius * std::cos(a1), s.radius * std::sin(a1), 0));
      }
      break;
    case Shape::kPlane:
      m.sheet(Vec3(s.xmin, s.ymin, 0), Vec3(s.xmax, s.ymin, 0), Vec3(s.xmax, s.ymax, 0));
      m.sheet(Vec3(s.xmin, s.ymin, 0), Vec3(s.xmax, s.ymax, 0), Vec3(s.xmin, s.ymax, 0));
      break;
    case Shape::kExternal:
      break;
  }
  return m.take();
}

std::map<std::string, std::vector<TriangleMesh>> body_meshes(const std::vector<BodyGraphic>& g,
                                                             const Model& model) {
  std::map<std::string, std::vector<TriangleMesh>> out;
  for (const BodyGraphic& x : g) {
    if (x.body < 0) continue;
    const Body& b = model.bodies[static_cast<size_t>(x.body)];
    TriangleMesh mesh = graphic_mesh(x);
    if (mesh.indices.empty()) continue;
    out[b.ground ? std::string("ground") : fmt::format("body{}", b.id)].push_back(std::move(mesh));
  }
  return out;
}

}  // namespace mb
