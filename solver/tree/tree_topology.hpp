#pragma once
// Whether a model is a tree of joints rooted at ground, and that tree: the precondition of the
// joint-coordinate ODE form (tree_dynamics.hpp, tree_ode_integrator.hpp) that integrator ABAM
// uses when it holds (the Cartesian ODE form, cvode_integrator.hpp, otherwise).
//
// A model qualifies when its System adds nothing beyond the rigid bodies and their joints:
//   * every constraint is an active Constraint_Joint (not a primitive) of type REVOLUTE,
//     TRANSLATIONAL, CYLINDRICAL, SPHERICAL, UNIVERSAL, HOOKE or FIXED between two different
//     bodies; no motions,
//     general constraints, couplers or gears, motion or coupler states (the System's size is
//     exactly 14 nb + 2 M + the user states); the only further blocks are the rotation holds of
//     Body_Point bodies;
//   * user states only in explicit form, x' = f (Control_Diff explicit, the linear forms, the
//     force elements' dissipated energies), reading no reaction and no other derivative: they
//     ride along after the joint speeds; no Sensor_Evaluate (the values it stores at events);
//   * a Body_Point hangs from one SPHERICAL joint whose marker on it is at the point, and
//     nothing else is jointed to it: the point mass then moves with the parent's joint marker
//     (kPointMass, no coordinates) and its hold takes every torque applied to it;
//   * no applied force reads joint reactions or accelerations (the joint-coordinate right-hand
//     side evaluates the applied forces at y' = 0 and lambda = 0);
//   * no constraint equation was found redundant (unless loops are allowed);
//   * the joints form a tree: walking from ground (and from every moving body that no joint
//     reaches from ground, which becomes a free 6-DOF root), each moving body is reached by
//     exactly one joint path. A joint closing a loop disqualifies the model, unless loops are
//     allowed: it is then a cut joint (TreeTopology::cuts). The cut joints are chosen first, by
//     a spanning forest grown from the joints without removed (redundant) equations before
//     those with: a joint whose equations the assembly removed closes its loop where it can,
//     so its removed equations stay open as in the Cartesian form (same reactions, and the
//     closures keep full rank).
// The tree lists its joints in topological order (every parent before its children), so one
// forward pass computes kinematics and one backward pass accumulates articulated inertias.

#include <string>
#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

enum class TreeJointKind {
  kRevolute,
  kTranslational,
  kCylindrical,
  kSpherical,
  kUniversal,
  kFixed,
  kFree,
  kPointMass  ///< a Body_Point on a SPHERICAL joint: no coordinates, no rotation
};

/// One tree joint: a Constraint_Joint from a parent body to its child, or (kFree) the 6-DOF
/// connection of a root body to ground.
struct TreeJoint {
  TreeJointKind kind = TreeJointKind::kFree;
  int joint = -1;   ///< index into Model::joints (-1 for kFree)
  int body = -1;    ///< model index of the child body (moving)
  int parent = -1;  ///< index into TreeTopology::joints of the parent body's joint, -1: ground
  int parent_marker = -1;  ///< model marker of the joint on the parent body (-1 for kFree)
  int child_marker = -1;   ///< model marker of the joint on the child body (-1 for kFree)
  int nq = 0, nv = 0;      ///< position coordinates and speeds
  /// kUniversal: the cross axes, marker axis index (0 x, 1 y, 2 z) of the parent's and of the
  /// child's joint marker (UNIVERSAL: z and z; HOOKE: x of I and y of J).
  int parent_axis = 2, child_axis = 2;
  int q_offset = 0;  ///< first position coordinate in the ODE state
  int v_offset = 0;  ///< first speed in the ODE state (after all positions)
};

struct TreeTopology {
  std::vector<TreeJoint> joints;  ///< topological order: a parent before its children
  int nq = 0, nv = 0;             ///< ODE state: nq positions, then nv speeds,
  int ns = 0;                     ///< then the ns user states (System::state_offset() on)
  /// With loops allowed: the cut joints (indices into Model::joints), the joints that close a
  /// loop of the spanning tree above; their constraints are loop closures (tree_dynamics.hpp).
  std::vector<int> cuts;
  /// The closures' rank and conditioning to hold (TreeDynamics::closure_rank, closure_ratio),
  /// from an earlier run of the same model; -1: those of the first evaluation.
  int closure_rank = -1;
  double closure_ratio = -1;
};

/// The tree of a qualifying model; otherwise false with the reason in `why_not` (for the log).
/// With `allow_loops`, a joint that closes a loop becomes a cut joint instead of a refusal (a
/// Body_Point may not be on one), and redundant constraint equations are allowed: the loop
/// closure handles them (tree_dynamics.hpp).
bool find_tree_topology(const Dae& dae, TreeTopology& tree, std::string& why_not,
                        bool allow_loops = false);

/// The equations of joint `joint` (0 .. System::joint_equation_count - 1) that the Dae keeps
/// (not removed as redundant): a cut joint's closed equations.
std::vector<int> closed_equations(const Dae& dae, int joint);
/// The closed equations of all the cut joints: the size of G M^-1 G^T.
int closed_equation_count(const Dae& dae, const TreeTopology& tree);

}  // namespace mb
