#include "models/body_beam.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "models/force_beam.hpp"
#include "models/linear_force.hpp"

namespace mb {

namespace {

// Draft values layout.
enum Value { kN, kE, kG, kRho, kCratio, kAsy, kAsz, kArea, kIxx, kIyy, kIzz, kCount };

}  // namespace

void build_body_beam(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  d.flag = in.boolean("free_end").value_or(false);
  std::vector<double> v(kCount, 0.0);
  v[kN] = static_cast<double>(in.integer("num_segments", 1, 998).value_or(1));
  if (!in.has("num_segments")) in.missing("num_segments");
  v[kE] = read_positive(in, "e");
  v[kG] = read_positive(in, "g");
  v[kRho] = read_positive(in, "density");
  v[kCratio] = read_nonnegative(in, "cratio");
  v[kAsy] = read_nonnegative(in, "asy");
  v[kAsz] = read_nonnegative(in, "asz");
  const bool general = in.has("area"), rect = in.has("width_y") || in.has("width_z"),
             circ = in.has("diameter");
  if (int(general) + int(rect) + int(circ) != 1) {
    in.error_here(
        "give exactly one section: area/iyy/izz[/ixx], width_y/width_z (rectangular) or "
        "diameter (circular)");
  } else if (general) {
    v[kArea] = read_positive(in, "area");
    v[kIyy] = read_positive(in, "iyy");
    v[kIzz] = read_positive(in, "izz");
    v[kIxx] = in.has("ixx") ? read_positive(in, "ixx") : v[kIyy] + v[kIzz];
  } else if (rect) {
    const double wy = read_positive(in, "width_y"), wz = read_positive(in, "width_z");
    v[kArea] = wy * wz;
    v[kIyy] = wy * wz * wz * wz / 12.0;
    v[kIzz] = wz * wy * wy * wy / 12.0;
    v[kIxx] = v[kIyy] + v[kIzz];
  } else {
    const double dia = read_positive(in, "diameter");
    v[kArea] = std::numbers::pi * dia * dia / 4.0;
    v[kIyy] = v[kIzz] = std::numbers::pi * dia * dia * dia * dia / 64.0;
    v[kIxx] = v[kIyy] + v[kIzz];
  }
  d.values = v;
  draft.body_beams.push_back(std::move(d));
}

void expand_body_beams(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  for (const auto& d : draft.body_beams) {
    if (d.values.size() != kCount || d.marker_ids.size() != 2) continue;
    const auto& v = d.values;
    int end[2] = {-1, -1};  // I, J
    bool ok = true;
    for (int k = 0; k < 2; ++k) {
      auto it = m.marker_index.find(d.marker_ids[static_cast<size_t>(k)]);
      if (it == m.marker_index.end()) {
        diag.error(d.marker_locs[static_cast<size_t>(k)], d.subject,
                   fmt::format("marker {} is not a Reference_Marker",
                               d.marker_ids[static_cast<size_t>(k)]));
        ok = false;
      } else {
        end[k] = it->second;
      }
    }
    if (!ok) continue;
    const Marker mi = m.markers[static_cast<size_t>(end[0])];
    const Marker mj = m.markers[static_cast<size_t>(end[1])];
    const Vec3 span = mi.pos_global0 - mj.pos_global0;
    const double L = span.norm();
    if (!(L > 0)) {
      diag.error(d.loc, d.subject, "the I and J markers coincide: the beam has no length");
      continue;
    }
    // Beam axes: x along the span, y from J's y (or z) axis made normal to x.
    Mat3 A;
    A.col(0) = span / L;
    Vec3 y = mj.axes_global0.col(1) - A.col(0).dot(mj.axes_global0.col(1)) * A.col(0);
    if (y.norm() < 1e-6) {
      y = mj.axes_global0.col(2) - A.col(0).dot(mj.axes_global0.col(2)) * A.col(0);
    }
    A.col(1) = y.normalized();
    A.col(2) = A.col(0).cross(A.col(1));
    const int n = static_cast<int>(v[kN]);
    const double l = L / n, mass = v[kRho] * v[kArea] * l;
    // New markers and bodies; every generated id must be free.
    auto add_marker = [&](int id, int body, const Vec3& pos) {
      if (m.marker_index.count(id)) {
        diag.error(d.loc, d.subject,
                   fmt::format("generated marker id {} is already a Reference_Marker", id));
        ok = false;
        return -1;
      }
      Marker mk;
      mk.id = id;
      mk.body = body;
      mk.pos_global0 = pos;
      mk.axes_global0 = A;
      mk.loc = d.loc;
      m.marker_index.emplace(id, static_cast<int>(m.markers.size()));
      m.markers.push_back(mk);
      return static_cast<int>(m.markers.size() - 1);
    };
    std::vector<int> chain = {add_marker(d.id * 1000, mj.body, mj.pos_global0)};
    for (int k = 1; k <= n && ok; ++k) {
      const int id = d.id * 1000 + k;
      if (m.body_index.count(id)) {
        diag.error(d.loc, d.subject,
                   fmt::format("generated body id {} is already a Body_Rigid", id));
        ok = false;
        break;
      }
      Body b;
      b.id = id;
      b.mass = mass;
      b.r0 = mj.pos_global0 + (k - 0.5) * l * A.col(0);
      b.p0 = euler_parameters_from_rotation(A);
      const double jt = mass * l * l / 12.0;
      b.inertia_cm = Vec3(v[kRho] * (v[kIyy] + v[kIzz]) * l, v[kRho] * v[kIyy] * l + jt,
                          v[kRho] * v[kIzz] * l + jt)
                         .asDiagonal();
      b.loc = d.loc;
      const int body = static_cast<int>(m.bodies.size());
      m.body_index.emplace(id, body);
      m.bodies.push_back(b);
      m.bodies.back().cm_marker = add_marker(id, body, b.r0);
      chain.push_back(m.bodies.back().cm_marker);
    }
    if (!d.flag && ok) chain.push_back(add_marker(d.id * 1000 + 999, mi.body, mi.pos_global0));
    if (!ok) continue;
    // Links between consecutive chain markers (half segments at the ends).
    for (size_t k = 0; k + 1 < chain.size(); ++k) {
      const bool half = k == 0 || (k + 2 == chain.size() && !d.flag);
      const double len = half ? l / 2 : l;
      LinearForce f;
      f.element = LinearForce::Element::kBeam;
      f.id = d.id;
      f.loc = d.loc;
      f.j_marker = chain[k];
      f.i_marker = chain[k + 1];
      f.K =
          beam_stiffness(len, v[kE], v[kG], v[kArea], v[kIxx], v[kIyy], v[kIzz], v[kAsy], v[kAsz]);
      f.C = v[kCratio] * f.K;
      f.length(0) = len;
      m.body_beam_links.push_back(f);
    }
  }
}

}  // namespace mb
