#pragma once
// Consistent initial conditions (docs/architecture.md section 3), Adams-style:
//   1. position assembly: Newton on Phi(q) = 0 and the Euler-parameter normalisation, each step
//      the smallest change of q (min ||dq||, so the deck's positions move the least);
//   2. velocity assembly: the smallest change of nu that satisfies B nu = 0;
//   3. accelerations and reactions: [M -B^T; B 0] [nu'; lambda] = [Q; -gamma], with
//      gamma = d/dt(B) nu, and q' = H nu, mu = 0.
// Everything is taken from the System's residual and exact Jacobian, so it holds for any element.
// Redundant equations removed from the Dae are left out of the assembly and checked afterwards
// (solver/redundant_constraints.hpp).

#include <string>
#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

struct InitialConditions {
  std::vector<double> y, yp;
  int position_iterations = 0;
  double position_residual = 0;    ///< max |Phi| after assembly
  std::vector<std::string> notes;  ///< warnings (initial conditions that could not be held)
};

class HeldCoordinates;

/// Throws Error(kAnalysisFailed) with a message naming the problem if assembly fails. `held`:
/// the joint initial conditions to hold (the first analysis; solver/held_coordinates.hpp).
/// `check_removed`: whether the removed equations must hold at the assembled state (a deck whose
/// redundant joints disagree is refused); false at a restart of a transient that re-chose its
/// removed equations at a singular configuration, where equations removed for a while have
/// drifted by design (solver/stages/dae_transient.cpp).
InitialConditions compute_initial_conditions(const Dae& dae, double t, std::vector<double> y,
                                             const HeldCoordinates* held = nullptr,
                                             bool check_removed = true);

}  // namespace mb
