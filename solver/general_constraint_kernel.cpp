#include "solver/general_constraint_kernel.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "solver/kernel_tables.hpp"
#include "solver/local_array.hpp"
#include "solver/state_layout.hpp"

namespace mb {

template <class T>
void GeneralConstraintKernel::gradient(const T* mv, double t, T* g, KernelWork& w) const {
  const std::span<const T> in(mv, measures.size());
  for (size_t k = 0; k < measures.size(); ++k) {
    g[k] = evaluate_expression<T>(gcon->gradient[k].value, t, in, w.expr,
                                  std::span<double>(w.scratch));
  }
}

template <class T>
void GeneralConstraintKernel::eval(const T* x, T* out, double t, const KernelCall& call) const {
  const int nb = num_bodies();
  for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
  const T lambda = x[kBodyStates * nb], mu = x[kBodyStates * nb + 1];
  LocalArray<BodyState<T>, kMaxBodies> bs_storage(static_cast<size_t>(num_bodies()));
  BodyState<T>* bs = bs_storage.data();
  LocalArray<MarkerState<T>, kMaxMarkers> ms_storage(markers.size());
  MarkerState<T>* ms = ms_storage.data();
  T mv[kMaxMeasures];
  evaluate_measures(x, bs, ms, mv, call.ws.angles.tracks());
  const std::span<const T> in(mv, measures.size());
  const std::span<double> sc(call.own.scratch);
  expr::Workspace& ws = call.own.expr;
  const T phi = evaluate_expression<T>(group->exprs[0], t, in, ws, sc);
  T g[kMaxMeasures];
  gradient(mv, t, g, call.own);
  // Velocity row with the actual velocities.
  out[kBodyStates * nb] = rate(g, ms, call.ws.angles.tracks()) +
                          evaluate_expression<T>(gcon->d_time.value, t, in, ws, sc);
  out[kBodyStates * nb + 1] = phi;
  // B, one body velocity component at a time (all other velocities zero).
  LocalArray<BodyState<T>, kMaxBodies> probe_storage(static_cast<size_t>(nb));
  BodyState<T>* probe = probe_storage.data();
  for (int b = 0; b < nb; ++b) {
    probe[b] = bs[b];
    probe[b].v = V3<T>::Zero();
    probe[b].w = V3<T>::Zero();
  }
  for (int b = 0; b < nb; ++b) {
    T* o = out + kBodyStates * b;
    V3<T> mu_w = V3<T>::Zero();
    for (int c = 0; c < 6; ++c) {
      if (c < 3) {
        probe[b].v = V3<T>::Unit(c);
      } else {
        probe[b].w = bs[b].A.col(c - 3);  // unit body-axis angular velocity, ground axes
      }
      marker_states(probe, ms);
      const T Bc = rate(g, ms, call.ws.angles.tracks());
      probe[b].v = V3<T>::Zero();
      probe[b].w = V3<T>::Zero();
      if (c < 3) {
        o[c] -= Bc * mu;
        o[7 + c] -= Bc * lambda;
      } else {
        mu_w(c - 3) += Bc * mu;
        o[10 + c - 3] -= Bc * lambda;
      }
    }
    const T* pb = x + kBodyStates * b + kBodyP;
    const V4<T> p(pb[0], pb[1], pb[2], pb[3]);
    const V4<T> pdot = euler_parameter_rate(p, mu_w);
    for (int c = 0; c < 4; ++c) o[3 + c] -= pdot(c);
  }
}

template <class T>
void GeneralConstraintKernel::velocity_rows(const T* x, T* out, double t,
                                            const KernelCall& c) const {
  LocalArray<BodyState<T>, kMaxBodies> bs_storage(static_cast<size_t>(num_bodies()));
  BodyState<T>* bs = bs_storage.data();
  LocalArray<MarkerState<T>, kMaxMarkers> ms_storage(markers.size());
  MarkerState<T>* ms = ms_storage.data();
  T mv[kMaxMeasures];
  evaluate_measures(x, bs, ms, mv, c.ws.angles.tracks());
  const std::span<const T> in(mv, measures.size());
  const std::span<double> sc(c.own.scratch);
  expr::Workspace& ws = c.own.expr;
  T g[kMaxMeasures];
  for (size_t k = 0; k < measures.size(); ++k) {
    g[k] = evaluate_along_time<T>(gcon->gradient[k], t, in, ws, sc);
  }
  out[kBodyStates * num_bodies()] =
      rate(g, ms, c.ws.angles.tracks()) + evaluate_along_time<T>(gcon->d_time, t, in, ws, sc);
}

void GeneralConstraintKernel::reaction(const double* x, double lambda, double t, Vec3& force,
                                       Vec3& torque, const KernelCall& call) const {
  force.setZero();
  torque.setZero();
  if (mi < 0) return;  // f does not read I: no force on it (as Adams reports)
  BodyState<double> bs[kMaxBodies];
  for (int b = 0; b < num_bodies(); ++b) {
    bs[b] = body_state(x + kBodyStates * b);
    bs[b].v.setZero();
    bs[b].w.setZero();
  }
  MarkerState<double> ms[kMaxMarkers];
  marker_states(bs, ms);
  double mv[kMaxMeasures], g[kMaxMeasures];
  for (size_t k = 0; k < measures.size(); ++k)
    mv[k] = measure_value(measures[k], ms, call.ws.angles.tracks());
  gradient(mv, t, g, call.own);
  // dPhi/dR_I and dPhi/dtheta_I: marker I alone moved (rotated about its own origin).
  for (int c = 0; c < 3; ++c) {
    ms[mi].V = Vec3::Unit(c);
    force(c) = lambda * rate(g, ms, call.ws.angles.tracks());
    ms[mi].V.setZero();
    ms[mi].W = Vec3::Unit(c);
    torque(c) = lambda * rate(g, ms, call.ws.angles.tracks());
    ms[mi].W.setZero();
  }
}

template void GeneralConstraintKernel::eval<double>(const double*, double*, double,
                                                    const KernelCall&) const;
template void GeneralConstraintKernel::eval<AD>(const AD*, AD*, double, const KernelCall&) const;
template void GeneralConstraintKernel::velocity_rows<Dual>(const Dual*, Dual*, double,
                                                           const KernelCall&) const;
template void GeneralConstraintKernel::velocity_rows<AD2>(const AD2*, AD2*, double,
                                                          const KernelCall&) const;

std::vector<GeneralConstraintKernel> make_general_constraint_kernels(const Model& model) {
  std::vector<GeneralConstraintKernel> out;
  for (const auto& gc : model.general_constraints) {
    GeneralConstraintKernel k;
    k.gcon = &gc;
    k.subject = fmt::format("Constraint_General {}", gc.id);
    KernelTables<GeneralConstraintKernel> tables(model, k);
    tables.measures(gc.expr);
    k.mi = gc.i_marker < 0 ? -1 : tables.find(gc.i_marker);
    size_t stack = k.group->exprs[0].max_stack;
    for (const auto& e : gc.gradient) stack = std::max(stack, e.max_stack);
    stack = std::max(stack, gc.d_time.max_stack);
    k.work.expr.reserve(stack + 1);
    if (k.bodies.size() > GeneralConstraintKernel::kMaxBodies ||
        k.markers.size() > GeneralConstraintKernel::kMaxMarkers ||
        k.measures.size() > GeneralConstraintKernel::kMaxMeasures) {
      throw Error(
          ExitCode::kDeckError,
          fmt::format("{}: its expression reads too many bodies, markers or measures (at "
                      "most {}, {} and {})",
                      k.subject, GeneralConstraintKernel::kMaxBodies,
                      GeneralConstraintKernel::kMaxMarkers, GeneralConstraintKernel::kMaxMeasures));
    }
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace mb
