#pragma once
// The kernel of a Constraint_General (models/model.hpp, GeneralConstraint): one equation
// Phi = f(m(q), t) = 0 over the bodies its measures read, in the stabilised index-2 (GGL) form of
// solver/joint_kernel.hpp:
//   body rows:  r' ... - B_v^T mu,  p' ... - 1/2 G^T B_w^T mu,  m v' ... - B_v^T lambda,
//               J w' ... - B_w^T lambda
//   own rows:   dPhi/dt = sum_k df/dm_k dm_k/dt + df/dt (paired with lambda), Phi (with mu).
// B, the gradient of Phi with respect to the body velocities (v ground, w body axes), is
// sum_k df/dm_k dm_k/dnu: each measure's rate (solver/measures.hpp, measure_rate) at unit
// velocities of one body. df/dm_k and df/dt are compiled expressions with their own partials,
// so the AD Jacobian of every row is exact. Inputs: 13 states per local body, lambda, mu.
// velocity_rows() gives the velocity row alone, for the acceleration row of the stabilised
// index-1 form (solver/system.hpp): with dual-number inputs its tangent is the row's total time
// derivative, explicit TIME included (df/dm_k and df/dt carry their second partials, so forward
// mode over the dual numbers gives that row's Jacobian exactly as well).

#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/body_kernel.hpp"
#include "solver/expression_eval.hpp"
#include "solver/measures.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

struct GeneralConstraintKernel {
  /// Fixed capacities keep evaluation free of heap allocation (checked when built).
  static constexpr size_t kMaxBodies = 6;
  static constexpr size_t kMaxMarkers = 16;
  static constexpr size_t kMaxMeasures = kMaxRateMeasures;

  const GeneralConstraint* gcon = nullptr;
  std::string subject;      ///< "Constraint_General <id>"
  std::vector<int> bodies;  ///< model body index of each local body (moving bodies only)
  std::vector<LocalMarker> markers;
  std::vector<LocalMeasure> measures;
  const ExpressionGroup* group = nullptr;
  int mi = -1;      ///< local marker of I (-1: I is not read by the expression)
  KernelWork work;  ///< as built: the expressions' stack and scratch (workspace.hpp)

  int num_bodies() const { return static_cast<int>(bodies.size()); }
  int inputs() const { return kBodyStates * num_bodies() + 2; }
  int outputs() const { return inputs(); }

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& c) const;

  /// Only the velocity row (output 13 nb), for T = Dual or AD2 (see above): TIME moves with the
  /// tangent, so the tangent of the row is d/dt (dPhi/dt) along the inputs' tangents.
  template <class T>
  void velocity_rows(const T* x, T* out, double t, const KernelCall& c) const;

  /// Force and torque about the origin of marker I (ground axes) that the constraint exerts on
  /// I, for the body states x (13 per local body) and multiplier lambda; `c`: the run's call of
  /// this kernel.
  void reaction(const double* x, double lambda, double t, Vec3& force, Vec3& torque,
                const KernelCall& c) const;

 private:
  /// Marker states of every local marker; `bodies_state` has one state per local body.
  template <class T>
  void marker_states(const BodyState<T>* bodies_state, MarkerState<T>* ms) const {
    for (size_t m = 0; m < markers.size(); ++m) ms[m] = marker_state(markers[m], bodies_state);
  }
  /// Body states, marker states and measure values at the inputs x (`tracks`: the run's angle
  /// tracks).
  template <class T>
  void evaluate_measures(const T* x, BodyState<T>* bs, MarkerState<T>* ms, T* mv,
                         std::span<const AngleTrack> tracks) const {
    for (int b = 0; b < num_bodies(); ++b) bs[b] = body_state(x + kBodyStates * b);
    marker_states(bs, ms);
    for (size_t k = 0; k < measures.size(); ++k) mv[k] = measure_value(measures[k], ms, tracks);
  }
  /// df/dm_k at the measure values `mv`.
  template <class T>
  void gradient(const T* mv, double t, T* g, KernelWork& w) const;
  /// sum_k g_k dm_k/dt for the marker velocities of `ms`.
  template <class T>
  T rate(const T* g, const MarkerState<T>* ms, std::span<const AngleTrack> tracks) const {
    T r = T(0.0);
    for (size_t k = 0; k < measures.size(); ++k) r += g[k] * measure_rate(measures[k], ms, tracks);
    return r;
  }
};

/// Builds the kernels of the model's Constraint_General elements (in model order).
std::vector<GeneralConstraintKernel> make_general_constraint_kernels(const Model& model);

}  // namespace mb
