// The sparsity pattern of the System's Jacobian (solver/system.hpp) and every kernel output's
// positions in it, found by probing the kernels.
//
// Structural nonzeros: entries whose derivative is nonzero at two random points. The kernels'
// geometry is analytic, so an entry that vanishes at random inputs is zero everywhere; the
// expressions are not (TIME factors, STEP windows in TIME or in a state), so the probes run
// under StructuralProbe (every partial of an expression 1, its value off zero) at a random time.

#include <algorithm>
#include <random>
#include <set>
#include <type_traits>

#include "common/error.hpp"
#include "solver/cvcv_kernel.hpp"
#include "solver/expression_eval.hpp"
#include "solver/state_layout.hpp"
#include "solver/system.hpp"
#include "solver/velocity_rows.hpp"

namespace mb {

/// Probes kernels through their slots: collects the structural nonzeros per column and, per
/// slots, which (output, input) pairs are nonzero; then writes their positions in the pattern.
class System::PatternProbe {
 public:
  explicit PatternProbe(int n) : cols_(static_cast<size_t>(n)) {}

  /// The (output, input) pairs of an ordinary kernel evaluation.
  template <class Kernel>
  void probe(const Kernel& kernel, const KernelCall& c, Slots& s) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    std::vector<char> nz(n_out * n_in, 0);
    if (!mark_black_box(kernel, n_in, n_out, nz)) {
      for (int trial = 0, attempts = 0; trial < 2; ++attempts) {
        if (probe_once(kernel, c, s, nz, attempts)) ++trial;
      }
    }
    for (size_t r = 0; r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        if (nz[r * n_in + i] && s.out_row[r] >= 0 && s.in_var[i] >= 0) {
          cols_[static_cast<size_t>(s.in_var[i])].insert(s.out_row[r]);
        }
      }
    }
    s.jac_pos.assign(n_out * n_in, -1);
    plain_.push_back({&s, std::move(nz)});
  }

  /// The acceleration rows of a constraint kernel (index-1 form), probed with AD2 at random
  /// points and directions (nonzero: a first or second derivative).
  template <class Kernel>
  void probe_acceleration(const Kernel& kernel, const KernelCall& c, Slots& s);

  /// A structural nonzero the kernels do not report.
  void insert(int row, int col) { cols_[static_cast<size_t>(col)].insert(row); }

  /// The pattern of everything probed, with every diagonal entry (so that the pattern is
  /// structurally complete for KLU).
  SparsePattern pattern() {
    const int n = static_cast<int>(cols_.size());
    for (int i = 0; i < n; ++i) cols_[static_cast<size_t>(i)].insert(i);
    SparsePattern p;
    p.n = n;
    p.col_ptr.assign(static_cast<size_t>(n) + 1, 0);
    for (int c = 0; c < n; ++c) {
      p.col_ptr[static_cast<size_t>(c)] = static_cast<int>(p.row_idx.size());
      const std::set<int>& rows = cols_[static_cast<size_t>(c)];
      p.row_idx.insert(p.row_idx.end(), rows.begin(), rows.end());
    }
    p.col_ptr[static_cast<size_t>(n)] = static_cast<int>(p.row_idx.size());
    return p;
  }

  /// Writes the Jacobian positions of every probed slots' nonzeros.
  void fill_positions(const SparsePattern& p) const;

 private:
  struct Probed {
    Slots* slots;
    std::vector<char> nz;  ///< acceleration slots: then the nonzeros of the corrections u
  };

  /// A user subroutine is a black box: its force and torque rows depend on every input. So is a
  /// user-subroutine state element: its state rows (after the bodies' rows) depend on every
  /// input, and so do the force rows of a Force_StateEqn. True for a black box (nz marked).
  template <class Kernel>
  static bool mark_black_box(const Kernel& kernel, size_t n_in, size_t n_out,
                             std::vector<char>& nz) {
    bool black_box = false;
    size_t first_state_row = n_out;
    if constexpr (std::is_same_v<Kernel, ForceKernel>) {
      black_box = kernel.user != nullptr || !kernel.state_inputs.reads.empty();
    } else if constexpr (std::is_same_v<Kernel, StateKernel>) {
      black_box = kernel.black_box();
      first_state_row = kBodyStates * static_cast<size_t>(kernel.num_bodies());
    }
    for (size_t r = 0; black_box && r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        nz[r * n_in + i] = r >= first_state_row || r % kBodyStates >= kBodyV;
      }
    }
    return black_box;
  }

  /// One probe at a random point. A kernel may refuse a random state (a bushing's euler_xyz
  /// singularity check on non-normalised Euler parameters): such a probe is drawn again, up to
  /// 16 times (false), and the last attempt reports its error.
  template <class Kernel>
  bool probe_once(const Kernel& kernel, const KernelCall& c, const Slots& s, std::vector<char>& nz,
                  int attempts) {
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    AD x[kMaxLocalInputs];
    AD out[kMaxLocalInputs];
    for (size_t i = 0; i < n_in; ++i) {
      x[i] = s.in_var[i] < 0 ? AD(s.in_const[i], ADVector::Zero(static_cast<Eigen::Index>(n_in)))
                             : AD(uni_(rng_), static_cast<int>(n_in), static_cast<int>(i));
    }
    try {
      const StructuralProbe structural;
      kernel.eval(x, out, 0.5 + 0.5 * uni_(rng_), c);  // a time where TIME factors are non-zero
    } catch (const Error&) {
      if (attempts >= 16) throw;
      return false;
    }
    for (size_t r = 0; r < n_out; ++r) {
      const ADVector& d = out[r].derivatives();
      if (d.size() == 0) continue;
      for (size_t i = 0; i < n_in; ++i)
        nz[r * n_in + i] |= (d(static_cast<Eigen::Index>(i)) != 0.0);
    }
    return true;
  }

  std::mt19937 rng_{12345};
  std::uniform_real_distribution<double> uni_{-1.0, 1.0};
  std::vector<std::set<int>> cols_;
  std::vector<Probed> plain_, acceleration_;
};

template <class Kernel>
void System::PatternProbe::probe_acceleration(const Kernel& kernel, const KernelCall& c, Slots& s) {
  const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
  std::vector<char> nz(n_out * n_in, 0), nz_corr(n_out * n_in, 0);
  for (int trial = 0; trial < 2; ++trial) {
    AD2 x[kMaxLocalInputs];
    AD2 out[kMaxLocalInputs];
    for (size_t i = 0; i < n_in; ++i) {
      const double value = s.in_var[i] < 0 ? s.in_const[i] : uni_(rng_);
      const double dir = s.dir_var[i] >= 0 || s.corr_var[i] >= 0 ? uni_(rng_) : 0.0;
      x[i] = s.in_var[i] < 0
                 ? AD2(value, dir)
                 : AD2::variable(value, dir, static_cast<int>(n_in), static_cast<int>(i));
    }
    {
      const StructuralProbe structural;
      eval_velocity_rows(kernel, x, out, 0.0, c);
    }
    for (size_t r = 0; r < n_out; ++r) {
      if (s.out_row[r] < 0) continue;
      for (size_t i = 0; i < n_in; ++i) {
        const bool first = out[r].gradient(static_cast<int>(i)) != 0.0;
        const bool second = out[r].tangent_gradient(static_cast<int>(i)) != 0.0;
        nz[r * n_in + i] |= (second || (first && s.dir_var[i] >= 0));
        nz_corr[r * n_in + i] |= (first && s.corr_var[i] >= 0);
      }
    }
  }
  for (size_t r = 0; r < n_out; ++r) {
    for (size_t i = 0; i < n_in; ++i) {
      if (s.out_row[r] < 0) continue;
      if (nz[r * n_in + i] && s.in_var[i] >= 0) insert(s.out_row[r], s.in_var[i]);
      if (nz_corr[r * n_in + i]) insert(s.out_row[r], s.corr_var[i]);
    }
  }
  s.jac_pos.assign(n_out * n_in, -1);
  s.corr_pos.assign(n_out * n_in, -1);
  nz.insert(nz.end(), nz_corr.begin(), nz_corr.end());
  acceleration_.push_back({&s, std::move(nz)});
}

void System::PatternProbe::fill_positions(const SparsePattern& p) const {
  for (const Probed& pr : plain_) {
    Slots& s = *pr.slots;
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size();
    for (size_t r = 0; r < n_out; ++r) {
      for (size_t i = 0; i < n_in; ++i) {
        if (pr.nz[r * n_in + i] && s.out_row[r] >= 0 && s.in_var[i] >= 0) {
          s.jac_pos[r * n_in + i] = p.position(s.out_row[r], s.in_var[i]);
        }
      }
    }
  }
  for (const Probed& pr : acceleration_) {
    Slots& s = *pr.slots;
    const size_t n_in = s.in_var.size(), n_out = s.out_row.size(), half = n_out * n_in;
    for (size_t r = 0; r < n_out; ++r) {
      if (s.out_row[r] < 0) continue;
      for (size_t i = 0; i < n_in; ++i) {
        if (pr.nz[r * n_in + i] && s.in_var[i] >= 0) {
          s.jac_pos[r * n_in + i] = p.position(s.out_row[r], s.in_var[i]);
        }
        if (pr.nz[half + r * n_in + i]) {
          s.corr_pos[r * n_in + i] = p.position(s.out_row[r], s.corr_var[i]);
        }
      }
    }
  }
}

int SparsePattern::position(int row, int col) const {
  const auto b = row_idx.begin() + col_ptr[static_cast<size_t>(col)];
  const auto e = row_idx.begin() + col_ptr[static_cast<size_t>(col) + 1];
  const auto it = std::lower_bound(b, e, row);
  return (it != e && *it == row) ? static_cast<int>(it - row_idx.begin()) : -1;
}

void System::build_pattern() {
  PatternProbe probe(n_);
  Workspace ws = make_workspace();  // the probes' own: no run sees what they write
  // The order of the probes fixes the random points each kernel sees.
  for (size_t k = 0; k < body_kernels_.size(); ++k)
    probe.probe(body_kernels_[k], {*this, ws, ws.bodies[k]}, body_slots_[k]);
  for (size_t k = 0; k < joint_kernels_.size(); ++k) {
    probe.probe(joint_kernels_[k], {*this, ws, ws.joints[k]}, joint_slots_[k]);
  }
  for (size_t k = 0; k < force_kernels_.size(); ++k) {
    probe.probe(force_kernels_[k], {*this, ws, ws.forces[k]}, force_slots_[k]);
  }
  for (size_t k = 0; k < gcon_kernels_.size(); ++k)
    probe.probe(gcon_kernels_[k], {*this, ws, ws.gcons[k]}, gcon_slots_[k]);
  for (size_t k = 0; k < coupler_kernels_.size(); ++k) {
    probe.probe(coupler_kernels_[k], {*this, ws, ws.couplers[k]}, coupler_slots_[k]);
  }
  for (size_t k = 0; k < ptcv_kernels_.size(); ++k) {
    probe.probe(ptcv_kernels_[k], {*this, ws, ws.ptcvs[k]}, ptcv_slots_[k]);
  }
  for (size_t k = 0; k < cvcv_kernels_.size(); ++k) {
    KernelWork& work = ws.ptcvs[ptcv_kernels_.size() + k];
    probe.probe(cvcv_kernels_[k], {*this, ws, work}, cvcv_slots_[k]);
  }
  for (size_t k = 0; k < state_kernels_.size(); ++k) {
    probe.probe(state_kernels_[k], {*this, ws, ws.states[k]}, state_slots_[k]);
  }
  // Index-1 form: the B^T kappa evaluations are ordinary kernel evaluations.
  for (size_t k = 0; k < joint_corr_slots_.size(); ++k) {
    probe.probe(joint_kernels_[k], {*this, ws, ws.joints[k]}, joint_corr_slots_[k]);
    probe.probe_acceleration(joint_kernels_[k], {*this, ws, ws.joints[k]}, joint_acc_slots_[k]);
  }
  for (size_t k = 0; k < coupler_corr_slots_.size(); ++k) {
    probe.probe(coupler_kernels_[k], {*this, ws, ws.couplers[k]}, coupler_corr_slots_[k]);
    probe.probe_acceleration(coupler_kernels_[k], {*this, ws, ws.couplers[k]},
                             coupler_acc_slots_[k]);
  }
  for (size_t k = 0; k < gcon_corr_slots_.size(); ++k) {
    probe.probe(gcon_kernels_[k], {*this, ws, ws.gcons[k]}, gcon_corr_slots_[k]);
    probe.probe_acceleration(gcon_kernels_[k], {*this, ws, ws.gcons[k]}, gcon_acc_slots_[k]);
  }
  if (form_ == DaeForm::kStabilisedIndex1) {  // M u in the Newton-Euler rows
    for (int b = 0; b < nb_; ++b) {
      const int o = body_states_offset(b), u = correction_offset(o);
      for (int c = 0; c < 3; ++c) {
        probe.insert(o + kBodyV + c, u + c);
        for (int d = 0; d < 3; ++d) probe.insert(o + kBodyW + c, u + 3 + d);
      }
    }
  }
  pattern_ = probe.pattern();
  probe.fill_positions(pattern_);
  add_fixed_positions();
  mark_constraint_only();
}

void System::add_fixed_positions() {
  const int mu0 = kBodyStates * nb_ + n_eq_;
  if (form_ == DaeForm::kIndex3) {
    for (int r = mu0; r < mu0 + n_eq_; ++r) pinned_mu_diag_.push_back(pattern_.position(r, r));
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    for (int b = 0; b < nb_; ++b) {
      const int o = body_states_offset(b), u = correction_offset(o);
      std::array<int, 12> p{};
      for (int c = 0; c < 3; ++c) {
        p[c] = pattern_.position(o + kBodyV + c, u + c);
        for (int d = 0; d < 3; ++d) {
          p[3 + 3 * c + d] = pattern_.position(o + kBodyW + c, u + 3 + d);
        }
      }
      mass_u_pos_.push_back(p);
    }
    for (int r = kappa_begin_ + n_eq_; r < n_; ++r) u_diag_pos_.push_back(pattern_.position(r, r));
  }
}

void System::mark_constraint_only() {
  constraint_only_row_.assign(static_cast<size_t>(n_), 1);
  constraint_only_pos_.assign(static_cast<size_t>(pattern_.nnz()), 1);
  // Clears the rows and positions of the outputs of `s` (up to `n_out`) and their corrections.
  auto clear = [&](const Slots& s, size_t n_out) {
    const size_t n_in = s.in_var.size();
    for (size_t r = 0; r < n_out; ++r) {
      if (s.out_row[r] < 0) continue;
      constraint_only_row_[static_cast<size_t>(s.out_row[r])] = 0;
      for (size_t i = 0; i < n_in; ++i) {
        const int pos = s.jac_pos[r * n_in + i];
        if (pos >= 0) constraint_only_pos_[static_cast<size_t>(pos)] = 0;
        const int cpos = s.corr_pos.empty() ? -1 : s.corr_pos[r * n_in + i];
        if (cpos >= 0) constraint_only_pos_[static_cast<size_t>(cpos)] = 0;
      }
    }
  };
  // The body kernels' rows but the normalisation row (their last output), the forces, the
  // states, and the index-1 form's B^T kappa and acceleration evaluations.
  for (const Slots& s : body_slots_) clear(s, kBodyStates);
  for (const auto* group :
       {&force_slots_, &state_slots_, &joint_corr_slots_, &joint_acc_slots_, &coupler_corr_slots_,
        &coupler_acc_slots_, &gcon_corr_slots_, &gcon_acc_slots_}) {
    for (const Slots& s : *group) clear(s, s.out_row.size());
  }
  // The joint blocks' multiplier terms by the body states, which constraint_jacobian() leaves
  // out (add_constraint_block_row_jacobians).
  for (const Slots& s : joint_slots_) {
    const size_t n_in = s.in_var.size();
    for (size_t r = 0; r < static_cast<size_t>(kTwoBodyStates); ++r) {
      for (size_t i = 0; i < static_cast<size_t>(kTwoBodyStates); ++i) {
        const int pos = s.jac_pos[r * n_in + i];
        if (pos >= 0) constraint_only_pos_[static_cast<size_t>(pos)] = 0;
      }
    }
  }
  // The fixed terms: the index-3 form's pinned mu rows, the index-1 form's M u and u rows.
  if (form_ == DaeForm::kIndex3) {
    const int mu0 = kBodyStates * nb_ + n_eq_;
    for (int r = mu0; r < mu0 + n_eq_; ++r) constraint_only_row_[static_cast<size_t>(r)] = 0;
  }
  if (form_ == DaeForm::kStabilisedIndex1) {
    for (int r = kappa_begin_ + n_eq_; r < n_; ++r)
      constraint_only_row_[static_cast<size_t>(r)] = 0;
  }
  for (int pos : pinned_mu_diag_) constraint_only_pos_[static_cast<size_t>(pos)] = 0;
  for (int pos : u_diag_pos_) constraint_only_pos_[static_cast<size_t>(pos)] = 0;
  for (const auto& p : mass_u_pos_) {
    for (int pos : p) constraint_only_pos_[static_cast<size_t>(pos)] = 0;
  }
}

}  // namespace mb
