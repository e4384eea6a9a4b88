#include "models/constraint_cvcv.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <tuple>

#include "expr/curve_geometry.hpp"
#include "models/constraint_ptcv.hpp"
#include "models/expression_element_reader.hpp"

namespace mb {

namespace {

constexpr const char* kSide[2] = {"i", "j"};

/// The guess i_disp_x0..z0 (or j_) when all three are given; an error when only some are.
std::optional<Vec3> read_guess(ElementReader& in, int side) {
  const std::string p = fmt::format("{}_disp_", kSide[side]);
  const auto x = in.real(p + "x0"), y = in.real(p + "y0"), z = in.real(p + "z0");
  if (!x && !y && !z) return std::nullopt;
  if (x && y && z) return Vec3(*x, *y, *z);
  in.error(p + (x ? (y ? "z0" : "y0") : "x0"),
           fmt::format("{0}x0, {0}y0 and {0}z0 go together (the guess of the initial contact point "
                       "on the {1} curve)",
                       p, side == 0 ? "I" : "J"));
  return std::nullopt;
}

}  // namespace

void build_constraint_cvcv(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftCurveCurve d;
  d.id = in.require_id();
  d.subject = in.subject();
  d.loc = in.node().loc;
  d.adm = in.node().spelled == "CVCV";
  for (int side = 0; side < 2; ++side) {
    const std::string marker = fmt::format("{}_marker_id", kSide[side]);
    const std::string curve = fmt::format("{}_curve_id", kSide[side]);
    d.marker_id[side] = in.required_ref(marker).value_or(0);
    d.marker_loc[side] = in.loc_of(marker);
    d.curve_id[side] = in.required_ref(curve).value_or(0);
    d.curve_loc[side] = in.loc_of(curve);
    d.guess[side] = read_guess(in, side);
    d.vel0[side] = in.real(fmt::format("{}_vel0", kSide[side]));
    const std::string floating = fmt::format("{}_floating_marker_id", kSide[side]);
    if (in.has(floating)) {  // Adams IFLOAT, JFLOAT
      d.float_marker_id[side] = in.ref(floating).value_or(0);
      d.float_loc[side] = in.loc_of(floating);
    }
    const std::string frame = fmt::format("{}_disp_marker_id", kSide[side]);
    if (in.has(frame)) {  // Adams IICM, JICM: the guess in this marker's axes
      d.guess_marker_id[side] = in.ref(frame).value_or(0);
      d.guess_marker_loc[side] = in.loc_of(frame);
    }
  }
  if (in.has("is_no_slip")) {
    const auto no_slip = in.boolean("is_no_slip");
    if (no_slip && *no_slip) {
      in.error("is_no_slip",
               "rolling without slip is not supported: the curves slide freely (is_no_slip "
               "FALSE or 0)");
    }
  }
  reject_user_subroutines(in);
  if (d.id > 0) draft.curve_curves.push_back(std::move(d));
}

namespace {

/// The index of marker `id`, or -1 after reporting it.
int find_marker(const Model& m, const DraftCurveCurve& d, int side, Diagnostics& diag) {
  const auto it = m.marker_index.find(d.marker_id[side]);
  if (it != m.marker_index.end()) return it->second;
  if (d.marker_id[side] > 0) {
    diag.error(d.marker_loc[side], d.subject,
               fmt::format("marker {} does not exist", d.marker_id[side]));
  }
  return -1;
}

/// The index of curve `id` in m.curves, or -1 (reported when no curve of that id was read).
int find_curve(const ModelDraft& draft, const Model& m, const DraftCurveCurve& d, int side,
               Diagnostics& diag) {
  const int id = d.curve_id[side];
  for (size_t k = 0; k < m.curves.size(); ++k) {
    if (m.curves[k].id == id) return static_cast<int>(k);
  }
  const bool defined = std::any_of(draft.curves.begin(), draft.curves.end(),
                                   [&](const DraftCurve& dc) { return dc.id == id; });
  if (id > 0 && !defined) {  // a bad curve has its own error
    diag.error(
        d.curve_loc[side], d.subject,
        fmt::format("curve {0} does not exist (no {1}{0} in the {2})", id,
                    d.adm ? "CURVE/" : "Reference_ParamCurve id=", d.adm ? "dataset" : "deck"));
  }
  return -1;
}

/// False (after reporting it) when a point of the curve is off its marker's XY plane.
bool in_xy_plane(const expr::CurveData& data, const DraftCurveCurve& d, int side,
                 Diagnostics& diag) {
  const expr::CurveGeometry geometry(data);
  double worst = 0;
  for (size_t i = 2; i < data.points.size(); i += 3)
    worst = std::max(worst, std::abs(data.points[i]));
  if (worst <= 1e-9 * geometry.size()) return true;
  diag.error(
      d.curve_loc[side], d.subject,
      fmt::format("curve {} has points off the XY plane of marker {} (z up to {:.6g}); "
                  "the curves of a {} lie in the XY plane of their marker",
                  d.curve_id[side], d.marker_id[side], worst, d.adm ? "CVCV" : "Constraint_CVCV"));
  return false;
}

/// The parameters (alpha, beta) of the closest points of the two curves (global frames given by
/// the markers at the input configuration), near the guesses when given: dense samples of alpha,
/// each with its closest beta, then alternating projections.
std::pair<double, double> closest_pair(const expr::CurveGeometry& ci, const Marker& mi,
                                       const expr::CurveGeometry& cj, const Marker& mj,
                                       const std::array<std::optional<Vec3>, 2>& guess) {
  // Curve i's points in J marker axes and back.
  const Mat3 R = mj.axes_global0.transpose() * mi.axes_global0;
  const Vec3 o = mj.axes_global0.transpose() * (mi.pos_global0 - mj.pos_global0);
  auto i_in_j = [&](double a) -> Vec3 { return o + R * ci.point(a, 0); };
  auto j_in_i = [&](double b) -> Vec3 { return R.transpose() * (cj.point(b, 0) - o); };
  double alpha = 0, beta = 0;
  if (guess[0] || guess[1]) {
    if (guess[0]) alpha = ci.closest(*guess[0]);
    beta = guess[1] ? cj.closest(*guess[1]) : cj.closest(i_in_j(alpha));
    if (!guess[0]) alpha = ci.closest(j_in_i(beta));
  } else {
    constexpr int kSamples = 200;
    double best = INFINITY;
    for (int n = 0; n <= kSamples; ++n) {
      const double a = -1.0 + 2.0 * n / kSamples;
      const Vec3 p = i_in_j(a);
      const double b = cj.closest(p);
      const double dist = (cj.point(b, 0) - p).squaredNorm();
      if (dist < best) {
        best = dist;
        alpha = a;
        beta = b;
      }
    }
  }
  for (int iter = 0; iter < 10; ++iter) {  // alternating projections: near the contact
    const Vec3 pj = cj.point(beta, 0);
    alpha = ci.closest(j_in_i(beta), nullptr);
    beta = cj.closest(i_in_j(alpha), &pj);
  }
  // Newton on the contact conditions the constraint itself holds, in J's axes: no gap along
  // c_j' and c_i' perpendicular to J's in-plane normal n_j = z x c_j' (regular where the curves
  // touch with different curvatures, unlike the closest-pair conditions).
  auto normal = [](const Vec3& v) { return Vec3(-v(1), v(0), 0.0); };
  for (int iter = 0; iter < 30; ++iter) {
    const Vec3 d = i_in_j(alpha) - cj.point(beta, 0);
    const Vec3 ti = R * ci.point(alpha, 1), ti2 = R * ci.point(alpha, 2);
    const Vec3 tj = cj.point(beta, 1), tj2 = cj.point(beta, 2);
    const Eigen::Vector2d f(d.dot(tj), ti.dot(normal(tj)));
    Eigen::Matrix2d jac;
    jac << ti.dot(tj), -tj.squaredNorm() + d.dot(tj2), ti2.dot(normal(tj)), ti.dot(normal(tj2));
    if (std::abs(jac.determinant()) < 1e-300) break;
    const Eigen::Vector2d step = jac.partialPivLu().solve(f);
    if (!step.allFinite()) break;
    alpha -= step(0);
    beta -= step(1);
    if (step.cwiseAbs().maxCoeff() < 1e-15) break;
  }
  if (ci.closed()) alpha -= 2.0 * std::round(alpha / 2.0);
  if (cj.closed()) beta -= 2.0 * std::round(beta / 2.0);
  return {alpha, beta};
}

/// False (after reporting it) when IFLOAT or JFLOAT is missing or on another part than its RM.
bool floating_markers_ok(const Model& m, const DraftCurveCurve& d, std::array<int, 2> bodies,
                         Diagnostics& diag) {
  bool ok = true;
  for (int side = 0; side < 2; ++side) {
    const int id = d.float_marker_id[side];
    if (id <= 0) continue;
    const auto it = m.marker_index.find(id);
    if (it == m.marker_index.end()) {
      diag.error(d.float_loc[side], d.subject, fmt::format("marker {} does not exist", id));
      ok = false;
    } else if (m.markers[it->second].body != bodies[side]) {
      diag.error(d.float_loc[side], d.subject,
                 fmt::format("{} marker {} is on another {} than marker {} (its curve's {})",
                             side == 0 ? "IFLOAT" : "JFLOAT", id, d.adm ? "part" : "body",
                             d.marker_id[side], d.adm ? "part" : "body"));
      ok = false;
    }
  }
  return ok;
}

/// The guesses in the axes of their curve's marker (converted from IICM's, JICM's when given);
/// false after reporting a guess marker that does not exist.
bool guesses_in_curve_axes(const Model& m, const DraftCurveCurve& d,
                           std::array<const Marker*, 2> curve_markers,
                           std::array<std::optional<Vec3>, 2>& out, Diagnostics& diag) {
  out = d.guess;
  for (int side = 0; side < 2; ++side) {
    if (!out[side] || d.guess_marker_id[side] <= 0) continue;
    const auto it = m.marker_index.find(d.guess_marker_id[side]);
    if (it == m.marker_index.end()) {
      diag.error(d.guess_marker_loc[side], d.subject,
                 fmt::format("marker {} does not exist", d.guess_marker_id[side]));
      return false;
    }
    const Marker& g = m.markers[it->second];
    const Marker& c = *curve_markers[side];
    out[side] =
        c.axes_global0.transpose() * (g.pos_global0 + g.axes_global0 * *out[side] - c.pos_global0);
  }
  return true;
}

}  // namespace

void resolve_curve_curves(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const DraftCurveCurve& d : draft.curve_curves) {
    CurveCurveConstraint c;
    c.id = d.id;
    c.loc = d.loc;
    c.i_vel0 = d.vel0[0];
    c.j_vel0 = d.vel0[1];
    c.i_marker = find_marker(m, d, 0, diag);
    c.j_marker = find_marker(m, d, 1, diag);
    c.i_curve = find_curve(draft, m, d, 0, diag);
    c.j_curve = find_curve(draft, m, d, 1, diag);
    if (c.i_marker < 0 || c.j_marker < 0 || c.i_curve < 0 || c.j_curve < 0) continue;
    // Both curves are checked, so that both are reported when both are off their planes.
    const bool i_planar = in_xy_plane(m.curves[c.i_curve].data, d, 0, diag);
    const bool j_planar = in_xy_plane(m.curves[c.j_curve].data, d, 1, diag);
    if (!i_planar || !j_planar) continue;
    const Marker& mi = m.markers[c.i_marker];
    const Marker& mj = m.markers[c.j_marker];
    if (!floating_markers_ok(m, d, {mi.body, mj.body}, diag)) continue;
    if (mi.body == mj.body) {
      diag.error(d.marker_loc[1], d.subject,
                 fmt::format("markers {} and {} are on the same {}: the curves must be on "
                             "different {}",
                             d.marker_id[0], d.marker_id[1], d.adm ? "part" : "body",
                             d.adm ? "parts" : "bodies"));
      continue;
    }
    const expr::CurveGeometry ci(m.curves[c.i_curve].data), cj(m.curves[c.j_curve].data);
    std::array<std::optional<Vec3>, 2> guess;
    if (!guesses_in_curve_axes(m, d, {&mi, &mj}, guess, diag)) continue;
    std::tie(c.alpha0, c.beta0) = closest_pair(ci, mi, cj, mj, guess);
    const Vec3 pi = mi.pos_global0 + mi.axes_global0 * ci.point(c.alpha0, 0);
    const Vec3 pj = mj.pos_global0 + mj.axes_global0 * cj.point(c.beta0, 0);
    const double gap = (pi - pj).norm(), allowed = kMaxInitialGap * std::min(ci.size(), cj.size());
    if (gap > allowed) {
      diag.error(d.loc, d.subject,
                 fmt::format("curves {} and {} are {:.6g} apart at the input configuration (the "
                             "closest points are ({:.6g}, {:.6g}, {:.6g}) and ({:.6g}, {:.6g}, "
                             "{:.6g}) global); at most {:.3g} (a {:g} part of the smaller curve's "
                             "size) is allowed: place the curves in contact",
                             d.curve_id[0], d.curve_id[1], gap, pi(0), pi(1), pi(2), pj(0), pj(1),
                             pj(2), allowed, kMaxInitialGap));
      continue;
    }
    m.curve_curves.push_back(c);
  }
}

}  // namespace mb
