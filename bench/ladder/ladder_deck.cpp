#include "bench/ladder/ladder_deck.hpp"

#include "bench/common/planar_deck.hpp"
#include "bench/ladder/ladder_geometry.hpp"

namespace mb::bench::ladder {

namespace {

// Body ids: left link k 1 + k, right link k 1 + N + k, rung k 1 + 2N + k (k = 1..N). Markers of
// body b: centre of mass 4b, start 4b + 1, end 4b + 2. Ground markers: 2 at L_0, 3 at R_0.
int left_body(int k) { return 1 + k; }
int right_body(int n, int k) { return 1 + n + k; }
int rung_body(int n, int k) { return 1 + 2 * n + k; }
int start_marker(int body) { return 4 * body + 1; }
int end_marker(int body) { return 4 * body + 2; }

/// A uniform rod body from p to q with its centre-of-mass, start and end markers.
void add_rod(std::string& deck, int body, Point2 p, Point2 q) {
  const double length = std::hypot(q.x - p.x, q.y - p.y);
  add_body(deck, body, 4 * body, rod_mass(length), kLinkAxialInertia,
           rod_transverse_inertia(length));
  add_marker(deck, 4 * body, body, (p.x + q.x) / 2, (p.y + q.y) / 2, direction(p, q));
  add_marker(deck, start_marker(body), body, p.x, p.y);
  add_marker(deck, end_marker(body), body, q.x, q.y);
}

}  // namespace

std::string ladder_deck(int n, double tol, const std::string& integrator, double angle) {
  std::string s = planar_deck_head(kGravity);
  s.reserve(static_cast<size_t>(n) * 2400);
  add_marker(s, 2, 1, 0, 0);
  const Point2 r0 = right_point(0, angle);
  add_marker(s, 3, 1, r0.x, r0.y);
  for (int k = 1; k <= n; ++k) {
    const Point2 l0 = left_point(k - 1, angle), l1 = left_point(k, angle);
    const Point2 r1 = right_point(k, angle), rp = right_point(k - 1, angle);
    const int left = left_body(k), right = right_body(n, k), rung = rung_body(n, k);
    add_rod(s, left, l0, l1);
    add_rod(s, right, rp, r1);
    add_rod(s, rung, l1, r1);
    add_revolute(s, k, start_marker(left), k == 1 ? 2 : end_marker(left_body(k - 1)));
    add_revolute(s, n + k, start_marker(right), k == 1 ? 3 : end_marker(right_body(n, k - 1)));
    add_revolute(s, 2 * n + k, start_marker(rung), end_marker(left));
    add_revolute(s, 3 * n + k, end_marker(rung), end_marker(right));
  }
  finish_deck(s, tol, integrator, kSimulatedTime);
  return s;
}

int ladder_point_marker(int n) { return end_marker(right_body(n, n)); }

}  // namespace mb::bench::ladder
