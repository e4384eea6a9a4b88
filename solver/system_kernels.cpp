// The System's kernels and their slots (solver/system.hpp): which entries of y and y' each
// kernel reads as local inputs and which residual rows its outputs go to; the initialisation
// calls of motion and coupler user subroutines.

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/cvcv_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/state_reads.hpp"
#include "solver/system.hpp"
#include "solver/user_context.hpp"

namespace mb {

void System::init_motion_subroutines() {
  // MOTSUB motions: the callbacks see this System, no body and no reaction; the initialisation
  // call (iflag = 1) comes first, as in MotionSolve.
  for (JointKernel& k : joint_kernels_) {
    if (!k.user_drive) continue;
    k.no_bodies.assign(model_.bodies.size(), 0);
    k.no_blocks.assign(joint_kernels_.size(), 0);
    k.call_motsub(k.drive_states, 0.0, 1, *this, angles_, k.work.par);
  }
}

void System::init_coupler_subroutine(CouplerKernel& k) {
  // COUSUB couplers: the callbacks see this System, no body and no reaction; the
  // initialisation call (iflag = 1) at the input configuration comes first.
  k.user = &*k.coupler->user;
  k.user_id = k.coupler->id;
  k.work.par = k.user->par;
  k.no_bodies.assign(model_.bodies.size(), 0);
  k.no_blocks.assign(joint_kernels_.size(), 0);
  const double q0[CouplerKernel::kMaxTerms] = {};
  double phi0 = 0.0;
  k.call_user(-1, q0, 0.0, 1, &phi0, 1, *this, angles_, k.work.par);
  // The constraint is Phi(q) (Adams' COUXX and COUXX2 have no time partials, and neither the
  // velocity nor the acceleration row has a time term): a Phi that moves with TIME would be
  // held wrongly, so a routine whose value at the input configuration changes is refused.
  double phi_a = 0.0, phi_b = 0.0;
  k.call_user(-1, q0, 0.0, 0, &phi_a, 1, *this, angles_, k.work.par);
  k.call_user(-1, q0, 1.0, 0, &phi_b, 1, *this, angles_, k.work.par);
  if (std::abs(phi_b - phi_a) > 1e-12 * (1.0 + std::abs(phi_a))) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: {}: COUSUB's Phi changes with TIME ({:.6g} at t = 0, {:.6g} "
                            "at t = 1, input configuration); a coupler holds Phi(q) = 0 with "
                            "no time dependence (drive a coordinate with a Motion_Joint "
                            "instead)",
                            k.coupler->loc.str(), k.subject, phi_a, phi_b));
  }
}

void System::add_body_inputs(Slots& s, int body) const {
  const int o = body_offset_[body];
  for (int i = 0; i < kBodyStates; ++i) {
    s.in_var.push_back(o < 0 ? -1 : o + i);
    s.in_is_deriv.push_back(0);
    s.in_const.push_back(o < 0 ? kGroundState[i] : 0.0);
    s.out_row.push_back(o < 0 ? -1 : o + i);
  }
}

void System::add_multiplier_slot(Slots& s, int eq, bool position_level) const {
  const int lambda = kBodyStates * nb_ + eq;
  int in = position_level ? lambda + n_eq_ : lambda;  // velocity rows pair with lambda,
  int out = in;                                       // position rows with mu
  if (form_ == DaeForm::kIndex3) {
    // Phi takes lambda's row; the velocity row is dropped; mu is read as the constant 0.
    in = position_level ? -1 : lambda;
    out = position_level ? lambda : -1;
  } else if (form_ == DaeForm::kStabilisedIndex1 && !position_level) {
    out = kappa_begin_ + eq;  // the velocity row pairs with kappa; lambda's row: acceleration
  }
  s.in_var.push_back(in);
  s.in_is_deriv.push_back(0);
  s.in_const.push_back(0.0);
  s.out_row.push_back(out);
}

void System::add_body_kernels() {
  const double mf = model_.units.mass_factor;
  for (size_t b = 0; b < model_.bodies.size(); ++b) {
    const int o = body_offset_[b];
    if (o < 0) continue;
    BodyKernel k;
    k.mass = mf * model_.bodies[b].mass;
    k.inertia = mf * model_.bodies[b].inertia_cm;
    body_kernels_.push_back(k);
    Slots s;
    const int norm = kBodyStates * nb_ + 2 * n_eq_ + body_of_offset(o);
    for (int d = 0; d < 2; ++d) {
      for (int i = 0; i < kBodyStates; ++i) {
        s.in_var.push_back(o + i);
        s.in_is_deriv.push_back(static_cast<char>(d));
      }
    }
    s.in_var.push_back(norm);
    s.in_is_deriv.push_back(0);
    s.in_const.assign(s.in_var.size(), 0.0);
    for (int i = 0; i < kBodyStates; ++i) s.out_row.push_back(o + i);
    s.out_row.push_back(norm);
    body_slots_.push_back(std::move(s));
  }
}

void System::add_own_states(Slots& s, int first, int count) const {
  for (int d = 0; d < 2; ++d) {  // the states, then their derivatives
    for (int i = 0; i < count; ++i) {
      s.in_var.push_back(first + i);
      s.in_is_deriv.push_back(static_cast<char>(d));
      s.in_const.push_back(0.0);
    }
  }
  for (int i = 0; i < count; ++i) s.out_row.push_back(first + i);
}

void System::add_constraint_slots() {
  for (size_t jn = 0; jn < joint_kernels_.size(); ++jn) {
    const JointKernel& k = joint_kernels_[jn];
    Slots s;
    for (int side = 0; side < 2; ++side) add_body_inputs(s, constraint_bodies_[jn][side]);
    for (int mult = 0; mult < 2; ++mult) {
      for (int e = 0; e < k.m; ++e) add_multiplier_slot(s, joint_eq_offset_[jn] + e, mult == 1);
    }
    add_own_states(s, motion_state_offset_[jn], k.drive_states);  // motion states
    joint_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    Slots s;
    for (int b : gcon_kernels_[k].bodies) add_body_inputs(s, b);
    for (int mult = 0; mult < 2; ++mult) add_multiplier_slot(s, gcon_eq_offset_[k], mult == 1);
    gcon_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    const CouplerKernel& ck = coupler_kernels_[k];
    Slots s;
    for (int b : ck.bodies) add_body_inputs(s, b);
    for (int mult = 0; mult < 2 * ck.m; ++mult) {
      add_multiplier_slot(s, coupler_eq_offset_[k], mult == 1);
    }
    add_own_states(s, coupler_state_offset_[k], ck.num_states);  // turn counts
    coupler_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    const PointCurveConstraint& pc = *ptcv_kernels_[k].ptcv;
    Slots s;
    add_body_inputs(s, model_.markers[pc.i_marker].body);
    add_body_inputs(s, model_.markers[pc.j_marker].body);
    for (int mult = 0; mult < 2; ++mult) {
      for (int e = 0; e < PtcvKernel::kEquations; ++e) {
        add_multiplier_slot(s, ptcv_eq_offset_[k] + e, mult == 1);
      }
    }
    add_own_states(s, ptcv_state_offset_[k], PtcvKernel::kStates);  // alpha, s
    ptcv_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    const CurveCurveConstraint& cc = *cvcv_kernels_[k].cvcv;
    Slots s;
    add_body_inputs(s, model_.markers[cc.i_marker].body);
    add_body_inputs(s, model_.markers[cc.j_marker].body);
    for (int mult = 0; mult < 2; ++mult) {
      for (int e = 0; e < CvcvKernel::kEquations; ++e) {
        add_multiplier_slot(s, cvcv_eq_offset_[k] + e, mult == 1);
      }
    }
    add_own_states(s, cvcv_state_offset_[k], CvcvKernel::kStates);  // alpha, beta, rates
    cvcv_slots_.push_back(std::move(s));
  }
}

void System::bind_force_kernel(ForceKernel& fk, const std::vector<double>& y0) {
  if (fk.user) {
    bind_user_force(fk, *this, angles_, y0);
  } else {  // the blocks whose reactions the expressions read (JOINT, JPRIM, MOTION)
    fk.n_multipliers = 0;
    for (int block : fk.blocks) fk.n_multipliers += joint_equation_count(block);
  }
  add_read_inputs(fk, *this, y0);
  fk.block_first.clear();
  for (int b = 0, first = kBodyStates * static_cast<int>(fk.bodies.size());
       b < static_cast<int>(fk.blocks.size()); ++b) {
    fk.block_first.push_back(first);
    first += joint_equation_count(fk.blocks[static_cast<size_t>(b)]);
  }
  if (fk.inputs() > kMaxLocalInputs) {
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: its expressions read too many bodies, reactions and states "
                            "({} inputs, at most {})",
                            fk.subject, fk.inputs(), kMaxLocalInputs));
  }
}

void System::add_force_slots(ForceKernel& fk) {
  Slots s;
  for (int b : fk.bodies) add_body_inputs(s, b);
  for (int block : fk.blocks) {  // multipliers a user subroutine reads (joint reactions)
    for (int e = 0; e < joint_equation_count(block); ++e) {
      s.in_var.push_back(lambda_offset(block) + e);
      s.in_is_deriv.push_back(0);
      s.in_const.push_back(0.0);
    }
  }
  for (size_t i = 0; i < fk.state_inputs.states.size(); ++i) {  // DIF, ARYVAL, VARVAL, ...
    s.in_var.push_back(state_offset_ + fk.state_inputs.states[i]);
    s.in_is_deriv.push_back(fk.state_inputs.state_deriv[i]);
    s.in_const.push_back(0.0);
  }
  for (int i = 0; i < fk.acceleration_inputs(); ++i) {  // ACCX..WDTM: v', w' of each body
    const int body = fk.bodies[static_cast<size_t>(i / kBodyVelocities)];
    s.in_var.push_back(body_offset_[body] + kBodyV + i % kBodyVelocities);
    s.in_is_deriv.push_back(1);
    s.in_const.push_back(0.0);
  }
  fk.input_vars = s.in_var;
  fk.input_is_deriv = s.in_is_deriv;
  force_slots_.push_back(std::move(s));
}

void System::add_state_slots(StateKernel& sk) {
  Slots s;
  for (int b : sk.bodies) add_body_inputs(s, b);
  for (size_t i = 0; i < sk.program.states.size(); ++i) {
    s.in_var.push_back(state_offset_ + sk.program.states[i]);
    s.in_is_deriv.push_back(sk.program.state_deriv[i]);
  }
  for (int block : sk.blocks) {  // multipliers a user subroutine reads (joint reactions)
    for (int e = 0; e < joint_equation_count(block); ++e) {
      s.in_var.push_back(lambda_offset(block) + e);
      s.in_is_deriv.push_back(0);
    }
  }
  sk.input_vars = s.in_var;
  sk.input_is_deriv = s.in_is_deriv;
  s.in_const.assign(s.in_var.size(), 0.0);
  for (int i = 0; i < sk.element->num_states; ++i) {
    s.out_row.push_back(state_offset_ + sk.element->first_state + i);
  }
  state_slots_.push_back(std::move(s));
}

void System::add_applied_kernels() {
  force_kernels_ = make_force_kernels(model_);
  const std::vector<double> y0 = initial_state();
  // The VARSUB dependency calls, then the state kernels: force expressions and state inputs may
  // read values their user subroutines compute.
  user_variables_.bind(model_, SystemUserContext(*this, angles_), num_constraint_blocks(), y0);
  std::vector<int> block_equations;
  for (const JointKernel& k : joint_kernels_) block_equations.push_back(k.m);
  state_kernels_ = make_state_kernels(model_, state_offset_, *this, angles_, y0, user_variables_,
                                      block_equations);
  for (auto& fk : force_kernels_) {
    bind_force_kernel(fk, y0);
    add_force_slots(fk);
  }
  for (auto& sk : state_kernels_) add_state_slots(sk);
}

System::Slots System::correction_slots(const Slots& main, int first_multiplier, int m) const {
  Slots s;
  s.in_var = main.in_var;
  s.in_is_deriv = main.in_is_deriv;
  s.in_const = main.in_const;
  for (int e = 0; e < m; ++e) {
    // lambda's input reads kappa (the kernel's velocity row is routed to kappa's row); mu's
    // input reads the constant 0.
    const int kappa = main.out_row[static_cast<size_t>(first_multiplier + e)];
    s.in_var[static_cast<size_t>(first_multiplier + e)] = kappa;
    s.in_var[static_cast<size_t>(first_multiplier + m + e)] = -1;
    s.in_const[static_cast<size_t>(first_multiplier + m + e)] = 0.0;
  }
  // Outputs: the Newton-Euler rows (-B^T kappa) go to the body's u rows.
  s.out_row.assign(main.out_row.size(), -1);
  for (int r = 0; r < first_multiplier; ++r) {
    const int row = main.out_row[static_cast<size_t>(r)];
    const int within = r % kBodyStates;
    if (row < 0 || within < kBodyV) continue;
    s.out_row[static_cast<size_t>(r)] = correction_offset(row - within) + within - kBodyV;
  }
  return s;
}

System::Slots System::acceleration_slots(const Slots& main) const {
  Slots s;
  s.in_var = main.in_var;
  s.in_is_deriv = main.in_is_deriv;
  s.in_const = main.in_const;
  const size_t n_in = s.in_var.size();
  s.dir_var.assign(n_in, -1);
  s.corr_var.assign(n_in, -1);
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    if (v < 0 || s.in_is_deriv[i] || diff_mask_[v] == 0.0) continue;  // multipliers: no rate
    s.dir_var[i] = v;
    const int within = v % kBodyStates;
    if (v < kBodyStates * nb_ && within >= kBodyV) {
      s.corr_var[i] = correction_offset(v - within) + within - kBodyV;
    }
  }
  // The velocity rows (in kappa's rows in the main slots) give lambda's acceleration rows.
  s.out_row.assign(main.out_row.size(), -1);
  for (size_t r = 0; r < main.out_row.size(); ++r) {
    const int row = main.out_row[r];
    if (row >= kappa_begin_ && row < kappa_begin_ + n_eq_) {
      s.out_row[r] = kBodyStates * nb_ + row - kappa_begin_;
    }
  }
  return s;
}

void System::add_index1_slots() {
  for (size_t jn = 0; jn < joint_kernels_.size(); ++jn) {
    joint_corr_slots_.push_back(
        correction_slots(joint_slots_[jn], kTwoBodyStates, joint_kernels_[jn].m));
    joint_acc_slots_.push_back(acceleration_slots(joint_slots_[jn]));
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    const int first = kBodyStates * coupler_kernels_[k].num_bodies();
    coupler_corr_slots_.push_back(
        correction_slots(coupler_slots_[k], first, coupler_kernels_[k].m));
    coupler_acc_slots_.push_back(acceleration_slots(coupler_slots_[k]));
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    const int first = kBodyStates * gcon_kernels_[k].num_bodies();
    gcon_corr_slots_.push_back(correction_slots(gcon_slots_[k], first, 1));
    gcon_acc_slots_.push_back(acceleration_slots(gcon_slots_[k]));
  }
}

void System::track_angles() {
  auto attach = [&](std::vector<LocalMeasure>& measures, const std::vector<LocalMarker>& markers) {
    auto id = [&](int local) { return local < 0 ? -1 : markers[static_cast<size_t>(local)].id; };
    for (LocalMeasure& lm : measures) {
      if (is_tracked_angle(lm.kind))
        lm.track = angles_.track(lm.kind, id(lm.i), id(lm.j), id(lm.k));
    }
  };
  for (auto& k : force_kernels_) attach(k.measures, k.markers);
  for (auto& k : state_kernels_) attach(k.measures, k.markers);
  for (auto& k : gcon_kernels_) attach(k.measures, k.markers);
}

}  // namespace mb
