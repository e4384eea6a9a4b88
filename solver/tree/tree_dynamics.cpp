#include "solver/tree/tree_dynamics.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {

using Quat = Eigen::Quaterniond;

Quat quat_of(const double* p) { return Quat(p[0], p[1], p[2], p[3]); }

Mat3 cross_matrix(const Vec3& a) {
  Mat3 m;
  m << 0, -a(2), a(1), a(2), 0, -a(0), -a(1), a(0), 0;
  return m;
}

/// X^T I X for the shift X (w, v) -> (w, v + w x d): with I = [A B; B^T C] and D = [d]x,
/// X = [1 0; -D 1], X^T = [1 D; 0 1].
template <class M6>
void add_shifted_inertia(const M6& I, const Vec3& d, M6& out) {
  const Mat3 D = cross_matrix(d);
  const Mat3 A = I.template topLeftCorner<3, 3>(), B = I.template topRightCorner<3, 3>(),
             C = I.template bottomRightCorner<3, 3>();
  const Mat3 BtCD = B.transpose() - C * D;  // lower-left block of I X
  const Mat3 upper_left = A - B * D + D * BtCD;
  const Mat3 upper_right = B + D * C;
  out.template topLeftCorner<3, 3>() += upper_left;
  out.template topRightCorner<3, 3>() += upper_right;
  out.template bottomLeftCorner<3, 3>() += upper_right.transpose();
  out.template bottomRightCorner<3, 3>() += C;
}

const char* kind_name(TreeJointKind k) {
  switch (k) {
    case TreeJointKind::kRevolute:
      return "revolute";
    case TreeJointKind::kTranslational:
      return "translational";
    case TreeJointKind::kCylindrical:
      return "cylindrical";
    case TreeJointKind::kSpherical:
      return "spherical";
    case TreeJointKind::kUniversal:
      return "universal";
    case TreeJointKind::kFixed:
      return "fixed";
    case TreeJointKind::kFree:
      return "free";
    case TreeJointKind::kPointMass:
      return "spherical, point mass";
  }
  return "";
}

/// Number of rotational speeds first in a joint's speed list (the rest translate along e_z).
int rotational_speeds(TreeJointKind k) {
  switch (k) {
    case TreeJointKind::kRevolute:
    case TreeJointKind::kCylindrical:
      return 1;
    case TreeJointKind::kUniversal:
      return 2;
    case TreeJointKind::kSpherical:
      return 3;
    default:
      return 0;
  }
}

}  // namespace

TreeDynamics::TreeDynamics(const Dae& dae, TreeTopology tree, const std::vector<double>& y0)
    : dae_(dae),
      tree_(std::move(tree)),
      k_(tree_.joints.size()),
      b_(tree_.joints.size()),
      x0_(static_cast<size_t>(tree_.nq + tree_.nv + tree_.ns), 0.0),
      y_(y0),
      yp0_(y0.size(), 0.0),
      res_(y0.size(), 0.0),
      bc_(tree_.joints.size()) {
  const System& sys = dae.system();
  const Model& m = sys.model();
  // Initial poses and velocities of every body (ground axes) from y0.
  const auto pose = [&](int offset, Quat& p, Mat3& A, Vec3& r, Vec3& w, Vec3& v) {
    if (offset < 0) {
      p = Quat::Identity();
      A.setIdentity();
      r.setZero();
      w.setZero();
      v.setZero();
      return;
    }
    p = quat_of(&y0[static_cast<size_t>(offset) + 3]).normalized();
    A = p.toRotationMatrix();
    r = Vec3(y0[offset], y0[offset + 1], y0[offset + 2]);
    v = Vec3(y0[offset + 7], y0[offset + 8], y0[offset + 9]);
    w = A * Vec3(y0[offset + 10], y0[offset + 11], y0[offset + 12]);
  };
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    Constants& c = k_[k];
    c.offset = sys.body_offset(tj.body);
    c.parent_offset = tj.parent < 0 ? -1 : sys.body_offset(tree_.joints[tj.parent].body);
    const BodyKernel& bk = sys.body_kernel(body_of_offset(c.offset));
    c.mass = bk.mass;
    c.inertia = bk.inertia;
    Body& b = b_[k];
    b.S = MatS::Zero(6, tj.nv);
    b.U = MatS::Zero(6, tj.nv);
    b.Dinv = MatD::Zero(tj.nv, tj.nv);
    b.Ia.setZero();
    b.main.p.setZero();
    b.main.acc.setZero();
    b.main.u = VecD::Zero(tj.nv);
    b.main.qdd = VecD::Zero(tj.nv);
    Quat pi, pp;
    Mat3 Ai, Ap;
    Vec3 ri, wi, vi, rp, wp, vp;
    pose(c.offset, pi, Ai, ri, wi, vi);
    // Pointer arithmetic, not operator[]: a joint without coordinates (a model with no
    // freedom at all) has its offsets at the end of x0_, which may be empty.
    double* q0 = x0_.data() + tj.q_offset;
    double* v0 = x0_.data() + tj.v_offset;
    if (tj.kind == TreeJointKind::kFree) {
      for (int i = 0; i < 3; ++i) q0[i] = ri(i);
      q0[3] = pi.w();
      q0[4] = pi.x();
      q0[5] = pi.y();
      q0[6] = pi.z();
      for (int i = 0; i < 3; ++i) {
        v0[i] = wi(i);
        v0[3 + i] = vi(i);
      }
      continue;
    }
    pose(c.parent_offset, pp, Ap, rp, wp, vp);
    const Marker& mp = m.markers[tj.parent_marker];
    const Marker& mc = m.markers[tj.child_marker];
    c.s_p = mp.pos_body;
    c.R_p = mp.axes_body;
    c.Q_p = Quat(c.R_p).normalized();
    c.s_c = mc.pos_body;
    // p_i = p_p Q_p Q_0c at rest: Q_0c reproduces the assembled orientation exactly.
    c.Q_0c = (c.Q_p.conjugate() * pp.conjugate() * pi).normalized();
    const Mat3 BP = Ap * c.R_p;
    const Vec3 e = BP.col(2);
    const Vec3 O_p = rp + Ap * c.s_p, O_c = ri + Ai * c.s_c;
    c.d0 = BP.transpose() * (O_c - O_p);
    c.axis_p = Vec3::Unit(tj.parent_axis);
    c.axis_c = (c.Q_0c * mc.axes_body.col(tj.child_axis)).normalized();
    const Vec3 w_rel = wi - wp;
    const Vec3 v_slide = vi + wi.cross(O_c - ri) - (vp + wp.cross(O_c - rp));
    switch (tj.kind) {
      case TreeJointKind::kRevolute:
        v0[0] = e.dot(w_rel);
        break;
      case TreeJointKind::kTranslational:
        v0[0] = e.dot(v_slide);
        break;
      case TreeJointKind::kCylindrical:
        v0[0] = e.dot(w_rel);
        v0[1] = e.dot(v_slide);
        break;
      case TreeJointKind::kUniversal:
        v0[0] = (BP * c.axis_p).dot(w_rel);
        v0[1] = (BP * c.axis_c).dot(w_rel);
        break;
      case TreeJointKind::kSpherical: {
        q0[0] = 1.0;  // Q_J = identity at rest
        const Vec3 om = BP.transpose() * w_rel;
        for (int i = 0; i < 3; ++i) v0[i] = om(i);
        break;
      }
      default:
        break;
    }
  }
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    const int m_eq = tj.kind == TreeJointKind::kFree ? 0 : sys.joint_equation_count(tj.joint);
    bc_[k] = MatS::Zero(6, m_eq);
  }
  std::fill(y_.begin() + kBodyStates * sys.num_moving_bodies(), y_.end(), 0.0);
  std::copy_n(y0.begin() + sys.state_offset(), tree_.ns, x0_.begin() + tree_.nq + tree_.nv);
  init_loops();
}

void TreeDynamics::kinematics(const double* x) {
  std::copy_n(x + tree_.nq + tree_.nv, tree_.ns, y_.begin() + dae_.system().state_offset());
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    const Constants& c = k_[k];
    Body& b = b_[k];
    const double* q = x + tj.q_offset;
    const double* qd = x + tj.v_offset;  // v_offset indexes the whole state
    if (tj.kind == TreeJointKind::kFree) {
      b.p = quat_of(q + 3).normalized();
      b.A = b.p.toRotationMatrix();
      b.r = Vec3(q[0], q[1], q[2]);
      b.w = Vec3(qd[0], qd[1], qd[2]);
      b.v = Vec3(qd[3], qd[4], qd[5]);
      b.d.setZero();
      b.S.setIdentity();
      b.c.setZero();
      continue;
    }
    Quat pp = Quat::Identity();
    Mat3 Ap = Mat3::Identity();
    Vec3 rp = Vec3::Zero(), wp = Vec3::Zero(), vp = Vec3::Zero();
    if (tj.parent >= 0) {
      const Body& par = b_[static_cast<size_t>(tj.parent)];
      pp = par.p;
      Ap = par.A;
      rp = par.r;
      wp = par.w;
      vp = par.v;
    }
    Quat QJ = Quat::Identity();
    double s = 0, sd = 0;
    switch (tj.kind) {
      case TreeJointKind::kRevolute:
        QJ = Quat(std::cos(0.5 * q[0]), 0, 0, std::sin(0.5 * q[0]));
        break;
      case TreeJointKind::kTranslational:
        s = q[0];
        sd = qd[0];
        break;
      case TreeJointKind::kCylindrical:
        QJ = Quat(std::cos(0.5 * q[0]), 0, 0, std::sin(0.5 * q[0]));
        s = q[1];
        sd = qd[1];
        break;
      case TreeJointKind::kSpherical:
        QJ = quat_of(q).normalized();
        break;
      case TreeJointKind::kUniversal:
        QJ = Quat(Eigen::AngleAxisd(q[0], c.axis_p)) * Quat(Eigen::AngleAxisd(q[1], c.axis_c));
        break;
      default:
        break;
    }
    b.p = pp * c.Q_p * QJ * c.Q_0c;
    b.A = b.p.toRotationMatrix();
    const Mat3 BP = Ap * c.R_p;
    const Vec3 e = BP.col(2);
    const Vec3 O_c = rp + Ap * c.s_p + BP * (c.d0 + Vec3(0, 0, s));
    const Vec3 rho = -(b.A * c.s_c);
    b.r = O_c + rho;
    b.d = b.r - rp;
    const Vec3 delta = O_c - rp;
    // Motion subspace and relative angular velocity.
    const int nrot = rotational_speeds(tj.kind);
    Vec3 w_rel = Vec3::Zero();
    if (tj.kind == TreeJointKind::kSpherical) {
      const Mat3 F = BP * QJ.toRotationMatrix();
      for (int i = 0; i < 3; ++i) {
        const Vec3 a = F.col(i);
        b.S.col(i) << a, a.cross(rho);
        w_rel += a * qd[i];
      }
    } else if (nrot == 1) {
      b.S.col(0) << e, e.cross(rho);
      w_rel = e * qd[0];
    }
    // Universal: a1 fixed in the parent, a2 in the cross, which turns with w_p + a1 theta1'.
    Vec3 a1_x_a2 = Vec3::Zero();
    if (tj.kind == TreeJointKind::kUniversal) {
      const Vec3 a1 = BP * c.axis_p;
      const Vec3 a2 = BP * (Quat(Eigen::AngleAxisd(q[0], c.axis_p)) * c.axis_c);
      b.S.col(0) << a1, a1.cross(rho);
      b.S.col(1) << a2, a2.cross(rho);
      w_rel = a1 * qd[0] + a2 * qd[1];
      a1_x_a2 = a1.cross(a2) * (qd[0] * qd[1]);
    }
    if (tj.nv > nrot) b.S.col(nrot) << Vec3::Zero(), e;
    b.w = wp + w_rel;
    b.v = vp + wp.cross(b.d) + w_rel.cross(rho) + e * sd;
    const Vec3 c_ang = wp.cross(w_rel) + a1_x_a2;
    b.c << c_ang, wp.cross(wp.cross(delta)) + 2.0 * wp.cross(e * sd) + c_ang.cross(rho) +
                      b.w.cross(b.w.cross(rho));
    if (tj.kind == TreeJointKind::kPointMass) {
      // Its marker is at the point (rho = 0), so it moves with the parent's joint marker; its
      // rotation is held at the global axes. Its angular acceleration in the articulated-body
      // passes is the parent's, which no inertia and no torque of its own reads.
      b.p = Quat::Identity();
      b.A.setIdentity();
      b.w.setZero();
    }
  }
}

void TreeDynamics::write_body_states(std::vector<double>& y) const {
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const Body& b = b_[k];
    double* o = &y[static_cast<size_t>(k_[k].offset)];
    const Vec3 w_body = b.A.transpose() * b.w;
    for (int i = 0; i < 3; ++i) {
      o[i] = b.r(i);
      o[7 + i] = b.v(i);
      o[10 + i] = w_body(i);
    }
    o[3] = b.p.w();
    o[4] = b.p.x();
    o[5] = b.p.y();
    o[6] = b.p.z();
  }
}

void TreeDynamics::applied_wrenches(double t) {
  // Applied wrenches: minus the Newton-Euler rows at y' = 0, lambda = mu = mu_n = 0.
  write_body_states(y_);
  dae_.system().applied_residual(dae_.workspace(), t, y_.data(), yp0_.data(), res_.data());
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    Body& b = b_[k];
    const double* r = &res_[static_cast<size_t>(k_[k].offset)];
    b.W << -(b.A * Vec3(r[10], r[11], r[12])), -Vec3(r[7], r[8], r[9]);
    // A point mass's hold takes every torque applied to it (and its inertia is zero).
    if (tree_.joints[k].kind == TreeJointKind::kPointMass) b.W.head<3>().setZero();
  }
}

void TreeDynamics::articulated_inertias(double t) {
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const Constants& c = k_[k];
    Body& b = b_[k];
    b.IA.setZero();
    b.IA.topLeftCorner<3, 3>() = b.A * c.inertia * b.A.transpose();
    b.IA.bottomRightCorner<3, 3>().diagonal().setConstant(c.mass);
  }
  for (size_t k = tree_.joints.size(); k-- > 0;) {
    const TreeJoint& tj = tree_.joints[k];
    Body& b = b_[k];
    if (tj.nv == 1) {
      b.U.col(0) = b.IA * Vec6(b.S.col(0));
    } else {
      b.U.noalias() = b.IA * b.S;
    }
    const MatD D = b.S.transpose() * b.U;
    // D = S^T I^A S is symmetric positive definite for a body with mass and inertia: its
    // inverse by Cholesky (a division for one speed), refused when it is not.
    bool singular = false;
    if (tj.nv == 1) {
      singular = !(D(0, 0) > 0.0) || !std::isfinite(D(0, 0));
      b.Dinv(0, 0) = 1.0 / D(0, 0);
    } else if (tj.nv > 0) {
      const Eigen::LLT<MatD> llt(D);
      singular = llt.info() != Eigen::Success || !D.allFinite();
      b.Dinv = llt.solve(MatD::Identity(tj.nv, tj.nv));
    }
    if (singular) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("joint-coordinate ODE form: singular articulated inertia at "
                              "t = {:.10g} ({})",
                              t, describe_coordinate(tj.v_offset)));
    }
    if (tj.parent < 0) continue;
    b.Ia = b.IA;
    if (tj.nv == 1) {  // the same with fixed sizes (most joints): no dynamic-size products
      const Vec6 U1 = b.U.col(0);
      b.Ia.noalias() -= (b.Dinv(0, 0) * U1) * U1.transpose();
    } else {
      b.Ia.noalias() -= b.U * b.Dinv * b.U.transpose();
    }
    add_shifted_inertia(b.Ia, b.d, b_[static_cast<size_t>(tj.parent)].IA);
  }
}

void TreeDynamics::propagate() {
  // Backward: bias forces, p^a = p^A (+ I^a c) + U D^-1 u added to the parent through X^T.
  for (size_t k = tree_.joints.size(); k-- > 0;) {
    const TreeJoint& tj = tree_.joints[k];
    Body& b = b_[k];
    Pass& ps = b.main;
    ps.u.noalias() = -(b.S.transpose() * ps.p);
    if (tj.parent < 0) continue;
    Vec6 pa = ps.p;
    pa.noalias() += b.Ia * b.c;
    if (tj.nv == 1) {
      pa += b.U.col(0) * (b.Dinv(0, 0) * ps.u(0));
    } else if (tj.nv > 0) {
      pa.noalias() += b.U * (b.Dinv * ps.u);
    }
    Pass& pp = b_[static_cast<size_t>(tj.parent)].main;
    // X^T (n, f) = (n + d x f, f)
    pp.p.head<3>() += pa.head<3>() + b.d.cross(pa.tail<3>());
    pp.p.tail<3>() += pa.tail<3>();
  }
  // Forward: accelerations.
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    Body& b = b_[k];
    Pass& ps = b.main;
    Vec6 a = b.c;
    if (tj.parent >= 0) {
      const Vec6& ap = b_[static_cast<size_t>(tj.parent)].main.acc;
      a.head<3>() += ap.head<3>();
      a.tail<3>() += ap.tail<3>() + ap.head<3>().cross(b.d);
    }
    ps.acc = a;
    if (tj.nv == 1) {
      const Vec6 S1 = b.S.col(0), U1 = b.U.col(0);
      ps.qdd(0) = b.Dinv(0, 0) * (ps.u(0) - U1.dot(a));
      ps.acc += S1 * ps.qdd(0);
    } else if (tj.nv > 0) {
      ps.qdd.noalias() = b.Dinv * (ps.u - b.U.transpose() * a);
      ps.acc.noalias() += b.S * ps.qdd;
    }
  }
}

void TreeDynamics::propagate_loads(int r, bool every_body) {
  for (size_t k = tree_.joints.size(); k-- > 0;) {
    const TreeJoint& tj = tree_.joints[k];
    Body& b = b_[k];
    if (!b.loaded) continue;
    if (tj.nv == 1) {  // fixed sizes for the usual one speed
      const Vec6 S1 = b.S.col(0);
      b.load_u.noalias() = -(S1.transpose() * b.load_p);
    } else {
      b.load_u.noalias() = -(b.S.transpose() * b.load_p);
    }
    if (tj.parent < 0) continue;
    MatS pa = b.load_p;
    if (tj.nv == 1) {
      const Vec6 U1 = b.U.col(0) * b.Dinv(0, 0);
      pa.noalias() += U1 * b.load_u;
    } else if (tj.nv > 0) {
      pa.noalias() += b.U * (b.Dinv * b.load_u);
    }
    Body& par = b_[static_cast<size_t>(tj.parent)];
    if (!par.loaded) {
      par.load_p.setZero(6, r);
      par.loaded = true;
    }
    for (int c = 0; c < r; ++c) {  // X^T (n, f) = (n + d x f, f)
      par.load_p.col(c).head<3>() += pa.col(c).head<3>() + b.d.cross(Vec3(pa.col(c).tail<3>()));
      par.load_p.col(c).tail<3>() += pa.col(c).tail<3>();
    }
  }
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    Body& b = b_[k];
    if (!b.read && !every_body) continue;
    b.load_acc.setZero(6, r);
    if (tj.parent >= 0) {
      const MatS& ap = b_[static_cast<size_t>(tj.parent)].load_acc;
      for (int c = 0; c < r; ++c) {
        b.load_acc.col(c).head<3>() = ap.col(c).head<3>();
        b.load_acc.col(c).tail<3>() = ap.col(c).tail<3>() + Vec3(ap.col(c).head<3>()).cross(b.d);
      }
    }
    if (tj.nv == 0) continue;
    if (tj.nv == 1) {
      const Vec6 S1 = b.S.col(0), U1 = b.U.col(0);
      const double dinv = b.Dinv(0, 0);
      b.load_qdd.noalias() = -dinv * (U1.transpose() * b.load_acc);
      if (b.loaded) b.load_qdd += dinv * b.load_u;
      b.load_acc.noalias() += S1 * b.load_qdd;
      continue;
    }
    if (b.loaded) {
      b.load_qdd.noalias() = b.Dinv * (b.load_u - b.U.transpose() * b.load_acc);
    } else {
      b.load_qdd.noalias() = -(b.Dinv * (b.U.transpose() * b.load_acc));
    }
    b.load_acc.noalias() += b.S * b.load_qdd;
  }
}

void TreeDynamics::articulated_body(double t) {
  applied_wrenches(t);
  articulated_inertias(t);
  for (Body& b : b_) b.main.p = -b.W;
  propagate();
  if (!cuts_.empty()) close_loops(t);
}

void TreeDynamics::position_rates(const double* x, const double* speeds, double* dq) const {
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    const double* q = x + tj.q_offset;
    const double* qd = speeds + (tj.v_offset - tree_.nq);
    double* d = dq + tj.q_offset;
    switch (tj.kind) {
      case TreeJointKind::kSpherical: {
        // Q' = 1/2 Q (x) (0, omega), omega in the joint's own axes
        const Vec4 rate =
            euler_parameter_rate(Vec4(q[0], q[1], q[2], q[3]), Vec3(qd[0], qd[1], qd[2]));
        for (int i = 0; i < 4; ++i) d[i] = rate(i);
        break;
      }
      case TreeJointKind::kFree: {
        for (int i = 0; i < 3; ++i) d[i] = qd[3 + i];
        const Vec4 p(q[3], q[4], q[5], q[6]);
        const Vec3 w_body = b_[k].A.transpose() * Vec3(qd[0], qd[1], qd[2]);
        const Vec4 rate = euler_parameter_rate(p, w_body);
        for (int i = 0; i < 4; ++i) d[3 + i] = rate(i);
        break;
      }
      default:
        for (int i = 0; i < tj.nq; ++i) d[i] = qd[i];
        break;
    }
  }
}

void TreeDynamics::derivatives(double t, const double* x, double* xdot) {
  kinematics(x);
  articulated_body(t);
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const TreeJoint& tj = tree_.joints[k];
    double* dv = xdot + tj.v_offset;
    for (int i = 0; i < tj.nv; ++i) dv[i] = b_[k].main.qdd(i);
  }
  position_rates(x, x + tree_.nq, xdot);
  const double* state_rows = &res_[static_cast<size_t>(dae_.system().state_offset())];
  for (int i = 0; i < tree_.ns; ++i) xdot[tree_.nq + tree_.nv + i] = -state_rows[i];
}

void TreeDynamics::cartesian_state(double t, const double* x, std::vector<double>& y,
                                   std::vector<double>& yp) {
  kinematics(x);
  articulated_body(t);
  std::fill(y.begin(), y.end(), 0.0);
  std::fill(yp.begin(), yp.end(), 0.0);
  write_body_states(y);
  const auto s0 = static_cast<size_t>(dae_.system().state_offset());
  for (size_t i = 0; i < static_cast<size_t>(tree_.ns); ++i) {
    y[s0 + i] = y_[s0 + i];
    yp[s0 + i] = -res_[s0 + i];  // x' - f at x' = 0
  }
  for (size_t k = 0; k < tree_.joints.size(); ++k) {
    const Body& b = b_[k];
    double* o = &yp[static_cast<size_t>(k_[k].offset)];
    const Vec4 pdot =
        euler_parameter_rate(Vec4(b.p.w(), b.p.x(), b.p.y(), b.p.z()), Vec3(b.A.transpose() * b.w));
    const bool point = tree_.joints[k].kind == TreeJointKind::kPointMass;
    const Vec3 wdot_body = point ? Vec3::Zero() : Vec3(b.A.transpose() * b.main.acc.head<3>());
    for (int i = 0; i < 3; ++i) {
      o[i] = b.v(i);
      o[7 + i] = b.main.acc(3 + i);
      o[10 + i] = wdot_body(i);
    }
    for (int i = 0; i < 4; ++i) o[3 + i] = pdot(i);
  }
  solve_multipliers(t, y);
  write_cut_multipliers(y);
}

void TreeDynamics::solve_multipliers(double t, std::vector<double>& y) {
  const System& sys = dae_.system();
  const size_t n = tree_.joints.size();
  // Joint wrenches on the children, leaves first.
  for (size_t k = 0; k < n; ++k) {
    Body& b = b_[k];
    const Constants& c = k_[k];
    b.f << b.A * (c.inertia * (b.A.transpose() * b.main.acc.head<3>())),
        c.mass * b.main.acc.tail<3>();
    b.f -= b.W;
  }
  for (size_t k = n; k-- > 0;) {
    const TreeJoint& tj = tree_.joints[k];
    if (tj.parent < 0) continue;
    const Body& b = b_[k];
    Body& par = b_[static_cast<size_t>(tj.parent)];
    par.f.head<3>() += b.f.head<3>() + b.d.cross(b.f.tail<3>());
    par.f.tail<3>() += b.f.tail<3>();
  }
  // dF/dlambda on the children's rows: the joint's own kernel with one unit multiplier at a
  // time (y_ holds the body states, zero multipliers and mu; yp0_ is zero).
  for (size_t k = 0; k < n; ++k) {
    const TreeJoint& tj = tree_.joints[k];
    if (bc_[k].cols() == 0) continue;  // a free body: no joint
    double* child_rows = &res_[static_cast<size_t>(k_[k].offset) + 7];
    const auto lambda0 = static_cast<size_t>(sys.lambda_offset(tj.joint));
    for (int e = 0; e < bc_[k].cols(); ++e) {
      std::fill(child_rows, child_rows + 6, 0.0);
      y_[lambda0 + static_cast<size_t>(e)] = 1.0;
      sys.add_block_residual(dae_.workspace(), tj.joint, t, y_.data(), yp0_.data(), res_.data());
      y_[lambda0 + static_cast<size_t>(e)] = 0.0;
      bc_[k].col(e) = Eigen::Map<const Vec6>(child_rows);
    }
  }
  for (size_t k = 0; k < n; ++k) {
    const TreeJoint& tj = tree_.joints[k];
    if (bc_[k].cols() == 0) continue;
    const Body& b = b_[k];
    Vec6 rows;
    rows << b.f.tail<3>(), b.A.transpose() * b.f.head<3>();
    const VecD lambda = bc_[k].colPivHouseholderQr().solve(-rows);
    const int l0 = sys.lambda_offset(tj.joint);
    for (int e = 0; e < lambda.size(); ++e) y[static_cast<size_t>(l0 + e)] = lambda(e);
  }
}

double TreeDynamics::normalise(double* x) const {
  double change = 0;
  for (const TreeJoint& tj : tree_.joints) {
    double* q = nullptr;
    if (tj.kind == TreeJointKind::kSpherical) q = x + tj.q_offset;
    if (tj.kind == TreeJointKind::kFree) q = x + tj.q_offset + 3;
    if (!q) continue;
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; ++i) {
      const double qi = q[i] / n;
      change = std::max(change, std::abs(qi - q[i]));
      q[i] = qi;
    }
  }
  return change;
}

std::string TreeDynamics::describe_coordinate(int i) const {
  if (i >= tree_.nq + tree_.nv) {
    const System& sys = dae_.system();
    return sys.describe_variable(sys.state_offset() + i - tree_.nq - tree_.nv);
  }
  for (const TreeJoint& tj : tree_.joints) {
    const bool in_q = i >= tj.q_offset && i < tj.q_offset + tj.nq;
    const bool in_v = i >= tj.v_offset && i < tj.v_offset + tj.nv;
    if (!in_q && !in_v) continue;
    const Model& m = dae_.system().model();
    const std::string what =
        tj.kind == TreeJointKind::kFree
            ? fmt::format("Body_Rigid {} (free)", m.bodies[static_cast<size_t>(tj.body)].id)
            : fmt::format("Constraint_Joint {} ({})", m.joints[static_cast<size_t>(tj.joint)].id,
                          kind_name(tj.kind));
    return fmt::format("{} {} {}", what, in_q ? "coordinate" : "speed",
                       in_q ? i - tj.q_offset : i - tj.v_offset);
  }
  return fmt::format("joint coordinate {}", i);
}

}  // namespace mb
