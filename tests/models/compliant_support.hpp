#pragma once
// Test helpers for the compliant force elements: body and marker states from an output row,
// kinetic energy, and the exact-vs-finite-difference Jacobian comparison.

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "common/linalg.hpp"
#include "tests/solver/inline_deck.hpp"

namespace mb::test {

struct Pose {
  Vec3 r = Vec3::Zero();
  Mat3 A = Mat3::Identity();
  Vec3 v = Vec3::Zero();
  Vec3 w = Vec3::Zero();  ///< ground axes
  Vec3 w_body = Vec3::Zero();
};

/// State of model body `b` in output row `y` (ground: identity at rest).
inline Pose body_pose(const System& sys, int b, const std::vector<double>& y) {
  Pose p;
  const int o = sys.body_offset(b);
  if (o < 0) return p;
  p.r = Vec3(y[o], y[o + 1], y[o + 2]);
  p.A = rotation_from_euler_parameters<double>(Vec4(y[o + 3], y[o + 4], y[o + 5], y[o + 6]));
  p.v = Vec3(y[o + 7], y[o + 8], y[o + 9]);
  p.w_body = Vec3(y[o + 10], y[o + 11], y[o + 12]);
  p.w = p.A * p.w_body;
  return p;
}

/// Marker (deck id) origin, axes, origin velocity and angular velocity, ground axes.
inline Pose marker_pose(const System& sys, int marker_id, const std::vector<double>& y) {
  const Model& m = sys.model();
  const Marker& mk = m.markers[m.marker_index.at(marker_id)];
  const Pose b = body_pose(sys, mk.body, y);
  Pose p;
  if (sys.body_offset(mk.body) < 0) {
    p.r = mk.pos_body;
    p.A = mk.axes_body;
    return p;
  }
  const Vec3 arm = b.A * mk.pos_body;
  p.r = b.r + arm;
  p.A = b.A * mk.axes_body;
  p.v = b.v + b.w.cross(arm);
  p.w = b.w;
  return p;
}

/// Sum of 1/2 m v^2 + 1/2 w_b^T J w_b over the moving bodies.
inline double kinetic_energy(const System& sys, const std::vector<double>& y) {
  const Model& m = sys.model();
  double e = 0;
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    if (sys.body_offset(static_cast<int>(b)) < 0) continue;
    const Pose p = body_pose(sys, static_cast<int>(b), y);
    e += 0.5 * m.bodies[b].mass * p.v.squaredNorm() +
         0.5 * p.w_body.dot(m.bodies[b].inertia_cm * p.w_body);
  }
  return e;
}

/// Trapezoid integral of samples f over times t.
inline double trapezoid(const std::vector<double>& t, const std::vector<double>& f, size_t upto) {
  double s = 0;
  for (size_t k = 1; k <= upto; ++k) s += 0.5 * (f[k] + f[k - 1]) * (t[k] - t[k - 1]);
  return s;
}

/// Builds a model from deck text (no run).
inline std::unique_ptr<Model> model_from(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "compliant.xml", diag);
  auto model = build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  INFO(all);
  REQUIRE(model);
  REQUIRE(!diag.has_errors());
  return std::make_unique<Model>(std::move(*model));
}

/// The deck's diagnostics as text (for error-message tests).
inline std::string deck_errors(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "compliant.xml", diag);
  auto model = build_model(deck, diag);
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

/// Largest |AD - central FD| / (1 + |FD|) of dF/dy + cj dF/dy' at a perturbed state.
inline double jacobian_mismatch(const Model& model, double perturb, unsigned seed) {
  const System sys(model);
  const int n = sys.size();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uni(-1, 1);
  std::vector<double> y = sys.initial_state(), yp(static_cast<size_t>(n));
  for (auto& v : y) v += perturb * uni(rng);
  for (auto& v : yp) v = uni(rng);
  const double cj = 37.5;
  std::vector<double> values(static_cast<size_t>(sys.pattern().nnz()));
  Workspace ws = sys.make_workspace();
  sys.jacobian(ws, 0.0, y.data(), yp.data(), cj, values.data());
  std::vector<double> analytic(static_cast<size_t>(n) * static_cast<size_t>(n), 0.0);
  const auto& p = sys.pattern();
  for (int c = 0; c < n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k)
      analytic[static_cast<size_t>(p.row_idx[k] * n + c)] = values[static_cast<size_t>(k)];
  }
  std::vector<double> rp(static_cast<size_t>(n)), rm(static_cast<size_t>(n));
  double worst = 0;
  for (int c = 0; c < n; ++c) {
    const double h = 1e-6;
    auto yy = y, yyp = yp;
    yy[static_cast<size_t>(c)] += h;
    yyp[static_cast<size_t>(c)] += cj * h;
    sys.residual(ws, 0.0, yy.data(), yyp.data(), rp.data());
    yy[static_cast<size_t>(c)] -= 2 * h;
    yyp[static_cast<size_t>(c)] -= 2 * cj * h;
    sys.residual(ws, 0.0, yy.data(), yyp.data(), rm.data());
    for (int r = 0; r < n; ++r) {
      const double fd = (rp[static_cast<size_t>(r)] - rm[static_cast<size_t>(r)]) / (2 * h);
      const double a = analytic[static_cast<size_t>(r * n + c)];
      worst = std::max(worst, std::abs(fd - a) / (1.0 + std::abs(fd)));
    }
  }
  return worst;
}

}  // namespace mb::test
