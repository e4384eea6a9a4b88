// Loop closures of the joint-coordinate form (TreeDynamics, tree_dynamics.hpp): the cut joints'
// constraints on the spanning tree's motion.
//
// A cut joint's equations come from its own kernel in the System, as in the Cartesian form: at
// the tree's body states its lambda rows are B nu and its mu rows Phi, and a unit multiplier e
// puts the wrench W_e on its two bodies (its body rows are -B^T e; with the tree's conventions,
// force in ground axes and torque at the CM, B nu = sum over the two bodies of W_e . V). So the
// closure's acceleration rows are
//   d/dt (B nu)_e = zeta_e + sum_bodies W_e . A,
// zeta the velocity-product term (System::block_velocity_row_rates along q' with nu' = 0) and A
// the bodies' spatial accelerations. The reactions lambda load the tree with sum_e lambda_e W_e;
// A is affine in them: A = A_0 + sum_e lambda_e A_e, A_e the tree's response to W_e alone
// (TreeDynamics::propagate_loads, no velocity terms: M^-1 G^T e carried to the bodies). The
// closure K lambda = -(zeta + G A_0), K_fe = W_f . A_e = G M^-1 G^T (symmetric, positive
// semi-definite), costs one O(N) pass per cut joint, its equations' loads carried side by side
// (TreeDynamics::propagate_loads; Featherstone, Rigid Body Dynamics Algorithms, 8.2, with the
// articulated-body algorithm for M^-1).
//
// Singular positions: K's rank below that of the first evaluation, or its weakest pivot below
// kSingularApproach of its value then (relative to the largest diagonal), is reported as an
// analysis failure, which the default form hands over to the DAE path (default_transient.hpp).
// The first evaluation's rank and pivot ratio may come from an earlier run of the same model
// (TreeTopology::closure_rank, closure_ratio) so that a run started after a singular passage
// holds the same reference.
//
// Redundant equations: the Cartesian analysis's removed equations (Dae::removed) on a cut joint
// are left open. What stays dependent (a removed equation of a tree joint, a singular position)
// is found by the Cholesky factorisation of K with complete (diagonal) pivoting: a pivot below
// kDependentPivot times the largest diagonal ends it, and the equations not factorised get
// lambda = 0 (the accelerations are the same whichever independent set holds).
//
// Drift: the integrator keeps the acceleration rows only; project() puts the state back on
// Phi = 0 and B nu = 0 with the mass-weighted least-squares correction dq = M^-1 G^T lambda,
// G dq = -Phi (Newton, G at the current position), then likewise for the speeds.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "solver/state_layout.hpp"
#include "solver/tree/tree_dynamics.hpp"

namespace mb {

namespace {

/// Pivots of K below this fraction of its largest diagonal end the factorisation (dependent).
constexpr double kDependentPivot = 1e-10;
constexpr int kMaxProjectionIterations = 8;
/// The closures are near a singular position when K's weakest pivot (relative to its largest
/// diagonal) falls below this fraction of its value at the start: about 3 % of the start's
/// distance from a four-bar's flat position (the pivot goes with its square), early enough that
/// an explicit step does not jump over the singular region.
constexpr double kSingularApproach = 1e-3;
/// A projection that stops reducing the residual is accepted below this multiple of its tolerance.
constexpr double kStalledResidual = 100;

}  // namespace

void TreeDynamics::init_loops() {
  const System& sys = dae_.system();
  const Model& m = sys.model();
  if (tree_.cuts.empty()) return;
  closure_rank_ = tree_.closure_rank;
  closure_ratio_ = tree_.closure_ratio;
  if (sys.form() != DaeForm::kStabilisedIndex2) {
    throw Error(ExitCode::kInternal, "loop closures need the index-2 System");
  }
  std::vector<int> tree_index(m.bodies.size(), -1);
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    tree_index[static_cast<size_t>(tree_.joints[k].body)] = static_cast<int>(k);
  }
  for (int j : tree_.cuts) {
    Cut c;
    c.joint = j;
    const Joint& joint = m.joints[static_cast<size_t>(j)];
    const int markers[2] = {joint.i_marker, joint.j_marker};
    for (int side = 0; side < 2; ++side) {
      const int body = m.markers[static_cast<size_t>(markers[side])].body;
      if (m.bodies[static_cast<size_t>(body)].ground) continue;
      c.tree_body[side] = tree_index[static_cast<size_t>(body)];
      c.offset[side] = sys.body_offset(body);
    }
    c.equations = closed_equations(dae_, j);
    n_closed_ += static_cast<int>(c.equations.size());
    cuts_.push_back(std::move(c));
  }
  // The bodies whose load responses K reads: the cut joints' bodies and their ancestors.
  for (const Cut& c : cuts_) {
    for (int side = 0; side < 2; ++side) {
      for (int k = c.tree_body[side]; k >= 0 && !b_[static_cast<size_t>(k)].read;
           k = tree_.joints[static_cast<size_t>(k)].parent) {
        b_[static_cast<size_t>(k)].read = true;
      }
    }
  }
  closure_w_.resize(static_cast<size_t>(n_closed_));
  K_.setZero(n_closed_, n_closed_);
  L_.setZero(n_closed_, n_closed_);
  llt_.compute(K_);  // sizes its storage once (K_ is zero here: the factorisation fails)
  lambda_.setZero(n_closed_);
  rhs_.setZero(n_closed_);
  work_.setZero(n_closed_);
  perm_.resize(static_cast<size_t>(n_closed_));
  ydot_.assign(y_.size(), 0.0);
  speed_.assign(static_cast<size_t>(tree_.nv), 0.0);
}

void TreeDynamics::write_cut_multipliers(std::vector<double>& y) const {
  const System& sys = dae_.system();
  int row = 0;
  for (const Cut& c : cuts_) {
    const int l0 = sys.lambda_offset(c.joint);
    for (int e : c.equations) y[static_cast<size_t>(l0 + e)] = lambda_(row++);
  }
}

void TreeDynamics::closure_wrenches(double t) {
  const System& sys = dae_.system();
  int row = 0;
  for (const Cut& c : cuts_) {
    const auto lambda0 = static_cast<size_t>(sys.lambda_offset(c.joint));
    for (int e : c.equations) {
      for (int side = 0; side < 2; ++side) {
        if (c.offset[side] >= 0)
          std::fill_n(&res_[static_cast<size_t>(c.offset[side]) + 7], 6, 0.0);
      }
      y_[lambda0 + static_cast<size_t>(e)] = 1.0;
      sys.add_block_residual(dae_.workspace(), c.joint, t, y_.data(), yp0_.data(), res_.data());
      y_[lambda0 + static_cast<size_t>(e)] = 0.0;
      for (int side = 0; side < 2; ++side) {
        Vec6& w = closure_w_[static_cast<size_t>(row)][static_cast<size_t>(side)];
        w.setZero();
        if (c.offset[side] < 0) continue;
        const double* r = &res_[static_cast<size_t>(c.offset[side])];
        const Mat3& A = b_[static_cast<size_t>(c.tree_body[side])].A;
        w << -(A * Vec3(r[10], r[11], r[12])), -Vec3(r[7], r[8], r[9]);
      }
      ++row;
    }
  }
}

void TreeDynamics::closure_matrix() {
  // One pass per cut joint, its closed equations' loads side by side.
  int col = 0;
  for (const Cut& c : cuts_) {
    const int r = static_cast<int>(c.equations.size());
    if (r == 0) continue;
    for (Body& b : b_) b.loaded = false;
    for (int side = 0; side < 2; ++side) {
      if (c.tree_body[side] < 0) continue;
      Body& b = b_[static_cast<size_t>(c.tree_body[side])];
      if (!b.loaded) b.load_p.setZero(6, r);
      b.loaded = true;
      for (int e = 0; e < r; ++e) {
        b.load_p.col(e) -= closure_w_[static_cast<size_t>(col + e)][static_cast<size_t>(side)];
      }
    }
    propagate_loads(r);
    int row = 0;
    for (const Cut& f : cuts_) {
      for (size_t g = 0; g < f.equations.size(); ++g, ++row) {
        for (int e = 0; e < r; ++e) {
          double k = 0;
          for (int side = 0; side < 2; ++side) {
            if (f.tree_body[side] < 0) continue;
            k += closure_w_[static_cast<size_t>(row)][static_cast<size_t>(side)].dot(
                b_[static_cast<size_t>(f.tree_body[side])].load_acc.col(e));
          }
          K_(row, col + e) = k;
        }
      }
    }
    col += r;
  }
}

int TreeDynamics::solve_closure(const Eigen::VectorXd& rhs) {
  const int n = n_closed_;
  const double largest = n > 0 ? K_.diagonal().maxCoeff() : 0.0;
  // The usual case first, every equation independent: Eigen's blocked Cholesky, kept when no
  // pivot falls below the dependence threshold.
  llt_.compute(K_);
  if (llt_.info() == Eigen::Success && n > 0) {
    pivot_ratio_ = llt_.matrixLLT().diagonal().cwiseAbs2().minCoeff() / largest;
    if (pivot_ratio_ > kDependentPivot) {
      lambda_ = rhs;
      llt_.solveInPlace(lambda_);
      return n;
    }
  }
  // Cholesky with complete pivoting, L_ holding the factor of the leading pivots.
  L_ = K_;
  for (int i = 0; i < n; ++i) perm_[static_cast<size_t>(i)] = i;
  int rank = 0;
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i) {
      if (L_(i, i) > L_(p, p)) p = i;
    }
    if (!(L_(p, p) > kDependentPivot * largest)) break;
    pivot_ratio_ = L_(p, p) / largest;
    if (p != k) {
      L_.row(k).swap(L_.row(p));
      L_.col(k).swap(L_.col(p));
      std::swap(perm_[static_cast<size_t>(k)], perm_[static_cast<size_t>(p)]);
    }
    const double d = std::sqrt(L_(k, k));
    L_(k, k) = d;
    for (int i = k + 1; i < n; ++i) L_(i, k) /= d;
    // The whole trailing block (both triangles): a later swap reads rows and columns alike.
    for (int j = k + 1; j < n; ++j) {
      for (int i = k + 1; i < n; ++i) L_(i, j) -= L_(i, k) * L_(j, k);
    }
    for (int j = k + 1; j < n; ++j) L_(k, j) = L_(j, k);
    rank = k + 1;
  }
  // L L^T z = P^T rhs on the leading `rank` equations; the others get 0.
  for (int i = 0; i < rank; ++i) {
    double v = rhs(perm_[static_cast<size_t>(i)]);
    for (int j = 0; j < i; ++j) v -= L_(i, j) * work_(j);
    work_(i) = v / L_(i, i);
  }
  for (int i = rank; i-- > 0;) {
    double v = work_(i);
    for (int j = i + 1; j < rank; ++j) v -= L_(j, i) * work_(j);
    work_(i) = v / L_(i, i);
  }
  lambda_.setZero();
  for (int i = 0; i < rank; ++i) lambda_(perm_[static_cast<size_t>(i)]) = work_(i);
  return rank;
}

void TreeDynamics::closure_response() {
  for (Body& b : b_) b.loaded = false;
  int row = 0;
  for (const Cut& c : cuts_) {
    for (size_t e = 0; e < c.equations.size(); ++e, ++row) {
      for (int side = 0; side < 2; ++side) {
        if (c.tree_body[side] < 0) continue;
        Body& b = b_[static_cast<size_t>(c.tree_body[side])];
        if (!b.loaded) b.load_p.setZero(6, 1);
        b.loaded = true;
        b.load_p.col(0) -=
            lambda_(row) * closure_w_[static_cast<size_t>(row)][static_cast<size_t>(side)];
      }
    }
  }
  propagate_loads(1, true);
}

void TreeDynamics::closure_residuals(double t, bool position, Eigen::VectorXd& out) {
  const System& sys = dae_.system();
  int row = 0;
  for (const Cut& c : cuts_) {
    const int first = position ? sys.mu_offset(c.joint) : sys.lambda_offset(c.joint);
    const int m = sys.joint_equation_count(c.joint);
    std::fill_n(&res_[static_cast<size_t>(first)], m, 0.0);
    sys.add_block_residual(dae_.workspace(), c.joint, t, y_.data(), yp0_.data(), res_.data());
    for (int e : c.equations) out(row++) = res_[static_cast<size_t>(first + e)];
  }
}

void TreeDynamics::close_loops(double t) {
  const System& sys = dae_.system();
  // zeta: the velocity rows' rates along q' (r' = v, p' from w) with nu' = 0.
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const Body& b = b_[k];
    double* o = &ydot_[static_cast<size_t>(k_[k].offset)];
    const Vec4 pdot =
        euler_parameter_rate(Vec4(b.p.w(), b.p.x(), b.p.y(), b.p.z()), Vec3(b.A.transpose() * b.w));
    for (int i = 0; i < 3; ++i) o[i] = b.v(i);
    for (int i = 0; i < 4; ++i) o[3 + i] = pdot(i);
  }
  closure_wrenches(t);
  closure_matrix();
  int row = 0;
  double rates[JointKernel::kMaxEquations];
  for (const Cut& c : cuts_) {
    sys.block_velocity_row_rates(dae_.workspace(), c.joint, t, y_.data(), ydot_.data(), rates);
    for (int e : c.equations) {
      double v = rates[e];
      for (int side = 0; side < 2; ++side) {
        if (c.tree_body[side] < 0) continue;
        v += closure_w_[static_cast<size_t>(row)][static_cast<size_t>(side)].dot(
            b_[static_cast<size_t>(c.tree_body[side])].main.acc);
      }
      rhs_(row++) = -v;
    }
  }
  pivot_ratio_ = 1.0;
  const int rank = solve_closure(rhs_);
  if (closure_rank_ < 0) {  // the structural rank and conditioning, at the first evaluation
    closure_rank_ = rank;
    closure_ratio_ = pivot_ratio_;
  }
  if (rank < closure_rank_) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("the loop closures lose rank at t = {:.10g} ({} independent "
                            "equations of {}, {} at the start): a singular position",
                            t, rank, n_closed_, closure_rank_));
  }
  if (pivot_ratio_ < kSingularApproach * closure_ratio_) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("the loop closures near a singular position at t = {:.10g} (weakest "
                            "pivot {:.3g} of the largest, {:.3g} at the start)",
                            t, pivot_ratio_, closure_ratio_));
  }
  row = 0;
  for (const Cut& c : cuts_) {
    for (size_t e = 0; e < c.equations.size(); ++e, ++row) {
      for (int side = 0; side < 2; ++side) {
        if (c.tree_body[side] < 0) continue;
        b_[static_cast<size_t>(c.tree_body[side])].W +=
            lambda_(row) * closure_w_[static_cast<size_t>(row)][static_cast<size_t>(side)];
      }
    }
  }
  for (Body& b : b_) b.main.p = -b.W;
  propagate();
}

double TreeDynamics::project(double t, double* x, double tol, bool always) {
  if (cuts_.empty()) return 0.0;
  double found = 0;
  std::vector<double>& dq = ydot_;  // scratch of at least nq entries (the Dae's size)
  for (int level = 0; level < 2; ++level) {
    const bool position = level == 0;
    double last = 0;
    for (int it = 0;; ++it) {
      kinematics(x);
      write_body_states(y_);
      closure_residuals(t, position, rhs_);
      const double err = rhs_.size() > 0 ? rhs_.cwiseAbs().maxCoeff() : 0.0;
      if (it == 0) {
        found = std::max(found, err);
        if (err <= tol && (!always || err == 0)) break;
      } else if (err <= 0.01 * tol) {
        break;
      } else if (err > 0.5 * last && err <= kStalledResidual * tol) {
        // Stalled near a singular position: what is left lies along equations that became
        // dependent (their pivots dropped), which first-order corrections do not reach.
        break;
      }
      last = err;
      if (it == kMaxProjectionIterations) {
        throw Error(ExitCode::kAnalysisFailed,
                    fmt::format("joint-coordinate form: the loop closures do not converge at "
                                "t = {:.10g} ({} residual {:.3g} after {} iterations)",
                                t, position ? "position" : "velocity", err, it));
      }
      articulated_inertias(t);
      closure_wrenches(t);
      closure_matrix();
      rhs_ = -rhs_;
      solve_closure(rhs_);
      closure_response();
      if (position) {
        for (size_t k = 0; k < tree_.joints.size(); ++k) {
          const TreeJoint& tj = tree_.joints[k];
          for (int i = 0; i < tj.nv; ++i) {
            speed_[static_cast<size_t>(tj.v_offset - tree_.nq + i)] = b_[k].load_qdd(i, 0);
          }
        }
        position_rates(x, speed_.data(), dq.data());
        for (int i = 0; i < tree_.nq; ++i) x[i] += dq[static_cast<size_t>(i)];
        normalise(x);
      } else {
        for (size_t k = 0; k < tree_.joints.size(); ++k) {
          const TreeJoint& tj = tree_.joints[k];
          for (int i = 0; i < tj.nv; ++i) x[tj.v_offset + i] += b_[k].load_qdd(i, 0);
        }
      }
    }
  }
  return found;
}

}  // namespace mb
