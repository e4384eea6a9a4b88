#include "solver/system.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <set>

#include "common/error.hpp"
#include "solver/expression_eval.hpp"
#include "solver/state_reads.hpp"

namespace mb {

namespace {
constexpr double kGroundState[13] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}  // namespace

System::System(const Model& model, DaeForm form) : model_(model), form_(form), gravity_(model) {
  // Moving bodies get 13 states each, in model order.
  body_offset_.assign(model.bodies.size(), -1);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (!model.bodies[b].ground) body_offset_[b] = 13 * nb_++;
  }
  for (const auto& j : model.joints) {
    JointKernel k;
    const auto eqs = joint_equations(j);
    // A deactivated joint keeps its block (stable numbering) without equations.
    k.m = j.active ? static_cast<int>(eqs.size()) : 0;
    std::copy(eqs.begin(), eqs.end(), k.eq.begin());
    add_constraint_block(std::move(k), j.i_marker, j.j_marker);
  }
  for (const auto& mo : model.motions) {
    JointKernel k;
    k.m = mo.active && (mo.on_markers || model.joints[mo.joint].active) ? 1 : 0;
    if (mo.on_markers) {
      k.eq[0] = mo.rotational ? JointEquation{JointEquation::Kind::kBryant, mo.direction - 3, 0}
                              : JointEquation{JointEquation::Kind::kDot2, 0, mo.direction};
    } else {
      k.eq[0] = mo.rotational ? JointEquation{JointEquation::Kind::kAngleZ, 0, 0}
                              : JointEquation{JointEquation::Kind::kDot2, 0, 2};
    }
    k.drive = &mo.expr.exprs[0];
    k.drive_states = static_cast<int>(mo.level);
    k.ws.reserve(mo.expr.exprs[0].max_stack + 1);
    if (mo.user) {
      k.user_drive = &*mo.user;
      k.user_id = mo.id;
      k.par = mo.user->par;
    }
    add_constraint_block(std::move(k), mo.i_marker, mo.j_marker);
  }
  // Body_Point: its rotation is held at the global axes by three orientation equations.
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (!model.bodies[b].point || model.bodies[b].ground) continue;
    using K = JointEquation::Kind;
    JointKernel k;
    k.m = 3;
    k.eq[0] = {K::kDot1, 2, 0};
    k.eq[1] = {K::kDot1, 2, 1};
    k.eq[2] = {K::kDot1, 0, 1};
    point_hold_body_.push_back(static_cast<int>(b));
    add_block(std::move(k), static_cast<int>(b), 0);
  }
  // MOTSUB motions: the callbacks see this System, no body and no reaction; the initialisation
  // call (iflag = 1) comes first, as in MotionSolve.
  for (JointKernel& k : joint_kernels_) {
    if (!k.user_drive) continue;
    k.sys = this;
    k.no_bodies.assign(model.bodies.size(), 0);
    k.no_blocks.assign(joint_kernels_.size(), 0);
    k.call_motsub(k.drive_states, 0.0, 1);
  }
  gcon_kernels_ = make_general_constraint_kernels(model);
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) gcon_eq_offset_.push_back(n_eq_++);
  coupler_kernels_ = make_coupler_kernels(model);
  // COUSUB couplers: the callbacks see this System, no body and no reaction; the
  // initialisation call (iflag = 1) at the input configuration comes first.
  for (CouplerKernel& k : coupler_kernels_) {
    if (!k.coupler->user) continue;
    k.user = &*k.coupler->user;
    k.user_id = k.coupler->id;
    k.par = k.user->par;
    k.sys = this;
    k.no_bodies.assign(model.bodies.size(), 0);
    k.no_blocks.assign(joint_kernels_.size(), 0);
    const double q0[CouplerKernel::kMaxTerms] = {};
    double phi0 = 0.0;
    k.call_user(-1, q0, 0.0, 1, &phi0, 1);
    // The constraint is Phi(q) (Adams' COUXX and COUXX2 have no time partials, and neither the
    // velocity nor the acceleration row has a time term): a Phi that moves with TIME would be
    // held wrongly, so a routine whose value at the input configuration changes is refused.
    double phi_a = 0.0, phi_b = 0.0;
    k.call_user(-1, q0, 0.0, 0, &phi_a, 1);
    k.call_user(-1, q0, 1.0, 0, &phi_b, 1);
    if (std::abs(phi_b - phi_a) > 1e-12 * (1.0 + std::abs(phi_a))) {
      throw Error(ExitCode::kDeckError,
                  fmt::format("{}: {}: COUSUB's Phi changes with TIME ({:.6g} at t = 0, {:.6g} "
                              "at t = 1, input configuration); a coupler holds Phi(q) = 0 with "
                              "no time dependence (drive a coordinate with a Motion_Joint "
                              "instead)",
                              k.coupler->loc.str(), k.subject, phi_a, phi_b));
    }
  }
  for (const CouplerKernel& k : coupler_kernels_) {
    coupler_eq_offset_.push_back(k.m > 0 ? n_eq_ : -1);
    n_eq_ += k.m;
  }
  state_offset_ = 13 * nb_ + 2 * n_eq_ + nb_;
  // Motion states follow the user states.
  motion_state_begin_ = state_offset_ + model.num_states;
  n_ = motion_state_begin_;
  for (const JointKernel& k : joint_kernels_) {
    motion_state_offset_.push_back(k.drive_states > 0 ? n_ : -1);
    n_ += k.drive_states;
  }
  coupler_state_begin_ = n_;
  for (const CouplerKernel& k : coupler_kernels_) {
    coupler_state_offset_.push_back(n_);
    n_ += k.num_states;
  }
  kappa_begin_ = n_;
  if (form_ == DaeForm::kStabilisedIndex1) n_ += n_eq_ + 6 * nb_;  // kappa, u
  diff_mask_.assign(n_, 0.0);
  std::fill(diff_mask_.begin(), diff_mask_.begin() + 13 * nb_, 1.0);
  std::fill(diff_mask_.begin() + state_offset_, diff_mask_.begin() + kappa_begin_, 1.0);
  error_test_index_.assign(n_, 0);
  for (int i = 0; i < n_; ++i) error_test_index_[i] = diff_mask_[i] > 0 ? 1 : 0;
  if (form_ == DaeForm::kIndex3) {
    for (int k = 0; k < nb_; ++k) {
      std::fill(error_test_index_.begin() + 13 * k + 7, error_test_index_.begin() + 13 * k + 13, 2);
    }
    std::fill(error_test_index_.begin() + 13 * nb_, error_test_index_.begin() + 13 * nb_ + n_eq_,
              3);
  }
  // The GGL multipliers are index-2 components: their Newton corrections are weighted by h
  // like the index-3 form's velocities (error_test_index() 4). The index-2 form's lambda too;
  // the index-1 form's lambda is an index-1 component and keeps its plain weight.
  if (form_ != DaeForm::kIndex3) {
    const int from = 13 * nb_ + (form_ == DaeForm::kStabilisedIndex1 ? n_eq_ : 0);
    std::fill(error_test_index_.begin() + from, error_test_index_.begin() + 13 * nb_ + 2 * n_eq_,
              4);
    if (form_ == DaeForm::kStabilisedIndex1) {
      std::fill(error_test_index_.begin() + kappa_begin_,
                error_test_index_.begin() + kappa_begin_ + n_eq_, 4);
    }
  }
  static_held_.assign(n_, 0);
  for (const auto& e : model.state_elements) {
    for (int i = 0; i < e.num_states; ++i) {
      static_held_[state_offset_ + e.first_state + i] = static_cast<char>(e.static_hold);
    }
  }
  // A velocity or acceleration motion holds its displacement in statics; a coupler's turn
  // counts only need to stay within pi of their angles.
  std::fill(static_held_.begin() + motion_state_begin_, static_held_.begin() + kappa_begin_, 1);

  const double mf = model.units.mass_factor;
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const int o = body_offset_[b];
    if (o < 0) continue;
    BodyKernel k;
    k.mass = mf * model.bodies[b].mass;
    k.inertia = mf * model.bodies[b].inertia_cm;
    k.gravity = &gravity_;
    body_kernels_.push_back(k);
    Slots s;
    const int norm = 13 * nb_ + 2 * n_eq_ + o / 13;
    for (int d = 0; d < 2; ++d) {
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o + i);
        s.in_is_deriv.push_back(static_cast<char>(d));
      }
    }
    s.in_var.push_back(norm);
    s.in_is_deriv.push_back(0);
    s.in_const.assign(s.in_var.size(), 0.0);
    for (int i = 0; i < 13; ++i) s.out_row.push_back(o + i);
    s.out_row.push_back(norm);
    body_slots_.push_back(std::move(s));
  }
  for (size_t jn = 0; jn < joint_kernels_.size(); ++jn) {
    const JointKernel& k = joint_kernels_[jn];
    Slots s;
    for (int side = 0; side < 2; ++side) {
      const int b = constraint_bodies_[jn][side];
      const int o = body_offset_[b];
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o < 0 ? -1 : o + i);
        s.in_is_deriv.push_back(0);
        s.in_const.push_back(o < 0 ? kGroundState[i] : 0.0);
        s.out_row.push_back(o < 0 ? -1 : o + i);
      }
    }
    for (int mult = 0; mult < 2; ++mult) {
      for (int e = 0; e < k.m; ++e) add_multiplier_slot(s, joint_eq_offset_[jn] + e, mult == 1);
    }
    for (int d = 0; d < 2; ++d) {  // motion states, then their derivatives
      for (int i = 0; i < k.drive_states; ++i) {
        s.in_var.push_back(motion_state_offset_[jn] + i);
        s.in_is_deriv.push_back(static_cast<char>(d));
        s.in_const.push_back(0.0);
      }
    }
    for (int i = 0; i < k.drive_states; ++i) s.out_row.push_back(motion_state_offset_[jn] + i);
    joint_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    Slots s;
    for (int b : gcon_kernels_[k].bodies) {
      const int o = body_offset_[b];
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o + i);
        s.in_is_deriv.push_back(0);
        s.in_const.push_back(0.0);
        s.out_row.push_back(o + i);
      }
    }
    for (int mult = 0; mult < 2; ++mult) add_multiplier_slot(s, gcon_eq_offset_[k], mult == 1);
    gcon_slots_.push_back(std::move(s));
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    const CouplerKernel& ck = coupler_kernels_[k];
    Slots s;
    for (int b : ck.bodies) {
      const int o = body_offset_[b];
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o < 0 ? -1 : o + i);
        s.in_is_deriv.push_back(0);
        s.in_const.push_back(o < 0 ? kGroundState[i] : 0.0);
        s.out_row.push_back(o < 0 ? -1 : o + i);
      }
    }
    for (int mult = 0; mult < 2 * ck.m; ++mult) {
      add_multiplier_slot(s, coupler_eq_offset_[k], mult == 1);
    }
    for (int d = 0; d < 2; ++d) {  // turn counts, then their derivatives
      for (int i = 0; i < ck.num_states; ++i) {
        s.in_var.push_back(coupler_state_offset_[k] + i);
        s.in_is_deriv.push_back(static_cast<char>(d));
        s.in_const.push_back(0.0);
      }
    }
    for (int i = 0; i < ck.num_states; ++i) s.out_row.push_back(coupler_state_offset_[k] + i);
    coupler_slots_.push_back(std::move(s));
  }
  force_kernels_ = make_force_kernels(model);
  const std::vector<double> y0 = initial_state();
  // The VARSUB dependency calls, then the state kernels: force expressions and state inputs may
  // read values their user subroutines compute.
  user_variables_.bind(*this, y0);
  state_kernels_ = make_state_kernels(model, state_offset_, *this, y0);
  for (auto& fk : force_kernels_) {
    if (fk.user) {
      bind_user_force(fk, *this, y0);
    } else {  // the blocks whose reactions the expressions read (JOINT, JPRIM, MOTION)
      fk.sys = this;
      fk.n_multipliers = 0;
      for (int block : fk.blocks) fk.n_multipliers += joint_equation_count(block);
    }
    add_read_inputs(fk, *this, y0);
    fk.block_first.clear();
    for (int b = 0, first = 13 * static_cast<int>(fk.bodies.size());
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
    Slots s;
    for (int b : fk.bodies) {
      const int o = body_offset_[b];
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o + i);
        s.in_is_deriv.push_back(0);
        s.in_const.push_back(0.0);
        s.out_row.push_back(o + i);
      }
    }
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
      s.in_var.push_back(body_offset_[fk.bodies[static_cast<size_t>(i / 6)]] + 7 + i % 6);
      s.in_is_deriv.push_back(1);
      s.in_const.push_back(0.0);
    }
    fk.input_vars = s.in_var;
    fk.input_is_deriv = s.in_is_deriv;
    force_slots_.push_back(std::move(s));
  }
  for (auto& sk : state_kernels_) {
    Slots s;
    for (int b : sk.bodies) {
      const int o = body_offset_[b];
      for (int i = 0; i < 13; ++i) {
        s.in_var.push_back(o + i);
        s.in_is_deriv.push_back(0);
        s.out_row.push_back(o + i);
      }
    }
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
  if (form_ == DaeForm::kStabilisedIndex1) add_index1_slots();
  track_angles();
  build_pattern();
}

void System::track_angles() {
  auto attach = [&](std::vector<LocalMeasure>& measures, const std::vector<LocalMarker>& markers) {
    auto id = [&](int local) { return local < 0 ? -1 : markers[static_cast<size_t>(local)].id; };
    for (LocalMeasure& lm : measures) {
      if (is_tracked_angle(lm.kind))
        lm.track = angles_->track(lm.kind, id(lm.i), id(lm.j), id(lm.k));
    }
  };
  for (auto& k : force_kernels_) attach(k.measures, k.markers);
  for (auto& k : state_kernels_) attach(k.measures, k.markers);
  for (auto& k : gcon_kernels_) attach(k.measures, k.markers);
}

void System::follow_angles(const double* y) const {
  if (angles_->empty()) return;
  angles_->follow([&](int mk) {
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
    if (row < 0 || r % 13 < 7) continue;
    s.out_row[static_cast<size_t>(r)] = correction_offset(row - r % 13) + r % 13 - 7;
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
    if (v < 13 * nb_ && v % 13 >= 7) s.corr_var[i] = correction_offset(v - v % 13) + v % 13 - 7;
  }
  // The velocity rows (in kappa's rows in the main slots) give lambda's acceleration rows.
  s.out_row.assign(main.out_row.size(), -1);
  for (size_t r = 0; r < main.out_row.size(); ++r) {
    const int row = main.out_row[r];
    if (row >= kappa_begin_ && row < kappa_begin_ + n_eq_) {
      s.out_row[r] = 13 * nb_ + row - kappa_begin_;
    }
  }
  return s;
}

void System::add_index1_slots() {
  for (size_t jn = 0; jn < joint_kernels_.size(); ++jn) {
    joint_corr_slots_.push_back(correction_slots(joint_slots_[jn], 26, joint_kernels_[jn].m));
    joint_acc_slots_.push_back(acceleration_slots(joint_slots_[jn]));
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    const int first = 13 * coupler_kernels_[k].num_bodies();
    coupler_corr_slots_.push_back(
        correction_slots(coupler_slots_[k], first, coupler_kernels_[k].m));
    coupler_acc_slots_.push_back(acceleration_slots(coupler_slots_[k]));
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    const int first = 13 * gcon_kernels_[k].num_bodies();
    gcon_corr_slots_.push_back(correction_slots(gcon_slots_[k], first, 1));
    gcon_acc_slots_.push_back(acceleration_slots(gcon_slots_[k]));
  }
}

void System::add_constraint_block(JointKernel k, int i_marker, int j_marker) {
  const Marker& mi = model_.markers[i_marker];
  const Marker& mj = model_.markers[j_marker];
  k.s_i = mi.pos_body;
  k.u_i = mi.axes_body;
  k.s_j = mj.pos_body;
  k.u_j = mj.axes_body;
  add_block(std::move(k), mi.body, mj.body);
}

void System::add_multiplier_slot(Slots& s, int eq, bool position_level) const {
  const int lambda = 13 * nb_ + eq;
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

void System::add_block(JointKernel k, int body_i, int body_j) {
  joint_eq_offset_.push_back(n_eq_);
  n_eq_ += k.m;
  constraint_bodies_.push_back({body_i, body_j});
  joint_kernels_.push_back(std::move(k));
}

std::vector<double> System::initial_state() const {
  std::vector<double> y(n_, 0.0);
  for (size_t b = 0; b < model_.bodies.size(); ++b) {
    const int o = body_offset_[b];
    if (o < 0) continue;
    const Body& body = model_.bodies[b];
    const Mat3 A = rotation_from_euler_parameters<double>(body.p0);
    const Vec3 w_body = A.transpose() * body.w0;
    for (int i = 0; i < 3; ++i) {
      y[o + i] = body.r0(i);
      y[o + 7 + i] = body.v0(i);
      y[o + 10 + i] = w_body(i);
    }
    for (int i = 0; i < 4; ++i) y[o + 3 + i] = body.p0(i);
  }
  for (const auto& e : model_.state_elements) {
    for (int i = 0; i < e.num_states; ++i) y[state_offset_ + e.first_state + i] = e.ic[i];
  }
  for (size_t k = 0; k < model_.motions.size(); ++k) {
    const int o = motion_state_offset_[model_.joints.size() + k];
    if (o < 0) continue;
    y[o] = model_.motions[k].ic_disp;
    if (joint_kernels_[model_.joints.size() + k].drive_states > 1)
      y[o + 1] = model_.motions[k].ic_vel;
  }
  return y;
}

template <class Kernel>
void System::add_residual(const Kernel& k, const Slots& s, double t, const double* y,
                          const double* yp, double* res) const {
  double x[kMaxLocalInputs];
  double out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    x[i] = v < 0 ? s.in_const[i] : (s.in_is_deriv[i] ? yp[v] : y[v]);
  }
  k.eval(x, out, t);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] >= 0) res[s.out_row[r]] += out[r];
  }
}

template <class Kernel>
void System::add_jacobian(const Kernel& k, const Slots& s, double t, const double* y,
                          const double* yp, double cj, double* values) const {
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
  k.eval(x, out, t);
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

void System::applied_residual(double t, const double* y, const double* yp, double* res) const {
  std::fill(res, res + n_, 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_residual(body_kernels_[k], body_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_residual(force_kernels_[k], force_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_residual(state_kernels_[k], state_slots_[k], t, y, yp, res);
  }
}

void System::add_block_residual(int block, double t, const double* y, const double* yp,
                                double* res) const {
  add_residual(joint_kernels_[block], joint_slots_[block], t, y, yp, res);
}

namespace {
/// The velocity rows of a constraint kernel: its velocity_rows() when it has one (only those
/// outputs are written), else its whole eval.
template <class Kernel, class T>
void eval_velocity_rows(const Kernel& k, const T* x, T* out, double t) {
  if constexpr (requires { k.velocity_rows(x, out, t); }) {
    k.velocity_rows(x, out, t);
  } else {
    k.eval(x, out, t);
  }
}
}  // namespace

template <class Kernel>
void System::add_acceleration_residual(const Kernel& k, const Slots& s, double t, const double* y,
                                       const double* yp, double* res) const {
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
  eval_velocity_rows(k, x, out, t);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] >= 0 && out[r].derivatives().size() > 0) {
      res[s.out_row[r]] += out[r].derivatives()(0);
    }
  }
}

template <class Kernel>
void System::add_acceleration_jacobian(const Kernel& k, const Slots& s, double t, const double* y,
                                       const double* yp, double cj, double* values) const {
  AD2 x[kMaxLocalInputs];
  AD2 out[kMaxLocalInputs];
  const size_t n_in = s.in_var.size();
  const auto n = static_cast<Eigen::Index>(n_in);
  for (size_t i = 0; i < n_in; ++i) {
    const int v = s.in_var[i];
    double dir = 0.0;
    if (s.dir_var[i] >= 0) dir = yp[s.dir_var[i]];
    if (s.corr_var[i] >= 0) dir += y[s.corr_var[i]];
    const AD value =
        v < 0 ? AD(s.in_const[i], ADVector::Zero(n))
              : AD(s.in_is_deriv[i] ? yp[v] : y[v], static_cast<int>(n_in), static_cast<int>(i));
    x[i] = AD2(value, Eigen::Matrix<AD, 1, 1>(AD(dir, ADVector::Zero(n))));
  }
  eval_velocity_rows(k, x, out, t);
  for (size_t r = 0; r < s.out_row.size(); ++r) {
    if (s.out_row[r] < 0) continue;
    // d(row)/dx: the coefficient of x' (of y' with cj, and of u); d(row . x')/dx at fixed x'.
    const ADVector& first = out[r].value().derivatives();
    const bool has_second = out[r].derivatives().size() > 0;
    for (size_t i = 0; i < n_in; ++i) {
      const auto ii = static_cast<Eigen::Index>(i);
      const double d1 = first.size() > 0 ? first(ii) : 0.0;
      double d = 0.0;
      if (has_second && out[r].derivatives()(0).derivatives().size() > 0) {
        d = out[r].derivatives()(0).derivatives()(ii);
      }
      if (s.dir_var[i] >= 0) d += cj * d1;
      const int pos = s.jac_pos[r * n_in + i];
      if (pos >= 0) values[pos] += d;
      const int cpos = s.corr_pos[r * n_in + i];
      if (cpos >= 0) values[cpos] += d1;
    }
  }
}

void System::residual(double t, const double* y, const double* yp, double* res) const {
  std::fill(res, res + n_, 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_residual(body_kernels_[k], body_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    add_residual(joint_kernels_[k], joint_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_residual(force_kernels_[k], force_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    add_residual(gcon_kernels_[k], gcon_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    add_residual(coupler_kernels_[k], coupler_slots_[k], t, y, yp, res);
  }
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_residual(state_kernels_[k], state_slots_[k], t, y, yp, res);
  }
  if (form_ == DaeForm::kIndex3) {
    for (int r = 13 * nb_ + n_eq_; r < 13 * nb_ + 2 * n_eq_; ++r) res[r] = y[r];  // mu = 0
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    // Per constraint kernel: B^T kappa into the u rows, the acceleration row into lambda's.
    auto add_index1 = [&](const auto& kernels, const std::vector<Slots>& corr,
                          const std::vector<Slots>& acc) {
      for (size_t k = 0; k < kernels.size(); ++k) {
        add_residual(kernels[k], corr[k], t, y, yp, res);
        add_acceleration_residual(kernels[k], acc[k], t, y, yp, res);
      }
    };
    add_index1(joint_kernels_, joint_corr_slots_, joint_acc_slots_);
    add_index1(coupler_kernels_, coupler_corr_slots_, coupler_acc_slots_);
    add_index1(gcon_kernels_, gcon_corr_slots_, gcon_acc_slots_);
    add_drive_row_rates(t, res);
    for (int r = kappa_begin_ + n_eq_; r < n_; ++r) res[r] += y[r];  // u - B^T kappa
    for (int b = 0; b < nb_; ++b) {  // M (nu' + u): the Newton-Euler rows read M u too
      const int o = 13 * b, u = correction_offset(o);
      const BodyKernel& bk = body_kernels_[b];
      for (int c = 0; c < 3; ++c) {
        res[o + 7 + c] += bk.mass * y[u + c];
        for (int d = 0; d < 3; ++d) res[o + 10 + c] += bk.inertia(c, d) * y[u + 3 + d];
      }
    }
  }
}

void System::add_drive_row_rates(double t, double* rows) const {
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    const JointKernel& jk = joint_kernels_[k];
    if (jk.drive && jk.m > 0) rows[lambda_offset(static_cast<int>(k))] += jk.velocity_row_rate(t);
  }
}

void System::add_velocity_row_time_rates(double t, const double* y, double* rates) const {
  add_drive_row_rates(t, rates);
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    const GeneralConstraintKernel& gk = gcon_kernels_[k];
    const Slots& s = gcon_slots_[k];
    Dual x[kMaxLocalInputs];
    Dual out[kMaxLocalInputs];
    const Eigen::Matrix<double, 1, 1> at_rest(0.0);
    for (size_t i = 0; i < s.in_var.size(); ++i) {
      x[i] = Dual(s.in_var[i] < 0 ? s.in_const[i] : y[s.in_var[i]], at_rest);
    }
    gk.velocity_rows(x, out, t);
    rates[13 * nb_ + gcon_eq_offset_[k]] += out[13 * gk.num_bodies()].derivatives()(0);
  }
}

void System::jacobian(double t, const double* y, const double* yp, double cj,
                      double* values) const {
  std::fill(values, values + pattern_.nnz(), 0.0);
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    add_jacobian(body_kernels_[k], body_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    add_jacobian(joint_kernels_[k], joint_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    add_jacobian(force_kernels_[k], force_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    add_jacobian(gcon_kernels_[k], gcon_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    add_jacobian(coupler_kernels_[k], coupler_slots_[k], t, y, yp, cj, values);
  }
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    add_jacobian(state_kernels_[k], state_slots_[k], t, y, yp, cj, values);
  }
  for (int pos : pinned_mu_diag_) values[pos] = 1.0;
  if (form_ == DaeForm::kStabilisedIndex1) {
    auto add_index1 = [&](const auto& kernels, const std::vector<Slots>& corr,
                          const std::vector<Slots>& acc) {
      for (size_t k = 0; k < kernels.size(); ++k) {
        add_jacobian(kernels[k], corr[k], t, y, yp, cj, values);
        add_acceleration_jacobian(kernels[k], acc[k], t, y, yp, cj, values);
      }
    };
    add_index1(joint_kernels_, joint_corr_slots_, joint_acc_slots_);
    add_index1(coupler_kernels_, coupler_corr_slots_, coupler_acc_slots_);
    add_index1(gcon_kernels_, gcon_corr_slots_, gcon_acc_slots_);
    for (int pos : u_diag_pos_) values[pos] += 1.0;
    for (int b = 0; b < nb_; ++b) {
      const BodyKernel& bk = body_kernels_[b];
      const std::array<int, 12>& p = mass_u_pos_[b];
      for (int c = 0; c < 3; ++c) values[p[c]] += bk.mass;
      for (int c = 0; c < 9; ++c) values[p[3 + c]] += bk.inertia(c / 3, c % 3);
    }
  }
}

void System::build_pattern() {
  // Structural nonzeros: entries whose derivative is nonzero at two random points. The kernels'
  // geometry is analytic, so an entry that vanishes at random inputs is zero everywhere; the
  // expressions are not (TIME factors, STEP windows in TIME or in a state), so the probes run
  // under StructuralProbe (every partial of an expression 1, its value off zero) at a random time.
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::vector<std::set<int>> cols(n_);
  auto probe = [&](const auto& kernel, Slots& s) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    std::vector<char> nz(n_out * n_in, 0);
    // A user subroutine is a black box: its force and torque rows depend on every input.
    bool black_box = false;
    // So is a user-subroutine state element: its state rows (after the bodies' rows) depend on
    // every input, and so do the force rows of a Force_StateEqn.
    size_t first_state_row = n_out;
    if constexpr (std::is_same_v<std::decay_t<decltype(kernel)>, ForceKernel>) {
      black_box = kernel.user != nullptr || !kernel.state_inputs.reads.empty();
    } else if constexpr (std::is_same_v<std::decay_t<decltype(kernel)>, StateKernel>) {
      black_box = kernel.black_box();
      first_state_row = 13 * static_cast<size_t>(kernel.num_bodies());
    }
    for (size_t r = 0; black_box && r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) nz[r * n_in + i] = r >= first_state_row || r % 13 >= 7;
    }
    // A kernel may refuse a random state (a bushing's euler_xyz singularity check on
    // non-normalised Euler parameters): such a probe is drawn again, up to 16 times, and the last
    // attempt reports its error.
    for (int trial = 0, attempts = 0; !black_box && trial < 2; ++attempts) {
      AD x[kMaxLocalInputs];
      AD out[kMaxLocalInputs];
      for (size_t i = 0; i < n_in; ++i) {
        x[i] = s.in_var[i] < 0 ? AD(s.in_const[i], ADVector::Zero(static_cast<Eigen::Index>(n_in)))
                               : AD(uni(rng), static_cast<int>(n_in), static_cast<int>(i));
      }
      try {
        const StructuralProbe structural;
        kernel.eval(x, out, 0.5 + 0.5 * uni(rng));  // a time where TIME factors are non-zero
      } catch (const Error&) {
        if (attempts >= 16) throw;
        continue;
      }
      ++trial;
      for (size_t r = 0; r < n_out; ++r) {
        const ADVector& d = out[r].derivatives();
        if (d.size() == 0) continue;
        for (size_t i = 0; i < n_in; ++i)
          nz[r * n_in + i] |= (d(static_cast<Eigen::Index>(i)) != 0.0);
      }
    }
    for (size_t r = 0; r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        if (nz[r * n_in + i] && s.out_row[r] >= 0 && s.in_var[i] >= 0) {
          cols[s.in_var[i]].insert(s.out_row[r]);
        }
      }
    }
    s.jac_pos.assign(n_out * n_in, -1);
    return nz;
  };
  std::vector<std::vector<char>> body_nz, joint_nz, force_nz, gcon_nz;
  for (size_t k = 0; k < body_kernels_.size(); ++k) {
    body_nz.push_back(probe(body_kernels_[k], body_slots_[k]));
  }
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    joint_nz.push_back(probe(joint_kernels_[k], joint_slots_[k]));
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    force_nz.push_back(probe(force_kernels_[k], force_slots_[k]));
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) {
    gcon_nz.push_back(probe(gcon_kernels_[k], gcon_slots_[k]));
  }
  std::vector<std::vector<char>> coupler_nz;
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    coupler_nz.push_back(probe(coupler_kernels_[k], coupler_slots_[k]));
  }
  std::vector<std::vector<char>> state_nz;
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    state_nz.push_back(probe(state_kernels_[k], state_slots_[k]));
  }
  // Index-1 form: the B^T kappa evaluations are ordinary kernel evaluations; the acceleration
  // rows are probed with AD2 at random points and directions (nz: first or second derivative).
  std::vector<std::vector<char>> jcorr_nz, ccorr_nz, gcorr_nz, jacc_nz, cacc_nz, gacc_nz;
  auto probe_acceleration = [&](const auto& kernel, Slots& s) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    const auto n = static_cast<Eigen::Index>(n_in);
    std::vector<char> nz(n_out * n_in, 0), nz_corr(n_out * n_in, 0);
    for (int trial = 0; trial < 2; ++trial) {
      AD2 x[kMaxLocalInputs];
      AD2 out[kMaxLocalInputs];
      for (size_t i = 0; i < n_in; ++i) {
        const AD value = s.in_var[i] < 0
                             ? AD(s.in_const[i], ADVector::Zero(n))
                             : AD(uni(rng), static_cast<int>(n_in), static_cast<int>(i));
        const double dir = s.dir_var[i] >= 0 || s.corr_var[i] >= 0 ? uni(rng) : 0.0;
        x[i] = AD2(value, Eigen::Matrix<AD, 1, 1>(AD(dir, ADVector::Zero(n))));
      }
      {
        const StructuralProbe structural;
        eval_velocity_rows(kernel, x, out, 0.0);
      }
      for (size_t r = 0; r < n_out; ++r) {
        if (s.out_row[r] < 0) continue;
        const ADVector& d1 = out[r].value().derivatives();
        for (size_t i = 0; i < n_in; ++i) {
          const auto ii = static_cast<Eigen::Index>(i);
          const bool first = d1.size() > 0 && d1(ii) != 0.0;
          bool second = false;
          if (out[r].derivatives().size() > 0) {
            const ADVector& d2 = out[r].derivatives()(0).derivatives();
            second = d2.size() > 0 && d2(ii) != 0.0;
          }
          nz[r * n_in + i] |= (second || (first && s.dir_var[i] >= 0));
          nz_corr[r * n_in + i] |= (first && s.corr_var[i] >= 0);
        }
      }
    }
    for (size_t r = 0; r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        if (s.out_row[r] < 0) continue;
        if (nz[r * n_in + i] && s.in_var[i] >= 0) cols[s.in_var[i]].insert(s.out_row[r]);
        if (nz_corr[r * n_in + i]) cols[s.corr_var[i]].insert(s.out_row[r]);
      }
    }
    s.jac_pos.assign(n_out * n_in, -1);
    s.corr_pos.assign(n_out * n_in, -1);
    nz.insert(nz.end(), nz_corr.begin(), nz_corr.end());
    return nz;
  };
  for (size_t k = 0; k < joint_corr_slots_.size(); ++k) {
    jcorr_nz.push_back(probe(joint_kernels_[k], joint_corr_slots_[k]));
    jacc_nz.push_back(probe_acceleration(joint_kernels_[k], joint_acc_slots_[k]));
  }
  for (size_t k = 0; k < coupler_corr_slots_.size(); ++k) {
    ccorr_nz.push_back(probe(coupler_kernels_[k], coupler_corr_slots_[k]));
    cacc_nz.push_back(probe_acceleration(coupler_kernels_[k], coupler_acc_slots_[k]));
  }
  for (size_t k = 0; k < gcon_corr_slots_.size(); ++k) {
    gcorr_nz.push_back(probe(gcon_kernels_[k], gcon_corr_slots_[k]));
    gacc_nz.push_back(probe_acceleration(gcon_kernels_[k], gcon_acc_slots_[k]));
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    for (int b = 0; b < nb_; ++b) {
      const int o = 13 * b, u = correction_offset(o);
      for (int c = 0; c < 3; ++c) {
        cols[u + c].insert(o + 7 + c);
        for (int d = 0; d < 3; ++d) cols[u + 3 + d].insert(o + 10 + c);
      }
    }
  }
  // Every diagonal entry is kept so that the pattern is structurally complete for KLU.
  for (int i = 0; i < n_; ++i) cols[i].insert(i);
  pattern_.n = n_;
  pattern_.col_ptr.assign(n_ + 1, 0);
  pattern_.row_idx.clear();
  for (int c = 0; c < n_; ++c) {
    pattern_.col_ptr[c] = static_cast<int>(pattern_.row_idx.size());
    pattern_.row_idx.insert(pattern_.row_idx.end(), cols[c].begin(), cols[c].end());
  }
  pattern_.col_ptr[n_] = static_cast<int>(pattern_.row_idx.size());
  auto position = [&](int row, int col) {
    const auto b = pattern_.row_idx.begin() + pattern_.col_ptr[col];
    const auto e = pattern_.row_idx.begin() + pattern_.col_ptr[col + 1];
    const auto it = std::lower_bound(b, e, row);
    return (it != e && *it == row) ? static_cast<int>(it - pattern_.row_idx.begin()) : -1;
  };
  auto fill = [&](Slots& s, const std::vector<char>& nz) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    for (size_t r = 0; r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        if (nz[r * n_in + i] && s.out_row[r] >= 0 && s.in_var[i] >= 0) {
          s.jac_pos[r * n_in + i] = position(s.out_row[r], s.in_var[i]);
        }
      }
    }
  };
  for (size_t k = 0; k < body_slots_.size(); ++k) fill(body_slots_[k], body_nz[k]);
  for (size_t k = 0; k < joint_slots_.size(); ++k) fill(joint_slots_[k], joint_nz[k]);
  for (size_t k = 0; k < force_slots_.size(); ++k) fill(force_slots_[k], force_nz[k]);
  for (size_t k = 0; k < gcon_slots_.size(); ++k) fill(gcon_slots_[k], gcon_nz[k]);
  for (size_t k = 0; k < coupler_slots_.size(); ++k) fill(coupler_slots_[k], coupler_nz[k]);
  for (size_t k = 0; k < state_slots_.size(); ++k) fill(state_slots_[k], state_nz[k]);
  if (form_ == DaeForm::kIndex3) {
    for (int r = 13 * nb_ + n_eq_; r < 13 * nb_ + 2 * n_eq_; ++r) {
      pinned_mu_diag_.push_back(position(r, r));
    }
  }
  auto fill_acceleration = [&](Slots& s, const std::vector<char>& nz) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size(), half = n_out * n_in;
    for (size_t r = 0; r < n_out; ++r) {
      if (s.out_row[r] < 0) continue;
      for (size_t i = 0; i < n_in; ++i) {
        if (nz[r * n_in + i] && s.in_var[i] >= 0) {
          s.jac_pos[r * n_in + i] = position(s.out_row[r], s.in_var[i]);
        }
        if (nz[half + r * n_in + i]) {
          s.corr_pos[r * n_in + i] = position(s.out_row[r], s.corr_var[i]);
        }
      }
    }
  };
  for (size_t k = 0; k < joint_corr_slots_.size(); ++k) {
    fill(joint_corr_slots_[k], jcorr_nz[k]);
    fill_acceleration(joint_acc_slots_[k], jacc_nz[k]);
  }
  for (size_t k = 0; k < coupler_corr_slots_.size(); ++k) {
    fill(coupler_corr_slots_[k], ccorr_nz[k]);
    fill_acceleration(coupler_acc_slots_[k], cacc_nz[k]);
  }
  for (size_t k = 0; k < gcon_corr_slots_.size(); ++k) {
    fill(gcon_corr_slots_[k], gcorr_nz[k]);
    fill_acceleration(gcon_acc_slots_[k], gacc_nz[k]);
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    for (int b = 0; b < nb_; ++b) {
      const int o = 13 * b, u = correction_offset(o);
      std::array<int, 12> p{};
      for (int c = 0; c < 3; ++c) {
        p[c] = position(o + 7 + c, u + c);
        for (int d = 0; d < 3; ++d) p[3 + 3 * c + d] = position(o + 10 + c, u + 3 + d);
      }
      mass_u_pos_.push_back(p);
    }
    for (int r = kappa_begin_ + n_eq_; r < n_; ++r) u_diag_pos_.push_back(position(r, r));
  }
}

std::string System::describe_variable(int index) const {
  if (index >= kappa_begin_) {  // index-1 form: kappa, u
    const int k = index - kappa_begin_;
    if (k < n_eq_) {
      return describe_variable(13 * nb_ + k) + " (velocity-level multiplier)";
    }
    return describe_variable(13 * ((k - n_eq_) / 6) + 7 + (k - n_eq_) % 6) +
           " (velocity correction)";
  }
  if (index < 13 * nb_) {
    for (size_t b = 0; b < model_.bodies.size(); ++b) {
      const int o = body_offset_[b];
      if (o >= 0 && index >= o && index < o + 13) {
        static constexpr const char* kNames[13] = {"x",  "y",  "z",  "e0", "e1", "e2", "e3",
                                                   "vx", "vy", "vz", "wx", "wy", "wz"};
        return fmt::format("Body_Rigid {} ({})", model_.bodies[b].id, kNames[index - o]);
      }
    }
  }
  const int rel = index - 13 * nb_;
  if (rel < 2 * n_eq_) {
    const int eq = rel % n_eq_;
    for (size_t k = 0; k < gcon_eq_offset_.size(); ++k) {
      if (eq == gcon_eq_offset_[k]) {
        return fmt::format("Constraint_General {}", model_.general_constraints[k].id);
      }
    }
    for (size_t k = 0; k < coupler_eq_offset_.size(); ++k) {
      if (eq == coupler_eq_offset_[k]) return coupler_kernels_[k].subject;
    }
    for (size_t j = joint_eq_offset_.size(); j-- > 0;) {
      if (eq >= joint_eq_offset_[j]) {
        const size_t holds = model_.joints.size() + model_.motions.size();
        if (j >= holds) {
          return fmt::format("Body_Point {} (rotation hold, equation {})",
                             model_.bodies[point_hold_body_[j - holds]].id,
                             eq - joint_eq_offset_[j] + 1);
        }
        if (j >= model_.joints.size()) {
          const MotionJoint& mo = model_.motions[j - model_.joints.size()];
          return fmt::format("{} {}", mo.on_markers ? "Motion_Marker" : "Motion_Joint", mo.id);
        }
        return fmt::format("Constraint_Joint {} (equation {})", model_.joints[j].id,
                           eq - joint_eq_offset_[j] + 1);
      }
    }
  }
  for (size_t k = coupler_state_offset_.size(); k-- > 0;) {
    const int o = coupler_state_offset_[k];
    if (index >= o && index < o + coupler_kernels_[k].num_states) {
      return fmt::format("{} (turn count {})", coupler_kernels_[k].subject, index - o + 1);
    }
  }
  if (index >= motion_state_begin_) {
    for (size_t k = model_.motions.size(); k-- > 0;) {
      const int o = motion_state_offset_[model_.joints.size() + k];
      if (o >= 0 && index >= o) {
        return fmt::format("{} {} ({} state)",
                           model_.motions[k].on_markers ? "Motion_Marker" : "Motion_Joint",
                           model_.motions[k].id, index == o ? "displacement" : "velocity");
      }
    }
  }
  if (index >= state_offset_) {
    for (const auto& e : model_.state_elements) {
      const int i = index - state_offset_ - e.first_state;
      if (i >= 0 && i < e.num_states) return fmt::format("{} (state {})", e.subject, i + 1);
    }
  }
  // mu_n of the k-th moving body: named by its Body_Rigid id.
  const int k = rel - 2 * n_eq_;
  for (size_t b = 0; b < model_.bodies.size(); ++b) {
    if (body_offset_[b] == 13 * k) {
      return fmt::format("Body_Rigid {} (Euler-parameter normalisation)", model_.bodies[b].id);
    }
  }
  return fmt::format("Euler-parameter normalisation of moving body {}", k + 1);
}

}  // namespace mb
