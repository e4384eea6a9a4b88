#include "solver/state_inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"

namespace mb {

StateInputsBuilder::StateInputsBuilder(const Model& m, StateInputs& in, MeasureFn measure,
                                       std::string subject, Reader reader)
    : m_(m), in_(in), measure_(std::move(measure)), subject_(std::move(subject)), reader_(reader) {}

StateInputs::Source StateInputsBuilder::source(const MeasureSpec& ms) {
  using Kind = StateInputs::Source::Kind;
  StateInputs::Source src;
  switch (ms.kind) {
    case MeasureKind::kState:
      src.kind = Kind::kState;
      src.index = state(ms.element, ms.comp == 1);
      return src;
    case MeasureKind::kArrayConst:
      src.kind = Kind::kConst;
      src.value = m_.arrays[ms.element].values[ms.comp];
      return src;
    case MeasureKind::kVarval:
      src.kind = Kind::kNode;
      src.index = variable_node(ms.element);
      return src;
    case MeasureKind::kOutput:
      src.kind = Kind::kNode;
      src.index = output_node(ms.element, ms.comp);
      return src;
    case MeasureKind::kUserArray: {
      const ReferenceArray& a = m_.arrays[ms.element];
      if (a.owner < 0) {
        throw Error(ExitCode::kDeckError,
                    fmt::format("{}: ARYVAL reads Reference_Array {}, an ARYSUB array that no "
                                "state element uses as u_array_id (that element evaluates it)",
                                subject_, a.id));
      }
      src.kind = Kind::kNode;
      src.index = read_node({.element = a.owner, .inputs = true, .comp = ms.comp});
      return src;
    }
    default:
      break;
  }
  const bool force = reader_ == Reader::kForce;
  // A force reads the reactions of joints, joint primitives and motions (JOINT, JPRIM, MOTION)
  // through their multipliers, and accelerations through the bodies' y' (solver/force_kernel).
  if (ms.reads_multipliers() && !(force && ms.kind == MeasureKind::kJoint)) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: its {} read {}, which {} cannot use yet{}", subject_,
                            force ? "expressions" : "inputs",
                            ms.kind == MeasureKind::kOrient ? "ORIENT" : "reaction forces",
                            force ? "forces" : "state elements",
                            force ? " (forces may read JOINT, JPRIM and MOTION reactions)" : ""));
  }
  if (!force && is_acceleration_measure(ms.kind)) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: its inputs read accelerations (ACCX..ACCM, WDTX..WDTM), which "
                            "state elements cannot use yet (forces and requests may)",
                            subject_));
  }
  src.kind = Kind::kMeasure;
  src.index = measure_(ms);
  return src;
}

int StateInputsBuilder::state(int s, bool deriv) {
  for (size_t i = 0; i < in_.states.size(); ++i) {
    if (in_.states[i] == s && static_cast<bool>(in_.state_deriv[i]) == deriv)
      return static_cast<int>(i);
  }
  in_.states.push_back(s);
  in_.state_deriv.push_back(static_cast<char>(deriv));
  return static_cast<int>(in_.states.size() - 1);
}

int StateInputsBuilder::expression_node(const ExpressionGroup& g, size_t e) {
  StateInputs::Node n;
  n.expr = &g.exprs[e];
  for (const auto& ms : g.measures) n.sources.push_back(source(ms));
  in_.max_stack = std::max(in_.max_stack, n.expr->max_stack);
  return push(std::move(n));
}

int StateInputsBuilder::variable_node(int v) {
  auto it = variables_.find(v);
  if (it != variables_.end()) {
    if (it->second < 0) loop(fmt::format("Reference_Variable {}", m_.variables[v].id));
    return it->second;
  }
  const Variable& var = m_.variables[v];
  if (var.user) {  // VARSUB: the kernel calls it (it reads no variables: no loop through it)
    ElementRead r;
    r.variable = v;
    return variables_[v] = read_node(r);
  }
  variables_[v] = -1;  // in progress
  return variables_[v] = expression_node(var.expr, 0);
}

int StateInputsBuilder::output_node(int e, int k) {
  const StateElement& el = m_.state_elements[e];
  const auto key = std::make_pair(e, k);
  auto it = outputs_.find(key);
  if (it != outputs_.end()) {
    if (it->second < 0) loop(fmt::format("output {} of {}", k + 1, el.subject));
    return it->second;
  }
  if (el.form == StateElement::Form::kUserSub) return read_node({.element = e, .comp = k});
  outputs_[key] = -1;
  StateInputs::Node n;
  for (int i = 0; i < el.num_states; ++i) {
    if (el.C(k, i) == 0.0) continue;
    StateInputs::Source s;
    s.kind = StateInputs::Source::Kind::kState;
    s.index = state(el.first_state + i, false);
    n.sources.push_back(s);
    n.coef.push_back(el.C(k, i));
  }
  for (size_t j = 0; j < el.inputs.size(); ++j) {
    if (el.D(k, static_cast<Eigen::Index>(j)) == 0.0) continue;
    StateInputs::Source s;
    s.kind = StateInputs::Source::Kind::kNode;
    s.index = variable_node(el.inputs[j]);
    n.sources.push_back(s);
    n.coef.push_back(el.D(k, static_cast<Eigen::Index>(j)));
  }
  return outputs_[key] = push(std::move(n));
}

int StateInputsBuilder::read_node(const ElementRead& r) {
  for (const auto& n : in_.nodes) {
    if (n.read >= 0 && in_.reads[n.read] == r) return static_cast<int>(&n - in_.nodes.data());
  }
  StateInputs::Node n;
  n.read = static_cast<int>(in_.reads.size());
  in_.reads.push_back(r);
  return push(std::move(n));
}

int StateInputsBuilder::push(StateInputs::Node n) {
  in_.max_sources = std::max(in_.max_sources, n.sources.size());
  in_.nodes.push_back(std::move(n));
  return static_cast<int>(in_.nodes.size() - 1);
}

void StateInputsBuilder::loop(const std::string& what) const {
  throw Error(ExitCode::kDeckError,
              fmt::format("{}: its inputs form an algebraic loop through {}", subject_, what));
}

bool StateInputsBuilder::too_large() const {
  return in_.nodes.size() > StateInputs::kMaxNodes || in_.max_sources > StateInputs::kMaxSources;
}

namespace {

template <class T>
T value(const StateInputs::Source& so, const T* sx, const T* lm, const T* nv) {
  switch (so.kind) {
    case StateInputs::Source::Kind::kMeasure:
      return lm[so.index];
    case StateInputs::Source::Kind::kState:
      return sx[so.index];
    case StateInputs::Source::Kind::kNode:
      return nv[so.index];
    case StateInputs::Source::Kind::kConst:
      break;
  }
  return T(so.value);
}

}  // namespace

template <class T>
void StateInputs::evaluate(const T* sx, const T* lm, const T* rv, double t, expr::Workspace& ws,
                           std::span<double> scratch, T* nv, T* mv) const {
  T src[kMaxSources];
  for (size_t n = 0; n < nodes.size(); ++n) {
    const Node& node = nodes[n];
    if (node.read >= 0) {
      nv[n] = rv[node.read];
      continue;
    }
    for (size_t s = 0; s < node.sources.size(); ++s) src[s] = value(node.sources[s], sx, lm, nv);
    if (node.expr) {
      nv[n] = evaluate_expression<T>(*node.expr, t, std::span<const T>(src, node.sources.size()),
                                     ws, scratch);
    } else {
      T sum(0.0);
      for (size_t s = 0; s < node.sources.size(); ++s) add_scaled(sum, node.coef[s], src[s]);
      nv[n] = sum;
    }
  }
  for (size_t s = 0; s < slots.size(); ++s) mv[s] = value(slots[s], sx, lm, nv);
}

template void StateInputs::evaluate<double>(const double*, const double*, const double*, double,
                                            expr::Workspace&, std::span<double>, double*,
                                            double*) const;
template void StateInputs::evaluate<AD>(const AD*, const AD*, const AD*, double, expr::Workspace&,
                                        std::span<double>, AD*, AD*) const;

StateInputs make_state_inputs(const Model& model, const ExpressionGroup& group,
                              const std::function<int(const MeasureSpec&)>& measure,
                              const std::string& subject) {
  StateInputs in;
  StateInputsBuilder b(model, in, measure, subject, StateInputsBuilder::Reader::kForce);
  for (const auto& ms : group.measures) in.slots.push_back(b.source(ms));
  if (b.too_large()) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: its expressions read too many variables or outputs (at most {} "
                            "nodes of at most {} inputs each)",
                            subject, StateInputs::kMaxNodes, StateInputs::kMaxSources));
  }
  return in;
}

}  // namespace mb
