#pragma once
// The wrench of a 3-D contact (models/force_contact.hpp has the law, models/contact_geometry.hpp
// the shapes): the contact points of every (I geometry, J geometry) pair, each point force
// reduced to a force and torque about the first I (J) geometry's marker. Templated on the scalar
// type like every kernel: with AD the Jacobian is exact. The IMPACT and STEP laws are the
// expression library's (expr/functions.hpp), their partial derivatives chained here.

#include <array>
#include <cmath>
#include <type_traits>

#include "expr/functions.hpp"
#include "models/contact_geometry.hpp"
#include "models/force_contact.hpp"
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
/// depth the penetration; I and J are markers of the two bodies.
template <class T>
void add_contact_point(const Contact& c, const V3<T>& p, const V3<T>& n, const T& depth,
                       const MarkerState<T>& I, const MarkerState<T>& J, ContactWrench<T>& w) {
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
  w.F += F;
  w.Ti += (p - w.p_i).cross(F);
  w.Tj -= (p - w.p_j).cross(F);
}

/// Height of x above a plane side (along its normal) and the normal; false when x lies outside
/// the plane's bounds.
template <class T>
bool plane_height(const ContactSide<T>& plane, const V3<T>& x, T& h, V3<T>& n) {
  const MarkerState<T>& m = *plane.m;
  const V3<T> d = x - m.R;
  const double lx = value_of(d.dot(m.A.col(0))), ly = value_of(d.dot(m.A.col(1)));
  const ContactGeometry& g = *plane.g;
  if (lx < g.xmin || lx > g.xmax || ly < g.ymin || ly > g.ymax) return false;
  n = plane.flip ? V3<T>(-m.A.col(2)) : V3<T>(m.A.col(2));
  h = d.dot(n);
  return true;
}

/// The points of a solid `a` against the plane `b`; the normal is out of b. `emit(p, n, depth)`.
template <class T, class Emit>
void solid_on_plane(const ContactSide<T>& a, const ContactSide<T>& b, Emit&& emit) {
  using std::sqrt;
  const ContactGeometry& g = *a.g;
  const MarkerState<T>& m = *a.m;
  V3<T> n;
  T h;
  auto vertex = [&](const V3<T>& x) {
    if (plane_height(b, x, h, n)) emit(V3<T>(x - (0.5 * h) * n), n, T(0.0) - h);
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
      // The lowest point of each end circle: its centre plus the radius along the part of -n
      // square to the axis (smoothed where the face lies flat: the point tends to the centre).
      const V3<T> axis = m.A.col(2);
      const V3<T> u = axis * nb.dot(axis) - nb;
      const T len = sqrt(u.squaredNorm() + 1e-24);
      const V3<T> dir = u / len;
      vertex(V3<T>(m.R + g.radius * dir));
      if (g.shape == ContactGeometry::Shape::kCircle) break;
      const double top = g.shape == ContactGeometry::Shape::kFrustum ? g.top_radius : g.radius;
      vertex(V3<T>(m.R + g.length * axis + top * dir));
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
    emit(V3<T>(b.m->R + (rb - 0.5 * depth) * u), u, depth);
  } else {
    const T depth = dist + ra - rb;
    emit(V3<T>(b.m->R + (0.5 * (dist + ra + rb)) * u), V3<T>(-u), depth);
  }
}

/// The point forces of one geometry pair, added to w.
template <class T>
void contact_pair(const Contact& c, const ContactSide<T>& a, const ContactSide<T>& b,
                  ContactWrench<T>& w) {
  using S = ContactGeometry::Shape;
  const MarkerState<T>& I = *a.m;
  const MarkerState<T>& J = *b.m;
  auto on_i = [&](const V3<T>& p, const V3<T>& n, const T& depth) {
    add_contact_point(c, p, n, depth, I, J, w);
  };
  auto swapped = [&](const V3<T>& p, const V3<T>& n, const T& depth) {
    add_contact_point(c, p, V3<T>(-n), depth, I, J, w);
  };
  if (b.g->shape == S::kPlane) {
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
