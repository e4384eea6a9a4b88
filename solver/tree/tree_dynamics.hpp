#pragma once
// Forward dynamics of a tree of joints in joint coordinates (TreeTopology), O(N) per call:
// forward kinematics, the applied forces from the System's own residual, and the
// articulated-body algorithm (Featherstone, Rigid Body Dynamics Algorithms, ch. 7).
//
// Coordinates, per tree joint, measured from the configuration the object is built at (the
// assembled Cartesian state, so every coordinate starts at 0 except the quaternion (1, 0, 0, 0)
// and the free bodies' own r and p). With P the parent's joint marker frame (B_P = A_p R_P in
// ground) and the child's joint marker C:
//   revolute      theta: C rotates about z_P, speed theta'
//   translational s: C's origin moves along z_P, speed s'
//   cylindrical   (theta, s), speeds (theta', s')
//   spherical     unit quaternion Q (renormalised wherever it is read), speeds omega: the
//                 relative angular velocity in the axes F = B_P R(Q), Q' = 1/2 Q (x) (0, omega)
//   universal     (theta1, theta2): C rotates about the parent's cross axis a1 (fixed in P),
//                 then about the child's a2 (fixed in C; UNIVERSAL z_P and z_C, HOOKE x_I
//                 and y_J), speeds (theta1', theta2'); Q_J = R(a1, theta1) R(a2_rest, theta2)
//   fixed         none
//   point mass    none: a Body_Point on a SPHERICAL joint at the point moves with the parent's
//                 joint marker, its rotation held at the global axes (w = 0); its zero
//                 rotational inertia and its hold, which takes any applied torque, leave only
//                 its mass and force to the parent
//   free (root)   r and Euler parameters p of the body, speeds (angular velocity in ground
//                 axes, CM velocity)
// Poses: p_i = p_p (x) Q_P (x) Q_J (x) Q_0C (Q_P: P's axes in the parent body, Q_J the joint's
// rotation: Rz(theta), Q or the universal's pair, Q_0C the constant rest, taken from the initial
// state so that it is reproduced exactly); O_C = O_P + B_P (d0 + s e_z); r_i = O_C - A_i s_C.
//
// Spatial quantities are in ground axes with each body's own CM as reference point, ordered
// (angular; linear); accelerations are the classical ones (w', a_CM). With the motion subspace S
// (rotation axis a: (a, a x rho), rho = r_i - O_C; translation: (0, e)) and d = r_i - r_p:
//   V_i = X V_p + S q',   X (w, v) = (w, v + w x d)
//   A_i = X A_p + S q'' + c,  c = (c_w, w_p x (w_p x delta) + 2 w_p x e s' + c_w x rho
//                                  + w_i x (w_i x rho)), delta = O_C - r_p,
//   c_w = w_p x w_rel (+ theta1' theta2' a1 x a2 for a universal joint, whose second axis
//   turns with the cross)
// Newton-Euler per body: M_i A_i = W_i + f_i - sum_children X^T f_c, M_i = diag(A J A^T, m),
// W_i the applied wrench. W_i comes from the System's own kernels (System::applied_residual, the
// residual without the constraints, i.e. at zero multipliers) at y' = 0: the Newton-Euler rows
// are then -m g - F and w x J w - T (body axes), i.e. minus the applied wrench including gravity
// and the gyroscopic term. ABA: backward pass I^A, p^A with
// U = I^A S, D = S^T U, u = -S^T p^A and I^a = I^A - U D^-1 U^T, p^a = p^A + I^a c + U D^-1 u
// added to the parent through X^T (.) X and X^T (.); forward pass q'' = D^-1 (u - U^T (X A_p +
// c)). Everything is preallocated; derivatives() does not allocate.
//
// User states (TreeTopology::ns, explicit x' = f only) follow the speeds in x: every
// evaluation puts them into the System layout, and their rows of the same applied residual at
// y' = 0 are -f.
//
// Cartesian output (cartesian_state): the body states y, their derivatives y' and the joint
// multipliers lambda. The wrench of each joint on its child (at the CM, ground axes) follows
// from the accelerations: f_i = M_i A_i - W_i + sum_children X^T f_c (leaves first). In the
// child's Newton-Euler rows (force in ground axes, torque in body axes) it balances the
// multiplier term: -dF/dlambda_i lambda_i = (f_lin, A^T f_ang), solved per joint in the least-
// squares sense (6 rows, m <= 6 multipliers; exact up to round-off). The columns dF/dlambda_i on
// the child's rows come from the System's own joint kernel (System::add_block_residual with
// one unit multiplier at a time, linear in lambda): m kernel evaluations per joint, O(N).
//
// Loop closures (TreeTopology::cuts, loop_closure.cpp): the cut joints' constraints act on the
// tree through their reactions, solved at every evaluation from the closures' acceleration rows
// (K = G M^-1 G^T by one load pass per cut joint: O(N m + m^3) for m closed
// equations); the cut joints' multipliers are those reactions. project() keeps the state on
// the closures.

#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

#include "solver/tree/tree_topology.hpp"

namespace mb {

class TreeDynamics {
 public:
  /// y0: a consistent Cartesian state of dae's System (compute_initial_conditions).
  TreeDynamics(const Dae& dae, TreeTopology tree, const std::vector<double>& y0);

  const Dae& dae() const { return dae_; }

  /// Size of the ODE state (positions, then speeds, then the user states).
  int size() const { return tree_.nq + tree_.nv + tree_.ns; }
  const TreeTopology& tree() const { return tree_; }
  /// The joint coordinates of y0 (and its user states).
  const std::vector<double>& initial_coordinates() const { return x0_; }

  /// x' = f(t, x). Throws Error(kAnalysisFailed) if an articulated inertia is singular.
  void derivatives(double t, const double* x, double* xdot);
  /// Full Dae state y, y' (differential variables) and lambda in y at (t, x); mu, mu_n, and
  /// the multipliers' y' are 0. y and yp must have the Dae's size.
  void cartesian_state(double t, const double* x, std::vector<double>& y, std::vector<double>& yp);
  /// Renormalises the quaternions in x; returns the largest change of a component.
  double normalise(double* x) const;
  /// True when the tree has cut joints (TreeTopology::cuts).
  bool has_loops() const { return !cuts_.empty(); }
  /// The number of independent closed equations at the first evaluation (-1 before it).
  int closure_rank() const { return closure_rank_; }
  /// K's weakest pivot relative to its largest diagonal at the first evaluation (-1 before it).
  double closure_ratio() const { return closure_ratio_; }
  /// Moves x onto the loop closures when a position or velocity residual exceeds `tol` (with
  /// `always`, when it is not zero): the mass-weighted projection (Newton on Phi = 0, then
  /// B nu = 0, each step M^-1 G^T of the least-squares multipliers) to tol / 100. Returns the
  /// largest residual found before.
  double project(double t, double* x, double tol, bool always = false);
  /// "Constraint_Joint 3 (revolute) angle", for messages.
  std::string describe_coordinate(int i) const;

 private:
  using Vec6 = Eigen::Matrix<double, 6, 1>;
  using Mat6 = Eigen::Matrix<double, 6, 6>;
  using MatS = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
  using MatD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
  using VecD = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;

  struct Constants {
    int offset = -1;         ///< the child's body states in y (13 k)
    int parent_offset = -1;  ///< the parent's body states, -1 for ground
    double mass = 0;
    Mat3 inertia = Mat3::Zero();  ///< body axes
    Vec3 s_p = Vec3::Zero();      ///< parent marker origin, parent body axes (ground: global)
    Mat3 R_p = Mat3::Identity();  ///< parent marker axes, parent body axes
    Eigen::Quaterniond Q_p = Eigen::Quaterniond::Identity();
    Eigen::Quaterniond Q_0c = Eigen::Quaterniond::Identity();
    Vec3 d0 = Vec3::Zero();       ///< C's origin from P's at rest, P's axes
    Vec3 s_c = Vec3::Zero();      ///< child marker origin, child body axes
    Vec3 axis_p = Vec3::UnitZ();  ///< universal: the parent's cross axis, P's axes
    Vec3 axis_c = Vec3::UnitZ();  ///< universal: the child's cross axis, P's axes at rest
  };
  /// One pass of forces down and accelerations up the tree (articulated-body algorithm).
  struct Pass {
    Vec6 p;  ///< bias force (articulated)
    Vec6 acc;
    VecD u, qdd;
  };
  /// Per-body workspace of one evaluation.
  struct Body {
    Eigen::Quaterniond p;
    Mat3 A;
    Vec3 r, w, v;  ///< CM position, angular velocity (ground), CM velocity
    Vec3 d;        ///< r - r_parent
    MatS S;
    Vec6 c, W;
    Vec6 f;  ///< wrench of the joint on the body (at the CM, ground axes)
    Mat6 IA;
    Mat6 Ia;  ///< IA - U D^-1 U^T, what the parent sees
    MatS U;
    MatD Dinv;
    Pass main;  ///< the motion under W (and the loop closures' reactions)
    // The responses to up to 6 loads at once (propagate_loads): bias forces, accelerations.
    MatS load_p, load_acc;
    MatD load_u, load_qdd;
    bool loaded = false;  ///< a load acts in its subtree (else its load_p, load_u are 0)
    bool read = false;    ///< an ancestor of a cut joint's body, or that body: its load_acc is read
  };
  /// A cut joint's loop closure: its constraint equations kept (rows) and its two bodies.
  struct Cut {
    int joint = -1;
    int tree_body[2] = {-1, -1};  ///< index into b_ of the I and J bodies, -1 for ground
    int offset[2] = {-1, -1};     ///< their body states in y
    std::vector<int> equations;   ///< the joint's equations that are closed (not removed)
  };

  void kinematics(const double* x);
  void write_body_states(std::vector<double>& y) const;
  void articulated_body(double t);
  void applied_wrenches(double t);
  void articulated_inertias(double t);
  /// Forces down, accelerations up (body.main): body.main.p preset to minus the wrenches applied.
  void propagate();
  /// The same without velocity terms for r loads at once (M^-1 of each load): body.load_p
  /// (6 x r) preset to minus each load on the bodies marked `loaded`; load_acc and load_qdd are
  /// computed for the bodies marked `read`, or for every body.
  void propagate_loads(int r, bool every_body = false);
  void position_rates(const double* x, const double* speeds, double* dq) const;
  void solve_multipliers(double t, std::vector<double>& y);

  // Loop closures (loop_closure.cpp).
  void init_loops();
  /// The cut joints' reactions for the motion under W: adds them to W and propagates again.
  void close_loops(double t);
  /// The wrenches of a unit multiplier of every closed equation, at the current kinematics.
  void closure_wrenches(double t);
  /// K = G M^-1 G^T of the closed equations (after articulated_inertias and closure_wrenches).
  void closure_matrix();
  /// lambda_ from K lambda = rhs (rank-revealing: dependent equations get 0); returns the rank.
  int solve_closure(const Eigen::VectorXd& rhs);
  /// The speed change M^-1 G^T lambda_ (the combined wrench as one load) into body.load_qdd.
  void closure_response();
  /// Per closed equation: its value in the lambda rows (B nu) or the mu rows (Phi) of the cut
  /// joint's residual at the current kinematics (y_ written).
  void closure_residuals(double t, bool position, Eigen::VectorXd& out);
  /// The cut joints' multipliers lambda_ into their lambda entries of y.
  void write_cut_multipliers(std::vector<double>& y) const;

  const Dae& dae_;
  TreeTopology tree_;
  std::vector<Cut> cuts_;
  int n_closed_ = 0;           ///< closed equations in all
  int closure_rank_ = -1;      ///< independent ones at the first evaluation (-1: none yet)
  double closure_ratio_ = -1;  ///< K's weakest pivot / largest diagonal then
  double pivot_ratio_ = 1;     ///< the same at the last solve_closure
  /// Per closed equation: the unit multiplier's wrench on the I and J body (ground axes, CM).
  std::vector<std::array<Vec6, 2>> closure_w_;
  Eigen::MatrixXd K_, L_;
  Eigen::LLT<Eigen::MatrixXd> llt_;  ///< K's factor when every equation is independent
  Eigen::VectorXd lambda_, rhs_, work_;
  std::vector<int> perm_;
  std::vector<double> ydot_;   ///< y' along which the velocity-product terms are taken
  std::vector<double> speed_;  ///< projection scratch: a speed correction
  std::vector<Constants> k_;
  std::vector<Body> b_;
  std::vector<double> x0_;
  std::vector<double> y_, yp0_, res_;
  std::vector<MatS> bc_;  ///< per tree joint: dF/dlambda on the child's Newton-Euler rows
};

}  // namespace mb
