#pragma once
// Redundant constraints (docs/architecture.md section 3): joint equations whose rows of the
// constraint Jacobian B are linear combinations of earlier rows, as in a planar four-bar built
// from spatial REVOLUTE joints. They are found at assembly by Gram-Schmidt on the rows of B in
// equation order (so the later equations are the ones removed; done as a sparse QR of B^T, linear
// in the model size for chains), then removed from the DAE (see
// Dae in system_blocks.hpp: their multipliers are pinned to zero). A removed equation must still
// hold once the others are assembled; otherwise the constraints are inconsistent (for example
// two FIXED joints holding one body at different places) and the analysis stops.

#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

/// Relative threshold: a row is dependent when less than this fraction of its norm is left
/// after removing its components along the accepted rows.
constexpr double kRedundancyThreshold = 1e-8;

/// Dependent constraint equations (0-based indices into the lambda block) at state y.
std::vector<int> find_redundant_equations(const System& sys, double t,
                                          const std::vector<double>& y);

/// Throws Error(kAnalysisFailed) naming the joints involved if a removed equation is violated
/// at the (assembled) state y by more than `tol`.
void check_redundant_consistent(const Dae& dae, double t, const std::vector<double>& y, double tol);

}  // namespace mb
