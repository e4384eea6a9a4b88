#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "solver/linear_modes.hpp"
#include "solver/linear_state_matrices.hpp"
#include "solver/linear_strain_energy.hpp"
#include "solver/linearization.hpp"
#include "solver/stages/stages.hpp"

namespace mb {

namespace {

/// Above this largest |acceleration| or |velocity| (model units) the operating point is not an
/// equilibrium: the linearisation still holds there (frozen coefficients), but its eigenvalues
/// are not those of small motions about a rest state, and the log says so.
constexpr double kEquilibriumTolerance = 1e-6;

/// The largest |acceleration| and |velocity| at the stage's start (v', w', the user states' x').
void measure_equilibrium(const Stage& st, const LinearSystem& lin, LinearResult& r) {
  const System& sys = st.sys;
  for (int k = 0; k < sys.num_moving_bodies(); ++k) {
    for (int i = kBodyV; i < kBodyStates; ++i) {
      r.residual_acceleration =
          std::max(r.residual_acceleration, std::abs(st.ic.yp[body_states_offset(k) + i]));
      r.velocity = std::max(r.velocity, std::abs(st.y[body_states_offset(k) + i]));
    }
  }
  for (int v : lin.vars) {
    if (v >= sys.state_offset()) {
      r.residual_acceleration = std::max(r.residual_acceleration, std::abs(st.ic.yp[v]));
    }
  }
}

/// Each elastic element's share of the mode's strain energy (all 0 when the mode strains none).
std::vector<LinearResult::ModeResult::ElementShare> strain_energy_shares(const Dae& dae,
                                                                         const LinearSystem& lin,
                                                                         const Mode& m) {
  const std::vector<ElementStrainEnergy> energies = strain_energies(dae, lin, m.shape);
  double total = 0;
  for (const ElementStrainEnergy& e : energies) total += e.energy;
  std::vector<LinearResult::ModeResult::ElementShare> shares;
  for (const ElementStrainEnergy& e : energies) {
    shares.push_back({e.subject, total > 0 ? e.energy / total : 0.0});
  }
  return shares;
}

LinearResult::ModeResult mode_result(const Dae& dae, const LinearSystem& lin, const Mode& m) {
  const System& sys = dae.system();
  LinearResult::ModeResult r;
  r.eigenvalue = m.eigenvalue;
  r.frequency = m.natural_frequency();
  r.damping_ratio = m.damping_ratio();
  const Model& model = sys.model();
  const std::vector<double> energy = kinetic_energy_shares(sys, lin, m.shape);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const int o = sys.body_offset(static_cast<int>(b));
    if (o < 0) continue;
    const BodyModeShape s = body_mode_shape(lin, m.shape, o);
    r.bodies.push_back({model.bodies[b].id, s.translation, s.rotation,
                        energy[static_cast<size_t>(body_of_offset(o))]});
  }
  r.elements = strain_energy_shares(dae, lin, m);
  return r;
}

/// The variables (indices into Model::variables) of the plant input or output list `id`.
std::vector<int> plant_variables(const std::vector<ReferenceArray>& lists,
                                 const std::optional<int>& id) {
  if (!id) return {};
  for (const ReferenceArray& a : lists) {
    if (a.id == *id) return a.variables;
  }
  return {};  // checked when the model was built (check_linear_plant_ids)
}

}  // namespace

void run_linear(const Stage& st, const Dae& dae, const LinearParams& params) {
  report_start(st);
  LinearizationOptions options;
  options.no_damping = params.no_damping;
  const LinearSystem lin = linearize(dae, st.t0, st.y, st.ic.yp, options);
  LinearResult r;
  r.t = st.t0;
  r.states = static_cast<int>(lin.A.rows());
  r.no_damping = params.no_damping;
  r.write_matrix_files = params.write_matrix_files;
  r.write_energy_file = params.write_energy_file;
  r.matrix_file = params.matrix_file;
  measure_equilibrium(st, lin, r);
  if (r.residual_acceleration > kEquilibriumTolerance || r.velocity > kEquilibriumTolerance) {
    st.obs.log(fmt::format(
        "warning: linear analysis at t = {:g}: the operating point is not an equilibrium "
        "(largest residual acceleration {:.3g}, largest velocity {:.3g}, model units); run a "
        "Static analysis first for the modes of small motions about a rest state",
        st.t0, r.residual_acceleration, r.velocity));
  }
  st.obs.log(fmt::format("linear analysis at t = {:g}: {} states (2 x DOF + user states){}", st.t0,
                         r.states, params.no_damping ? ", damping left out" : ""));
  if (params.eigen) {
    const std::vector<Mode> modes = modes_of(lin);
    st.obs.log("  mode  undamped natural freq  damping ratio         real            imag");
    for (size_t k = 0; k < modes.size(); ++k) {
      r.modes.push_back(mode_result(dae, lin, modes[k]));
      LinearResult::ModeResult& m = r.modes.back();
      const int number = static_cast<int>(k) + 1;
      if (params.shape_modes && !params.shape_modes->contains(number)) m.bodies.clear();
      if (params.energy_modes && !params.energy_modes->contains(number)) m.elements.clear();
      st.obs.log(fmt::format("  {:4d}  {:21.10g}  {:13.6g}  {:15.8g} {:15.8g}", k + 1, m.frequency,
                             m.damping_ratio, m.eigenvalue.real(), m.eigenvalue.imag()));
    }
  }
  if (params.plant_input || params.plant_output) {
    const Model& model = st.sys.model();
    r.state_matrices = state_matrices(
        dae, st.t0, st.y, st.ic.yp, plant_variables(model.plant_inputs, params.plant_input),
        plant_variables(model.plant_outputs, params.plant_output), options);
    const LinearResult::StateMatrices& m = *r.state_matrices;
    st.obs.log(fmt::format("  state matrices: {} states, {} inputs, {} outputs", m.A.rows(),
                           m.B.cols(), m.C.rows()));
  }
  st.report.linear.push_back(std::move(r));
}

}  // namespace mb
