#pragma once
// The state-element kernel: the residual rows of one state element's block of differential
// states (models/model.hpp StateElement) and, for Force_StateEqn, its force on the bodies.
//
//   explicit (Control_Diff):        x' - f(x, t, ...) = 0
//   implicit (Control_Diff):        F(x, x', t, ...) = 0
//   linear (Control_StateEqn, Control_SISO, Force_StateEqn):
//                                   x' - (A x + B u) = 0,   y = C x + D u
//   with u_k = VARVAL(inputs[k]). A Force_StateEqn subtracts the generalised force of
//   F = A_ref [y1 y2 y3], T = A_ref [y4 y5 y6] (on I at R_I, reaction on J's body at R_I) from
//   the Newton-Euler rows, as solver/force_kernel.hpp does for Force_Vector_TwoBody.
//
// Local inputs: the 13 states of every moving body the element reads (its "local bodies"), then
// the state-block entries it reads (values x or derivatives x', its own first). Outputs: the
// local bodies' rows, then the element's own state rows. Expressions (the Control_Diff
// expression, the variables behind u, Y-array outputs of other elements read by ARYVAL) are
// flattened at build time into "nodes" evaluated in dependency order (a StateInputs program,
// solver/state_inputs.hpp, as for force expressions), so a residual is a straight pass with no
// allocation and the AD evaluation gives the exact Jacobian.
//
// API: how an element adds states (for user subroutines YFOSUB/GSESUB/DIFSUB, or a compliant
// element's dissipated-energy state):
//   1. Model side (models/state_elements.cpp, pass 2): push a StateElement with its Kind/Form,
//      num_states, ic, static_hold, inputs (variable indices for u) and, for a force, markers;
//      set first_state = Model::num_states and add num_states to it. ARYVAL/DIF then bind to
//      its states (MeasureKind::kState) and outputs (kOutput) everywhere (requests included).
//   2. Solver side: System reserves y[state_offset() + first_state ...], marks them
//      differential, sets them to ic and builds a StateKernel; nothing else to do.
//   3. Evaluation: StateKernel::evaluate_fg() is the single place computing f (x' = f, or the
//      implicit residual F) and the outputs y from the own states x[own_x(i)], the derivatives
//      x[own_xp(i)], the input values u (nodes) and t, templated on T (double or AD). A new
//      Form adds a case there. A user routine works on doubles: call it with value_of(...) of
//      x and u, and for T = AD build each f_i / y_k as value + sum_j (df_i/dx_j) dx_j +
//      sum_j (df_i/du_j) du_j from its partials (or finite differences), which keeps the
//      Jacobian exact and sparse. State elements with no natural place in evaluate_fg (e.g. a
//      bushing's energy x' = -F.v) can instead read body states through `measures`/markers:
//      add the needed Source entries in make_state_kernels().
//   User subroutines (GSESUB, YFOSUB, DIFSUB, ARYSUB) follow that recipe in
//   solver/user_state.cpp. Another element's values computed by them (ARYVAL of a USERSUB
//   element's Y array or of an ARYSUB array) and VARSUB variables are Read nodes: the reader
//   takes that element's local inputs (what the VARSUB reads) as its own and differentiates the
//   value by forward differences (solver/state_reads.cpp).
//   Static analyses hold states with static_hold and solve f = 0 for the others
//   (solver/static_solver.cpp); the ODE form (CVODE) integrates them like body states.

#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/contact_read.hpp"
#include "solver/expression_eval.hpp"
#include "solver/force_kernel.hpp"
#include "solver/measures.hpp"
#include "solver/state_layout.hpp"
#include "usersub/user_call.hpp"

namespace mb {

struct StateKernel {
  static constexpr size_t kMaxBodies = kMaxLocalInputs / kBodyStates;
  static constexpr size_t kMaxMarkers = 24;
  static constexpr size_t kMaxMeasures = 32;
  static constexpr size_t kMaxStates = 24;  ///< states and outputs of one element

  const StateElement* element = nullptr;
  int state_offset = 0;     ///< System index of state 0 of the block
  std::vector<int> bodies;  ///< model body index of each local body (moving bodies only)
  std::vector<LocalMarker> markers;
  std::vector<LocalMeasure> measures;  ///< kinematic measures read by the nodes
  /// The contacts whose forces the nodes read (CONTACT; LocalMeasure::contact indexes the list,
  /// solver/contact_read.hpp).
  std::vector<ContactRead> contact_reads;
  /// The node program of the element's expression and inputs (solver/state_inputs.hpp; no
  /// slots) and the state inputs (program.states, program.state_deriv: own states first,
  /// values then derivatives, then the others read).
  StateInputs program;
  std::vector<int> input_nodes;     ///< node of each u_k
  int own_node = -1;                ///< Control_Diff expression
  int mi = -1, mj = -1, mref = -1;  ///< Force_StateEqn local markers
  /// kDissipation: a copy of the force kernel whose power it integrates, on this kernel's local
  /// inputs (its bodies, then its states); this kernel evaluates the user-subroutine values it
  /// reads (read_elements, read_variables) and hands them to its wrench().
  std::optional<ForceKernel> dissipation;
  /// As built (workspace.hpp): the expression stack and scratch (sized for the dissipation copy
  /// too), the routines' PAR arrays after their dependency calls, the System-layout buffers the
  /// callbacks and reads see (y_full, yp_full).
  KernelWork work;

  // User subroutines (solver/user_state.cpp): the element's GSESUB, YFOSUB or DIFSUB and the
  // ARYSUB of its U array. Their local inputs are the bodies and states they read plus the
  // multipliers of `blocks` (joint reactions read by ARYSUB or DIFSUB through c_sysfnc); the
  // inputs are scattered into the run's y_full/yp_full (the System layout) for the callbacks.
  const UserSubroutine* user = nullptr;    ///< GSESUB / YFOSUB / DIFSUB
  const UserSubroutine* arysub = nullptr;  ///< the U array's ARYSUB
  int arysub_id = 0;                       ///< that array's id (ARYSUB's id argument)
  int num_inputs = 0;                      ///< u: variables or the ARYSUB array's num_element
  std::vector<int> blocks;                 ///< constraint blocks whose multipliers are inputs
  int n_multipliers = 0;
  std::vector<int> input_vars;       ///< System variable of each local input (set by the System)
  std::vector<char> input_is_deriv;  ///< the input is a y' entry
  std::vector<char> known_bodies, known_blocks, known_states;

  int num_bodies() const { return static_cast<int>(bodies.size()); }
  int inputs() const {
    return kBodyStates * num_bodies() + static_cast<int>(program.states.size()) + n_multipliers;
  }
  /// Local input of multiplier q of `blocks` (after the bodies and the states).
  int multiplier_input(int q) const {
    return kBodyStates * num_bodies() + static_cast<int>(program.states.size()) + q;
  }
  /// Other elements whose user-subroutine values the nodes (or the dissipated-energy copy of a
  /// force) read (their Y array of a USERSUB element, or their ARYSUB U array): every local
  /// input of theirs is one of this kernel's.
  std::vector<int> read_elements;
  /// VARSUB variables (Model::variables) read likewise: what they read is this kernel's input.
  std::vector<int> read_variables;

  bool reads_user_values() const { return !read_elements.empty() || !read_variables.empty(); }
  /// A user routine is a black box: the Jacobian pattern takes every input.
  bool black_box() const { return user != nullptr || arysub != nullptr || reads_user_values(); }
  int outputs() const { return kBodyStates * num_bodies() + element->num_states; }
  /// Local input of own state i (value) and of its derivative.
  int own_x(int i) const { return kBodyStates * num_bodies() + i; }
  int own_xp(int i) const { return kBodyStates * num_bodies() + element->num_states + i; }

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& c) const;

  /// x' = f (explicit and linear forms; implicit: the residual F in f) and the outputs y.
  template <class T>
  void evaluate_fg(const T* x, const T* node_values, double t, T* f, T* y,
                   const KernelCall& c) const;

  /// The outputs y (num_outputs values) at local inputs x (requests: ARYVAL of a Y array).
  void outputs(const double* x, double t, double* y, const KernelCall& c) const;
  /// The outputs y (`inputs` false) or the inputs u (true) at the System-layout state (y, yp):
  /// what requests and other kernels read of this element (ARYVAL of its Y or ARYSUB U array).
  void read_at(const double* y, const double* yp, double t, bool inputs, double* out,
               const KernelCall& c) const;

  /// A sampled GSE at a sample time t (System-layout state y, yp): the discrete states' new
  /// values x_d(k+1) (GSESUB's stated entries after the continuous ones) into xd.
  void sample(const double* y, const double* yp, double t, double* xd, const KernelCall& c) const;
  /// The inputs u: the variables' nodes, or the ARYSUB values (derivatives by forward
  /// differences over every local input).
  template <class T>
  void input_values(const T* x, const T* nv, double t, T* u, const KernelCall& c) const;
  /// DIFSUB: y' (explicit) or the implicit residual; derivatives by forward differences.
  template <class T>
  T user_diff(const T* x, double t, const KernelCall& c) const;
  /// GSESUB / YFOSUB: f and the outputs y from the own states and u; derivatives from the
  /// partial routines (XX, XU, YX, YU) when the library or script has them, else forward
  /// differences.
  template <class T>
  void user_state_equations(const T* x, const T* u, double t, T* f, T* y,
                            const KernelCall& c) const;

 private:
  template <class T>
  void node_values(const T* x, double t, T* nv, const KernelCall& c) const;
  /// A read's value at local inputs x (read_element_value of solver/state_reads.hpp).
  template <class T>
  T read_value(const ElementRead& r, const T* x, double t, const KernelCall& c) const;
  void scatter(const double* xv, KernelWork& w) const;
  UserCallState call_state(const UserContext& context, double t, const KernelWork& w) const;
  void call_arysub(const double* xv, double t, int dflag, int iflag, double* u,
                   const KernelCall& c) const;
  double call_difsub(const double* xv, double t, int dflag, int iflag, const KernelCall& c) const;
  void call_gse(const double* xs, const double* u, double t, int dflag, double* f, double* g,
                const KernelCall& c) const;
  friend UserDependencies user_state_dependencies(StateKernel& k, const System& sys,
                                                  AngleHistory& angles,
                                                  const std::vector<double>& y0);
};

/// The dependency calls (iflag = 1) of a kernel's ARYSUB and DIFSUB at state y0: what they read
/// (a SYSFNC of an angle adds its track to `angles`, the System's).
UserDependencies user_state_dependencies(StateKernel& k, const System& sys, AngleHistory& angles,
                                         const std::vector<double>& y0);

class UserVariables;

/// Builds the kernels of every state element of the model. Throws Error(kDeckError) for
/// inputs the solver cannot evaluate inside a residual (reaction forces, algebraic loops).
/// `sys` (under construction: bodies and constraint blocks laid out) and its initial state y0
/// serve the dependency calls of user subroutines (with the System's angle tracks `angles`);
/// `variables` are its VARSUB variables (their dependency calls made) and block_equations the
/// equation count of each constraint block.
std::vector<StateKernel> make_state_kernels(const Model& model, int state_offset, const System& sys,
                                            AngleHistory& angles, const std::vector<double>& y0,
                                            const UserVariables& variables,
                                            const std::vector<int>& block_equations);

}  // namespace mb
