#pragma once
// Static equilibrium (docs/architecture.md section 3, format reference 3.3, FIM_S/FIM_D): with all
// velocities and derivatives zero, solve for the positions q (and the user states x with
// x' = 0, i.e. f(x, u) = 0, except those with is_static_hold, which keep their value) and the
// reactions lambda:
//   Q(q) + B(q)^T lambda = 0     (the Newton-Euler rows: the force imbalance)
//   Phi(q) = 0, |p| = 1          (position constraints and Euler-parameter normalisation)
// mu and mu_n are 0. Newton: each step is the minimum-norm solution of the dense Newton system
// (complete orthogonal decomposition), so neutral directions (a body free to spin about the
// vertical) do not stop it; Euler parameters are renormalised after each step; a step moves no
// body by more than half the model's size and no Euler parameter by more than 0.25; it is
// accepted when |F|^2 decreases (Armijo) or the next Newton correction is shorter (Deuflhard's
// natural monotonicity test, independent of the equations' scaling), else halved. Where no step
// is accepted (a singular Newton matrix: no stiffness in the direction of the load), a
// pseudo-transient step (K + M / tau^2) du = -F with translational masses and a growing tau.
// The first lambda is the least-squares fit of the force balance at the starting positions,
// which gives the Newton matrix its geometric stiffness. Param_Static stability s adds s (M + C)
// (each body's translational mass and damping) to the Newton matrix, as Adams' EQUILIBRIUM
// STABILITY: a modified Newton step, the same equilibrium. Converged when the largest imbalance is
// at most max_error and the largest constraint error at most 1e-12 (relative to the
// coordinates).

#include <vector>

#include "models/model.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

struct StaticSolution {
  std::vector<double> y;  ///< DAE layout: q at equilibrium, nu = 0, lambda, mu = 0
  int iterations = 0;
  double imbalance = 0;  ///< largest |Newton-Euler residual| at the solution
};

/// Throws Error(kAnalysisFailed) naming the equation with the largest residual if Newton does
/// not converge within max_num_iter iterations.
StaticSolution solve_static(const Dae& dae, const StaticParams& params, double t,
                            std::vector<double> y);

}  // namespace mb
