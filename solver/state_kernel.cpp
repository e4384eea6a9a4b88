#include "solver/state_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "common/error.hpp"
#include "solver/kernel_tables.hpp"
#include "solver/local_array.hpp"
#include "solver/state_layout.hpp"
#include "solver/state_reads.hpp"
#include "solver/user_variables.hpp"

namespace mb {

namespace {

/// Builds one kernel: local bodies and markers, and the node program with its state inputs
/// (StateInputsBuilder, which the force kernels' expressions use too).
class StateKernelBuilder {
 public:
  StateKernelBuilder(const Model& m, StateKernel& k)
      : m_(m),
        k_(k),
        tables_(m, k),
        program_(
            m, k.program, [this](const MeasureSpec& ms) { return measure(ms); }, k.element->subject,
            StateInputsBuilder::Reader::kStateElement) {}

  int marker(int model_marker) { return tables_.marker(model_marker); }
  void body(int model_body) { tables_.body(model_body); }
  /// The state input of state-block entry `s` (deriv: its x'): an index into program.states.
  int state(int s, bool deriv) { return program_.state(s, deriv); }
  int expression_node(const ExpressionGroup& g, size_t e) { return program_.expression_node(g, e); }
  int variable_node(int v) { return program_.variable_node(v); }

  /// Records that the kernel reads `r` (its local inputs become this kernel's).
  void add_read(const ElementRead& r) {
    std::vector<int>& list = r.variable >= 0 ? k_.read_variables : k_.read_elements;
    const int key = r.variable >= 0 ? r.variable : r.element;
    if (std::find(list.begin(), list.end(), key) == list.end()) list.push_back(key);
  }

  /// Adds what the VARSUBs the kernel reads read in their dependency calls to its inputs.
  void add_variable_inputs(const UserVariables& variables) {
    for (int v : k_.read_variables) {
      const UserDependencies& deps = variables.dependencies(v);
      for (int body : deps.bodies) tables_.body(body);
      for (int key : deps.states) state(key / 2, key % 2 != 0);
      for (int block : deps.blocks) {
        if (std::find(k_.blocks.begin(), k_.blocks.end(), block) == k_.blocks.end())
          k_.blocks.push_back(block);
      }
    }
  }

  /// Adds the local inputs (bodies, states, multiplier blocks) of kernel `o` to this one's;
  /// true when something was added.
  bool add_inputs_of(const StateKernel& o) {
    const StateInputs& p = k_.program;
    const size_t before = k_.bodies.size() + p.states.size() + k_.blocks.size();
    for (int body : o.bodies) tables_.body(body);
    for (size_t i = 0; i < o.program.states.size(); ++i) {
      state(o.program.states[i], o.program.state_deriv[i] != 0);
    }
    for (int block : o.blocks) {
      if (std::find(k_.blocks.begin(), k_.blocks.end(), block) == k_.blocks.end())
        k_.blocks.push_back(block);
    }
    return k_.bodies.size() + p.states.size() + k_.blocks.size() != before;
  }

  /// Checks capacities, sizes the workspaces.
  void finish() {
    if (k_.bodies.size() > StateKernel::kMaxBodies ||
        k_.markers.size() > StateKernel::kMaxMarkers ||
        k_.measures.size() > StateKernel::kMaxMeasures || program_.too_large() ||
        k_.inputs() > kMaxLocalInputs || k_.outputs() > kMaxLocalInputs ||
        static_cast<size_t>(k_.element->num_states) > StateKernel::kMaxStates ||
        static_cast<size_t>(k_.element->num_outputs()) > StateKernel::kMaxStates ||
        k_.element->inputs.size() > StateKernel::kMaxStates) {
      throw Error(
          ExitCode::kDeckError,
          fmt::format("{}: too large for one kernel (at most {} states, outputs and "
                      "inputs, {} bodies, {} markers, {} measures and {} local inputs)",
                      k_.element->subject, StateKernel::kMaxStates, StateKernel::kMaxBodies,
                      StateKernel::kMaxMarkers, StateKernel::kMaxMeasures, kMaxLocalInputs));
    }
    k_.work.expr.reserve(k_.program.max_stack + 1);
    size_t scratch = std::max<size_t>(1, k_.program.max_sources);
    if (k_.dissipation) {  // the force copy evaluates in this kernel's buffers
      k_.work.expr.reserve(k_.dissipation->work.expr.stack_size());
      scratch = std::max(scratch, k_.dissipation->work.scratch.size());
    }
    k_.work.scratch.assign(scratch, 0.0);
  }

 private:
  /// The local index of kinematic measure `ms` (added when new).
  int measure(const MeasureSpec& ms) {
    LocalMeasure lm;
    lm.kind = ms.kind;
    lm.i = marker(ms.i);
    lm.j = marker(ms.j);
    lm.k = marker(ms.k);
    lm.l = marker(ms.l);
    if (ms.kind == MeasureKind::kContact) {
      // The contact's geometries bring its bodies into the kernel (contact_read.hpp).
      lm.contact = contact_read_index(k_.contact_reads, m_, ms.element, tables_);
      lm.jflag = ms.jflag;
      lm.comp = ms.comp;
    }
    for (size_t i = 0; i < k_.measures.size(); ++i) {
      if (k_.measures[i] == lm) return static_cast<int>(i);
    }
    k_.measures.push_back(lm);
    return static_cast<int>(k_.measures.size() - 1);
  }

  const Model& m_;
  StateKernel& k_;
  KernelTables<StateKernel> tables_;  ///< local bodies and markers
  StateInputsBuilder program_;
};

}  // namespace

template <class T>
void StateKernel::node_values(const T* x, double t, T* nv, const KernelCall& c) const {
  LocalArray<BodyState<T>, kMaxBodies> bs_storage(bodies.size());
  BodyState<T>* bs = bs_storage.data();
  for (size_t b = 0; b < bodies.size(); ++b) bs[b] = body_state(x + kBodyStates * b);
  LocalArray<MarkerState<T>, kMaxMarkers> ms_storage(markers.size());
  MarkerState<T>* ms = ms_storage.data();
  for (size_t m = 0; m < markers.size(); ++m) ms[m] = marker_state(markers[m], bs);
  T mv[kMaxMeasures];
  for (size_t k = 0; k < measures.size(); ++k) {
    const LocalMeasure& m = measures[k];
    mv[k] = m.kind == MeasureKind::kContact
                ? contact_read_value(contact_reads[static_cast<size_t>(m.contact)], m, ms)
                : measure_value(m, ms, c.ws.angles.tracks());
  }
  T rv[StateInputs::kMaxNodes];  // values of user subroutines (other elements, VARSUBs)
  for (size_t r = 0; r < program.reads.size(); ++r) rv[r] = read_value(program.reads[r], x, t, c);
  // No slots: the nodes are all (state inputs after the bodies).
  program.evaluate<T>(x + kBodyStates * bodies.size(), mv, rv, t, c.own.expr,
                      std::span<double>(c.own.scratch), nv, nullptr);
}

template <class T>
void StateKernel::evaluate_fg(const T* x, const T* nv, double t, T* f, T* y,
                              const KernelCall& c) const {
  const StateElement& e = *element;
  if (e.kind == StateElement::Kind::kDissipation) {  // E' = the element's dissipated power
    const std::vector<ElementRead>& reads = dissipation->state_inputs.reads;
    T rv[StateInputs::kMaxNodes];  // the user-subroutine values the force reads, at our inputs
    for (size_t r = 0; r < reads.size(); ++r) rv[r] = read_value(reads[r], x, t, c);
    ElementState<T> st;
    dissipation->wrench(x, t, c, &st, rv);
    f[0] = st.dissipation;
    return;
  }
  switch (e.form) {
    case StateElement::Form::kExplicit:
    case StateElement::Form::kImplicit:
      f[0] = user ? user_diff(x, t, c) : nv[own_node];
      break;
    case StateElement::Form::kLinear: {
      const int n = e.num_states, m = num_inputs;
      const int p = e.num_outputs();
      T u[kMaxStates];
      input_values(x, nv, t, u, c);
      for (int i = 0; i < n; ++i) {
        T fi(0.0);
        for (int j = 0; j < n; ++j) {
          if (e.A(i, j) != 0.0) add_scaled(fi, e.A(i, j), x[own_x(j)]);
        }
        for (int j = 0; j < m; ++j) {
          if (e.B(i, j) != 0.0) add_scaled(fi, e.B(i, j), u[j]);
        }
        f[i] = fi;
      }
      for (int k = 0; k < p; ++k) {
        T yk(0.0);
        for (int j = 0; j < n; ++j) {
          if (e.C(k, j) != 0.0) add_scaled(yk, e.C(k, j), x[own_x(j)]);
        }
        for (int j = 0; j < m; ++j) {
          if (e.D(k, j) != 0.0) add_scaled(yk, e.D(k, j), u[j]);
        }
        y[k] = yk;
      }
      break;
    }
    case StateElement::Form::kUserSub: {
      T u[kMaxStates];
      input_values(x, nv, t, u, c);
      user_state_equations(x, u, t, f, y, c);
      break;
    }
  }
}

template <class T>
void StateKernel::eval(const T* x, T* out, double t, const KernelCall& c) const {
  const int nb13 = kBodyStates * num_bodies();
  for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
  T nv[StateInputs::kMaxNodes];
  node_values(x, t, nv, c);
  T f[kMaxStates], y[kMaxStates];
  evaluate_fg(x, nv, t, f, y, c);
  const StateElement& e = *element;
  for (int i = 0; i < e.num_states; ++i) {
    out[nb13 + i] = e.form == StateElement::Form::kImplicit ? f[i] : x[own_xp(i)] - f[i];
  }
  if (e.kind != StateElement::Kind::kForce) return;
  // Force_StateEqn: the outputs as a Force_Vector_TwoBody load.
  LocalArray<BodyState<T>, kMaxBodies> bs_storage(bodies.size());
  BodyState<T>* bs = bs_storage.data();
  for (size_t b = 0; b < bodies.size(); ++b) bs[b] = body_state(x + kBodyStates * b);
  const MarkerState<T> kGround{};  // not static: see measure_value()
  const MarkerState<T> I = mi < 0 ? kGround : marker_state(markers[mi], bs);
  const M3<T> Aref = mref < 0 ? M3<T>(M3<T>::Identity()) : M3<T>(marker_state(markers[mref], bs).A);
  const V3<T> F = Aref * V3<T>(y[0], y[1], y[2]);
  const V3<T> Tq = Aref * V3<T>(y[3], y[4], y[5]);
  const int bi = mi < 0 ? -1 : markers[mi].body, bj = mj < 0 ? -1 : markers[mj].body;
  ForceKernel::apply(x, out, bi, F, Tq, I.R);
  ForceKernel::apply(x, out, bj, V3<T>(-F), V3<T>(-Tq), I.R);
}

void StateKernel::outputs(const double* x, double t, double* y, const KernelCall& c) const {
  double nv[StateInputs::kMaxNodes];
  node_values(x, t, nv, c);
  double f[kMaxStates];
  evaluate_fg(x, nv, t, f, y, c);
}

void StateKernel::read_at(const double* y, const double* yp, double t, bool inputs, double* out,
                          const KernelCall& c) const {
  double x[kMaxLocalInputs];
  for (size_t i = 0; i < input_vars.size(); ++i) x[i] = (input_is_deriv[i] ? yp : y)[input_vars[i]];
  if (inputs) {
    input_values<double>(x, nullptr, t, out, c);  // the ARYSUB: no nodes
  } else {
    outputs(x, t, out, c);
  }
}

void StateKernel::sample(const double* y, const double* yp, double t, double* xd,
                         const KernelCall& c) const {
  double x[kMaxLocalInputs];
  for (size_t i = 0; i < input_vars.size(); ++i) x[i] = (input_is_deriv[i] ? yp : y)[input_vars[i]];
  double nv[StateInputs::kMaxNodes], u[kMaxStates], xs[kMaxStates], f[kMaxStates], g[kMaxStates];
  node_values(x, t, nv, c);
  input_values(x, nv, t, u, c);
  const int n = element->num_states;
  for (int i = 0; i < n; ++i) xs[i] = x[own_x(i)];
  call_gse(xs, u, t, 0, f, g, c);
  std::copy(f + element->num_continuous(), f + n, xd);
}

template void StateKernel::eval<double>(const double*, double*, double, const KernelCall&) const;
template void StateKernel::eval<AD>(const AD*, AD*, double, const KernelCall&) const;

std::vector<StateKernel> make_state_kernels(const Model& model, int state_offset, const System& sys,
                                            AngleHistory& angles, const std::vector<double>& y0,
                                            const UserVariables& variables,
                                            const std::vector<int>& block_equations) {
  std::vector<StateKernel> out;
  out.reserve(model.state_elements.size());  // the builders hold references into it
  std::vector<std::unique_ptr<StateKernelBuilder>> builders;
  std::vector<ForceKernel> force_kernels;  // for the dissipated-energy states
  for (const StateElement& e : model.state_elements) {
    StateKernel& k = out.emplace_back();
    k.element = &e;
    k.state_offset = state_offset;
    StateKernelBuilder& b = *builders.emplace_back(std::make_unique<StateKernelBuilder>(model, k));
    // Own states first: values, then derivatives (own_x, own_xp).
    for (int i = 0; i < e.num_states; ++i) b.state(e.first_state + i, false);
    for (int i = 0; i < e.num_states; ++i) b.state(e.first_state + i, true);
    if (e.kind == StateElement::Kind::kForce) {
      k.mi = b.marker(e.i_marker);
      k.mj = b.marker(e.j_marker);
      k.mref = b.marker(e.ref_marker);
    }
    if (e.kind == StateElement::Kind::kDissipation) {
      // The force kernel's local bodies become this kernel's: the same local inputs.
      if (force_kernels.empty()) force_kernels = make_force_kernels(model);
      k.dissipation = force_kernels[static_cast<size_t>(e.force_kernel)];
      // The user states the force reads (solver/state_inputs.hpp) become this kernel's inputs
      // too; the copy's state sources are renumbered to them (the force reads its states right
      // after its bodies, where this kernel's state inputs start). The values of user
      // subroutines it reads (solver/state_reads.hpp) are evaluated by this kernel, whose inputs
      // take those of their sources (the copy's bodies follow ours: finished below).
      StateInputs& in = k.dissipation->state_inputs;
      for (const ElementRead& r : in.reads) b.add_read(r);
      std::vector<int> renumber;
      for (size_t i = 0; i < in.states.size(); ++i) {
        renumber.push_back(b.state(in.states[i], in.state_deriv[i] != 0));
      }
      auto remap = [&](StateInputs::Source& src) {
        if (src.kind == StateInputs::Source::Kind::kState) src.index = renumber[src.index];
      };
      for (auto& src : in.slots) remap(src);
      for (auto& node : in.nodes) {
        for (auto& src : node.sources) remap(src);
      }
      k.bodies = k.dissipation->bodies;
    } else if (!e.user && (e.form == StateElement::Form::kExplicit ||
                           e.form == StateElement::Form::kImplicit)) {
      k.own_node = b.expression_node(e.expr, 0);
    }
    for (int v : e.inputs) k.input_nodes.push_back(b.variable_node(v));
    for (const ElementRead& r : k.program.reads) b.add_read(r);
    k.num_inputs = static_cast<int>(e.inputs.size());
    if (e.user) k.user = &*e.user;
    if (e.u_array >= 0 && model.arrays[e.u_array].user) {
      k.arysub = &*model.arrays[e.u_array].user;
      k.arysub_id = model.arrays[e.u_array].id;
      k.num_inputs = model.arrays[e.u_array].size;
    }
    if (k.black_box()) {
      // What ARYSUB and DIFSUB read through the callbacks becomes local inputs.
      const UserDependencies deps = user_state_dependencies(k, sys, angles, y0);
      for (int body : deps.bodies) b.body(body);
      for (int key : deps.states) b.state(key / 2, key % 2 != 0);
      k.blocks = deps.blocks;
    }
    b.add_variable_inputs(variables);
  }
  // A kernel reading values that other elements compute with user subroutines takes all their
  // inputs (which may grow as those read further elements: repeat until nothing changes; the
  // model has no algebraic loops, models/state_elements.cpp).
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t r = 0; r < out.size(); ++r) {
      for (int e : out[r].read_elements) {
        if (static_cast<size_t>(e) != r) grew |= builders[r]->add_inputs_of(out[e]);
      }
    }
  }
  for (size_t r = 0; r < out.size(); ++r) {
    StateKernel& k = out[r];
    if (k.reads_user_values() && k.work.y_full.empty()) {  // the reads scatter into y_full
      k.work.y_full = y0;
      k.work.yp_full.assign(y0.size(), 0.0);
    }
    // The dissipated-energy copy reads its bodies where this kernel has them (its own first:
    // the reads only append), its states after them.
    if (k.dissipation) k.dissipation->bodies = k.bodies;
    for (int block : k.blocks) k.n_multipliers += block_equations[static_cast<size_t>(block)];
    builders[r]->finish();
  }
  return out;
}

template <class T>
T StateKernel::read_value(const ElementRead& r, const T* x, double t, const KernelCall& c) const {
  return read_element_value(c.sys, c.ws, r, x, inputs(), input_vars, input_is_deriv, c.own.y_full,
                            c.own.yp_full, t);
}

template double StateKernel::read_value<double>(const ElementRead&, const double*, double,
                                                const KernelCall&) const;
template AD StateKernel::read_value<AD>(const ElementRead&, const AD*, double,
                                        const KernelCall&) const;

}  // namespace mb
