#pragma once
// The applied-force kernel: Force_Scalar_TwoBody, Force_Vector_TwoBody/OneBody,
// Force_SpringDamper and the linear 6-axis elements Force_Bushing, Force_Field, Force_Beam (laws
// in models/model.hpp and the element headers; coordinates in solver/compliant_law.hpp). A kernel
// reads the 13 states of every body its markers and measures touch (its "local bodies"), computes
// the wrench on I's body and the reaction on J's body, and subtracts the generalised forces from
// those bodies' Newton-Euler rows:
//   m v' ... - F = 0,   J w' ... - A^T (T + (P - r) x F) = 0
// for a force F and torque T (ground axes) applied at the point P. Templated on the scalar type:
// with AD the exact Jacobian comes out, expression partials included.
//
// Kernel numbering (the element index of SFORCE/VFORCE/VTORQ/GFORCE/SPDP/BUSH/FIELD/BEAM request
// queries, models/model_binder.cpp): make_force_kernels() appends, in this order and each in deck
// order, Model::scalar_forces, vector_forces, spring_dampers, bushings, fields, beams, contacts.
// Kernel k of
// family f is therefore k = (sizes of the families before f) + (index within f). The elastic links
// of Body_Beam elements (Model::body_beam_links) come last; no query addresses them.

#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/compliant_law.hpp"
#include "solver/contact_read.hpp"
#include "solver/expression_eval.hpp"
#include "solver/measures.hpp"
#include "solver/state_inputs.hpp"
#include "solver/state_layout.hpp"
#include "solver/workspace.hpp"

namespace mb {

struct JointKernel;

class System;

/// The kernel of constraint block `block` of `sys` (System::constraint_kernel; defined with the
/// System, solver/system.cpp): a force kernel reading reactions (JOINT, JPRIM, MOTION) evaluates
/// it with its multipliers.
const JointKernel& constraint_block_kernel(const System& sys, int block);

/// Forces and torques (ground axes) on I's body at P_i and on J's body at P_j.
template <class T>
struct Wrench {
  V3<T> F_i = V3<T>::Zero(), T_i = V3<T>::Zero(), P_i = V3<T>::Zero();
  V3<T> F_j = V3<T>::Zero(), T_j = V3<T>::Zero(), P_j = V3<T>::Zero();
};

/// What a compliant element knows besides its wrench: its coordinates q, their rates qdot and
/// the generalised forces g (linear elements: x, xdot, [f; t] in J axes; a spring-damper: q(0) =
/// l or theta, qdot(0) = ldot or omega, g(0) = its scalar force or torque), the potential energy
/// and the dissipated power (the power the element absorbs minus the rate of its potential energy;
/// an expression law has no potential: all its absorbed power counts as dissipated).
template <class T>
struct ElementState {
  V6<T> q = V6<T>::Zero(), qdot = V6<T>::Zero(), g = V6<T>::Zero();
  T potential = T(0.0), dissipation = T(0.0);
};

struct ForceKernel {
  /// Fixed capacities keep evaluation free of heap allocation (checked when the kernel is built).
  static constexpr size_t kMaxBodies = kMaxLocalInputs / kBodyStates;
  static constexpr size_t kMaxMarkers = 24;
  static constexpr size_t kMaxMeasures = 32;

  enum class Kind { kScalar, kVector, kSpring, kLinear, kContact };
  Kind kind = Kind::kScalar;
  const ScalarForce* scalar = nullptr;
  /// kContact: the 3-D contact it applies (solver/contact_law.hpp), its geometries (I's, then
  /// J's) and their local markers.
  ContactRead contact;
  const VectorForce* vector = nullptr;
  const SpringDamper* spring = nullptr;
  const LinearForce* linear = nullptr;
  std::string subject;  ///< "<Element> <id>"
  bool active = true;   ///< false: deactivated by a command, applies nothing

  std::vector<int> bodies;  ///< model body index of each local body (moving bodies only)
  std::vector<LocalMarker> markers;
  int mi = -1, mj = -1, mref = -1;  ///< local marker indices of I, J, ref (-1: none / ground)
  int model_i = -1, model_j = -1;   ///< the same markers as model indices (for force queries)
  std::vector<LocalMeasure> measures;
  const ExpressionGroup* group = nullptr;
  /// The group's measure slots resolved to measures, user states, variables and outputs; the
  /// states read are local inputs after the bodies and multipliers (state_input_base()).
  StateInputs state_inputs;
  /// As built (workspace.hpp): the expression stack and scratch sizes, the routine's PAR, the
  /// System state a user routine's inputs are scattered into (y_full) and its y' (yp_full:
  /// expressions reading user values through DIF1 inputs).
  KernelWork work;

  // A user subroutine (SFOSUB, VFOSUB, VTOSUB, GFOSUB) instead of expressions
  // (solver/user_force.cpp). Its local inputs are the bodies' states followed by the
  // multipliers of `blocks` (the joint reactions it reads); its partial derivatives are
  // forward differences of the routine.
  const UserSubroutine* user = nullptr;
  int user_id = 0;
  std::vector<int> blocks;  ///< constraint blocks whose multipliers the routine reads
  int n_multipliers = 0;
  std::vector<int> input_vars;       ///< System variable of each local input (set by the System)
  std::vector<char> input_is_deriv;  ///< the local input is a y' entry (DIF1; set by the System)
  std::vector<char> known_bodies;    ///< per model body: the routine reads it
  std::vector<char> known_blocks;    ///< per constraint block: the routine reads it

  // Expressions reading reactions (JOINT, JPRIM, MOTION): the multipliers of `blocks` are local
  // inputs after the bodies (as a user routine's), block_first[b] the first of block b's; the
  // reactions come from JointKernel::reaction with them, so the residual depends on lambda and
  // the Jacobian has those columns (solved implicitly, not lagged).
  std::vector<int> block_first;
  // Expressions reading contact forces (CONTACT): the contacts they read, on this kernel's local
  // markers (LocalMeasure::contact indexes the list; solver/contact_read.hpp).
  std::vector<ContactRead> contact_reads;
  // Expressions reading accelerations (ACCX..WDTM): the derivatives of every local body's
  // velocities (v' then w', 6 per body) are local y' inputs after the state inputs.
  bool reads_accelerations = false;

  int state_input_base() const {
    return kBodyStates * static_cast<int>(bodies.size()) + n_multipliers;
  }
  int acceleration_input_base() const {
    return state_input_base() + static_cast<int>(state_inputs.states.size());
  }
  int acceleration_inputs() const {
    return reads_accelerations ? 6 * static_cast<int>(bodies.size()) : 0;
  }
  int inputs() const { return acceleration_input_base() + acceleration_inputs(); }
  int outputs() const { return kBodyStates * static_cast<int>(bodies.size()); }

  /// The wrench; `state` (optional) receives the compliant element's state (zero otherwise).
  /// `read_values` (optional) are the values of state_inputs.reads at x, computed by the caller
  /// (the dissipated-energy state, on its own inputs); without them the kernel reads them.
  template <class T>
  Wrench<T> wrench(const T* x, double t, const KernelCall& c, ElementState<T>* state = nullptr,
                   const T* read_values = nullptr) const;

  /// True for the elements with an ElementState (spring-dampers and the linear 6-axis ones).
  bool compliant() const { return kind == Kind::kSpring || kind == Kind::kLinear; }

  /// The user routine's force components e[0..5] (fx fy fz tx ty tz; SFOSUB: e[0]); with AD,
  /// derivatives by forward differences.
  template <class T>
  void user_values(const T* x, double t, T* e, const KernelCall& c) const;
  /// One call of the routine at local inputs x (dflag: differencing call).
  void call_user(const double* x, double t, int dflag, double* e, const KernelCall& c) const;

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& c) const {
    for (int r = 0; r < outputs(); ++r) out[r] = T(0.0);
    if (!active) return;
    const Wrench<T> w = wrench(x, t, c);
    apply(x, out, side_body(mi), w.F_i, w.T_i, w.P_i);
    apply(x, out, side_body(mj), w.F_j, w.T_j, w.P_j);
  }

  /// Subtracts the generalised force of F and Tq (ground axes) applied at P from local body b's
  /// Newton-Euler rows of `out` (also used by solver/state_kernel for Force_StateEqn).
  template <class T>
  static void apply(const T* x, T* out, int b, const V3<T>& F, const V3<T>& Tq, const V3<T>& P) {
    if (b < 0) return;  // ground takes the reaction
    const BodyState<T> s = body_state(x + kBodyStates * b);
    const V3<T> n = s.A.transpose() * (Tq + (P - s.r).cross(F));
    T* o = out + kBodyStates * b;
    for (int c = 0; c < 3; ++c) {
      o[7 + c] -= F(c);
      o[10 + c] -= n(c);
    }
  }

 private:
  int side_body(int local_marker) const {
    return local_marker < 0 ? -1 : markers[local_marker].body;
  }
};

/// Builds the kernels of every applied force of the model.
std::vector<ForceKernel> make_force_kernels(const Model& model);

/// The index among make_force_kernels(model) of the kernel of Model::contacts[c].
int contact_force_kernel(const Model& model, int c);

/// Makes the dependency call (iflag = 1) of a user-subroutine kernel at state y0 and adds the
/// bodies and multipliers it read to the kernel's inputs; `angles`: the System's angle tracks
/// (a SYSFNC of an angle adds its track there).
void bind_user_force(ForceKernel& k, const System& sys, AngleHistory& angles,
                     const std::vector<double>& y0);

}  // namespace mb
