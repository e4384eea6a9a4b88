#pragma once
// Redundant constraints (docs/architecture.md section 3): joint equations whose rows of the
// constraint Jacobian B are linear combinations of earlier rows, as in a planar four-bar built
// from spatial REVOLUTE joints. They are found at assembly by Gram-Schmidt on the rows of B in
// equation order (so the later equations are the ones removed; done as a sparse QR of B^T, linear
// in the model size for chains), then removed from the DAE (see
// Dae in system_blocks.hpp: their multipliers are pinned to zero). A removed equation must still
// hold once the others are assembled; otherwise the constraints are inconsistent (for example
// two FIXED joints holding one body at different places) and the analysis stops.

#include <optional>
#include <string>
#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

/// Relative threshold: a row is dependent when less than this fraction of its norm is left
/// after removing its components along the accepted rows.
constexpr double kRedundancyThreshold = 1e-8;

/// Dependent constraint equations (0-based indices into the lambda block) at state y.
std::vector<int> find_redundant_equations(const System& sys, double t,
                                          const std::vector<double>& y);

/// Relative threshold under which rank_loss_report calls a kept row nearly dependent (less than
/// this fraction of its norm independent of the earlier rows): the configuration is singular or
/// close to it (the delta robot of ss_intento2 fails at a pivot between 1e-6 and 1e-3).
constexpr double kNearDependenceThreshold = 1e-3;

/// For messages after an integration failure: the kept constraint rows of `dae` (its removed
/// equations left out) that are dependent, or nearly (kNearDependenceThreshold), on the earlier
/// kept rows at state y (index-2 layout; longer vectors are read up to the System's size), named
/// with their elements ("; at t = ... the constraint Jacobian has lost rank: ..."). Empty when
/// the kept rows are independent or the Jacobian cannot be formed.
/// `threshold` replaces kNearDependenceThreshold (a wider one looks for a configuration close to
/// a singular one).
std::string rank_loss_report(const Dae& dae, double t, const std::vector<double>& y,
                             double threshold = kNearDependenceThreshold);

/// A choice of the equations to remove at one configuration, and how well the kept rows are
/// conditioned: the smallest part of a kept joint row independent of the rows accepted before it
/// (unit rows).
struct RedundantSelection {
  std::vector<int> removed;
  double weakest_pivot = 1;
};

/// The equations to remove at state y (index-2 layout; longer vectors are read up to the
/// System's size), chosen for conditioning: which rows of a redundant set are dependent changes
/// with the configuration (the delta robot of ss_intento2), and near a singular configuration a
/// row that is independent elsewhere becomes (nearly) dependent. The equations of motions,
/// couplers and general constraints are accepted first, in order, as find_redundant_equations
/// does; among the joints' equations the row with the largest part independent of the accepted
/// ones is taken next (Gram-Schmidt with column pivoting, the rank-revealing order of Businger and
/// Golub), and a row whose part left is at most `threshold` is removed. Empty when B is too large
/// for this dense factorisation (kMaxReselectWork) or cannot be formed.
std::optional<RedundantSelection> select_redundant_equations(const System& sys, double t,
                                                             const std::vector<double>& y,
                                                             double threshold);

/// The equations to remove at state y (as select_redundant_equations reads it) in equation order
/// (find_redundant_equations' sparse QR, linear in the model size for chains) when exactly
/// `count` rows have at most `threshold` of their norm independent of the earlier rows, so that
/// every kept row is conditioned better than that; empty otherwise. Cheap enough to be checked
/// often while a singular configuration is passed.
std::optional<std::vector<int>> conditioned_selection(const System& sys, double t,
                                                      const std::vector<double>& y, size_t count,
                                                      double threshold);

/// While a transient has removed more equations than the model's redundant ones to pass a
/// singular configuration, the removed equations are not enforced: throws Error(kAnalysisFailed)
/// naming the one violated most, with the time it was removed (`since`), when its position
/// constraint is violated by more than `limit` at state y: the configuration did not pass the
/// singularity (a dead point of a driven mechanism, where the motion cannot go on), and going on
/// would break the joint.
/// `cause`: the failure (with its rank-loss report) that made the run remove the equations,
/// appended to the message.
void check_removed_drift(const Dae& dae, double since, double t, const std::vector<double>& y,
                         double limit, const std::string& cause);

/// Bound on rows x columns^2 of the dense factorisation select_redundant_equations does.
constexpr double kMaxReselectWork = 2e9;

/// Throws Error(kAnalysisFailed) naming the joints involved if a removed equation is violated
/// at the (assembled) state y by more than `tol`.
void check_redundant_consistent(const Dae& dae, double t, const std::vector<double>& y, double tol);

}  // namespace mb
