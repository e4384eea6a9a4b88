#include "solver/angle_history.hpp"

#include "solver/measures.hpp"

namespace mb {

const AngleTrack* AngleHistory::track(MeasureKind kind, int i, int j, int k) {
  return &entry(kind, i, j, k);
}

AngleTrack& AngleHistory::entry(MeasureKind kind, int i, int j, int k) {
  if (kind != MeasureKind::kINCANG) k = -1;  // AX, AY, AZ: (I, J) only
  for (Entry& e : entries_) {
    if (e.kind == kind && e.i == i && e.j == j && e.k == k) return e.track;
  }
  entries_.push_back(Entry{kind, i, j, k, AngleTrack{}});
  return entries_.back().track;
}

void AngleHistory::follow(const MarkerAt& marker_at) {
  for (Entry& e : entries_) {
    MarkerState<double> ms[3] = {marker_at(e.i), marker_at(e.j), marker_at(e.k)};
    AngleTrack& tr = e.track;
    if (e.kind == MeasureKind::kINCANG && !tr.has_axis) {
      // The first non-zero value fixes the axis: u x w there, so that value is positive.
      const Vec3 u = ms[0].R - ms[1].R, w = ms[2].R - ms[1].R;
      const Vec3 n = u.cross(w);
      if (n.norm() > 1e-12 * u.norm() * w.norm()) {
        tr.axis = n.normalized();
        tr.has_axis = true;
      }
    }
    LocalMeasure lm;
    lm.kind = e.kind;
    lm.i = e.i < 0 ? -1 : 0;
    lm.j = e.j < 0 ? -1 : 1;
    lm.k = e.k < 0 ? -1 : 2;
    lm.track = tr.started ? &tr : nullptr;
    const double value = measure_value(lm, ms);
    // An INCANG whose axis is not fixed yet stays in [0, pi]: it has not turned yet.
    tr.ref = value;
    tr.started = true;
  }
}

void AngleHistory::carry_from(const AngleHistory& from) {
  for (const Entry& f : from.entries_) {
    entry(f.kind, f.i, f.j, f.k) = f.track;
  }
}

}  // namespace mb
