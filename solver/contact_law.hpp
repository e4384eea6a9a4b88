#pragma once
// The wrench of a 3-D contact (models/force_contact.hpp has the law, models/contact_geometry.hpp
// the shapes): the contact points of every (I geometry, J geometry) pair, each point force
// reduced to a force and torque about the first I (J) geometry's marker. Templated on the scalar
// type like every kernel: with AD the Jacobian is exact. The IMPACT and STEP laws are the
// expression library's (expr/functions.hpp), their partial derivatives chained here.

#include <array>
#include <cmath>
#include <numbers>
#include <type_traits>

#include "expr/functions.hpp"
#include "models/contact_geometry.hpp"
#include "models/contact_mesh.hpp"
#include "models/force_contact.hpp"
#include "models/mesh_collision.hpp"
#include "solver/autodiff.hpp"
#include "solver/measures.hpp"

namespace mb {

/// A general function of the expression library at `args`, of which the first `nvar` may vary:
/// its value, and with AD the chain rule through the library's own partial derivatives.
template <class T, size_t N>
T library_function(expr::Fn fn, const std::array<T, N>& args, size_t nvar) {
  std::array<double, N> a{};
  for (size_t i = 0; i < N; ++i) a[i] = value_of(args[i]);
  expr::EvalErrorKind err = expr::EvalErrorKind::kNone;
  const double v = expr::eval_general<double>(fn, a.data(), static_cast<int>(N), err);
  if constexpr (std::is_same_v<T, double>) {
    return v;
  } else {
    T out = T(0.0) * args[0];
    for (size_t k = 0; k < nvar; ++k) {
      const int wrt = static_cast<int>(k);
      const double p = expr::partial_general(fn, a.data(), static_cast<int>(N), &wrt, 1, err);
      out = out + p * (args[k] - a[k]);
    }
    return out + v;
  }
}

/// The sum of the contact's point forces as a wrench: on I about p_i, on J about p_j.
template <class T>
struct ContactWrench {
  V3<T> F = V3<T>::Zero(), Ti = V3<T>::Zero(), Tj = V3<T>::Zero();
  V3<T> p_i = V3<T>::Zero(), p_j = V3<T>::Zero();
  /// For display (values only): the sum of the point forces' magnitudes and of the points
  /// weighted by them (the centre of pressure is their ratio).
  double force_sum = 0;
  Vec3 weighted_points = Vec3::Zero();
};

/// One side of a geometry pair: the shape, its marker's state, whether its normal is flipped.
template <class T>
struct ContactSide {
  const ContactGeometry* g = nullptr;
  const MarkerState<T>* m = nullptr;
  bool flip = false;
};

/// The normal force of one contact point from its depth d > 0 and the gap rate g'.
template <class T>
T contact_normal_force(const Contact& c, const T& depth, const T& gap_rate) {
  if (c.normal == Contact::Normal::kImpact) {
    return library_function<T, 7>(
        expr::Fn::kImpact,
        {T(0.0) - depth, gap_rate, T(0.0), T(c.stiffness), T(c.exponent), T(c.damping), T(c.dmax)},
        2);
  }
  const double vt = c.normal_transition_velocity;
  const T scale = library_function<T, 5>(
      expr::Fn::kStep, {gap_rate, T(-vt), T(1.0), T(vt), T(c.restitution * c.restitution)}, 1);
  return c.penalty * depth * scale;
}

/// Adams' friction coefficient at slip speed s >= 0 (models/force_contact.hpp).
template <class T>
T contact_friction_coefficient(const Contact& c, const T& s) {
  const double vs = c.stiction_velocity, vt = c.friction_velocity;
  if (value_of(s) <= vs) {
    return library_function<T, 5>(expr::Fn::kStep,
                                  {s, T(-vs), T(-c.mu_static), T(vs), T(c.mu_static)}, 1);
  }
  if (vt <= vs) return T(c.mu_dynamic);
  return library_function<T, 5>(expr::Fn::kStep, {s, T(vs), T(c.mu_static), T(vt), T(c.mu_dynamic)},
                                1);
}

/// Adds the force of one contact point: p the point, n the unit normal out of J towards I,
/// depth the penetration; I and J are markers of the two bodies; the force times `weight` (the
/// share of a point among the rim points of a flat face).
template <class T>
void add_contact_point(const Contact& c, const V3<T>& p, const V3<T>& n, const T& depth,
                       const MarkerState<T>& I, const MarkerState<T>& J, ContactWrench<T>& w,
                       const T& weight = T(1.0)) {
  using std::sqrt;
  if (!(value_of(depth) > 0)) return;
  const V3<T> vrel = (I.V + I.W.cross(p - I.R)) - (J.V + J.W.cross(p - J.R));
  const T gap_rate = vrel.dot(n);
  const T fn = contact_normal_force(c, depth, gap_rate);
  V3<T> F = fn * n;
  if (c.friction == Contact::Friction::kOn && value_of(fn) > 0) {
    const V3<T> slip = vrel - gap_rate * n;
    const double eps = 1e-9 * c.stiction_velocity;
    const T s = sqrt(slip.squaredNorm() + eps * eps);
    F -= (fn * contact_friction_coefficient(c, s) / s) * slip;
  }
  F *= weight;
  const Vec3 f(value_of(F(0)), value_of(F(1)), value_of(F(2)));
  const double magnitude = f.norm();
  w.force_sum += magnitude;
  w.weighted_points += magnitude * Vec3(value_of(p(0)), value_of(p(1)), value_of(p(2)));
  w.F += F;
  w.Ti += (p - w.p_i).cross(F);
  w.Tj -= (p - w.p_j).cross(F);
}

/// The value of a vector or matrix of T.
template <class Derived>
auto values_of(const Eigen::MatrixBase<Derived>& x) {
  return x.unaryExpr([](const typename Derived::Scalar& v) { return value_of(v); }).eval();
}

/// Height of x above a plane side (along its normal) and the normal; false when x lies outside
/// the plane's bounds (a face disc of solid_on_face: its `radius` when > 0).
template <class T>
bool plane_height(const ContactSide<T>& plane, const V3<T>& x, T& h, V3<T>& n) {
  const MarkerState<T>& m = *plane.m;
  const V3<T> d = x - m.R;
  const double lx = value_of(d.dot(m.A.col(0))), ly = value_of(d.dot(m.A.col(1)));
  const ContactGeometry& g = *plane.g;
  if (lx < g.xmin || lx > g.xmax || ly < g.ymin || ly > g.ymax) return false;
  if (g.radius > 0 && lx * lx + ly * ly > g.radius * g.radius) return false;
  n = plane.flip ? V3<T>(-m.A.col(2)) : V3<T>(m.A.col(2));
  h = d.dot(n);
  return true;
}

/// Tilt of a flat face below which it rests on its rim points (solid_on_plane).
inline constexpr double kFlatTilt = 0.5 * std::numbers::pi / 180;

/// The points of a solid `a` against the plane `b`; the normal is out of b.
/// `emit(p, n, depth, weight)`.
template <class T, class Emit>
void solid_on_plane(const ContactSide<T>& a, const ContactSide<T>& b, Emit&& emit) {
  using std::sqrt;
  const ContactGeometry& g = *a.g;
  const MarkerState<T>& m = *a.m;
  V3<T> n;
  T h;
  auto vertex = [&](const V3<T>& x, const T& weight = T(1.0)) {
    if (plane_height(b, x, h, n)) emit(V3<T>(x - (0.5 * h) * n), n, T(0.0) - h, weight);
  };
  const V3<T> nb = b.flip ? V3<T>(-b.m->A.col(2)) : V3<T>(b.m->A.col(2));
  switch (g.shape) {
    case ContactGeometry::Shape::kSphere:
      vertex(V3<T>(m.R - g.radius * nb));
      break;
    case ContactGeometry::Shape::kEllipsoid: {
      const V3<T> mloc = m.A.transpose() * nb;
      const Vec3 s = 0.5 * g.size.cwiseAbs();
      const V3<T> s2m(s(0) * s(0) * mloc(0), s(1) * s(1) * mloc(1), s(2) * s(2) * mloc(2));
      const T q = sqrt(mloc.dot(s2m));
      vertex(V3<T>(m.R - m.A * (s2m / q)));
      break;
    }
    case ContactGeometry::Shape::kBox:
      for (int k = 0; k < 8; ++k) {
        const Vec3 local(g.corner_offset(0) + ((k & 1) ? g.size(0) : 0.0),
                         g.corner_offset(1) + ((k & 2) ? g.size(1) : 0.0),
                         g.corner_offset(2) + ((k & 4) ? g.size(2) : 0.0));
        vertex(V3<T>(m.R + m.A * local.cast<T>()));
      }
      break;
    case ContactGeometry::Shape::kCylinder:
    case ContactGeometry::Shape::kFrustum:
    case ContactGeometry::Shape::kCircle: {
      // Each end circle touches at its lowest point: its centre plus the radius along the part
      // of -n square to the axis, |u| = sin(tilt of the face). A face lying flat (|u| -> 0)
      // rests on kRimPoints points of its rim instead, each carrying 1/kRimPoints of the force,
      // so that it stands stably; between tilts of kFlatTilt and 4 kFlatTilt the two blend
      // (rim weight STEP(|u|, sin kFlatTilt, 1, sin 4 kFlatTilt, 0), the lowest point the rest).
      constexpr int kRimPoints = 8;
      const double flat_lo = std::sin(kFlatTilt), flat_hi = std::sin(4 * kFlatTilt);
      const V3<T> axis = m.A.col(2);
      const V3<T> u = axis * nb.dot(axis) - nb;
      const T len = sqrt(u.squaredNorm() + 1e-24);
      const V3<T> dir = u / len;
      const T rim =
          library_function<T, 5>(expr::Fn::kStep, {len, T(flat_lo), T(1.0), T(flat_hi), T(0.0)}, 1);
      const T lowest = T(1.0) - rim;
      auto end_circle = [&](double z, double radius) {
        const V3<T> centre = m.R + z * axis;
        if (radius == 0) {
          vertex(centre);
          return;
        }
        if (value_of(lowest) > 0) vertex(V3<T>(centre + radius * dir), lowest);
        if (!(value_of(rim) > 0)) return;
        for (int k = 0; k < kRimPoints; ++k) {
          const double angle = 2 * std::numbers::pi * k / kRimPoints;
          const Vec3 local(radius * std::cos(angle), radius * std::sin(angle), z);
          vertex(V3<T>(m.R + m.A * local.cast<T>()), T(rim / double(kRimPoints)));
        }
      };
      end_circle(0, g.radius);
      if (g.shape == ContactGeometry::Shape::kCircle) break;
      end_circle(g.length, g.shape == ContactGeometry::Shape::kFrustum ? g.top_radius : g.radius);
      break;
    }
    case ContactGeometry::Shape::kExternal: {
      // A mesh: its vertices below the plane (the deepest points of a polyhedron), found in
      // double first so that the others cost no derivatives.
      const Vec3 R = values_of(m.R), Rb = values_of(b.m->R), nv = values_of(nb);
      const Mat3 A = values_of(m.A);
      for (const Vec3& v : g.mesh->vertices) {
        if ((R + A * v - Rb).dot(nv) < 0) vertex(V3<T>(m.R + m.A * v.cast<T>()));
      }
      break;
    }
    default:
      break;  // refused when the model is built
  }
}

/// Sphere a against sphere b (b flipped: a inside b's hollow); the normal is out of b.
template <class T, class Emit>
void sphere_on_sphere(const ContactSide<T>& a, const ContactSide<T>& b, Emit&& emit) {
  using std::sqrt;
  const V3<T> d = a.m->R - b.m->R;
  const T dist = sqrt(d.squaredNorm() + 1e-30);
  const V3<T> u = d / dist;
  const double ra = a.g->radius, rb = b.g->radius;
  if (!b.flip) {
    const T depth = ra + rb - dist;
    emit(V3<T>(b.m->R + (rb - 0.5 * depth) * u), u, depth, T(1.0));
  } else {
    const T depth = dist + ra - rb;
    emit(V3<T>(b.m->R + (0.5 * (dist + ra + rb)) * u), V3<T>(-u), depth, T(1.0));
  }
}

/// A solid `a` against a flat face of `b` (a box, or a cylinder's or frustum's end disc) that
/// the collision library's normal n (out of b, in double) points through: the face as a bounded
/// plane, so that a flat face, a cylinder on its side or a mesh rests on several points as on a
/// plane (solid_on_plane), with the exact Jacobian. False when n points through no flat face or
/// none of a's points lies over the face (an edge or rim contact): the caller then takes the
/// library's points.
template <class T, class Emit>
bool solid_on_face(const ContactSide<T>& a, const ContactSide<T>& b, const Vec3& n, Emit&& emit) {
  using S = ContactGeometry::Shape;
  const ContactGeometry& g = *b.g;
  const MarkerState<T>& m = *b.m;
  const Mat3 A = values_of(m.A);
  ContactGeometry plane;
  plane.shape = S::kPlane;
  MarkerState<T> face;
  if (g.shape == S::kBox) {
    // The face whose outward normal is nearest n.
    int k = 0;
    for (int i = 1; i < 3; ++i) {
      if (std::abs(n.dot(A.col(i))) > std::abs(n.dot(A.col(k)))) k = i;
    }
    const double sign = n.dot(A.col(k)) > 0 ? 1.0 : -1.0;
    const int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
    const Vec3 half = 0.5 * g.size.cwiseAbs();
    Vec3 centre = g.corner_offset + 0.5 * g.size;
    centre(k) += sign * half(k);
    face.R = m.R + m.A * centre.cast<T>();
    face.A.col(0) = m.A.col(i1);
    face.A.col(1) = m.A.col(i2);
    face.A.col(2) = sign * m.A.col(k);
    plane.xmin = -half(i1);
    plane.xmax = half(i1);
    plane.ymin = -half(i2);
    plane.ymax = half(i2);
  } else if (g.shape == S::kCylinder || g.shape == S::kFrustum) {
    // The far disc (at z = length) faces along sign(length) z, the other one the opposite way.
    const double dir = g.length > 0 ? 1.0 : -1.0;
    const double along = dir * n.dot(A.col(2));
    if (std::abs(along) < std::cos(kFlatTilt)) return false;  // through the side
    const bool far = along > 0;
    plane.radius = !far ? g.radius : g.shape == S::kFrustum ? g.top_radius : g.radius;
    if (plane.radius <= 0) return false;
    face.R = m.R + (far ? g.length : 0.0) * m.A.col(2);
    face.A = m.A;
    if ((far ? dir : -dir) < 0) {  // facing -z (x, -y, -z keeps the axes right-handed)
      face.A.col(1) = -m.A.col(1);
      face.A.col(2) = -m.A.col(2);
    }
  } else {
    return false;
  }
  int count = 0;
  auto counted = [&](const V3<T>& p, const V3<T>& nn, const T& depth, const T& weight) {
    if (value_of(depth) > 0) ++count;
    emit(p, nn, depth, weight);
  };
  solid_on_plane(a, ContactSide<T>{&plane, &face, false}, counted);
  return count > 0;
}

/// The points of a pair without a closed form (`points`, from the collision library,
/// models/mesh_collision.hpp, in double). With AD each point is linearised: the depth changes by
/// the relative motion along the normal of the two bodies' material points at the contact
/// point, the point moves with their mean, the normal is held (its turning with the bodies is
/// left out of the Jacobian: Newton converges a little slower, the residual is exact).
template <class T, class Emit>
void collision_points(const ContactSide<T>& a, const ContactSide<T>& b,
                      const CollisionPoint* points, size_t n, Emit&& emit) {
  const Vec3 ra = values_of(a.m->R), rb = values_of(b.m->R);
  const Mat3 Aa = values_of(a.m->A), Ab = values_of(b.m->A);
  for (size_t k = 0; k < n; ++k) {
    const CollisionPoint& q = points[k];
    if constexpr (std::is_same_v<T, double>) {
      emit(q.point, q.normal, q.depth, 1.0);
    } else {
      // The material points of a and b at q.point, as functions of the states (value q.point).
      const V3<T> xa = a.m->R + a.m->A * (Aa.transpose() * (q.point - ra)).template cast<T>();
      const V3<T> xb = b.m->R + b.m->A * (Ab.transpose() * (q.point - rb)).template cast<T>();
      const V3<T> n_t = q.normal.template cast<T>();
      const Vec3 gap0 = values_of(xa) - values_of(xb);
      const T depth = q.depth - n_t.dot(V3<T>(xa - xb)) + q.normal.dot(gap0);
      emit(V3<T>(0.5 * (xa + xb)), n_t, depth, T(1.0));
    }
  }
}

/// A pair through the collision library: a solid on a flat face where the normal points through
/// one (solid_on_face), else the library's points.
template <class T, class Emit, class EmitSwapped>
void collision_pair(const ContactSide<T>& a, const ContactSide<T>& b, Emit&& on_i,
                    EmitSwapped&& swapped) {
  using S = ContactGeometry::Shape;
  constexpr size_t kMaxPoints = 64;
  std::array<CollisionPoint, kMaxPoints> points;
  const size_t n =
      collide_shapes(*a.g->collision, values_of(a.m->R), values_of(a.m->A), *b.g->collision,
                     values_of(b.m->R), values_of(b.m->A), points.data(), points.size());
  if (n == 0) return;
  // Box on box: FCL's own test clips the faces (up to 4 points), also for a box larger than the
  // face it rests on.
  if (a.g->shape != S::kBox || b.g->shape != S::kBox) {
    if (solid_on_face(a, b, points[0].normal, on_i)) return;
    if (solid_on_face(b, a, Vec3(-points[0].normal), swapped)) return;
  }
  collision_points(a, b, points.data(), n, on_i);
}

/// The point forces of one geometry pair, added to w.
template <class T>
void contact_pair(const Contact& c, const ContactSide<T>& a, const ContactSide<T>& b,
                  ContactWrench<T>& w) {
  using S = ContactGeometry::Shape;
  const MarkerState<T>& I = *a.m;
  const MarkerState<T>& J = *b.m;
  auto on_i = [&](const V3<T>& p, const V3<T>& n, const T& depth, const T& weight) {
    add_contact_point(c, p, n, depth, I, J, w, weight);
  };
  auto swapped = [&](const V3<T>& p, const V3<T>& n, const T& depth, const T& weight) {
    add_contact_point(c, p, V3<T>(-n), depth, I, J, w, weight);
  };
  if (contact_pair_method(a.g->shape, b.g->shape) == ContactPairMethod::kCollision) {
    collision_pair(a, b, on_i, swapped);
  } else if (b.g->shape == S::kPlane) {
    solid_on_plane(a, b, on_i);
  } else if (a.g->shape == S::kPlane) {
    solid_on_plane(b, a, swapped);
  } else if (a.g->shape == S::kSphere && b.g->shape == S::kSphere) {
    if (a.flip) {
      sphere_on_sphere(b, a, swapped);
    } else {
      sphere_on_sphere(a, b, on_i);
    }
  }
}

}  // namespace mb
