#pragma once
// The benchmark ladder (ladder_geometry.hpp) as a MotionSolve XML deck, every joint a revolute
// Constraint_Joint (as a user would write it: the solver finds the closed loops and the
// out-of-plane equations the planar loops make redundant).

#include <string>

namespace mb::bench::ladder {

/// The N-loop ladder released at `angle`, integr_tol `tol`; `integrator` empty: none named.
std::string ladder_deck(int n, double tol, const std::string& integrator, double angle);
/// Deck id of the marker at R_N, the lower end of the last right link (the compared point).
int ladder_point_marker(int n);

}  // namespace mb::bench::ladder
