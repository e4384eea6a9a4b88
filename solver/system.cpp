// The System's residual and Jacobian: its kernels evaluated through their slots (the hot path).

#include "solver/system.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "solver/cvcv_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/velocity_rows.hpp"

namespace mb {

namespace {

/// How far past its end (alpha = +-1) an open curve's parameter may go before the point is taken
/// to have left the curve (the end polynomial continues that far, for Newton's trial iterates).
constexpr double kCurveEndMargin = 1e-3;

/// Throws Error(kAnalysisFailed) when the parameter u of a PTCV's point or a CVCV's contact point
/// (`what`) has run off the end of its open curve.
void check_on_curve(const expr::CurveGeometry& curve, const std::string& subject,
                    std::string_view what, int curve_id, double u, double t) {
  if (curve.closed() || std::abs(u) <= 1.0 + kCurveEndMargin) return;
  throw Error(ExitCode::kAnalysisFailed,
              fmt::format("{}: {} ran off the end of open curve {} at t = {:.10g} (parameter "
                          "= {:.6g}; the curve ends at {})",
                          subject, what, curve_id, t, u, u > 0 ? "1" : "-1"));
}

}  // namespace

System::~System() = default;

System::System(const Model& model, DaeForm form) : model_(model), form_(form), gravity_(model) {
  // The layout (solver/system_layout.cpp): bodies, constraint blocks and their equations, then
  // the states after them.
  lay_out_bodies();
  add_joint_blocks();
  add_motion_blocks();
  add_point_holds();
  init_motion_subroutines();
  add_general_constraints();
  add_couplers();
  add_point_curves();
  add_curve_curves();
  lay_out_states();
  set_error_test_index();
  set_static_held();
  // The kernels' slots (solver/system_kernels.cpp) and the Jacobian's pattern
  // (solver/system_pattern.cpp).
  add_body_kernels();
  add_constraint_slots();
  add_applied_kernels();
  if (form_ == DaeForm::kStabilisedIndex1) add_index1_slots();
  track_angles();
  build_pattern();
}

Workspace System::make_workspace() const {
  Workspace ws;
  ws.bodies.resize(body_kernels_.size());
  for (const JointKernel& k : joint_kernels_) ws.joints.push_back(k.work);
  for (const ForceKernel& k : force_kernels_) ws.forces.push_back(k.work);
  for (const GeneralConstraintKernel& k : gcon_kernels_) ws.gcons.push_back(k.work);
  for (const CouplerKernel& k : coupler_kernels_) ws.couplers.push_back(k.work);
  ws.ptcvs.resize(ptcv_kernels_.size() + cvcv_kernels_.size());  // PTCV, then CVCV (empty)
  for (const StateKernel& k : state_kernels_) ws.states.push_back(k.work);
  ws.variable_par = user_variables_.initial_pars();
  ws.gravity = gravity_.make_cache();
  ws.angles = angles_;
  return ws;
}

const V3<double>& system_gravity(const System& sys, double t, Workspace& ws) {
  return sys.gravity(t, ws);
}

const JointKernel& constraint_block_kernel(const System& sys, int block) {
  return sys.constraint_kernel(block);
}

double System::follow_angles(Workspace& ws, const double* y) const {
  if (ws.angles.empty()) return 0.0;
  return ws.angles.follow([&](int mk) {
    if (mk < 0) return MarkerState<double>{};
    const Marker& m = model_.markers[static_cast<size_t>(mk)];
    const int o = body_offset(m.body);
    const BodyState<double> b = body_state(o < 0 ? kGroundState : y + o);
    LocalMarker lm;
    lm.body = 0;
    lm.s = m.pos_body;
    lm.u = m.axes_body;
    return marker_state(lm, &b);
  });
}

template <class Kernel>
void System::add_residual(const Kernel& k, const KernelCall& c, const Slots& s, double t,
                          const double* y, const double* yp, double* res) const {
  double x[kMaxLocalInputs];
  double out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    x[i] = v < 0 ? s.in_const[i] : (s.in_is_deriv[i] ? yp[v] : y[v]);
  }
  k.eval(x, out, t, c);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] >= 0) res[s.out_row[r]] += out[r];
  }
}

template <class Kernel>
void System::add_jacobian(const Kernel& k, const KernelCall& c, const Slots& s, double t,
                          const double* y, const double* yp, double cj, double* values) const {
  AD x[kMaxLocalInputs];
  AD out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    if (v < 0) {
      x[i] = AD(s.in_const[i], ADVector::Zero(static_cast<Eigen::Index>(n_in)));
    } else {
      x[i] = AD(s.in_is_deriv[i] ? yp[v] : y[v], static_cast<int>(n_in), static_cast<int>(i));
    }
  }
  k.eval(x, out, t, c);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] < 0) continue;
    const ADVector& d = out[r].derivatives();
    if (d.size() == 0) continue;  // a constant output
    for (size_t i = 0; i < n_in; ++i) {
      const int pos = s.jac_pos[r * n_in + i];
      if (pos >= 0) values[pos] += d(static_cast<Eigen::Index>(i)) * (s.in_is_deriv[i] ? cj : 1.0);
    }
  }
}

void System::applied_residual(Workspace& ws, double t, const double* y, const double* yp,
                              double* res) const {
  std::fill(res, res + n_, 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_residual(body_kernels_[k], {*this, ws, ws.bodies[k]}, body_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_residual(force_kernels_[k], {*this, ws, ws.forces[k]}, force_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_residual(state_kernels_[k], {*this, ws, ws.states[k]}, state_slots_[k], t, y, yp, res);
  }
}

void System::add_block_residual(Workspace& ws, int block, double t, const double* y,
                                const double* yp, double* res) const {
  add_residual(joint_kernels_[block], {*this, ws, ws.joints[block]}, joint_slots_[block], t, y, yp,
               res);
}

void System::block_velocity_row_rates(Workspace& ws, int block, double t, const double* y,
                                      const double* ydot, double* rates) const {
  const JointKernel& k = joint_kernels_[block];
  const Slots& s = joint_slots_[block];
  Dual x[kMaxLocalInputs];
  Dual out[kMaxLocalInputs];
  for (size_t i = 0; i < s.in_var.size(); ++i) {
    const int v = s.in_var[i];
    const bool state = v >= 0 && !s.in_is_deriv[i];
    x[i] = Dual(v < 0 ? s.in_const[i] : (s.in_is_deriv[i] ? 0.0 : y[v]),
                Eigen::Matrix<double, 1, 1>(state ? ydot[v] : 0.0));
  }
  k.velocity_rows(x, out, t, {*this, ws, ws.joints[block]});
  for (int e = 0; e < k.m; ++e) {
    const Dual& o = out[kTwoBodyStates + e];
    rates[e] = o.derivatives().size() > 0 ? o.derivatives()(0) : 0.0;
  }
}

template <class Kernel>
void System::add_acceleration_residual(const Kernel& k, const KernelCall& c, const Slots& s,
                                       double t, const double* y, const double* yp,
                                       double* res) const {
  Dual x[kMaxLocalInputs];
  Dual out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    double dir = 0.0;
    if (s.dir_var[i] >= 0) dir = yp[s.dir_var[i]];
    if (s.corr_var[i] >= 0) dir += y[s.corr_var[i]];
    x[i] = Dual(v < 0 ? s.in_const[i] : (s.in_is_deriv[i] ? yp[v] : y[v]),
                Eigen::Matrix<double, 1, 1>(dir));
  }
  eval_velocity_rows(k, x, out, t, c);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] >= 0 && out[r].derivatives().size() > 0) {
      res[s.out_row[r]] += out[r].derivatives()(0);
    }
  }
}

template <class Kernel>
void System::add_acceleration_jacobian(const Kernel& k, const KernelCall& c, const Slots& s,
                                       double t, const double* y, const double* yp, double cj,
                                       double* values) const {
  AD2 x[kMaxLocalInputs];
  AD2 out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    double dir = 0.0;
    if (s.dir_var[i] >= 0) dir = yp[s.dir_var[i]];
    if (s.corr_var[i] >= 0) dir += y[s.corr_var[i]];
    x[i] = v < 0 ? AD2(s.in_const[i], dir)
                 : AD2::variable(s.in_is_deriv[i] ? yp[v] : y[v], dir, static_cast<int>(n_in),
                                 static_cast<int>(i));
  }
  eval_velocity_rows(k, x, out, t, c);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] < 0) continue;
    // d(row)/dx: the coefficient of x' (of y' with cj, and of u); d(row . x')/dx at fixed x'.
    const AD2& o = out[r];
    for (size_t i = 0; i < n_in; ++i) {
      const double d1 = o.gradient(static_cast<int>(i));
      double d = o.tangent_gradient(static_cast<int>(i));
      if (s.dir_var[i] >= 0) d += cj * d1;
      const int pos = s.jac_pos[r * n_in + i];
      if (pos >= 0) values[pos] += d;
      const int cpos = s.corr_pos[r * n_in + i];
      if (cpos >= 0) values[cpos] += d1;
    }
  }
}

void System::add_constraint_block_residuals(Workspace& ws, double t, const double* y,
                                            const double* yp, double* res) const {
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    add_residual(joint_kernels_[k], {*this, ws, ws.joints[k]}, joint_slots_[k], t, y, yp, res);
  }
}

void System::add_further_constraint_residuals(Workspace& ws, double t, const double* y,
                                              const double* yp, double* res) const {
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    add_residual(gcon_kernels_[k], {*this, ws, ws.gcons[k]}, gcon_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    add_residual(coupler_kernels_[k], {*this, ws, ws.couplers[k]}, coupler_slots_[k], t, y, yp,
                 res);
  }
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    add_residual(ptcv_kernels_[k], {*this, ws, ws.ptcvs[k]}, ptcv_slots_[k], t, y, yp, res);
    check_on_curve(ptcv_kernels_[k].curve, ptcv_kernels_[k].subject, "the point",
                   model_.curves[ptcv_kernels_[k].ptcv->curve].id, y[ptcv_state_offset_[k]], t);
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    KernelWork& work = ws.ptcvs[ptcv_kernels_.size() + k];
    add_residual(cvcv_kernels_[k], {*this, ws, work}, cvcv_slots_[k], t, y, yp, res);
    const CvcvKernel& ck = cvcv_kernels_[k];
    check_on_curve(ck.curve[0], ck.subject, "the contact point", model_.curves[ck.cvcv->i_curve].id,
                   y[cvcv_state_offset_[k]], t);
    check_on_curve(ck.curve[1], ck.subject, "the contact point", model_.curves[ck.cvcv->j_curve].id,
                   y[cvcv_state_offset_[k] + 1], t);
  }
}

void System::add_normalisation_residuals(const double* y, double* res) const {
  for (const Slots& s : body_slots_) {
    const V4<double> p(y[s.in_var[kBodyP]], y[s.in_var[kBodyP + 1]], y[s.in_var[kBodyP + 2]],
                       y[s.in_var[kBodyP + 3]]);
    res[s.out_row[kBodyStates]] += BodyKernel::normalisation(p);
  }
}

void System::constraint_residual(Workspace& ws, double t, const double* y, const double* yp,
                                 double* res) const {
  std::fill(res, res + n_, 0.0);
  add_normalisation_residuals(y, res);
  add_constraint_block_residuals(ws, t, y, yp, res);
  add_further_constraint_residuals(ws, t, y, yp, res);
}

void System::residual(Workspace& ws, double t, const double* y, const double* yp,
                      double* res) const {
  std::fill(res, res + n_, 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_residual(body_kernels_[k], {*this, ws, ws.bodies[k]}, body_slots_[k], t, y, yp, res);
  }
  add_constraint_block_residuals(ws, t, y, yp, res);
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_residual(force_kernels_[k], {*this, ws, ws.forces[k]}, force_slots_[k], t, y, yp, res);
  }
  add_further_constraint_residuals(ws, t, y, yp, res);
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_residual(state_kernels_[k], {*this, ws, ws.states[k]}, state_slots_[k], t, y, yp, res);
  }
  if (form_ == DaeForm::kIndex3) {
    const int mu0 = kBodyStates * nb_ + n_eq_;
    for (int r = mu0; r < mu0 + n_eq_; ++r) res[r] = y[r];  // mu = 0
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    // Per constraint kernel: B^T kappa into the u rows, the acceleration row into lambda's.
    auto add_index1 = [&](const auto& kernels, std::vector<KernelWork>& works,
                          const std::vector<Slots>& corr, const std::vector<Slots>& acc) {
      for (size_t k = 0; k < kernels.size(); ++k) {
        const KernelCall c{*this, ws, works[k]};
        add_residual(kernels[k], c, corr[k], t, y, yp, res);
        add_acceleration_residual(kernels[k], c, acc[k], t, y, yp, res);
      }
    };
    add_index1(joint_kernels_, ws.joints, joint_corr_slots_, joint_acc_slots_);
    add_index1(coupler_kernels_, ws.couplers, coupler_corr_slots_, coupler_acc_slots_);
    add_index1(gcon_kernels_, ws.gcons, gcon_corr_slots_, gcon_acc_slots_);
    add_drive_row_rates(ws, t, res);
    for (int r = kappa_begin_ + n_eq_; r < n_; ++r) res[r] += y[r];  // u - B^T kappa
    for (int b = 0; b < nb_; ++b) {  // M (nu' + u): the Newton-Euler rows read M u too
      const int o = body_states_offset(b), u = correction_offset(o);
      const BodyKernel& bk = body_kernels_[b];
      for (int c = 0; c < 3; ++c) {
        res[o + kBodyV + c] += bk.mass * y[u + c];
        for (int d = 0; d < 3; ++d) res[o + kBodyW + c] += bk.inertia(c, d) * y[u + 3 + d];
      }
    }
  }
}

void System::add_drive_row_rates(Workspace& ws, double t, double* rows) const {
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    const JointKernel& jk = joint_kernels_[k];
    if (jk.drive && jk.m > 0) {
      rows[lambda_offset(static_cast<int>(k))] +=
          jk.velocity_row_rate(t, {*this, ws, ws.joints[k]});
    }
  }
}

void System::add_velocity_row_time_rates(Workspace& ws, double t, const double* y,
                                         double* rates) const {
  add_drive_row_rates(ws, t, rates);
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    const GeneralConstraintKernel& gk = gcon_kernels_[k];
    const Slots& s = gcon_slots_[k];
    Dual x[kMaxLocalInputs];
    Dual out[kMaxLocalInputs];
    const Eigen::Matrix<double, 1, 1> at_rest(0.0);
    for (size_t i = 0; i < s.in_var.size(); ++i) {
      x[i] = Dual(s.in_var[i] < 0 ? s.in_const[i] : y[s.in_var[i]], at_rest);
    }
    gk.velocity_rows(x, out, t, {*this, ws, ws.gcons[k]});
    rates[kBodyStates * nb_ + gcon_eq_offset_[k]] +=
        out[kBodyStates * gk.num_bodies()].derivatives()(0);
  }
}

void System::add_constraint_block_jacobians(Workspace& ws, double t, const double* y,
                                            const double* yp, double cj, double* values) const {
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    add_jacobian(joint_kernels_[k], {*this, ws, ws.joints[k]}, joint_slots_[k], t, y, yp, cj,
                 values);
  }
}

void System::add_constraint_block_row_jacobians(Workspace& ws, double t, const double* y,
                                                const double* yp, double cj, double* values) const {
  double xv[kMaxLocalInputs];
  int input_of[kMaxLocalInputs];  // differentiated input of each AD direction
  AD x[kMaxLocalInputs];
  AD out[kMaxLocalInputs];
  AD B[JointKernel::kMaxEquations][12];
  double b[JointKernel::kMaxEquations][12];
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    const JointKernel& jk = joint_kernels_[k];
    const Slots& s = joint_slots_[k];
    const size_t n_in = s.in_var.size();
    int n_dir = 0;
    for (size_t i = 0; i < n_in; ++i) {
      const int v = s.in_var[i];
      xv[i] = v < 0 ? s.in_const[i] : (s.in_is_deriv[i] ? yp[v] : y[v]);
      if (v >= 0 && jk.constraint_rows_input(static_cast<int>(i))) {
        input_of[n_dir++] = static_cast<int>(i);
      }
    }
    for (size_t i = 0; i < n_in; ++i) {  // in place: no temporaries to copy
      x[i].value() = xv[i];
      x[i].derivatives().setZero(n_dir);
    }
    for (int d = 0; d < n_dir; ++d) x[input_of[d]].derivatives()(d) = 1.0;
    jk.constraint_rows(x, out, B, t, {*this, ws, ws.joints[k]});
    auto add = [&](int r, int i, double value) {
      if (s.out_row[static_cast<size_t>(r)] < 0) return;
      const int pos = s.jac_pos[static_cast<size_t>(r) * n_in + static_cast<size_t>(i)];
      if (pos >= 0) values[pos] += value * (s.in_is_deriv[static_cast<size_t>(i)] ? cj : 1.0);
    };
    for (int r = kTwoBodyStates; r < jk.outputs(); ++r) {
      const ADVector& d = out[r].derivatives();
      if (d.size() == 0) continue;  // a constant output
      for (int e = 0; e < n_dir; ++e) add(r, input_of[e], d(e));
    }
    for (int e = 0; e < jk.m; ++e) {
      for (int c = 0; c < 12; ++c) b[e][c] = B[e][c].value();
    }
    jk.linear_partials(xv, b, add);
  }
}

void System::add_further_constraint_jacobians(Workspace& ws, double t, const double* y,
                                              const double* yp, double cj, double* values) const {
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    add_jacobian(gcon_kernels_[k], {*this, ws, ws.gcons[k]}, gcon_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    add_jacobian(coupler_kernels_[k], {*this, ws, ws.couplers[k]}, coupler_slots_[k], t, y, yp, cj,
                 values);
  }
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    add_jacobian(ptcv_kernels_[k], {*this, ws, ws.ptcvs[k]}, ptcv_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    KernelWork& work = ws.ptcvs[ptcv_kernels_.size() + k];
    add_jacobian(cvcv_kernels_[k], {*this, ws, work}, cvcv_slots_[k], t, y, yp, cj, values);
  }
}

void System::add_normalisation_jacobians(const double* y, double* values) const {
  for (const Slots& s : body_slots_) {
    const size_t n_in = s.in_var.size();
    V4<AD> p;
    for (int i = 0; i < 4; ++i) p(i) = AD(y[s.in_var[kBodyP + static_cast<size_t>(i)]], 4, i);
    const AD row = BodyKernel::normalisation(p);
    for (int i = 0; i < 4; ++i) {
      const int pos = s.jac_pos[kBodyStates * n_in + kBodyP + static_cast<size_t>(i)];
      if (pos >= 0) values[pos] += row.derivatives()(i);
    }
  }
}

void System::constraint_jacobian(Workspace& ws, double t, const double* y, const double* yp,
                                 double cj, double* values) const {
  std::fill(values, values + pattern_.nnz(), 0.0);
  add_normalisation_jacobians(y, values);
  add_constraint_block_row_jacobians(ws, t, y, yp, cj, values);
  add_further_constraint_jacobians(ws, t, y, yp, cj, values);
}

void System::jacobian(Workspace& ws, double t, const double* y, const double* yp, double cj,
                      double* values) const {
  std::fill(values, values + pattern_.nnz(), 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_jacobian(body_kernels_[k], {*this, ws, ws.bodies[k]}, body_slots_[k], t, y, yp, cj, values);
  }
  add_constraint_block_jacobians(ws, t, y, yp, cj, values);
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_jacobian(force_kernels_[k], {*this, ws, ws.forces[k]}, force_slots_[k], t, y, yp, cj,
                 values);
  }
  add_further_constraint_jacobians(ws, t, y, yp, cj, values);
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_jacobian(state_kernels_[k], {*this, ws, ws.states[k]}, state_slots_[k], t, y, yp, cj,
                 values);
  }
  for (int pos : pinned_mu_diag_) values[pos] = 1.0;
  if (form_ == DaeForm::kStabilisedIndex1) {
    auto add_index1 = [&](const auto& kernels, std::vector<KernelWork>& works,
                          const std::vector<Slots>& corr, const std::vector<Slots>& acc) {
      for (size_t k = 0; k < kernels.size(); ++k) {
        const KernelCall c{*this, ws, works[k]};
        add_jacobian(kernels[k], c, corr[k], t, y, yp, cj, values);
        add_acceleration_jacobian(kernels[k], c, acc[k], t, y, yp, cj, values);
      }
    };
    add_index1(joint_kernels_, ws.joints, joint_corr_slots_, joint_acc_slots_);
    add_index1(coupler_kernels_, ws.couplers, coupler_corr_slots_, coupler_acc_slots_);
    add_index1(gcon_kernels_, ws.gcons, gcon_corr_slots_, gcon_acc_slots_);
    for (int pos : u_diag_pos_) values[pos] += 1.0;
    for (int b = 0; b < nb_; ++b) {
      const BodyKernel& bk = body_kernels_[b];
      const std::array<int, 12>& p = mass_u_pos_[b];
      for (int c = 0; c < 3; ++c) values[p[c]] += bk.mass;
      for (int c = 0; c < 9; ++c) values[p[3 + c]] += bk.inertia(c / 3, c % 3);
    }
  }
}

}  // namespace mb
