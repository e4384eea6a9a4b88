#pragma once
// The dissipated energy of the compliant elements (Force_SpringDamper, Force_Bushing,
// Force_Field, Force_Beam) as integrated states: one StateElement (Kind::kDissipation) per
// element, E' = its dissipated power (solver/force_kernel.hpp ElementState), E(0) = 0, held in
// static analyses. The `ediss` output channel (models/compliant_outputs.hpp) reads it.

#include "models/model.hpp"

namespace mb {

/// Adds the states (pass 2, after every other state element).
void add_dissipated_energy_states(Model& m);

/// The state element of force kernel `kernel` (numbering of solver/force_kernel.hpp), or -1.
int dissipated_energy_state(const Model& m, int kernel);

}  // namespace mb
