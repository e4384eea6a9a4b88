#include "models/dissipated_energy.hpp"

#include <fmt/format.h>

namespace mb {

void add_dissipated_energy_states(Model& m) {
  // Force kernels: scalar forces, vector forces, spring-dampers, bushings, fields, beams.
  int kernel = static_cast<int>(m.scalar_forces.size() + m.vector_forces.size());
  auto add = [&](int id, const char* element, const SourceLoc& loc) {
    StateElement e;
    e.kind = StateElement::Kind::kDissipation;
    e.form = StateElement::Form::kExplicit;
    e.id = id;
    e.subject = fmt::format("{} {} (dissipated energy)", element, id);
    e.num_states = 1;
    e.ic = {0.0};
    e.static_hold = true;
    e.force_kernel = kernel++;
    e.loc = loc;
    e.first_state = m.num_states;
    m.num_states += 1;
    m.state_elements.push_back(std::move(e));
  };
  for (const auto& s : m.spring_dampers) add(s.id, "Force_SpringDamper", s.loc);
  for (const auto& f : m.bushings) add(f.id, "Force_Bushing", f.loc);
  for (const auto& f : m.fields) add(f.id, "Force_Field", f.loc);
  for (const auto& f : m.beams) add(f.id, "Force_Beam", f.loc);
}

int dissipated_energy_state(const Model& m, int kernel) {
  for (size_t e = 0; e < m.state_elements.size(); ++e) {
    const StateElement& s = m.state_elements[e];
    if (s.kind == StateElement::Kind::kDissipation && s.force_kernel == kernel) {
      return static_cast<int>(e);
    }
  }
  return -1;
}

}  // namespace mb
