#include "models/constraint_ptcv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "expr/curve_geometry.hpp"
#include "models/expression_element_reader.hpp"

namespace mb {

void build_constraint_ptcv(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftPointCurve d;
  d.id = in.require_id();
  d.subject = in.subject();
  d.loc = in.node().loc;
  d.adm = in.node().spelled == "PTCV";  // messages in the deck's own words
  d.i_marker_id = in.required_ref("i_marker_id").value_or(0);
  d.i_loc = in.loc_of("i_marker_id");
  d.j_marker_id = in.required_ref("j_marker_id").value_or(0);
  d.j_loc = in.loc_of("j_marker_id");
  d.curve_id = in.required_ref("curve_id").value_or(0);
  d.curve_loc = in.loc_of("curve_id");
  if (in.has("j_floating_marker_id")) {  // Adams JFLOAT: the contact point is computed instead
    d.float_marker_id = in.ref("j_floating_marker_id").value_or(0);
    d.float_loc = in.loc_of("j_floating_marker_id");
  }
  static constexpr std::array<std::string_view, 2> kFrames = {"GLOBAL", "RM"};
  d.guess_in_j = in.keyword("disp_frame", kFrames).value_or("GLOBAL") == "RM";
  const auto x = in.real("disp_x0"), y = in.real("disp_y0"), z = in.real("disp_z0");
  if (x || y || z) {
    if (x && y && z) {
      d.guess = Vec3(*x, *y, *z);
    } else {
      in.error(x ? (y ? "disp_y0" : "disp_x0") : "disp_z0",
               "disp_x0, disp_y0 and disp_z0 go together (the guess of the initial contact "
               "point)");
    }
  }
  if (in.has("disp_marker_id")) {  // Adams ICM: the guess in this marker's axes
    d.guess_marker_id = in.ref("disp_marker_id").value_or(0);
    d.guess_marker_loc = in.loc_of("disp_marker_id");
  }
  d.vel0 = in.real("vel_0");
  reject_user_subroutines(in);
  if (d.id > 0) draft.point_curves.push_back(std::move(d));
}

namespace {

/// The index of marker `id` in m.markers, or -1 after reporting it at `loc`.
int marker_of(const Model& m, const DraftPointCurve& d, int id, const SourceLoc& loc,
              Diagnostics& diag) {
  const auto it = m.marker_index.find(id);
  if (it != m.marker_index.end()) return it->second;
  if (id > 0) diag.error(loc, d.subject, fmt::format("marker {} does not exist", id));
  return -1;
}

}  // namespace

void resolve_point_curves(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const DraftPointCurve& d : draft.point_curves) {
    PointCurveConstraint c;
    c.id = d.id;
    c.loc = d.loc;
    c.vel0 = d.vel0;
    c.i_marker = marker_of(m, d, d.i_marker_id, d.i_loc, diag);
    c.j_marker = marker_of(m, d, d.j_marker_id, d.j_loc, diag);
    for (size_t k = 0; k < m.curves.size(); ++k) {
      if (m.curves[k].id == d.curve_id) c.curve = static_cast<int>(k);
    }
    const bool curve_defined =
        std::any_of(draft.curves.begin(), draft.curves.end(),
                    [&](const DraftCurve& dc) { return dc.id == d.curve_id; });
    if (c.curve < 0 && d.curve_id > 0 && !curve_defined) {  // a bad curve has its own error
      diag.error(
          d.curve_loc, d.subject,
          fmt::format("curve {0} does not exist (no {1}{0} in the {2})", d.curve_id,
                      d.adm ? "CURVE/" : "Reference_ParamCurve id=", d.adm ? "dataset" : "deck"));
    }
    if (c.i_marker < 0 || c.j_marker < 0 || c.curve < 0) continue;
    const Marker& mi = m.markers[c.i_marker];
    const Marker& mj = m.markers[c.j_marker];
    if (mi.body == mj.body) {
      diag.error(d.j_loc, d.subject,
                 fmt::format("markers {} and {} are on the same body: the point and the curve "
                             "must be on different bodies",
                             d.i_marker_id, d.j_marker_id));
      continue;
    }
    // The contact point at the input configuration, in J marker axes.
    const expr::CurveGeometry curve(m.curves[c.curve].data);
    const Vec3 p = mj.axes_global0.transpose() * (mi.pos_global0 - mj.pos_global0);
    if (d.float_marker_id > 0) {
      const int f = marker_of(m, d, d.float_marker_id, d.float_loc, diag);
      if (f >= 0 && m.markers[f].body != mj.body) {
        diag.error(d.float_loc, d.subject,
                   fmt::format("{0} marker {1} is on another {2} than marker {3} (the curve's "
                               "{2})",
                               d.adm ? "JFLOAT" : "floating", d.float_marker_id,
                               d.adm ? "part" : "body", d.j_marker_id));
        continue;
      }
    }
    Vec3 guess;
    if (d.guess) {
      Vec3 global = *d.guess;
      if (d.guess_marker_id > 0) {  // in the ICM marker's axes
        const int g = marker_of(m, d, d.guess_marker_id, d.guess_marker_loc, diag);
        if (g < 0) continue;
        global = m.markers[g].pos_global0 + m.markers[g].axes_global0 * *d.guess;
      } else if (d.guess_in_j) {
        global = mj.pos_global0 + mj.axes_global0 * *d.guess;
      }
      guess = mj.axes_global0.transpose() * (global - mj.pos_global0);
    }
    c.alpha0 = curve.closest(p, d.guess ? &guess : nullptr);
    const Vec3 q = curve.point(c.alpha0, 0);
    const double gap = (q - p).norm();
    if (gap > kMaxInitialGap * curve.size()) {
      Vec3 qg = mj.pos_global0 + mj.axes_global0 * q;
      for (int k = 0; k < 3; ++k) {  // no round-off digits in the message
        if (std::abs(qg(k)) < 1e-12 * curve.size()) qg(k) = 0;
      }
      diag.error(d.i_loc, d.subject,
                 fmt::format("the origin of marker {} is {:.6g} from curve {} at the input "
                             "configuration (the closest curve point is ({:.6g}, {:.6g}, {:.6g}) "
                             "global, at alpha = {:.6g}); at most {:.3g} (a {:g} part of the "
                             "curve's size) is allowed: place the point on the curve",
                             d.i_marker_id, gap, d.curve_id, qg(0), qg(1), qg(2), c.alpha0,
                             kMaxInitialGap * curve.size(), kMaxInitialGap));
      continue;
    }
    m.point_curves.push_back(c);
  }
}

}  // namespace mb
