#pragma once
// What the two joint-coordinate integrators share (TreeOdeIntegrator on CVODE Adams,
// TreeErkIntegrator on ARKODE ERKStep): the tree dynamics; the integrator skeleton
// (sundials/sundials_session.hpp); the state x = (joint coordinates, joint speeds) and its
// right-hand side TreeDynamics::derivatives; the angle measures following every accepted step;
// the outputs in the Cartesian layout; the quaternions renormalised at the outputs; the failure
// report naming a coordinate.

#include <string>
#include <vector>

#include "solver/sundials/sundials_session.hpp"
#include "solver/tree/tree_dynamics.hpp"

namespace mb {

struct JointCoordinateRun {
  /// x starts at the tree's coordinates of y0 (consistent, compute_initial_conditions).
  JointCoordinateRun(const Dae& dae, TreeTopology tree, const std::vector<double>& y0,
                     const TransientParams& params, const SundialsPackage& package);

  TreeDynamics dyn;
  SundialsSession s;
  N_Vector x = nullptr;
  double integr_tol = 0;

  /// The package's right-hand side; its user data is this run.
  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept;
  /// After each step (ERKStepSetPostprocessStepFn): back onto the loop closures when a residual
  /// exceeds kClosureDrift * integr_tol (TreeDynamics::project).
  static int project(realtype t, N_Vector xv, void* data) noexcept;
  static constexpr double kClosureDrift = 0.1;
  /// The sensors' root functions (solver/sensor_events.hpp) on the Cartesian layout of x.
  static int roots(realtype t, N_Vector xv, realtype* g, void* data) noexcept;
  std::vector<double> y_root, yp_root;  ///< their scratch (Cartesian layout)

  /// SundialsSession::solve_to with the angle measures following every accepted step (y, yp:
  /// scratch until the output).
  template <class Solve, class Interpolate>
  int solve_to(double tout, double& t, Solve solve, Interpolate interpolate, std::vector<double>& y,
               std::vector<double>& yp) {
    const System& sys = dyn.dae().system();
    Workspace& ws = dyn.dae().workspace();  // the run's angle tracks
    return s.solve_to(tout, t, !ws.angles.empty(), solve, interpolate, [&](double ts) {
      dyn.cartesian_state(ts, N_VGetArrayPointer(x), y, yp);
      s.limit_turn_per_step(sys.follow_angles(ws, y.data()));
    });
  }

  /// Quaternions back to unit norm; true when they had drifted by more than integr_tol, where
  /// the caller restarts the package (a restart discards the history, so not at every output).
  bool renormalise() { return dyn.normalise(N_VGetArrayPointer(x)) > integr_tol; }

  /// The full DAE-layout state at t: body states, lambda (reactions), mu = 0, mu_n = 0.
  void cartesian_state(double t, std::vector<double>& y, std::vector<double>& yp) {
    dyn.cartesian_state(t, N_VGetArrayPointer(x), y, yp);
  }

  [[noreturn]] void fail(int flag, double t_fallback) const;
};

}  // namespace mb
