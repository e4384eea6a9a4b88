#pragma once
// Reading a marker's state and a constraint block's reaction from a state vector in the
// System's layout: what request outputs (solver/request_outputs.hpp) and the callbacks of user
// subroutines (solver/user_context.hpp) measure. Doubles only; never inside a residual's AD.

#include "solver/measures.hpp"
#include "solver/system.hpp"

namespace mb {

/// Force and torque (ground axes; torque about the marker origin) on one side of an element.
struct MarkerWrench {
  Vec3 force = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

/// State of model marker `mk` (-1 = ground) in state vector y (the System's layout).
MarkerState<double> marker_state_at(const System& sys, int mk, const double* y);
/// Reaction of constraint block `block` on its I (side 0) or J (side 1) marker.
MarkerWrench constraint_reaction(const System& sys, int block, int side, const double* y);
/// Component `comp` of a wrench in the axes of `rm`: 1 |F|, 2-4 F, 5 |T|, 6-8 T.
double wrench_component(const MarkerWrench& w, int comp, const MarkerState<double>& rm);

}  // namespace mb
