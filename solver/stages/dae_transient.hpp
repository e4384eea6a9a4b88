#pragma once
// The transient on the DAE forms (IDA: index 2 on the run's Dae, index 3 or stabilised index 1 on
// a System of that form, dae_index). When the kept constraint rows become (nearly) dependent
// during the run, the equations to remove are chosen again at the last successful step and the
// integration restarts there: another row of a redundant set, or, at a singular configuration,
// one more row until the model's own number is well conditioned again. This is the constraint
// side of re-choosing the independent coordinates of coordinate partitioning when the dependent
// ones become ill conditioned (Wehage and Haug, J. Mech. Des. 104 (1982)); the rows are chosen by
// Gram-Schmidt with column pivoting (select_redundant_equations). Measured on IFToMM A02
// (regression/iftomm/README.md): each crossing leaves an error of 1e-6..1e-5 m that does not fall
// with the tolerance (the restore's projection); a penalty on the removed rows (Bayo, Garcia de
// Jalon and Serna 1988) did not reduce it, and the index-3 augmented Lagrangian with projections
// (Bayo and Ledesma, Nonlinear Dynamics 9 (1996)) would need its own integrator.

#include <optional>
#include <vector>

#include "solver/stages/stages.hpp"

namespace mb {

/// A consistent state where the transient restored the model's own selection of removed
/// equations (a singular region passed).
struct DaeRestart {
  double t = 0;
  std::vector<double> y, yp;
};

/// Integrates st from st.t0 (st.ic) over the grid g; `dae` holds the removed equations chosen
/// last. With `return_at_restore` it returns at the first restore of the model's own selection
/// (for the default form to go back to joint coordinates there); otherwise, or when the run
/// reaches g.t1 first, nothing.
std::optional<DaeRestart> run_dae_transient(const Stage& st, std::optional<Dae>& dae,
                                            DaeForms& forms, const TransientParams& params,
                                            const OutputGrid& g, bool return_at_restore = false);

}  // namespace mb
