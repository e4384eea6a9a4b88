#include "solver/linear_plant_model.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>

#include "common/error.hpp"
#include "expr/ast.hpp"

namespace mb {

struct PlantModel::Built {
  Model model;
  System sys;
  Workspace ws;
  Dae dae;
  Built(Model m, const std::vector<int>& removed)
      : model(std::move(m)), sys(model), ws(sys.make_workspace()), dae(sys, ws, removed) {}
};

namespace {

/// A one-state linear element x' = u (`variable` >= 0: u = VARVAL of that variable) or x' = 0.
StateElement added_element(int first_state, int variable) {
  StateElement e;
  e.kind = StateElement::Kind::kStateEqn;
  e.form = StateElement::Form::kLinear;
  e.subject = variable >= 0 ? "linear analysis output probe" : "linear analysis held input";
  e.first_state = first_state;
  e.num_states = 1;
  e.ic = {0.0};
  const int m = variable >= 0 ? 1 : 0;
  if (variable >= 0) e.inputs = {variable};
  e.A = Eigen::MatrixXd::Zero(1, 1);
  e.B = Eigen::MatrixXd::Ones(1, m);
  e.C = Eigen::MatrixXd::Zero(0, 1);
  e.D = Eigen::MatrixXd::Zero(0, m);
  return e;
}

/// Appends one element per variable of `vars` (-1: a held input) to `model`'s state block.
void append(Model& model, const std::vector<int>& vars) {
  for (int v : vars) {
    model.state_elements.push_back(added_element(model.num_states, v));
    ++model.num_states;
  }
}

/// Makes Reference_Variable `v` read state-block entry `state` (DIF of it) in place of its
/// expression or VARSUB: the value the linearisation holds and differentiates against.
void read_held_state(Variable& v, int state) {
  v.user.reset();
  MeasureSpec m;
  m.kind = MeasureKind::kState;
  m.element = state;
  ExpressionGroup g;
  g.measures = {m};
  g.exprs = {compile_partials(expr::Expression::from_tree(expr::make_input(0), nullptr), 1,
                              "linear analysis held input")};
  v.expr = std::move(g);
}

/// `v` with `values` inserted at `at`.
std::vector<double> inserted(const std::vector<double>& v, size_t at,
                             const std::vector<double>& values) {
  std::vector<double> out(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(at));
  out.insert(out.end(), values.begin(), values.end());
  out.insert(out.end(), v.begin() + static_cast<std::ptrdiff_t>(at), v.end());
  return out;
}

}  // namespace

PlantModel::PlantModel(const Dae& base, double t, const std::vector<double>& y,
                       const std::vector<double>& yp, const std::vector<int>& inputs,
                       const std::vector<int>& outputs) {
  const System& sys = base.system();
  const Model& model = sys.model();
  num_model_elements_ = static_cast<int>(model.state_elements.size());
  num_inputs_ = static_cast<int>(inputs.size());
  first_added_ = sys.state_offset() + model.num_states;
  const auto at = static_cast<size_t>(first_added_);
  if (static_cast<int>(y.size()) != base.size()) {
    throw Error(ExitCode::kInternal, "linear analysis: the state is not the index-2 layout");
  }
  // The inputs' values at the operating point: probes x' = u read them.
  {
    Model probing = model;
    append(probing, inputs);
    const Built b(std::move(probing), base.removed());
    const std::vector<double> zeros(inputs.size(), 0.0);
    const std::vector<double> py = inserted(y, at, zeros), pyp = inserted(yp, at, zeros);
    std::vector<double> res(py.size());
    b.dae.residual(t, py.data(), pyp.data(), res.data());
    for (size_t k = 0; k < inputs.size(); ++k) u0_.push_back(-res[at + k]);  // x' - u = -u
  }
  Model held = model;
  append(held, std::vector<int>(inputs.size(), -1));
  for (size_t k = 0; k < inputs.size(); ++k) {
    read_held_state(held.variables[static_cast<size_t>(inputs[k])],
                    model.num_states + static_cast<int>(k));
    held.state_elements[static_cast<size_t>(num_model_elements_) + k].ic = {u0_[k]};
  }
  append(held, outputs);
  built_ = std::make_unique<Built>(std::move(held), base.removed());
  dae_ = &built_->dae;
  std::vector<double> added = u0_;
  added.resize(inputs.size() + outputs.size(), 0.0);
  y_ = inserted(y, at, added);
  yp_ = inserted(yp, at, std::vector<double>(added.size(), 0.0));
  if (static_cast<int>(y_.size()) != dae_->size()) {
    throw Error(ExitCode::kInternal,
                fmt::format("linear analysis: the plant model has {} variables, expected {}",
                            dae_->size(), y_.size()));
  }
}

PlantModel::~PlantModel() = default;

}  // namespace mb
