#pragma once
// The hand-over of the joint-coordinate form with loop closures to the Cartesian form.

#include <string>
#include <vector>

namespace mb {

/// Thrown by the joint-coordinate integrators with loop closures (DefaultTreeIntegrator,
/// TreeOdeIntegrator's BDF) from advance_to when the closures fail (a singular position) or a
/// step fails: the transient continues from the last output (t, y, yp: consistent, sys's DAE
/// layout) on a Cartesian form (the default: the DAE path with its handling of singular
/// positions, stages/dae_transient.hpp; VSTIFF and MSTIFF: the Cartesian ODE form). Not an
/// Error: the stage's failure handling passes it on after adding the counters.
struct LoopHandOver {
  double t = 0;
  std::vector<double> y, yp;
  std::string why;  ///< what failed, for the log ("" when the thrower logged it)
};

}  // namespace mb
