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
// Cartesian output (cartesian_state): the body states y, their derivatives y' and the joint
// multipliers lambda. The wrench of each joint on its child (at the CM, ground axes) follows
// from the accelerations: f_i = M_i A_i - W_i + sum_children X^T f_c (leaves first). In the
// child's Newton-Euler rows (force in ground axes, torque in body axes) it balances the
// multiplier term: -dF/dlambda_i lambda_i = (f_lin, A^T f_ang), solved per joint in the least-
// squares sense (6 rows, m <= 6 multipliers; exact up to round-off). The columns dF/dlambda_i on
// the child's rows come from the System's own joint kernel (System::add_block_residual with
// one unit multiplier at a time, linear in lambda): m kernel evaluations per joint, O(N).

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "solver/tree/tree_topology.hpp"

namespace mb {

class TreeDynamics {
 public:
  /// y0: a consistent Cartesian state of dae's System (compute_initial_conditions).
  TreeDynamics(const Dae& dae, TreeTopology tree, const std::vector<double>& y0);

  const Dae& dae() const { return dae_; }

  /// Size of the ODE state (positions, then speeds).
  int size() const { return tree_.nq + tree_.nv; }
  const TreeTopology& tree() const { return tree_; }
  /// The joint coordinates of y0.
  const std::vector<double>& initial_coordinates() const { return x0_; }

  /// x' = f(t, x). Throws Error(kAnalysisFailed) if an articulated inertia is singular.
  void derivatives(double t, const double* x, double* xdot);
  /// Full Dae state y, y' (differential variables) and lambda in y at (t, x); mu, mu_n, and
  /// the multipliers' y' are 0. y and yp must have the Dae's size.
  void cartesian_state(double t, const double* x, std::vector<double>& y, std::vector<double>& yp);
  /// Renormalises the quaternions in x; returns the largest change of a component.
  double normalise(double* x) const;
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
  /// Per-body workspace of one evaluation.
  struct Body {
    Eigen::Quaterniond p;
    Mat3 A;
    Vec3 r, w, v;  ///< CM position, angular velocity (ground), CM velocity
    Vec3 d;        ///< r - r_parent
    MatS S;
    Vec6 c, W, pA, acc;
    Vec6 f;  ///< wrench of the joint on the body (at the CM, ground axes)
    Mat6 IA;
    MatS U;
    MatD Dinv;
    VecD u, qdd;
  };

  void kinematics(const double* x);
  void write_body_states(std::vector<double>& y) const;
  void articulated_body(double t);
  void solve_multipliers(double t, std::vector<double>& y);

  const Dae& dae_;
  TreeTopology tree_;
  std::vector<Constants> k_;
  std::vector<Body> b_;
  std::vector<double> x0_;
  std::vector<double> y_, yp0_, res_;
  std::vector<MatS> bc_;  ///< per tree joint: dF/dlambda on the child's Newton-Euler rows
};

}  // namespace mb
