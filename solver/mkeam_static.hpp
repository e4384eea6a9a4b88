#pragma once
// Static equilibrium by kinetic-energy attrition (MotionSolve's MKEAM, Param_Static
// method="MKEAM"; a form of dynamic relaxation with kinetic damping). From the deck's
// configuration at rest, the model moves under its forces (IDA on the index-2 DAE, time frozen at
// the analysis time t, so time-dependent forces keep their value at t). Its kinetic energy
// T = sum 1/2 m v.v + 1/2 w.J w is watched; at its first peak, which is a valley of the potential
// energy, every velocity is set to zero and the motion restarts from there: one iteration. The
// peak is bracketed by samples of the pseudo-time run and then located by restarting from the
// sample before it with samples eight times closer, twice. Converged when an iteration's peak
// kinetic energy is at most max_ke_tol and no coordinate moved by more than max_dq_tol during it.
// Each iteration removes the kinetic energy it gained, so the potential energy falls from one
// iteration to the next: the method settles into a stable equilibrium (a minimum of the potential
// energy), never an unstable one as a Newton iteration may, and it needs no good start.
//
// Where MotionSolve removes all damping first, this keeps the model's damping (its elements
// compute damping inside their force expressions, which cannot be told apart): damping only
// takes energy away, so the peaks still fall; they come slightly before the potential valley, and
// the iterations make up for it. After convergence the equilibrium is polished by the
// force-imbalance Newton (solver/static_solver.hpp), which from a point this close to a stable
// equilibrium converges to it in a few iterations; if the polish does not converge the attrition
// result stands, with a note.
//
// States held in statics (is_static_hold: a Control_Diff's, a spring's dissipated energy) move
// during an iteration's run and are set back to their values at each restart; the polish holds
// them exactly. Refused (Error kDeckError): models with active motions or with a
// Constraint_General that reads TIME, which a frozen-time run cannot hold.

#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/static_solver.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

struct KineticEnergyAttrition {
  StaticSolution solution;          ///< the equilibrium (polished when the polish converged)
  std::vector<double> attrition_y;  ///< the attrition's own result, before the polish
  int attrition_iterations = 0;
  double peak_kinetic_energy = 0;  ///< of the last iteration
  double largest_move = 0;         ///< of any coordinate in the last iteration
  int polish_iterations = -1;      ///< Newton iterations of the polish; -1 when it failed
  std::string note;                ///< why the polish failed, when it did
};

/// The kinetic energy of the moving bodies at state y (model energy units).
double kinetic_energy(const System& sys, const std::vector<double>& y);

/// Throws Error(kAnalysisFailed) when max_num_iter iterations do not converge, naming the peak
/// kinetic energy and the largest move of the last one.
KineticEnergyAttrition solve_static_mkeam(const Dae& dae, const StaticParams& statics,
                                          const TransientParams& transient, double t,
                                          std::vector<double> y);

}  // namespace mb
