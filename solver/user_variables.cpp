#include "solver/user_variables.hpp"

#include "common/error.hpp"

namespace mb {

namespace {

/// One call of variable `var`'s routine (iflag = 1: the dependency call, recording into
/// state.record; its outputs are not checked).
double call(const Variable& var, std::vector<double>& par, const UserCallState& state, int iflag) {
  double value = 0.0;
  UserArgs args = user_args(var.id, state.t, par);
  args.iflag = iflag;
  args.result = std::span<double>(&value, 1);
  UserCall c(*var.user, state);
  c.run(args, iflag == 0);
  return value;
}

}  // namespace

void UserVariables::bind(const Model& m, const UserContext& context, int num_blocks,
                         const std::vector<double>& y0) {
  bound_.clear();
  bound_.resize(m.variables.size());
  const std::vector<double> yp0(y0.size(), 0.0);
  for (size_t v = 0; v < m.variables.size(); ++v) {
    const Variable& var = m.variables[v];
    if (!var.user) continue;
    auto b = std::make_unique<Bound>();
    b->variable = &var;
    b->par = var.user->par;
    UserCallState state;
    state.context = &context;
    state.y = y0.data();
    state.yp = yp0.data();
    state.record = &b->deps;
    call(var, b->par, state, 1);
    b->known_bodies.assign(m.bodies.size(), 0);
    for (int body : b->deps.bodies) b->known_bodies[body] = 1;
    b->known_blocks.assign(static_cast<size_t>(num_blocks), 0);
    for (int block : b->deps.blocks) b->known_blocks[block] = 1;
    b->known_states.assign(2 * static_cast<size_t>(m.num_states), 0);
    for (int key : b->deps.states) b->known_states[key] = 1;
    b->par = var.user->par;
    bound_[v] = std::move(b);
  }
}

const UserDependencies& UserVariables::dependencies(int v) const {
  return bound_[static_cast<size_t>(v)]->deps;
}

std::vector<std::vector<double>> UserVariables::initial_pars() const {
  std::vector<std::vector<double>> pars(bound_.size());
  for (size_t v = 0; v < bound_.size(); ++v) {
    if (bound_[v]) pars[v] = bound_[v]->par;
  }
  return pars;
}

double UserVariables::value(int v, const UserContext& context, Workspace& ws, const double* y,
                            const double* yp, double t) const {
  const Bound& b = *bound_[static_cast<size_t>(v)];
  UserCallState state;
  state.context = &context;
  state.t = t;
  state.y = y;
  state.yp = yp;
  state.known_bodies = b.known_bodies.data();
  state.known_blocks = b.known_blocks.data();
  state.known_states = b.known_states.data();
  return call(*b.variable, ws.variable_par[static_cast<size_t>(v)], state, 0);
}

}  // namespace mb
