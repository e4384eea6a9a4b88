#pragma once
// Coordinates the initial-conditions assembly of the first analysis holds at given values: the
// joint initial conditions (Joint::ic_disp, ic_vel; Adams JOINT IC=, ICTRAN=, ICROT=), as Adams
// holds them during its initial-conditions analysis, and then the body coordinates the deck
// marks exact (Body::exact; Adams PART EXACT=):
//   position assembly: the joint coordinate q (translation d . z_J with d = R_I - R_J, or the
//     rotation AZ(I, J) of x_I about z_J from x_J) equals ic_disp, an extra row of the Newton
//     iteration beside the constraints;
//   velocity assembly: its time derivative (the row B nu of the coordinate) equals ic_vel;
//   exact body coordinates: x, y, z of the CM and the 3-1-3 angles psi, theta, phi of the CM
//     frame keep their deck values (position rows only). Where the deck's theta is 0 or pi the
//     angles psi and phi are not separately defined: PSI or PHI then keeps the rotation about
//     the ground z axis, atan2(A10, A00), and THETA the direction of the z axis (A02, A12).
// Adams keeps EXACT coordinates unless they conflict with the joint initial conditions or the
// motions: a row that depends on those (or an assembly that cannot meet all) drops them, with a
// note in the log.
// A coordinate driven by an active Motion_Joint of the same joint is the motion's (MotionSolve's
// precedence: motions override joint initial conditions); a held row that depends on the
// constraints (and the rows before it) cannot be held and is reported, not imposed.

#include <string>
#include <vector>

#include "solver/joint_kernel.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

class HeldCoordinates {
 public:
  struct Coordinate {
    std::string subject;   ///< "Constraint_Joint 3 translation" for messages
    JointKernel geometry;  ///< the joint's marker geometry (s_i, u_i, s_j, u_j)
    int oi = -1, oj = -1;  ///< y offsets of I's and J's bodies (-1: ground)
    bool rotational = false;
    std::optional<double> disp, vel;
    /// An exact body coordinate (oi its body, oj -1): 0..2 x, y, z; 3 psi, 4 theta, 5 phi;
    /// 6 atan2(A10, A00); 7 A02; 8 A12 (A the CM frame's rotation). -1: a joint coordinate.
    int body_fn = -1;
    bool angle() const { return rotational || body_fn == 3 || body_fn == 5 || body_fn == 6; }
  };

  /// The joint initial conditions of sys's model (none for a model without them).
  explicit HeldCoordinates(const System& sys);
  bool empty() const { return coords_.empty(); }
  const std::vector<Coordinate>& coordinates() const { return coords_; }

  /// The coordinate's value at y; its derivatives with respect to the 7 position variables
  /// (r, p) of I's and J's bodies go to dq[0..13] (zero for ground).
  double value(const Coordinate& c, const std::vector<double>& y, double* dq) const;
  /// The coordinate's rate row (v_i, w_i, v_j, w_j; w in body axes) at y.
  void rate_row(const Coordinate& c, const std::vector<double>& y, double* row) const;

  /// Position rows of the held displacements: C (over the columns of `b.q`) and the residuals
  /// r = q - ic_disp (rotations wrapped to (-pi, pi]); `which` selects coordinates (indices into
  /// coordinates() with a displacement).
  void position_rows(const Blocks& b, const std::vector<double>& y, const std::vector<int>& which,
                     SpMat& C, Eigen::VectorXd& r) const;
  /// Velocity rows of the held rates over nu (6 per moving body): C and r = C nu - ic_vel.
  void velocity_rows(const std::vector<double>& y, const std::vector<int>& which, SpMat& C,
                     Eigen::VectorXd& r) const;
  /// The coordinates with a displacement / with a velocity.
  std::vector<int> with_displacement() const;
  std::vector<int> with_velocity() const;

 private:
  const System& sys_;
  std::vector<Coordinate> coords_;
};

/// The rows of `extra` (appended below the full-row-rank `A`) that are independent of A's rows
/// and of the extra rows kept before them (Gram-Schmidt in row order, relative threshold
/// kRedundancyThreshold): their indices into `extra`'s rows.
std::vector<int> independent_extra_rows(const SpMat& A, const SpMat& extra);

}  // namespace mb
