#include "solver/tree/tree_topology.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>

#include "solver/state_layout.hpp"

namespace mb {

namespace {

/// Coordinates and speeds of a supported joint type; false for the others.
bool joint_size(JointType type, TreeJointKind& kind, int& nq, int& nv) {
  switch (type) {
    case JointType::kRevolute:
      kind = TreeJointKind::kRevolute;
      nq = nv = 1;
      return true;
    case JointType::kTranslational:
      kind = TreeJointKind::kTranslational;
      nq = nv = 1;
      return true;
    case JointType::kCylindrical:
      kind = TreeJointKind::kCylindrical;
      nq = nv = 2;
      return true;
    case JointType::kSpherical:
      kind = TreeJointKind::kSpherical;
      nq = 4;  // a unit quaternion
      nv = 3;
      return true;
    case JointType::kUniversal:
    case JointType::kHooke:
      kind = TreeJointKind::kUniversal;
      nq = nv = 2;
      return true;
    case JointType::kFixed:
      kind = TreeJointKind::kFixed;
      nq = nv = 0;
      return true;
    default:
      return false;
  }
}

/// Why a state element's states cannot ride along with the joint coordinates, or "" when they
/// can: continuous states in explicit form, x' = f(t, y, x) (Control_Diff explicit, the linear
/// forms, the dissipated energies of force elements), reading no reaction and no derivative
/// but their own.
std::string unsupported_states(const StateKernel& sk) {
  const StateElement& e = *sk.element;
  if (e.form == StateElement::Form::kImplicit) return e.subject + " is in implicit form";
  if (sk.user || e.user) return e.subject + " is a user subroutine";
  if (e.num_discrete > 0) return e.subject + " has discrete states";
  if (sk.n_multipliers > 0) return e.subject + " reads joint reactions";
  for (size_t i = 0; i < sk.input_is_deriv.size(); ++i) {
    const int in = static_cast<int>(i);
    const bool own = in >= sk.own_xp(0) && in < sk.own_xp(0) + e.num_states;
    if (sk.input_is_deriv[i] && !own) return e.subject + " reads accelerations or derivatives";
  }
  return "";
}

/// Why the System holds more than bodies and joints, or "" when it does not.
std::string non_tree_elements(const System& sys) {
  const Model& m = sys.model();
  if (!m.motions.empty()) return "the model has motions";
  if (!m.general_constraints.empty()) return "the model has general constraints";
  if (!m.couplers.empty()) return "the model has couplers or gears";
  if (!m.point_curves.empty()) return "the model has point-curve constraints";
  if (!m.curve_curves.empty()) return "the model has curve-curve constraints";
  if (!m.sensor_evaluates.empty()) return "the model has Sensor_Evaluate values to store";
  for (const StateKernel& sk : sys.state_kernels()) {
    if (const std::string why = unsupported_states(sk); !why.empty()) return why;
  }
  const auto points = std::count_if(m.bodies.begin(), m.bodies.end(),
                                    [](const Body& b) { return b.point && !b.ground; });
  if (sys.num_constraint_blocks() != static_cast<int>(m.joints.size() + points)) {
    return "the model has constraints other than joints";
  }
  const int nb = sys.num_moving_bodies();
  if (sys.size() != 14 * nb + 2 * sys.num_constraint_equations() + m.num_states) {
    return "the model has states beyond the bodies";
  }
  for (const ForceKernel& fk : sys.force_kernels()) {
    if (fk.n_multipliers > 0) return fk.subject + " reads joint reactions";
    for (char d : fk.input_is_deriv) {
      if (d) return fk.subject + " reads accelerations";
    }
  }
  return "";
}

/// The joints that close loops, one per independent loop: a spanning forest of the bodies
/// (every ground body one node) grown from the joints without removed equations first (union-
/// find, in joint order within each group); a joint whose bodies it already connects is cut.
std::vector<int> cut_joints(const Dae& dae) {
  const System& sys = dae.system();
  const Model& m = sys.model();
  std::vector<int> root(m.bodies.size());
  int ground = -1;
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    root[b] = static_cast<int>(b);
    if (m.bodies[b].ground) {
      if (ground < 0) ground = static_cast<int>(b);
      root[b] = ground;
    }
  }
  const auto find = [&](int b) {
    while (root[static_cast<size_t>(b)] != b) b = root[static_cast<size_t>(b)];
    return b;
  };
  const std::vector<int>& removed = dae.removed();
  const int eq_base = kBodyStates * sys.num_moving_bodies();
  const auto has_removed = [&](int j) {
    const int first = sys.lambda_offset(j) - eq_base;
    const auto it = std::lower_bound(removed.begin(), removed.end(), first);
    return it != removed.end() && *it < first + sys.joint_equation_count(j);
  };
  std::vector<int> order;
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t j = 0; j < m.joints.size(); ++j) {
      if (has_removed(static_cast<int>(j)) == (pass == 1)) order.push_back(static_cast<int>(j));
    }
  }
  std::vector<int> cuts;
  for (int j : order) {
    const Joint& joint = m.joints[static_cast<size_t>(j)];
    const int a = find(m.markers[joint.i_marker].body), b = find(m.markers[joint.j_marker].body);
    if (a == b) {
      cuts.push_back(j);
    } else {
      root[static_cast<size_t>(a)] = b;
    }
  }
  std::sort(cuts.begin(), cuts.end());
  return cuts;
}

/// With loops: the cut joints (cut_joints) into tree.cuts and marked used, so that the walk
/// does not take them; false, with the reason, when one closes a loop at a Body_Point.
bool take_cut_joints(const Dae& dae, std::vector<char>& joint_used, TreeTopology& tree,
                     std::string& why_not) {
  const Model& m = dae.system().model();
  for (int j : cut_joints(dae)) {
    const Joint& joint = m.joints[static_cast<size_t>(j)];
    if (m.bodies[m.markers[joint.i_marker].body].point ||
        m.bodies[m.markers[joint.j_marker].body].point) {
      why_not = fmt::format("Constraint_Joint {} closes a loop at a Body_Point", joint.id);
      return false;
    }
    joint_used[static_cast<size_t>(j)] = 1;
    tree.cuts.push_back(j);
  }
  return true;
}

/// Why the Body_Point `child`, reached through `joint` at `child_marker`, cannot be a point mass
/// on its parent, or "" when it can: a SPHERICAL joint at the point, the point's only joint.
std::string point_mass_refusal(const Model& m, const Joint& joint, int child, int child_marker,
                               size_t joints_on_child) {
  const int id = m.bodies[static_cast<size_t>(child)].id;
  if (joint.type != JointType::kSpherical) {
    return fmt::format(
        "Body_Point {} hangs from Constraint_Joint {}, which is not SPHERICAL (a point mass "
        "takes only a spherical joint)",
        id, joint.id);
  }
  if (joints_on_child != 1) {
    return fmt::format("Body_Point {} has {} joints (a point mass takes one)", id, joints_on_child);
  }
  if (!m.markers[static_cast<size_t>(child_marker)].pos_body.isZero(1e-12)) {
    return fmt::format("the marker of Constraint_Joint {} on Body_Point {} is not at the point",
                       joint.id, id);
  }
  return "";
}

}  // namespace

bool find_tree_topology(const Dae& dae, TreeTopology& tree, std::string& why_not,
                        bool allow_loops) {
  const System& sys = dae.system();
  const Model& m = sys.model();
  tree = TreeTopology();
  why_not = non_tree_elements(sys);
  if (!why_not.empty()) return false;
  if (!dae.removed().empty() && !allow_loops) {
    why_not = "the model has redundant constraints";
    return false;
  }
  // Joints incident to each body.
  std::vector<std::vector<int>> incident(m.bodies.size());
  for (size_t j = 0; j < m.joints.size(); ++j) {
    const Joint& joint = m.joints[j];
    TreeJointKind kind;
    int nq = 0, nv = 0;
    if (joint.primitive || !joint.active || !joint_size(joint.type, kind, nq, nv)) {
      why_not = fmt::format(
          "Constraint_Joint {} is not a supported joint type (revolute, "
          "translational, cylindrical, spherical, universal, hooke, fixed)",
          joint.id);
      return false;
    }
    const int bi = m.markers[joint.i_marker].body, bj = m.markers[joint.j_marker].body;
    if (bi == bj) {
      why_not = fmt::format("Constraint_Joint {} connects a body to itself", joint.id);
      return false;
    }
    incident[bi].push_back(static_cast<int>(j));
    incident[bj].push_back(static_cast<int>(j));
  }
  // Breadth-first from ground, then from every body not reached (a free root).
  std::vector<int> joint_of_body(m.bodies.size(), -2);  // -2: not reached; else tree index
  std::vector<char> joint_used(m.joints.size(), 0);
  if (allow_loops && !take_cut_joints(dae, joint_used, tree, why_not)) return false;
  const auto grow = [&](int root, int root_tree_index) -> bool {
    std::deque<std::pair<int, int>> queue{{root, root_tree_index}};
    joint_of_body[root] = root_tree_index;
    while (!queue.empty()) {
      const auto [body, tree_index] = queue.front();
      queue.pop_front();
      for (int j : incident[body]) {
        if (joint_used[j]) continue;
        joint_used[j] = 1;
        const Joint& joint = m.joints[j];
        const bool i_is_child = m.markers[joint.i_marker].body != body;
        const int child_marker = i_is_child ? joint.i_marker : joint.j_marker;
        const int child = m.markers[child_marker].body;
        if (joint_of_body[child] != -2 || m.bodies[child].ground) {
          if (allow_loops && !m.bodies[child].point && !m.bodies[body].point) {
            tree.cuts.push_back(j);
            continue;
          }
          why_not = allow_loops
                        ? fmt::format("Constraint_Joint {} closes a loop at a Body_Point", joint.id)
                        : fmt::format("Constraint_Joint {} closes a kinematic loop", joint.id);
          return false;
        }
        TreeJoint tj;
        joint_size(joint.type, tj.kind, tj.nq, tj.nv);
        if (m.bodies[child].point) {
          why_not = point_mass_refusal(m, joint, child, child_marker, incident[child].size());
          if (!why_not.empty()) return false;
          tj.kind = TreeJointKind::kPointMass;
          tj.nq = tj.nv = 0;
        }
        tj.joint = j;
        tj.body = child;
        tj.parent = tree_index;
        tj.parent_marker = i_is_child ? joint.j_marker : joint.i_marker;
        tj.child_marker = child_marker;
        if (joint.type == JointType::kHooke) {  // x_I . y_J = 0: cross axes x_I and y_J
          tj.parent_axis = i_is_child ? 1 : 0;
          tj.child_axis = i_is_child ? 0 : 1;
        }
        joint_of_body[child] = static_cast<int>(tree.joints.size());
        tree.joints.push_back(tj);
        queue.emplace_back(child, joint_of_body[child]);
      }
    }
    return true;
  };
  int ground = -1;
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    if (m.bodies[b].ground) {
      if (ground >= 0) {
        if (!grow(static_cast<int>(b), -1)) return false;  // several ground bodies
      } else {
        ground = static_cast<int>(b);
      }
    }
  }
  if (ground >= 0 && !grow(ground, -1)) return false;
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    if (m.bodies[b].ground || joint_of_body[b] != -2) continue;
    if (m.bodies[b].point) {
      why_not = fmt::format("Body_Point {} is not jointed to a body", m.bodies[b].id);
      return false;
    }
    TreeJoint tj;
    tj.kind = TreeJointKind::kFree;
    tj.body = static_cast<int>(b);
    tj.nq = 7;  // r, Euler parameters
    tj.nv = 6;  // angular velocity (ground axes), CM velocity
    joint_of_body[b] = static_cast<int>(tree.joints.size());
    tree.joints.push_back(tj);
    if (!grow(static_cast<int>(b), joint_of_body[b])) return false;
  }
  for (TreeJoint& tj : tree.joints) {
    tj.q_offset = tree.nq;
    tree.nq += tj.nq;
  }
  for (TreeJoint& tj : tree.joints) {
    tj.v_offset = tree.nq + tree.nv;
    tree.nv += tj.nv;
  }
  tree.ns = m.num_states;
  return true;
}

std::vector<int> closed_equations(const Dae& dae, int joint) {
  const System& sys = dae.system();
  const std::vector<int>& removed = dae.removed();
  const int eq0 = sys.lambda_offset(joint) - kBodyStates * sys.num_moving_bodies();
  std::vector<int> kept;
  for (int e = 0; e < sys.joint_equation_count(joint); ++e) {
    if (!std::binary_search(removed.begin(), removed.end(), eq0 + e)) kept.push_back(e);
  }
  return kept;
}

int closed_equation_count(const Dae& dae, const TreeTopology& tree) {
  int n = 0;
  for (int j : tree.cuts) n += static_cast<int>(closed_equations(dae, j).size());
  return n;
}

}  // namespace mb
