#pragma once
// The kernel of a Constraint_Coupler or Constraint_Gear (models/constraint_coupler.hpp): one
// equation Phi = sum_k c_k q_k = 0 over joint coordinates, in the stabilised index-2 (GGL) form
// of solver/joint_kernel.hpp:
//   body rows:  r' ... - B_v^T mu,  p' ... - 1/2 G^T B_w^T mu,  m v' ... - B_v^T lambda,
//               J w' ... - B_w^T lambda
//   own rows:   B nu (paired with lambda), Phi (paired with mu), and one turn-counting state
//               equation per rotational coordinate (below).
// q_k of joint k (markers I, J): a translation d . z_J - q0_k (d = R_I - R_J), or a rotation
// AZ(I, J) - q0_k, q0_k the value in the input configuration, so q = 0 there.
//
// Rotations must keep counting past +-pi: two wheels coupled 2:1 turn through many revolutions,
// and c1 q1 + c2 q2 on principal angles jumps by 2 pi c_k whenever one of them wraps (with
// incommensurate c_k no single period can be wrapped away, as SCREW does). So each rotational
// coordinate has a state s_k, a differential variable with s_k' = B_k nu (the joint's angular
// rate), which follows the unwrapped angle; the coordinate is the angle nearest s_k:
//   q_k = s_k + wrap(AZ - q0_k - s_k),   wrap(x) = x - 2 pi round(x / 2 pi).
// q_k equals AZ - q0_k + 2 pi n exactly (n constant between wraps, dq_k/ds_k = 0), so s_k only
// has to stay within pi of the angle: integration error in s_k never reaches Phi. The states
// start at 0, are held in statics and are left alone by the constraint projection; a Kinematic
// analysis (no integration) advances them by their rates between outputs
// (solver/stages/run_kinematic.cpp).
// A COUSUB coupler (Coupler::user) holds Phi(q) = COUSUB(q, t) at zero instead of the sum:
// its B row is sum_k dPhi/dq_k B_k, the partials from COUXX (else central differences of
// COUSUB); for the Jacobian, the second partials are central differences of those, with COUXX2
// on the diagonal when the library has it (solver/user_coupler.cpp). The acceleration row of the
// index-1 form (dual-number inputs) reads those second partials in its residual, and its
// Jacobian the third partials, central differences of the second.
// Inputs: 13 per local body (ground: constants), lambda and mu (when active), the states, their
// derivatives. Outputs: 13 per local body, the two constraint rows (when active), state rows.

#include <array>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/joint_kernel.hpp"
#include "solver/state_layout.hpp"

namespace mb {

class System;

struct CouplerKernel {
  static constexpr int kMaxTerms = 4;
  static constexpr int kMaxBodies = 6;

  struct Term {
    JointKernel joint;   ///< the joint's marker geometry (s_i, u_i, s_j, u_j)
    int bi = 0, bj = 0;  ///< local bodies of I and J
    bool rotational = false;
    double scale = 0;
    double q0 = 0;   ///< the joint coordinate (AZ or d . z_J) in the input configuration
    int state = -1;  ///< local state of a rotational coordinate
  };

  const Coupler* coupler = nullptr;
  std::string subject;      ///< "Constraint_Coupler <id>" or "Constraint_Gear <id>"
  std::vector<int> bodies;  ///< model body index of each local body (ground included)
  std::array<Term, kMaxTerms> terms{};
  int num_terms = 0;
  int num_states = 0;
  int m = 1;  ///< equations: 1, or 0 when deactivated (the states still follow the joints)

  // COUSUB couplers: the routine and what its calls need (set by the System).
  const UserSubroutine* user = nullptr;
  int user_id = 0;
  KernelWork work;  ///< as built: COUSUB's PAR after its initialisation call (workspace.hpp)
  std::vector<char> no_bodies, no_blocks;

  int num_bodies() const { return static_cast<int>(bodies.size()); }
  int inputs() const { return kBodyStates * num_bodies() + 2 * m + 2 * num_states; }
  int outputs() const { return kBodyStates * num_bodies() + 2 * m + num_states; }

  /// Joint coordinate of term k (without the turn count and q0) and its B row (12 columns:
  /// v_i, w_i, v_j, w_j), at the states of I's and J's bodies.
  template <class T>
  T coordinate(const Term& term, const T* yi, const T* yj, T* row) const;

  /// Phi (sum c_k q_k, or COUSUB) over the terms (turn counts from `states`), the rates B_k nu
  /// and the combined B (6 columns per local body).
  template <class T>
  T phi(const T* x, const T* states, double t, T* rates, T* B, const KernelCall& c) const;

  /// The coupled coordinates q_k at the System state y (turn counts included).
  void coordinates(const double* y_bodies[], const double* states, double* q) const;
  /// One call of COUSUB (`extra` -1) or its partial COUXX (0) or COUXX2 (1) at q, through
  /// UserCall::run (a library or a Python script): `nout` outputs into `out`; PAR is `par`, the
  /// callbacks see `sys` and the run's angle tracks `angles`.
  void call_user(int extra, const double* q, double t, int iflag, double* out, int nout,
                 const System& sys, AngleHistory& angles, std::vector<double>& par) const;
  /// COUSUB's dPhi/dq at q into g and, when H is given, the second partials (row-major,
  /// num_terms x num_terms).
  void user_partials(const double* q, double t, double* g, double* H, const KernelCall& c) const;
  /// D[k n + l] = sum_m dH_km/dq_l qdot_m (n = num_terms): central differences of
  /// user_partials' second partials, along the coordinate rates `qdot`.
  void user_third_partials(const double* q, const double* qdot, double t, double* D,
                           const KernelCall& c) const;

  template <class T>
  void eval(const T* x, T* out, double t, const KernelCall& c) const;

  /// The generalised reaction of term k: c_k lambda (a COUSUB: dPhi/dq_k lambda), the force
  /// (translation) or torque (rotation) along z_J that the coupler applies to joint k's I body. For
  /// a gear, lambda itself is the contact force at the pitch point on gear 1 along z_CV (a_k is its
  /// lever). The marker wrenches: RequestOutputs::coupler_reaction().
  double term_reaction(int k, double lambda) const { return terms[k].scale * lambda; }
};

/// Builds the kernels of the model's couplers and gears (Model::couplers order); the
/// coordinates' input values q0 come from the bodies' initial poses.
std::vector<CouplerKernel> make_coupler_kernels(const Model& model);

}  // namespace mb
