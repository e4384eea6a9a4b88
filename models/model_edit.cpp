#include "models/model_edit.hpp"

namespace mb {

namespace {

bool& active_flag(Model& m, const ModelEdit::Target& t) {
  using L = ModelEdit::List;
  switch (t.list) {
    case L::kJoint:
      return m.joints[t.index].active;
    case L::kMotion:
      return m.motions[t.index].active;
    case L::kScalarForce:
      return m.scalar_forces[t.index].active;
    case L::kVectorForce:
      return m.vector_forces[t.index].active;
    case L::kSpringDamper:
      return m.spring_dampers[t.index].active;
    case L::kBushing:
      return m.bushings[t.index].active;
    case L::kField:
      return m.fields[t.index].active;
    case L::kBeam:
      return m.beams[t.index].active;
    case L::kContact:
      return m.contacts[t.index].active;
    case L::kSensor:
      return m.sensors[t.index].active;
    case L::kCoupler:
    case L::kVariable:
    case L::kRequest:
      break;
  }
  return m.couplers[t.index].active;  // kCoupler (variables and requests have no flag)
}

ExpressionGroup& expressions(Model& m, const ModelEdit::Target& t) {
  using L = ModelEdit::List;
  switch (t.list) {
    case L::kMotion:
      return m.motions[t.index].expr;
    case L::kScalarForce:
      return m.scalar_forces[t.index].expr;
    case L::kVectorForce:
      return m.vector_forces[t.index].expr;
    case L::kVariable:
      return m.variables[t.index].expr;
    default:
      break;
  }
  return m.requests[t.index].expr;  // kRequest
}

LinearForce& linear_force(Model& m, const ModelEdit::Target& t) {
  if (t.list == ModelEdit::List::kBushing) return m.bushings[t.index];
  if (t.list == ModelEdit::List::kField) return m.fields[t.index];
  return m.beams[t.index];
}

void apply(Model&, const std::monostate&) {}

void apply(Model& m, const ModelEdit::Activation& a) {
  for (const ModelEdit::Target& t : a.targets) active_flag(m, t) = a.active;
}

void apply(Model& m, const ModelEdit::BodyInertia& e) {
  Body& b = m.bodies[e.body];
  b.mass = e.mass;
  b.inertia_cm = e.inertia_cm;
  if (!e.velocity) return;
  // The initial velocity of a fresh build (sweeps), and the next Simulate's start.
  const auto& v = e.velocity->v;
  for (int c = 0; c < 3; ++c) {
    b.v0(c) = v[static_cast<size_t>(c)].value_or(b.v0(c));
    b.w0(c) = v[static_cast<size_t>(c + 3)].value_or(b.w0(c));
  }
  for (size_t c = 0; c < 6; ++c) b.velocity_given[c] |= v[c].has_value();
}

void apply(Model& m, const ModelEdit::SpringLaw& e) {
  SpringDamper& s = m.spring_dampers[e.index];
  s.stiffness = e.stiffness.value_or(s.stiffness);
  s.damping = e.damping.value_or(s.damping);
  s.length = e.length.value_or(s.length);
  s.preload = e.preload.value_or(s.preload);
}

void apply(Model& m, const ModelEdit::Expressions& e) { expressions(m, e.target) = e.expr; }

void apply(Model& m, const ModelEdit::LinearLaw& e) {
  LinearForce& f = linear_force(m, e.target);
  f.K = e.law.K;
  f.C = e.law.C;
  f.length = e.law.length;
  f.preload = e.law.preload;
}

void apply(Model& m, const ModelEdit::Gravity& e) {
  m.gravity = e.constant;
  m.gravity_expr = e.expr;
}

void apply(Model& m, const ModelEdit::SensorSettings& e) { m.sensors[e.index] = e.sensor; }

}  // namespace

Model apply_edit(Model model, const ModelEdit& edit) {
  std::visit([&](const auto& change) { apply(model, change); }, edit.change);
  return model;
}

std::optional<VelocityReset> velocity_reset(const ModelEdit& edit) {
  const auto* body = std::get_if<ModelEdit::BodyInertia>(&edit.change);
  if (!body) return std::nullopt;
  return body->velocity;
}

}  // namespace mb
