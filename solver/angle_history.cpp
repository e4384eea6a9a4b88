#include "solver/angle_history.hpp"

#include <algorithm>

#include "solver/measures.hpp"

namespace mb {

namespace {

/// How fast (rad/s) a tracked angle of markers ms (I, J, K) turns: AX, AY, AZ with I's frame
/// relative to J's, at most |W_I - W_J|; INCANG with the directions J->I and J->K, each at most
/// its relative velocity over its length.
double turn_rate(MeasureKind kind, const MarkerState<double> (&ms)[3]) {
  if (kind != MeasureKind::kINCANG) return (ms[0].W - ms[1].W).norm();
  double rate = 0.0;
  for (int a : {0, 2}) {
    const double length = (ms[a].R - ms[1].R).norm();
    if (length > 0) rate = std::max(rate, (ms[a].V - ms[1].V).norm() / length);
  }
  return rate;
}

}  // namespace

int AngleHistory::track(MeasureKind kind, int i, int j, int k) {
  if (kind != MeasureKind::kINCANG) k = -1;  // AX, AY, AZ: (I, J) only
  for (size_t n = 0; n < keys_.size(); ++n) {
    const Key& e = keys_[n];
    if (e.kind == kind && e.i == i && e.j == j && e.k == k) return static_cast<int>(n);
  }
  keys_.push_back(Key{kind, i, j, k});
  tracks_.emplace_back();
  return static_cast<int>(tracks_.size() - 1);
}

double AngleHistory::follow(const MarkerAt& marker_at) {
  double fastest = 0.0;
  for (size_t n = 0; n < keys_.size(); ++n) {
    const Key& e = keys_[n];
    MarkerState<double> ms[3] = {marker_at(e.i), marker_at(e.j), marker_at(e.k)};
    fastest = std::max(fastest, turn_rate(e.kind, ms));
    AngleTrack& tr = tracks_[n];
    if (e.kind == MeasureKind::kINCANG && !tr.has_axis) {
      // The first non-zero value fixes the axis: u x w there, so that value is positive.
      const Vec3 u = ms[0].R - ms[1].R, w = ms[2].R - ms[1].R;
      const Vec3 nu = u.cross(w);
      if (nu.norm() > 1e-12 * u.norm() * w.norm()) {
        tr.axis = nu.normalized();
        tr.has_axis = true;
      }
    }
    LocalMeasure lm;
    lm.kind = e.kind;
    lm.i = e.i < 0 ? -1 : 0;
    lm.j = e.j < 0 ? -1 : 1;
    lm.k = e.k < 0 ? -1 : 2;
    lm.track = tr.started ? static_cast<int>(n) : -1;
    const double value = measure_value(lm, ms, tracks());
    // An INCANG whose axis is not fixed yet stays in [0, pi]: it has not turned yet.
    tr.ref = value;
    tr.started = true;
  }
  return fastest;
}

void AngleHistory::carry_from(const AngleHistory& from) {
  for (size_t n = 0; n < from.keys_.size(); ++n) {
    const Key& f = from.keys_[n];
    tracks_[static_cast<size_t>(track(f.kind, f.i, f.j, f.k))] = from.tracks_[n];
  }
}

}  // namespace mb
