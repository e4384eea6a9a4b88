// The System's variable layout (solver/system.hpp): the body states, the constraint blocks and
// their equations, the user, motion and coupler states, and what each variable is called.

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "solver/cvcv_kernel.hpp"
#include "solver/state_layout.hpp"
#include "solver/system.hpp"

namespace mb {

namespace {

/// The stabilised index-1 form has no curve constraints: a deck error at the first one.
[[noreturn]] void refuse_index1(const SourceLoc& loc, const std::string& subject,
                                const char* kind) {
  throw Error(ExitCode::kDeckError,
              fmt::format("{}: error: {}: the stabilised index-1 form (dae_index 1, Adams SI1) "
                          "does not support {} constraints; use the index-2 (the default) or "
                          "index-3 form",
                          loc.str(), subject, kind));
}

/// Each of `count` constraints gets `per` equations from n_eq on (its offset in `offsets`).
void add_equation_offsets(std::vector<int>& offsets, size_t count, int per, int& n_eq) {
  for (size_t k = 0; k < count; ++k) {
    offsets.push_back(n_eq);
    n_eq += per;
  }
}

}  // namespace

void System::lay_out_bodies() {
  // Moving bodies get kBodyStates states each, in model order.
  body_offset_.assign(model_.bodies.size(), -1);
  for (size_t b = 0; b < model_.bodies.size(); ++b) {
    if (!model_.bodies[b].ground) body_offset_[b] = body_states_offset(nb_++);
  }
}

void System::add_joint_blocks() {
  for (const auto& j : model_.joints) {
    JointKernel k;
    const auto eqs = joint_equations(j);
    // A deactivated joint keeps its block (stable numbering) without equations.
    k.m = j.active ? static_cast<int>(eqs.size()) : 0;
    std::copy(eqs.begin(), eqs.end(), k.eq.begin());
    add_constraint_block(std::move(k), j.i_marker, j.j_marker);
  }
}

void System::add_motion_blocks() {
  for (const auto& mo : model_.motions) {
    JointKernel k;
    k.m = mo.active && (mo.on_markers || model_.joints[mo.joint].active) ? 1 : 0;
    if (mo.on_markers) {
      k.eq[0] = mo.rotational ? JointEquation{JointEquation::Kind::kBryant, mo.direction - 3, 0}
                              : JointEquation{JointEquation::Kind::kDot2, 0, mo.direction};
    } else {
      k.eq[0] = mo.rotational ? JointEquation{JointEquation::Kind::kAngleZ, 0, 0}
                              : JointEquation{JointEquation::Kind::kDot2, 0, 2};
    }
    k.drive = &mo.expr.exprs[0];
    k.drive_states = static_cast<int>(mo.level);
    k.work.expr.reserve(mo.expr.exprs[0].max_stack + 1);
    if (mo.user) {
      k.user_drive = &*mo.user;
      k.user_id = mo.id;
      k.work.par = mo.user->par;
    }
    add_constraint_block(std::move(k), mo.i_marker, mo.j_marker);
  }
}

void System::add_point_holds() {
  // Body_Point: its rotation is held at the global axes by three orientation equations.
  for (size_t b = 0; b < model_.bodies.size(); ++b) {
    if (!model_.bodies[b].point || model_.bodies[b].ground) continue;
    using K = JointEquation::Kind;
    JointKernel k;
    k.m = 3;
    k.eq[0] = {K::kDot1, 2, 0};
    k.eq[1] = {K::kDot1, 2, 1};
    k.eq[2] = {K::kDot1, 0, 1};
    point_hold_body_.push_back(static_cast<int>(b));
    add_block(std::move(k), static_cast<int>(b), 0);
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

void System::add_block(JointKernel k, int body_i, int body_j) {
  joint_eq_offset_.push_back(n_eq_);
  n_eq_ += k.m;
  constraint_bodies_.push_back({body_i, body_j});
  joint_kernels_.push_back(std::move(k));
}

void System::add_general_constraints() {
  gcon_kernels_ = make_general_constraint_kernels(model_);
  for (size_t k = 0; k < gcon_kernels_.size(); ++k) gcon_eq_offset_.push_back(n_eq_++);
}

void System::add_couplers() {
  coupler_kernels_ = make_coupler_kernels(model_);
  for (CouplerKernel& k : coupler_kernels_) {
    if (k.coupler->user) init_coupler_subroutine(k);
  }
  for (const CouplerKernel& k : coupler_kernels_) {
    coupler_eq_offset_.push_back(k.m > 0 ? n_eq_ : -1);
    n_eq_ += k.m;
  }
}

void System::add_point_curves() {
  ptcv_kernels_ = make_ptcv_kernels(model_);
  if (!ptcv_kernels_.empty() && form_ == DaeForm::kStabilisedIndex1) {
    refuse_index1(ptcv_kernels_.front().ptcv->loc, ptcv_kernels_.front().subject, "point-curve");
  }
  add_equation_offsets(ptcv_eq_offset_, ptcv_kernels_.size(), PtcvKernel::kEquations, n_eq_);
}

void System::add_curve_curves() {
  cvcv_kernels_ = make_cvcv_kernels(model_);
  if (!cvcv_kernels_.empty() && form_ == DaeForm::kStabilisedIndex1) {
    refuse_index1(cvcv_kernels_.front().cvcv->loc, cvcv_kernels_.front().subject, "curve-curve");
  }
  add_equation_offsets(cvcv_eq_offset_, cvcv_kernels_.size(), CvcvKernel::kEquations, n_eq_);
}

void System::lay_out_states() {
  state_offset_ = kBodyStates * nb_ + 2 * n_eq_ + nb_;
  // Motion states follow the user states.
  motion_state_begin_ = state_offset_ + model_.num_states;
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
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    ptcv_state_offset_.push_back(n_);
    n_ += PtcvKernel::kStates;
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    cvcv_state_offset_.push_back(n_);
    n_ += CvcvKernel::kStates;
  }
  kappa_begin_ = n_;
  if (form_ == DaeForm::kStabilisedIndex1) n_ += n_eq_ + kBodyVelocities * nb_;  // kappa, u
  diff_mask_.assign(n_, 0.0);
  std::fill(diff_mask_.begin(), diff_mask_.begin() + kBodyStates * nb_, 1.0);
  std::fill(diff_mask_.begin() + state_offset_, diff_mask_.begin() + kappa_begin_, 1.0);
}

void System::set_error_test_index() {
  const int lambda0 = kBodyStates * nb_;
  error_test_index_.assign(n_, 0);
  for (int i = 0; i < n_; ++i) error_test_index_[i] = diff_mask_[i] > 0 ? 1 : 0;
  if (form_ == DaeForm::kIndex3) {
    for (int k = 0; k < nb_; ++k) {
      const auto body = error_test_index_.begin() + body_states_offset(k);
      std::fill(body + kBodyV, body + kBodyStates, 2);
    }
    std::fill(error_test_index_.begin() + lambda0, error_test_index_.begin() + lambda0 + n_eq_, 3);
    // The rate s of a curve parameter is a velocity: an index-2 component here.
    for (int o : ptcv_state_offset_) error_test_index_[o + 1] = 2;
    for (int o : cvcv_state_offset_) std::fill_n(error_test_index_.begin() + o + 2, 2, 2);
  }
  // The GGL multipliers are index-2 components: their Newton corrections are weighted by h
  // like the index-3 form's velocities (error_test_index() 4). The index-2 form's lambda too;
  // the index-1 form's lambda is an index-1 component and keeps its plain weight.
  if (form_ != DaeForm::kIndex3) {
    const int from = lambda0 + (form_ == DaeForm::kStabilisedIndex1 ? n_eq_ : 0);
    std::fill(error_test_index_.begin() + from, error_test_index_.begin() + lambda0 + 2 * n_eq_, 4);
    if (form_ == DaeForm::kStabilisedIndex1) {
      std::fill(error_test_index_.begin() + kappa_begin_,
                error_test_index_.begin() + kappa_begin_ + n_eq_, 4);
    }
  }
}

void System::set_static_held() {
  static_held_.assign(n_, 0);
  for (const auto& e : model_.state_elements) {
    for (int i = 0; i < e.num_states; ++i) {
      // A sampled GSE's discrete states (x_d' = 0) keep their values in statics too.
      static_held_[state_offset_ + e.first_state + i] =
          static_cast<char>(e.static_hold || i >= e.num_continuous());
    }
  }
  // A velocity or acceleration motion holds its displacement in statics; a coupler's turn
  // counts only need to stay within pi of their angles.
  std::fill(static_held_.begin() + motion_state_begin_, static_held_.begin() + kappa_begin_, 1);
  // The curve parameters of point-curve constraints are coordinates: a static analysis solves them.
  for (int o : ptcv_state_offset_)
    std::fill(static_held_.begin() + o, static_held_.begin() + o + 2, 0);
  for (int o : cvcv_state_offset_) std::fill_n(static_held_.begin() + o, CvcvKernel::kStates, 0);
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
      y[o + kBodyR + i] = body.r0(i);
      y[o + kBodyV + i] = body.v0(i);
      y[o + kBodyW + i] = w_body(i);
    }
    for (int i = 0; i < 4; ++i) y[o + kBodyP + i] = body.p0(i);
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
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    y[ptcv_state_offset_[k]] = ptcv_kernels_[k].alpha0;
    y[ptcv_state_offset_[k] + 1] = ptcv_kernels_[k].s0;
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    const CvcvKernel& ck = cvcv_kernels_[k];
    double* o = y.data() + cvcv_state_offset_[k];
    o[0] = ck.alpha0;
    o[1] = ck.beta0;
    o[2] = ck.rate_alpha0;
    o[3] = ck.rate_beta0;
  }
  return y;
}

std::string System::describe_constraint_equation(int eq) const {
  for (size_t k = 0; k < gcon_eq_offset_.size(); ++k) {
    if (eq == gcon_eq_offset_[k]) {
      return fmt::format("Constraint_General {}", model_.general_constraints[k].id);
    }
  }
  for (size_t k = 0; k < coupler_eq_offset_.size(); ++k) {
    if (eq == coupler_eq_offset_[k]) return coupler_kernels_[k].subject;
  }
  for (size_t k = 0; k < ptcv_eq_offset_.size(); ++k) {
    const int e = eq - ptcv_eq_offset_[k];
    if (e >= 0 && e < PtcvKernel::kEquations) {
      return fmt::format("{} (equation {})", ptcv_kernels_[k].subject, e + 1);
    }
  }
  for (size_t k = 0; k < cvcv_eq_offset_.size(); ++k) {
    const int e = eq - cvcv_eq_offset_[k];
    if (e >= 0 && e < CvcvKernel::kEquations) {
      return fmt::format("{} (equation {})", cvcv_kernels_[k].subject, e + 1);
    }
  }
  for (size_t j = joint_eq_offset_.size(); j-- > 0;) {
    if (eq < joint_eq_offset_[j]) continue;
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
  return {};
}

std::string System::describe_variable(int index) const {
  if (index >= kappa_begin_) {  // index-1 form: kappa, u
    const int k = index - kappa_begin_;
    if (k < n_eq_) {
      return describe_variable(kBodyStates * nb_ + k) + " (velocity-level multiplier)";
    }
    const int u = k - n_eq_;
    return describe_variable(body_states_offset(u / kBodyVelocities) + kBodyV +
                             u % kBodyVelocities) +
           " (velocity correction)";
  }
  if (index < kBodyStates * nb_) {
    for (size_t b = 0; b < model_.bodies.size(); ++b) {
      const int o = body_offset_[b];
      if (o >= 0 && index >= o && index < o + kBodyStates) {
        static constexpr const char* kNames[kBodyStates] = {
            "x", "y", "z", "e0", "e1", "e2", "e3", "vx", "vy", "vz", "wx", "wy", "wz"};
        return fmt::format("Body_Rigid {} ({})", model_.bodies[b].id, kNames[index - o]);
      }
    }
  }
  const int rel = index - kBodyStates * nb_;
  if (rel < 2 * n_eq_) {
    std::string name = describe_constraint_equation(rel % n_eq_);
    if (!name.empty()) return name;
  }
  for (size_t k = 0; k < ptcv_state_offset_.size(); ++k) {
    const int o = ptcv_state_offset_[k];
    if (index == o || index == o + 1) {
      return fmt::format("{} ({})", ptcv_kernels_[k].subject,
                         index == o ? "curve parameter alpha" : "rate of alpha");
    }
  }
  for (size_t k = 0; k < cvcv_state_offset_.size(); ++k) {
    const int e = index - cvcv_state_offset_[k];
    static constexpr const char* kNames[CvcvKernel::kStates] = {
        "I curve parameter alpha", "J curve parameter beta", "rate of alpha", "rate of beta"};
    if (e >= 0 && e < CvcvKernel::kStates) {
      return fmt::format("{} ({})", cvcv_kernels_[k].subject, kNames[e]);
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
    if (body_offset_[b] == body_states_offset(k)) {
      return fmt::format("Body_Rigid {} (Euler-parameter normalisation)", model_.bodies[b].id);
    }
  }
  return fmt::format("Euler-parameter normalisation of moving body {}", k + 1);
}

}  // namespace mb
