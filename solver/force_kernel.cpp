#include "solver/force_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "solver/compliant_law.hpp"
#include "solver/contact_law.hpp"
#include "solver/joint_kernel.hpp"
#include "solver/kernel_tables.hpp"
#include "solver/local_array.hpp"
#include "solver/state_layout.hpp"
#include "solver/state_reads.hpp"

namespace mb {

namespace {

using LocalTables = KernelTables<ForceKernel>;

/// The local markers' states and, when the kernel reads accelerations, their accelerations.
template <class T>
void marker_states(const ForceKernel& k, const T* x, MarkerState<T>* ms,
                   MarkerAcceleration<T>* ma) {
  LocalArray<BodyState<T>, ForceKernel::kMaxBodies> bodies_storage(k.bodies.size());
  BodyState<T>* bodies = bodies_storage.data();
  for (size_t b = 0; b < k.bodies.size(); ++b) bodies[b] = body_state(x + kBodyStates * b);
  for (size_t m = 0; m < k.markers.size(); ++m) ms[m] = marker_state(k.markers[m], bodies);
  if (!k.reads_accelerations) return;
  const T* rates[ForceKernel::kMaxBodies];
  for (size_t b = 0; b < k.bodies.size(); ++b) {
    rates[b] = x + k.acceleration_input_base() + kBodyVelocities * b;
  }
  for (size_t m = 0; m < k.markers.size(); ++m) {
    ma[m] = marker_acceleration(k.markers[m], bodies, rates);
  }
}

/// JOINT/JPRIM/MOTION(id, jflag, comp, RM) from the multipliers among the local inputs x.
template <class T>
T reaction_value(const ForceKernel& k, const LocalMeasure& m, const T* x, const MarkerState<T>* ms,
                 const System& sys) {
  const JointKernel& jk = constraint_block_kernel(sys, k.blocks[static_cast<size_t>(m.block)]);
  T ground[kBodyStates];
  for (int c = 0; c < kBodyStates; ++c) ground[c] = T(kGroundState[c]);
  const int bi = k.markers[static_cast<size_t>(m.i)].body;
  const int bj = m.j < 0 ? -1 : k.markers[static_cast<size_t>(m.j)].body;
  const T* yi = bi < 0 ? ground : x + body_states_offset(bi);
  const T* yj = bj < 0 ? ground : x + body_states_offset(bj);
  V3<T> f, tq;
  jk.reaction(yi, yj, x + k.block_first[static_cast<size_t>(m.block)], m.jflag, f, tq);
  const M3<T> rm = m.k < 0 ? M3<T>(M3<T>::Identity()) : M3<T>(ms[m.k].A);
  return wrench_component(f, tq, m.comp, rm);
}

template <class T>
T length_of(const V3<T>& d, const ForceKernel& k, double t) {
  using std::sqrt;
  const T l = sqrt(d.squaredNorm());
  if (!(value_of(l) > 1e-12)) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("{}: the distance between I and J became zero at t = {:.10g}; the "
                            "line of action is undefined",
                            k.subject, t));
  }
  return l;
}

/// Spring-damper state from its coordinate l (or theta), rate and scalar force (or torque).
template <class T>
void spring_state(const SpringDamper& s, const T& l, const T& ldot, const T& f,
                  ElementState<T>& st) {
  st.q(0) = l;
  st.qdot(0) = ldot;
  st.g(0) = f;
  if (s.force_expression) {
    st.potential = T(0.0);
    st.dissipation = -f * ldot;
  } else {
    const T stretch = l - s.length;
    st.potential = 0.5 * s.stiffness * stretch * stretch - s.preload * stretch;
    st.dissipation = s.damping * (ldot - s.velocity_offset) * ldot;
  }
}

template <class T>
void linear_state(const LinearForce& f, const RelativeCoordinates<T>& q, const V6<T>& g,
                  ElementState<T>& st) {
  st.q = q.x;
  st.qdot = q.xdot;
  st.g = g;
  linear_energy(f, q, g, st.potential, st.dissipation);
}

/// The values e of the kernel's expressions (force elements with expressions): its measures,
/// the values of user subroutines it reads (read_values, or evaluated here when null), its
/// state inputs and expressions.
template <class T>
void expression_values(const ForceKernel& k, const T* x, double t, const MarkerState<T>* ms,
                       const MarkerAcceleration<T>* ma, const T* read_values, T* e,
                       const KernelCall& c) {
  T lm[ForceKernel::kMaxMeasures], mv[ForceKernel::kMaxMeasures], nv[StateInputs::kMaxNodes];
  for (size_t i = 0; i < k.measures.size(); ++i) {
    const LocalMeasure& m = k.measures[i];
    if (m.kind == MeasureKind::kJoint) {
      lm[i] = reaction_value(k, m, x, ms, c.sys);
    } else if (m.kind == MeasureKind::kContact) {
      lm[i] = contact_read_value(k.contact_reads[static_cast<size_t>(m.contact)], m, ms);
    } else if (is_acceleration_measure(m.kind)) {
      lm[i] = acceleration_measure_value(m, ms, ma);
    } else {
      lm[i] = measure_value(m, ms, c.ws.angles.tracks());
    }
  }
  T rv[StateInputs::kMaxNodes];  // values of user subroutines (state elements, VARSUBs)
  if (!read_values) {
    for (size_t r = 0; r < k.state_inputs.reads.size(); ++r) {
      rv[r] = read_element_value(c.sys, c.ws, k.state_inputs.reads[r], x, k.inputs(), k.input_vars,
                                 k.input_is_deriv, c.own.y_full, c.own.yp_full, t);
    }
  }
  k.state_inputs.evaluate(x + k.state_input_base(), lm, read_values ? read_values : rv, t,
                          c.own.expr, std::span<double>(c.own.scratch), nv, mv);
  const std::span<const T> mspan(mv, k.group->measures.size());
  for (size_t i = 0; i < k.group->exprs.size() && i < 6; ++i) {
    e[i] = evaluate_expression<T>(k.group->exprs[i], t, mspan, c.own.expr,
                                  std::span<double>(c.own.scratch));
  }
}

/// A Force_Scalar's (and Force_Vector's) wrench from its expression values e.
template <class T>
void scalar_wrench(const ForceKernel& k, const MarkerState<T>& I, const MarkerState<T>& J,
                   const T* e, double t, Wrench<T>& w) {
  const V3<T> zj = J.A.col(2);
  if (k.scalar->rotational) {
    w.T_i = e[0] * zj;
    if (!k.scalar->action_only) w.T_j = -w.T_i;
  } else if (k.scalar->action_only) {
    w.F_i = e[0] * zj;
  } else {
    const V3<T> d = I.R - J.R;
    const V3<T> u = d / length_of(d, k, t);
    w.F_i = e[0] * u;
    w.F_j = -w.F_i;
  }
}

template <class T>
void vector_wrench(const ForceKernel& k, const MarkerState<T>& I, const MarkerState<T>* ms,
                   const T* e, Wrench<T>& w) {
  const M3<T> Aref = k.mref < 0 ? M3<T>(M3<T>::Identity()) : M3<T>(ms[k.mref].A);
  const double sign = k.vector->reverse ? -1.0 : 1.0;
  w.F_i = sign * (Aref * V3<T>(e[0], e[1], e[2]));
  w.T_i = sign * (Aref * V3<T>(e[3], e[4], e[5]));
  if (!k.vector->one_body) {
    // The floating J marker coincides with I: the reaction acts at R_I.
    w.F_j = -w.F_i;
    w.T_j = -w.T_i;
    w.P_j = I.R;
  }
}

/// A spring-damper's wrench: its law, or its expression value e[0] when it has one.
template <class T>
void spring_wrench(const ForceKernel& k, const MarkerState<T>& I, const MarkerState<T>& J,
                   const T* e, double t, ElementState<T>* state, Wrench<T>& w) {
  using std::atan2;
  const SpringDamper& s = *k.spring;
  if (s.rotational) {
    const V3<T> zj = J.A.col(2);
    const T theta = atan2(I.A.col(0).dot(J.A.col(1)), I.A.col(0).dot(J.A.col(0)));
    const T omega = (I.W - J.W).dot(zj);
    const T torque = k.group ? e[0]
                             : -s.stiffness * (theta - s.length) -
                                   s.damping * (omega - s.velocity_offset) + s.preload;
    w.T_i = torque * zj;
    w.T_j = -w.T_i;
    if (state) spring_state(s, theta, omega, torque, *state);
  } else {
    const V3<T> d = I.R - J.R;
    const T l = length_of(d, k, t);
    const V3<T> u = d / l;
    const T ldot = (I.V - J.V).dot(u);
    const T f = k.group ? e[0]
                        : -s.stiffness * (l - s.length) - s.damping * (ldot - s.velocity_offset) +
                              s.preload;
    w.F_i = f * u;
    w.F_j = -w.F_i;
    if (state) spring_state(s, l, ldot, f, *state);
  }
}

/// A bushing's (and field's) wrench from the relative coordinates of I and J.
template <class T>
void linear_wrench(const ForceKernel& k, const MarkerState<T>& I, const MarkerState<T>& J, double t,
                   ElementState<T>* state, Wrench<T>& w) {
  const LinearForce& f = *k.linear;
  V6<T> g;
  if (f.euler_xyz) {
    RelativeCoordinates<T> q;
    M3<T> N;
    if (!euler_xyz_coordinates(I, J, q, N)) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("{}: rotation_model EULER_XYZ became singular at t = {:.10g}: the "
                              "y rotation of I relative to J is within {:g} rad of 90 degrees",
                              k.subject, t, kEulerXyzMargin));
    }
    g = linear_generalized_force(f, q);
    w.T_i = I.A * (N.transpose() * g.template tail<3>());
    if (state) linear_state(f, q, g, *state);
  } else {
    const RelativeCoordinates<T> q = small_angle_coordinates(I, J);
    g = linear_generalized_force(f, q);
    w.T_i = J.A * g.template tail<3>();
    if (state) linear_state(f, q, g, *state);
  }
  w.F_i = J.A * g.template head<3>();
  // The reaction acts on J's body at the point coinciding with R_I.
  w.F_j = -w.F_i;
  w.T_j = -w.T_i;
  w.P_j = I.R;
}

/// A contact's wrench: the point forces of every pair of an I and a J geometry.
template <class T>
void contact_wrench(const ForceKernel& k, const MarkerState<T>* ms, Wrench<T>& w) {
  V3<T> Tj;
  contact_read_wrench(k.contact, ms, w.F_i, w.T_i, Tj);
  w.F_j = -w.F_i;
  w.T_j = Tj;
}

}  // namespace

template <class T>
Wrench<T> ForceKernel::wrench(const T* x, double t, const KernelCall& c, ElementState<T>* state,
                              const T* read_values) const {
  LocalArray<MarkerState<T>, kMaxMarkers> ms_storage(markers.size());
  MarkerState<T>* ms = ms_storage.data();
  LocalArray<MarkerAcceleration<T>, kMaxMarkers> ma_storage(reads_accelerations ? markers.size()
                                                                                : 0);
  MarkerAcceleration<T>* ma = ma_storage.data();
  marker_states(*this, x, ms, ma);
  const MarkerState<T> kGround{};  // not static: see measure_value()
  const MarkerState<T>& I = mi < 0 ? kGround : ms[mi];
  const MarkerState<T>& J = mj < 0 ? kGround : ms[mj];
  Wrench<T> w;
  w.P_i = I.R;
  w.P_j = J.R;
  T e[6];
  if (group) expression_values(*this, x, t, ms, ma, read_values, e, c);
  if (user) user_values(x, t, e, c);
  switch (kind) {
    case Kind::kScalar:
      scalar_wrench(*this, I, J, e, t, w);
      break;
    case Kind::kVector:
      vector_wrench(*this, I, ms, e, w);
      break;
    case Kind::kSpring:
      spring_wrench(*this, I, J, e, t, state, w);
      break;
    case Kind::kLinear:
      linear_wrench(*this, I, J, t, state, w);
      break;
    case Kind::kContact:
      contact_wrench(*this, ms, w);
      break;
  }
  return w;
}

template Wrench<double> ForceKernel::wrench<double>(const double*, double, const KernelCall&,
                                                    ElementState<double>*, const double*) const;
template Wrench<AD> ForceKernel::wrench<AD>(const AD*, double, const KernelCall&, ElementState<AD>*,
                                            const AD*) const;

namespace {

/// The kernel of contact c: its geometries' markers in the local tables; no expressions.
ForceKernel make_contact_kernel(const Model& model, const Contact& c) {
  ForceKernel k;
  k.kind = ForceKernel::Kind::kContact;
  k.active = c.active;
  k.subject = c.subject;
  LocalTables tables(model, k);
  k.contact = make_contact_read(model, c, tables);
  // The wrench is reduced about the first I and J geometries' markers (force queries).
  k.model_i = model.contact_geometries[static_cast<size_t>(c.i_geometries[0])].marker;
  k.model_j = model.contact_geometries[static_cast<size_t>(c.j_geometries[0])].marker;
  k.mi = k.contact.mi;
  k.mj = k.contact.mj;
  if (k.markers.size() > ForceKernel::kMaxMarkers) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: at most {} geometries", k.subject, ForceKernel::kMaxMarkers));
  }
  return k;
}

}  // namespace

std::vector<ForceKernel> make_force_kernels(const Model& model) {
  std::vector<ForceKernel> out;
  auto add = [&](ForceKernel k, int i, int j, int ref, const ExpressionGroup* g) {
    LocalTables tables(model, k);
    k.model_i = i;
    k.model_j = j;
    k.mi = tables.marker(i);
    k.mj = tables.marker(j);
    k.mref = tables.marker(ref);
    if (g) {
      // The group's slots: kinematic measures into the local table (shared by the variables the
      // expressions read), user states and variables through StateInputs.
      k.group = g;
      k.state_inputs = make_state_inputs(
          model, *g,
          [&](const MeasureSpec& ms) {
            LocalMeasure lm;
            lm.kind = ms.kind;
            if (ms.kind == MeasureKind::kJoint) {
              // The constraint block's markers bring its bodies into the kernel; its
              // multipliers become inputs (the System numbers them: block_first).
              const size_t nj = model.joints.size();
              const size_t e = static_cast<size_t>(ms.element);
              lm.i =
                  tables.marker(e < nj ? model.joints[e].i_marker : model.motions[e - nj].i_marker);
              lm.j =
                  tables.marker(e < nj ? model.joints[e].j_marker : model.motions[e - nj].j_marker);
              auto it = std::find(k.blocks.begin(), k.blocks.end(), ms.element);
              if (it == k.blocks.end()) it = k.blocks.insert(k.blocks.end(), ms.element);
              lm.block = static_cast<int>(it - k.blocks.begin());
              lm.jflag = ms.jflag;
              lm.comp = ms.comp;
            } else if (ms.kind == MeasureKind::kContact) {
              // The contact's geometries bring its bodies into the kernel (contact_read.hpp).
              lm.contact = contact_read_index(k.contact_reads, model, ms.element, tables);
              lm.jflag = ms.jflag;
              lm.comp = ms.comp;
            } else {
              lm.i = tables.marker(ms.i);
              lm.j = tables.marker(ms.j);
              lm.l = tables.marker(ms.l);
              k.reads_accelerations |= is_acceleration_measure(ms.kind);
            }
            lm.k = tables.marker(ms.k);
            for (size_t q = 0; q < k.measures.size(); ++q) {
              if (k.measures[q] == lm) return static_cast<int>(q);
            }
            k.measures.push_back(lm);
            return static_cast<int>(k.measures.size() - 1);
          },
          k.subject);
      size_t stack = k.state_inputs.max_stack;
      for (const auto& e : g->exprs) stack = std::max(stack, e.max_stack);
      k.work.expr.reserve(stack + 1);
      k.work.scratch.assign(std::max({size_t{1}, g->measures.size(), k.state_inputs.max_sources}),
                            0.0);
    }
    if (k.bodies.size() > ForceKernel::kMaxBodies || k.markers.size() > ForceKernel::kMaxMarkers ||
        k.measures.size() > ForceKernel::kMaxMeasures ||
        (g && g->measures.size() > ForceKernel::kMaxMeasures) || k.inputs() > kMaxLocalInputs) {
      throw Error(ExitCode::kDeckError,
                  fmt::format("{}: its expressions read too many bodies, markers or measures (at "
                              "most {}, {} and {})",
                              k.subject, ForceKernel::kMaxBodies, ForceKernel::kMaxMarkers,
                              ForceKernel::kMaxMeasures));
    }
    out.push_back(std::move(k));
  };
  for (const auto& f : model.scalar_forces) {
    ForceKernel k;
    k.kind = ForceKernel::Kind::kScalar;
    k.scalar = &f;
    k.active = f.active;
    k.subject = fmt::format("Force_Scalar_TwoBody {}", f.id);
    if (f.user) {
      k.user = &*f.user;
      k.user_id = f.id;
    }
    add(std::move(k), f.i_marker, f.j_marker, -1, &f.expr);
  }
  for (const auto& f : model.vector_forces) {
    ForceKernel k;
    k.kind = ForceKernel::Kind::kVector;
    k.vector = &f;
    k.active = f.active;
    k.subject = !f.subject.empty()
                    ? f.subject
                    : fmt::format("Force_Vector_{} {}", f.one_body ? "OneBody" : "TwoBody", f.id);
    if (f.user) {
      k.user = &*f.user;
      k.user_id = f.id;
    }
    add(std::move(k), f.i_marker, f.j_marker, f.ref_marker, &f.expr);
  }
  for (const auto& s : model.spring_dampers) {
    ForceKernel k;
    k.kind = ForceKernel::Kind::kSpring;
    k.spring = &s;
    k.active = s.active;
    k.subject = fmt::format("Force_SpringDamper {}", s.id);
    add(std::move(k), s.i_marker, s.j_marker, -1,
        s.force_expression ? &*s.force_expression : nullptr);
  }
  auto add_linear = [&](const std::vector<LinearForce>& list, const char* element) {
    for (const auto& f : list) {
      ForceKernel k;
      k.kind = ForceKernel::Kind::kLinear;
      k.linear = &f;
      k.active = f.active;
      k.subject = fmt::format("{} {}", element, f.id);
      add(std::move(k), f.i_marker, f.j_marker, -1, nullptr);
    }
  };
  add_linear(model.bushings, "Force_Bushing");
  add_linear(model.fields, "Force_Field");
  add_linear(model.beams, "Force_Beam");
  for (const auto& c : model.contacts) out.push_back(make_contact_kernel(model, c));
  add_linear(model.body_beam_links, "Body_Beam");
  return out;
}

int contact_force_kernel(const Model& model, int c) {
  const size_t before = model.scalar_forces.size() + model.vector_forces.size() +
                        model.spring_dampers.size() + model.bushings.size() + model.fields.size() +
                        model.beams.size();
  return static_cast<int>(before) + c;
}

}  // namespace mb
