#include "expr/curve_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace mb::expr {

CurveGeometry::CurveGeometry(const CurveData& data)
    : comp_{curve_component(data, 0), curve_component(data, 1), curve_component(data, 2)},
      closed_(data.closed) {
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
  for (size_t i = 0; i + 2 < data.points.size(); i += 3) {
    const Vec3 q(data.points[i], data.points[i + 1], data.points[i + 2]);
    lo = lo.cwiseMin(q);
    hi = hi.cwiseMax(q);
  }
  size_ = (hi - lo).norm();
}

double CurveGeometry::closest(const Vec3& p, const Vec3* start) const {
  constexpr int kSamples = 2000;
  const Vec3& target = start ? *start : p;
  double best_u = -1.0, best = INFINITY;
  for (int i = 0; i <= kSamples; ++i) {
    const double u = -1.0 + 2.0 * i / kSamples;
    const double d = (point(u, 0) - target).squaredNorm();
    if (d < best) {
      best = d;
      best_u = u;
    }
  }
  // Newton on g(u) = c'(u) . (c(u) - p), g' = c'' . (c - p) + |c'|^2, kept in [-1, 1] for an
  // open curve (its end stays the answer when the minimum is there).
  double u = best_u;
  for (int iter = 0; iter < 50; ++iter) {
    const Vec3 r = point(u, 0) - p, d1 = point(u, 1), d2 = point(u, 2);
    const double g = d1.dot(r), dg = d2.dot(r) + d1.squaredNorm();
    if (!(dg > 0)) break;
    double next = u - g / dg;
    if (!closed_) next = std::clamp(next, -1.0, 1.0);
    const double step = std::abs(next - u);
    u = next;
    if (step < 1e-15) break;
  }
  return closed_ ? u - 2.0 * std::round(u / 2.0) : u;
}

}  // namespace mb::expr
