#pragma once
// AngleTrack: what a tracked angle measure (AX, AY, AZ, INCANG) remembers between accepted
// steps, so that measures.hpp can return the continuous value (the one nearest `ref`). The
// AngleHistory of a run owns the tracks and moves them on (solver/angle_history.hpp).

#include "common/linalg.hpp"
#include "models/measure.hpp"

namespace mb {

/// True for the measures whose value depends on the history: AX, AY, AZ, INCANG.
inline bool is_tracked_angle(MeasureKind k) {
  return k == MeasureKind::kAX || k == MeasureKind::kAY || k == MeasureKind::kAZ ||
         k == MeasureKind::kINCANG;
}

struct AngleTrack {
  bool started = false;   ///< false until follow() has seen the measure: principal value
  double ref = 0.0;       ///< the angle at the last accepted step
  bool has_axis = false;  ///< INCANG: the axis is fixed (its first non-zero value was seen)
  Vec3 axis = Vec3::Zero();
};

}  // namespace mb
