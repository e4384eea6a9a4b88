#pragma once
// System: the DAE F(t, y, y') = 0 of a Model in the stabilised index-2 form, with its sparse
// Jacobian dF/dy + cj dF/dy' assembled from element kernels (docs/architecture.md section 3).
//
// Variable layout (n = 13 nb + 2 M + nb + S, nb moving bodies, M joint equations; 13 =
// kBodyStates, the body's states as solver/state_layout.hpp names them):
//   [13 k, 13 k + 13)        body k: r (3), p (4), v (3), w (3)     differential
//   [13 nb, 13 nb + M)        lambda: joint multipliers (reactions)  algebraic
//   [13 nb + M, 13 nb + 2M)   mu: GGL position-level multipliers     algebraic
//   [13 nb + 2M, 14 nb + 2M)  mu_n: Euler-parameter normalisation    algebraic
//   [14 nb + 2M, .. + X)      x: user states (state elements)        differential
//   [.. + X, .. + X + Ms)     motion states: the integrated target displacement (and
//                             velocity) of velocity and acceleration motions   differential
//   [.. + X + Ms, n)          coupler states: the turn counts of the rotational coordinates of
//                             couplers and gears (solver/coupler_kernel.hpp)   differential
// Residual rows use the same layout: body rows, velocity constraints, position constraints,
// normalisation constraints, state equations, motion state equations.
//
// Formulation (DaeForm): the stabilised index-2 (GGL) form above is the default. The index-3
// form (Param_Transient dae_index 3, Adams I3) keeps the same variable layout and pattern size
// but pins the GGL block: the lambda rows hold the position constraints Phi(q, t) = 0 (lambda
// still acts in the equations of motion as -B^T lambda), the velocity constraints are dropped,
// mu is fed to no kernel (the body rows read mu = 0: r' - v, p' - 1/2 G^T w - p mu_n) and the mu
// rows are the identity rows mu = 0; error_test_index() says how the integrator weighs the
// velocities. Pinning rather than dropping the block keeps every index
// (lambda_offset, state_offset, ...) and the initial conditions shared by both forms: a
// consistent index-2 state (mu = 0) is a consistent index-3 state. The Euler-parameter
// normalisation keeps its own multiplier mu_n in both forms.
//
// The stabilised index-1 form (Param_Transient dae_index 1, Adams SI1) appends two algebraic
// blocks after the coupler states, so that every other index is that of the index-2 form and an
// index-2 state extended by zeros is a consistent index-1 state:
//   [n2, n2 + M)             kappa: GGL velocity-level multipliers      algebraic
//   [n2 + M, n2 + M + 6 nb)  u: velocity corrections (v, w body axes)   algebraic
// (n2 = the index-2 size). Its equations, with a = nu' + u the acceleration that the forces and
// reactions determine:
//   q' - H nu + B_q^T mu = 0                 body kinematic rows (as index 2)
//   M a + ... - B^T lambda = Q               Newton-Euler rows, read M (nu' + u)
//   u - B^T kappa = 0                        u rows
//   d/dt (B nu - v_ref) along (q', a, motion states') = 0    lambda rows: the acceleration
//                                            constraints B a + (dB/dq q') nu - dv_ref/dt
//   B nu - v_ref = 0                         kappa rows: the velocity constraints
//   Phi = 0                                  mu rows: the position constraints
// The reactions lambda are index-1 variables; mu and kappa (zero on exact solutions) pull the
// positions and velocities back onto their constraints, as mu alone does in the index-2 form
// (Gear, Gupta and Leimkuhler's stabilisation carried to the velocity level; with a the
// algebraic acceleration written out this is the overdetermined-DAE form of Eich-Soellner and
// Fuehrer, Numerical Methods in Multibody Dynamics, 5.3). The acceleration rows are no new
// kernel code: the System evaluates each constraint kernel's velocity rows (the kernel's eval,
// or its velocity_rows() when it has one: JointKernel) with dual-number inputs x + eps x'
// (x' = y' of the differential inputs, plus u on the velocity inputs), whose eps part is the
// derivative along x'; their Jacobian takes forward mode over that (autodiff2.hpp, AD2), so it
// is exact; the explicit time derivative of a driven motion's velocity row is
// JointKernel::velocity_row_rate. B^T kappa in the u rows is the kernel's B^T lambda term
// evaluated with kappa in lambda's place (System::correction_slots). The reported y' of the
// velocities is nu' (the derivative of the integrated velocities), which differs from the
// constrained acceleration a by u, of the order of the velocity drift it removes.
// A Constraint_General's velocity row reads compiled expressions: its dual-number evaluation
// moves TIME with the tangent and takes the second partials compiled for it
// (GeneralConstraintKernel::velocity_rows). A COUSUB coupler's second partials are COUXX2 (the
// diagonal) and differences of its first partials, its third partials (the Jacobian only)
// differences of the second (solver/user_coupler.cpp).
//
// User states (Control_Diff, Control_StateEqn, Control_SISO, Force_StateEqn; see
// solver/state_kernel.hpp for how an element adds states): StateElement k of the model owns
// entries [state_offset() + first_state, ... + num_states) of y; their rows are its state
// equations (x' - f = 0 or, implicit, F = 0), written by its StateKernel, which may also load
// bodies (Force_StateEqn). ARYVAL/DIF/DIF1 read them in expressions (MeasureKind::kState).
// Motion states are written by their motion's JointKernel (solver/joint_kernel.hpp), coupler
// states by their CouplerKernel.
//
// Kernels are evaluated through gathered local inputs; the Jacobian comes from the same kernel
// code evaluated with forward-mode AD (solver/autodiff.hpp), so it is exact. Neither residual nor
// Jacobian evaluation allocates.
//
// Runs: the System is the const description; what an evaluation writes (expression stacks, PAR
// arrays, the gravity cache, the angle measures' whole turns: solver/workspace.hpp) is in a
// Workspace that the caller owns, made by make_workspace() once per run and passed to residual(),
// jacobian() and every kernel. One System may serve several runs, each with its own Workspace.
// Kernels hold no pointer into the System: what they need of it (the gravity field, the kernels
// of the constraint blocks whose reactions they read) comes through the KernelCall.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/body_kernel.hpp"
#include "solver/coupler_kernel.hpp"
#include "solver/force_kernel.hpp"
#include "solver/general_constraint_kernel.hpp"
#include "solver/gravity_field.hpp"
#include "solver/joint_kernel.hpp"
#include "solver/ptcv_kernel.hpp"
#include "solver/state_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/user_variables.hpp"
#include "solver/workspace.hpp"

namespace mb {

/// Compressed sparse column pattern of the Jacobian (row indices sorted within a column).
struct SparsePattern {
  int n = 0;
  std::vector<int> col_ptr;  ///< size n + 1
  std::vector<int> row_idx;  ///< size nnz
  int nnz() const { return static_cast<int>(row_idx.size()); }
  /// Index of entry (row, col) in row_idx, or -1 when it is not in the pattern.
  int position(int row, int col) const;
};

/// Which DAE the System assembles (see above).
enum class DaeForm {
  kStabilisedIndex2,  ///< GGL: B nu = 0 with lambda, Phi = 0 with mu (Adams SI2)
  kIndex3,            ///< Phi = 0 with lambda, mu pinned to 0 (Adams I3)
  kStabilisedIndex1,  ///< acceleration rows with lambda, B nu = 0 with kappa, Phi = 0 with mu
};

struct CvcvKernel;  // solver/cvcv_kernel.hpp

class System {
 public:
  explicit System(const Model& model, DaeForm form = DaeForm::kStabilisedIndex2);
  System(const System&) = delete;  ///< the Model's elements are shared, not copied
  System& operator=(const System&) = delete;
  ~System();  ///< out of line: CvcvKernel is incomplete here

  const Model& model() const { return model_; }
  DaeForm form() const { return form_; }
  int size() const { return n_; }
  int num_moving_bodies() const { return static_cast<int>(body_kernels_.size()); }
  /// The kernel of the moving body whose states start at 13 k (scaled mass and inertia).
  const BodyKernel& body_kernel(int k) const { return body_kernels_[k]; }
  int num_constraint_equations() const { return n_eq_; }
  /// Degrees of freedom: 6 per moving body minus the joint equations, plus the curve parameter
  /// of each point-curve constraint.
  int dof() const {
    return kBodyVelocities * num_moving_bodies() - n_eq_ + static_cast<int>(ptcv_kernels_.size()) +
           2 * num_cvcvs();
  }

  /// State offset of body `b` (index into Model::bodies), or -1 for ground.
  int body_offset(int b) const { return body_offset_[b]; }
  /// Constraint blocks: the model's joints first, then its motions (index joints.size() + k),
  /// then the rotation holds of Body_Point bodies.
  int num_constraint_blocks() const { return static_cast<int>(joint_kernels_.size()); }
  const JointKernel& constraint_kernel(int block) const { return joint_kernels_[block]; }
  /// Model body index of side 0 (I) or 1 (J) of a constraint block.
  int constraint_body(int block, int side) const { return constraint_bodies_[block][side]; }
  const std::vector<ForceKernel>& force_kernels() const { return force_kernels_; }
  /// Constraint_General kernels (Model::general_constraints order); their single equations
  /// follow the constraint blocks' equations.
  const std::vector<GeneralConstraintKernel>& general_constraint_kernels() const {
    return gcon_kernels_;
  }
  /// Index of general constraint k's equation in the lambda (and mu) block.
  int general_constraint_equation(int k) const { return gcon_eq_offset_[k]; }
  /// Constraint_Coupler and Constraint_Gear kernels (Model::couplers order); their equations
  /// (one each when active) follow the general constraints' equations.
  const std::vector<CouplerKernel>& coupler_kernels() const { return coupler_kernels_; }
  /// Index of coupler k's equation in the lambda (and mu) block, or -1 when it is deactivated.
  int coupler_equation(int k) const { return coupler_eq_offset_[k]; }
  /// First turn-count state of coupler k (its rotational coordinates in term order).
  int coupler_state_offset(int k) const { return coupler_state_offset_[k]; }
  /// Constraint_PTCV kernels (Model::point_curves order); their three equations each follow the
  /// couplers' equations, their states (alpha, s) the coupler states.
  const std::vector<PtcvKernel>& ptcv_kernels() const { return ptcv_kernels_; }
  /// Index of the first of Constraint_PTCV k's equations in the lambda (and mu) block.
  int ptcv_equation(int k) const { return ptcv_eq_offset_[k]; }
  /// Index of Constraint_PTCV k's alpha (s follows it).
  int ptcv_state_offset(int k) const { return ptcv_state_offset_[k]; }
  /// Constraint_CVCV kernels (Model::curve_curves order; solver/cvcv_kernel.hpp, an incomplete
  /// type here); their four equations each follow the PTCV equations, their states (alpha, beta
  /// and their rates) the PTCV states.
  const std::vector<CvcvKernel>& cvcv_kernels() const { return cvcv_kernels_; }
  int num_cvcvs() const { return static_cast<int>(cvcv_eq_offset_.size()); }
  /// Index of the first of Constraint_CVCV k's equations in the lambda (and mu) block.
  int cvcv_equation(int k) const { return cvcv_eq_offset_[k]; }
  /// Index of Constraint_CVCV k's alpha (beta, alpha's rate, beta's rate follow it).
  int cvcv_state_offset(int k) const { return cvcv_state_offset_[k]; }
  /// Coupler states occupy [coupler_state_begin(), kappa_begin()) (size() but in the index-1 form).
  int coupler_state_begin() const { return coupler_state_begin_; }
  int lambda_offset(int joint) const { return kBodyStates * nb_ + joint_eq_offset_[joint]; }
  int mu_offset(int joint) const { return kBodyStates * nb_ + n_eq_ + joint_eq_offset_[joint]; }
  int joint_equation_count(int joint) const { return joint_kernels_[joint].m; }
  /// First state of a velocity or acceleration motion's block (-1 for other blocks).
  int motion_state_offset(int block) const { return motion_state_offset_[block]; }
  /// Motion states, then coupler states, occupy [motion_state_begin(), kappa_begin()): references
  /// the constraint projection leaves alone.
  int motion_state_begin() const { return motion_state_begin_; }
  /// Index of the first user state (the state block, Model::num_states entries).
  int state_offset() const { return state_offset_; }
  const std::vector<StateKernel>& state_kernels() const { return state_kernels_; }
  /// The VARSUB variables that kernels read (solver/user_variables.hpp).
  const UserVariables& user_variables() const { return user_variables_; }
  /// Moves the angle measures of the run `ws` (Workspace::angles) on to state y (an accepted
  /// step or the start of an analysis); returns the fastest turn rate of a tracked angle there
  /// (AngleHistory::follow), which bounds the integrators' next step.
  double follow_angles(Workspace& ws, const double* y) const;
  /// Gravity at time t (cached in ws).
  const V3<double>& gravity(double t, Workspace& ws) const { return gravity_.at(t, ws.gravity); }
  /// True for user states held fixed in static and quasi-static analyses (is_static_hold), and
  /// for motion states.
  bool is_static_held(int index) const { return static_held_[index] != 0; }
  /// 1 for differential variables, 0 for algebraic ones.
  const std::vector<double>& differential_mask() const { return diff_mask_; }
  /// How the integrator weighs each variable (IDA's error weights serve both its local error
  /// test and its Newton convergence test):
  ///   0  out of the error test, weight 1 / (rtol |y| + atol) (the reactions lambda of the
  ///      index-1 form, and its velocity corrections u)
  ///   1  in the error test, that weight (differential variables)
  ///   2  in the error test, that weight times the step size h: the body velocities v, w of the
  ///      index-3 form, its index-2 components
  ///   3  out of the error test, that weight times h^2: the multipliers lambda of the index-3
  ///      form, its index-3 components
  ///   4  out of the error test, that weight times h: the index-2 form's lambda and mu, the
  ///      index-1 form's mu and kappa (index-2 components: the multipliers of velocity and GGL
  ///      constraints)
  /// On index-3 equations a component of index i is only determined to O(h^(1-i)) times the
  /// displacement accuracy, so its BDF error estimate and Newton corrections are weighted by
  /// h^(i-1) (Hairer and Wanner, Solving ODEs II, VII.8: the index scaling of RADAU5); without
  /// it the Newton iteration of a small step does not converge (lambda's corrections carry
  /// round-off of order eps / h^2). Leaving the velocities out of the error test instead (as
  /// Adams' I3, which controls the displacement error only) lets velocity errors build up in
  /// the displacements. The same scaling of the index-2 form's multipliers keeps its Newton
  /// iteration converging near singular configurations, where the constraint Jacobian is
  /// nearly rank deficient and the multipliers' corrections grow like 1 / (its smallest
  /// singular value) (e.g. the delta robot of regression/realworld/adams/ss_intento2 whose rods
  /// pass near a parallel singularity at t = 0.696 s: with unscaled multiplier weights the
  /// iteration failed there down to h = 1e-12).
  const std::vector<int>& error_test_index() const { return error_test_index_; }

  /// Index-1 form: the first kappa (and the u block at kappa_begin() + M), else size().
  int kappa_begin() const { return kappa_begin_; }
  /// Index of body state offset o's velocity correction u (index-1 form only).
  int correction_offset(int body_state_offset) const {
    return kappa_begin_ + n_eq_ + kBodyVelocities * body_of_offset(body_state_offset);
  }
  /// Initial y from the model (deck positions and velocities; multipliers 0).
  std::vector<double> initial_state() const;

  /// The run buffers of this System's kernels, sized (solver/workspace.hpp).
  Workspace make_workspace() const;

  void residual(Workspace& ws, double t, const double* y, const double* yp, double* res) const;
  /// Adds the explicit time derivative of each velocity row at fixed y (index-2 layout: the
  /// lambda rows) to `rates`: driven motions (JointKernel::velocity_row_rate) and
  /// Constraint_Generals reading TIME (their velocity rows with dual-number inputs at rest).
  void add_velocity_row_time_rates(Workspace& ws, double t, const double* y, double* rates) const;
  /// The residual of the bodies, applied forces and user states only (every constraint left
  /// out; res is zeroed first). With all multipliers zero this equals residual() in the body
  /// rows, since constraints act there only through their multipliers: the joint-coordinate
  /// ODE form reads the applied wrenches from it.
  void applied_residual(Workspace& ws, double t, const double* y, const double* yp,
                        double* res) const;
  /// Adds the residual of constraint block `block` alone to res (its bodies' rows and its own
  /// equations). With y' = 0 and mu = 0 its body rows are -B^T lambda: linear in lambda, so a
  /// unit multiplier gives that multiplier's column of dF/dlambda.
  void add_block_residual(Workspace& ws, int block, double t, const double* y, const double* yp,
                          double* res) const;
  /// The time rates of the velocity rows B nu of constraint block `block` (a joint without a
  /// drive) along y' = ydot at y: rates[k] = d/dt (B nu)_k = B nu' + (d(B nu)/dq) q'. Exact
  /// (dual numbers); reads ydot only at the block's body states. The joint-coordinate form's
  /// loop closures take their velocity-product term from it (ydot with nu' = 0).
  void block_velocity_row_rates(Workspace& ws, int block, double t, const double* y,
                                const double* ydot, double* rates) const;

  const SparsePattern& pattern() const { return pattern_; }
  /// Values of dF/dy + cj dF/dy' in pattern() order.
  void jacobian(Workspace& ws, double t, const double* y, const double* yp, double cj,
                double* values) const;

  /// The constraints' part of residual() (res zeroed first): the constraint blocks,
  /// Constraint_Generals, couplers, PTCV and CVCV kernels, and the bodies' normalisation rows
  /// (BodyKernel::normalisation). Equals residual() in every row constraint_only_row() names:
  /// the velocity, position and normalisation rows of the index-2 form.
  void constraint_residual(Workspace& ws, double t, const double* y, const double* yp,
                           double* res) const;
  /// The same kernels' part of jacobian() (values zeroed first): equals jacobian() at every
  /// position constraint_only_position() names, e.g. the multipliers' columns of the body rows
  /// (-B^T) and the velocity rows (B) of the index-2 form unless a force or user state reads
  /// reactions. It leaves out the body dynamics, force and state kernels, most of jacobian()'s
  /// cost, and the index-1 and index-3 forms' further terms. The ODE form's right-hand side and
  /// projection read only such positions (solver/system_blocks.hpp).
  void constraint_jacobian(Workspace& ws, double t, const double* y, const double* yp, double cj,
                           double* values) const;
  /// True when no kernel but the constraints' of constraint_residual() writes residual row `row`
  /// (no body dynamics, force or state kernel, nor the index-1 and index-3 forms' further terms).
  bool constraint_only_row(int row) const { return constraint_only_row_[row] != 0; }
  /// True when likewise nothing but those kernels writes Jacobian position `pos` (pattern order).
  bool constraint_only_position(int pos) const { return constraint_only_pos_[pos] != 0; }

  /// Which element a variable belongs to, for messages ("Body_Rigid 2", "Constraint_Joint 1").
  std::string describe_variable(int index) const;

 private:
  struct Slots {
    std::vector<int> in_var;        ///< global variable, or -1 for a constant input
    std::vector<char> in_is_deriv;  ///< input is a y' entry
    std::vector<double> in_const;   ///< value of constant inputs
    std::vector<int> out_row;       ///< global row, or -1 (ground rows are dropped)
    std::vector<int> jac_pos;       ///< [out * n_in + in] -> index into Jacobian values, or -1
    // Acceleration rows (index-1 form): the direction x' of each input is y'[dir_var] (if >= 0)
    // plus y[corr_var] (if >= 0, the velocity correction u of a velocity input).
    std::vector<int> dir_var;
    std::vector<int> corr_var;
    std::vector<int> corr_pos;  ///< [out * n_in + in] -> Jacobian position of (row, corr_var)
  };

  // Kernel k evaluated with its call `c` (the System, the run's Workspace, k's buffers).
  template <class Kernel>
  void add_residual(const Kernel& k, const KernelCall& c, const Slots& s, double t, const double* y,
                    const double* yp, double* res) const;
  template <class Kernel>
  void add_jacobian(const Kernel& k, const KernelCall& c, const Slots& s, double t, const double* y,
                    const double* yp, double cj, double* values) const;
  /// The acceleration rows of a constraint kernel (index-1 form) and their Jacobian.
  template <class Kernel>
  void add_acceleration_residual(const Kernel& k, const KernelCall& c, const Slots& s, double t,
                                 const double* y, const double* yp, double* res) const;
  template <class Kernel>
  void add_acceleration_jacobian(const Kernel& k, const KernelCall& c, const Slots& s, double t,
                                 const double* y, const double* yp, double cj,
                                 double* values) const;
  /// The constraint kernels' residual and Jacobian: the joint, motion and Body_Point blocks
  /// (joint_kernels_), then the further constraints (general, couplers, PTCV, CVCV), so that
  /// residual() and jacobian() keep their kernel order (forces between the two).
  void add_constraint_block_residuals(Workspace& ws, double t, const double* y, const double* yp,
                                      double* res) const;
  void add_further_constraint_residuals(Workspace& ws, double t, const double* y, const double* yp,
                                        double* res) const;
  void add_constraint_block_jacobians(Workspace& ws, double t, const double* y, const double* yp,
                                      double cj, double* values) const;
  void add_further_constraint_jacobians(Workspace& ws, double t, const double* y, const double* yp,
                                        double cj, double* values) const;
  /// add_constraint_block_jacobians' entries but the multiplier terms' curvature (their partials
  /// by the body states), cheaper: JointKernel::constraint_rows differentiated by its
  /// constraint_rows_input()s alone, the rest from B (JointKernel::linear_partials).
  void add_constraint_block_row_jacobians(Workspace& ws, double t, const double* y,
                                          const double* yp, double cj, double* values) const;
  /// The bodies' normalisation rows alone (the last output of each body kernel).
  void add_normalisation_residuals(const double* y, double* res) const;
  void add_normalisation_jacobians(const double* y, double* values) const;
  /// Adds JointKernel::velocity_row_rate of every active driven motion to its lambda row.
  void add_drive_row_rates(Workspace& ws, double t, double* rows) const;

  // Construction, in the order the constructor takes them. The layout
  // (solver/system_layout.cpp):
  void lay_out_bodies();
  void add_joint_blocks();
  void add_motion_blocks();
  /// The rotation holds of Body_Point bodies.
  void add_point_holds();
  void add_constraint_block(JointKernel k, int i_marker, int j_marker);
  void add_block(JointKernel k, int body_i, int body_j);
  void add_general_constraints();
  /// The couplers' kernels (with their COUSUB initialisation calls) and equations.
  void add_couplers();
  /// The Constraint_PTCV kernels and equations; throws Error(kDeckError) in the index-1 form.
  void add_point_curves();
  /// The Constraint_CVCV kernels and equations; throws Error(kDeckError) in the index-1 form.
  void add_curve_curves();
  /// The user, motion, coupler (and index-1) states after the multipliers; differential_mask().
  void lay_out_states();
  void set_error_test_index();
  void set_static_held();
  /// Which constraint block (or general constraint, coupler) owns equation `eq`; empty if none.
  std::string describe_constraint_equation(int eq) const;
  // The kernels and their slots (solver/system_kernels.cpp):
  /// The MOTSUB initialisation calls (iflag = 1).
  void init_motion_subroutines();
  /// A COUSUB coupler's initialisation call; throws Error(kDeckError) if Phi moves with TIME.
  void init_coupler_subroutine(CouplerKernel& k);
  void add_body_kernels();
  /// The slots of the joint, motion and Body_Point blocks, general constraints and couplers.
  void add_constraint_slots();
  /// The force and state kernels (after the VARSUB dependency calls) and their slots.
  void add_applied_kernels();
  void bind_force_kernel(ForceKernel& fk, const std::vector<double>& y0);
  void add_force_slots(ForceKernel& fk);
  void add_state_slots(StateKernel& sk);
  /// The kBodyStates inputs and rows of model body `body` (a ground body: constant inputs).
  void add_body_inputs(Slots& s, int body) const;
  /// `count` states from `first` as inputs, then their derivatives, and as output rows.
  void add_own_states(Slots& s, int first, int count) const;
  /// The multiplier input and constraint output of constraint equation `eq` (index into the
  /// lambda block) at velocity (lambda) or position (mu) level, per the DaeForm.
  void add_multiplier_slot(Slots& s, int eq, bool position_level) const;
  /// Index-1 form: the slots of the B^T kappa (u rows) and acceleration evaluations of a
  /// constraint kernel from its main slots; the multipliers are inputs [first, first + 2 m).
  Slots correction_slots(const Slots& main, int first_multiplier, int m) const;
  Slots acceleration_slots(const Slots& main) const;
  void add_index1_slots();
  // The Jacobian's pattern (solver/system_pattern.cpp):
  class PatternProbe;
  void build_pattern();
  /// The positions of the pinned mu diagonals (index 3) and of M u and the u rows (index 1).
  void add_fixed_positions();
  /// constraint_only_row_ and constraint_only_pos_: every row and position some other kernel
  /// or term writes is cleared.
  void mark_constraint_only();

  const Model& model_;
  DaeForm form_;
  GravityField gravity_;  ///< the body kernels read it through gravity() (cache: the Workspace's)
  int nb_ = 0, n_eq_ = 0, n_ = 0;
  std::vector<int> body_offset_;
  std::vector<int> joint_eq_offset_;
  std::vector<int> motion_state_offset_;  ///< per constraint block
  std::vector<int> point_hold_body_;      ///< model body of each Body_Point rotation hold
  int motion_state_begin_ = 0;
  std::vector<double> diff_mask_;
  std::vector<int> error_test_index_;
  std::vector<int> pinned_mu_diag_;  ///< index-3 form: Jacobian positions of the mu diagonals
  int kappa_begin_ = 0;
  // Index-1 form: per joint, coupler and general constraint kernel, the B^T kappa and acceleration
  // evaluations; per moving body, the Jacobian positions of M u in its Newton-Euler rows
  // (3 for m u_v, then 9 for J u_w, row-major), and of the u rows' diagonals.
  std::vector<Slots> joint_corr_slots_, joint_acc_slots_;
  std::vector<Slots> coupler_corr_slots_, coupler_acc_slots_;
  std::vector<Slots> gcon_corr_slots_, gcon_acc_slots_;
  std::vector<std::array<int, 12>> mass_u_pos_;
  std::vector<int> u_diag_pos_;
  std::vector<BodyKernel> body_kernels_;
  std::vector<Slots> body_slots_;
  std::vector<JointKernel> joint_kernels_;
  std::vector<Slots> joint_slots_;
  std::vector<std::array<int, 2>> constraint_bodies_;
  std::vector<ForceKernel> force_kernels_;
  std::vector<Slots> force_slots_;
  std::vector<GeneralConstraintKernel> gcon_kernels_;
  std::vector<Slots> gcon_slots_;
  std::vector<int> gcon_eq_offset_;
  std::vector<CouplerKernel> coupler_kernels_;
  std::vector<Slots> coupler_slots_;
  std::vector<int> coupler_eq_offset_;
  std::vector<int> coupler_state_offset_;
  int coupler_state_begin_ = 0;
  std::vector<PtcvKernel> ptcv_kernels_;
  std::vector<Slots> ptcv_slots_;
  std::vector<int> ptcv_eq_offset_;
  std::vector<int> ptcv_state_offset_;
  std::vector<CvcvKernel> cvcv_kernels_;
  std::vector<Slots> cvcv_slots_;
  std::vector<int> cvcv_eq_offset_;
  std::vector<int> cvcv_state_offset_;
  int state_offset_ = 0;
  std::vector<char> static_held_;
  UserVariables user_variables_;
  std::vector<StateKernel> state_kernels_;
  std::vector<Slots> state_slots_;
  /// The tracks of the kernels' AX, AY, AZ and INCANG measures, not started: every Workspace's
  /// angle history starts as a copy, so the kernels' track indices hold in each.
  AngleHistory angles_;
  SparsePattern pattern_;
  std::vector<char> constraint_only_row_;  ///< per residual row, see constraint_only_row()
  std::vector<char> constraint_only_pos_;  ///< per pattern position

  /// Gives every kernel's AX, AY, AZ and INCANG measure its track in angles_.
  void track_angles();
};

}  // namespace mb
