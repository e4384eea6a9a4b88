#pragma once
// The equations of motion linearised at an operating point, in minimal coordinates.
//
// Method (the null-space form of Negrut and Ortiz, "A practical approach for the linearization of
// the constrained multibody dynamics equations", J. Comput. Nonlinear Dynam. 1(3), 2006: the
// linearised index-3 DAE is reduced to an ODE in independent coordinates; here the independent
// directions are an orthonormal basis of the constraint Jacobian's null space rather than a
// partition of the coordinates). With y split into the differential variables d (body positions
// and Euler parameters q, velocities nu, user states x) and the multipliers a (lambda, mu, mu_n)
// the stabilised index-2 DAE of system.hpp, perturbed about a consistent point (y0, y0'), is
//   E d' + K d + L a = 0      (every differential row; E = dF/dd', K = dF/dd, L = dF/da)
//   C d = 0                   (velocity constraints, position constraints, normalisation:
//                              C = dF/dd of those rows, the redundant equations of the Dae left
//                              out)
// with E, K, L, C taken from the System's exact Jacobian (dF/dy at cj = 0, dF/dy' the difference
// with cj = 1); K carries the multipliers' geometric stiffness d(B^T lambda0)/dq. Differentiating
// C d = 0 along the motion gives C E^-1 (K d + L a) = 0, so a = -(C E^-1 L)^+ C E^-1 K d and
//   d' = S K d,   S = -E^-1 (I - L (C E^-1 L)^+ C E^-1)
// which keeps C d = 0 (C S = 0). With N an orthonormal basis of null(C) (dimension 2 DOF +
// number of user states) and d = N z:
//   z' = A z,   A = N^T S K N.
// The eigenvalues of A are those of the constrained system: the Euler-parameter normalisation
// is one of the constraints; motion and coupler reference states and the dissipated energies
// are held (they carry no dynamics). Away from an equilibrium the constraint Jacobian is frozen at
// the operating point (its rate along the motion is left out, as in any frozen-coefficient
// linearisation). NODAMPING drops dF/dnu from the Newton-Euler rows (the damping and the
// velocity-dependent forces; the kinematic rows keep q' = H nu).

#include <Eigen/Dense>
#include <vector>

#include "solver/system_blocks.hpp"

namespace mb {

struct LinearizationOptions {
  bool no_damping = false;  ///< leave velocity-dependent forces out (Adams NODAMPING)
  /// >= 0: only the model's first this many state elements carry dynamics; the later ones are
  /// held like references (the plant inputs and output probes of solver/linear_plant_model.hpp).
  int num_state_elements = -1;
};

/// The linear system at an operating point: d = basis z, z' = A z.
struct LinearSystem {
  double t = 0;
  std::vector<double> y;  ///< the operating point (System layout)
  std::vector<int> vars;  ///< the System variables of d: q and nu of each body, the user states
  Eigen::MatrixXd basis;  ///< vars.size() x k, orthonormal columns spanning null(C)
  Eigen::MatrixXd A;      ///< k x k
  /// S of the header: d' = S (K d + f) for an applied force perturbation f in the rows of d.
  Eigen::MatrixXd S;
  int num_user_states = 0;
  /// The position in `vars` of variable i of the System, or -1.
  int position_of(int variable) const;
};

/// Linearises `dae` at (t, y, yp), a consistent state with mu = 0. Throws Error(kAnalysisFailed)
/// if the mass matrix (dF/dy' of the differential rows) is singular.
LinearSystem linearize(const Dae& dae, double t, const std::vector<double>& y,
                       const std::vector<double>& yp, const LinearizationOptions& options = {});

}  // namespace mb
