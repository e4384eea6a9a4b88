#pragma once
// Massless bodies (mass 0: an Adams PART without MASS, or MASS=0; a Body_Rigid with mass="0").
// As in Adams, a part without mass may only be carried by its constraints: its motion must have
// no freedom of its own once the bodies with mass are held. With B the velocity-constraint
// Jacobian, the columns of the massless bodies' velocities (translational; rotational too when
// the inertia is zero) must be independent: otherwise the mass matrix is singular on a motion
// the constraints allow, and the accelerations are undetermined. Checked at the assembled
// configuration; a violation is a deck error naming the parts and how many freedoms they keep.

#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

/// Throws Error(kDeckError) "<PART id>: ..." if the massless bodies of `dae`'s model keep a
/// freedom at state y (after position assembly). Does nothing for a model without them.
void check_massless_bodies(const Dae& dae, double t, const std::vector<double>& y);

}  // namespace mb
