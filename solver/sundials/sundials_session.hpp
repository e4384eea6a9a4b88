#pragma once
// The skeleton every SUNDIALS integrator here shares (IDA, CVODE in the Cartesian ODE form and in
// joint coordinates, ARKODE ERKStep): the context and the objects it owns, freed in the order
// SUNDIALS needs; the setup checks; the step limits of TransientParams; the callbacks' exception
// guard; the advance to an output time (NORMAL mode, or ONE_STEP when the angle measures must see
// every accepted step, angle_history.hpp); and the failure report (integration_failure.hpp). The
// package's own functions come in a SundialsPackage table, called at setup, once per output and
// on failure; the per-step path (solve_to, guarded) is templates, with no virtual call.

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nonlinearsolver.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"

namespace mb {

/// The functions of one SUNDIALS package the skeleton calls (all return SUNDIALS flags).
struct SundialsPackage {
  const char* setup_name;    ///< "<setup_name> setup failed in <function> (flag F)"
  const char* failure_name;  ///< "<failure_name> failed at t = ..."
  const char* prefix;        ///< of the package's function names: "CVode", "IDA", "ERKStep"
  void (*free_memory)(void**);
  int (*set_max_step)(void*, realtype);
  int (*set_min_step)(void*, realtype);
  int (*set_init_step)(void*, realtype);
  int (*set_stop_time)(void*, realtype);
  int (*get_current_time)(void*, realtype*);
  int (*get_last_step)(void*, realtype*);
  int (*get_est_local_errors)(void*, N_Vector);
  int (*get_err_weights)(void*, N_Vector);
  char* (*get_return_flag_name)(long int);
  int (*get_root_info)(void*, int*);       ///< sensor events: the roots found
  int (*set_root_direction)(void*, int*);  ///< sensor events: the crossing directions
};

class SensorEvents;
class System;
struct Workspace;

class SundialsSession {
 public:
  /// Creates the SUNDIALS context.
  explicit SundialsSession(const SundialsPackage& package);
  /// Frees the package memory, the nonlinear and linear solvers, the matrix, the vectors and
  /// the context, in that order.
  ~SundialsSession();
  SundialsSession(const SundialsSession&) = delete;
  SundialsSession& operator=(const SundialsSession&) = delete;

  /// A serial vector of length n, freed with the session.
  N_Vector vector(sunindextype n);
  /// Keeps `memory` (the package's XCreate result); throws "<create> failed" when it is null.
  void adopt(void* memory, const char* create);
  /// Throws Error(kInternal) "<package> setup failed in <what> (flag F)" for a negative flag.
  void check(int flag, const char* what) const;
  /// h_max (at most the print interval when there is one), h_min and h0 of `params`.
  void set_step_limits(const TransientParams& params, std::optional<double> print_interval);
  void set_stop_time(double t_stop) const { package_.set_stop_time(mem, t_stop); }
  /// The size of the last successful step (0 before the first).
  double last_step() const {
    realtype h = 0;
    package_.get_last_step(mem, &h);
    return h;
  }

  /// The body of a callback: its result, or -1 (unrecoverable) with the exception kept for
  /// rethrow_pending once the package returns.
  template <class Body>
  int guarded(Body&& body) noexcept {
    try {
      return body();
    } catch (...) {
      pending_ = std::current_exception();
      return -1;
    }
  }
  void rethrow_pending();

  /// Integrates to `tout` (t: in the integrator's time, out the time reached): in the package's
  /// NORMAL mode (`solve(t, false)`), or, with `each_step`, one internal step at a time
  /// (`solve(t, true)`, ONE_STEP) with `accepted(t)` after each step and `interpolate(tout)`
  /// when the last step went past tout. Rethrows a callback's exception; returns the package's
  /// flag (the first negative one at once).
  template <class Solve, class Interpolate, class Accepted>
  int solve_to(double tout, double& t, bool each_step, Solve solve, Interpolate interpolate,
               Accepted accepted) {
    int flag = 0;
    if (!each_step) {
      flag = solve(t, false);
    } else if (pending_root_) {  // a root of the last step, past the last tout
      t = std::min(*pending_root_, tout);
      interpolate(t);
      if (t == *pending_root_) pending_root_.reset();
      event_ = !pending_root_;
      return event_ ? kRootReturn : 0;
    } else {
      for (;;) {
        flag = solve(t, true);
        if (flag < 0) break;
        accepted(t);
        if (flag == kRootReturn || t >= tout) break;
      }
      if (flag >= 0 && t > tout) {
        if (flag == kRootReturn) {  // reported at the next call, once tout is written
          rethrow_pending();
          note_event(flag);
          pending_root_ = t;
          flag = 0;
        }
        interpolate(tout);
        t = tout;
      }
    }
    rethrow_pending();
    if (!pending_root_) note_event(flag);
    event_ = event_ && !pending_root_;
    return flag;
  }

  // Sensor events (solver/sensor_events.hpp) -----------------------------------------------
  /// The packages' "returned at a root" flag (IDA_ROOT_RETURN, CV_ROOT_RETURN, ARK_ROOT_RETURN).
  static constexpr int kRootReturn = 2;
  /// When `sys`'s model has sensors: keeps them (evaluated in the run's Workspace `ws`) and
  /// registers them as root functions with their
  /// crossing directions; `root_init(n)` calls the package's RootInit with the integrator's
  /// trampoline, which maps its state to the System layout and calls events()->roots.
  void watch_events(const System& sys, Workspace& ws, const std::function<int(int)>& root_init);
  const SensorEvents* events() const { return events_.get(); }
  SensorEvents* events() { return events_.get(); }
  /// A root the last solve_to found past tout, to be reported at the next call.
  bool root_pending() const { return pending_root_.has_value(); }
  /// The roots found (GetRootInfo) when the last solve_to stopped at a sensor event, else null.
  const std::vector<int>* event() const { return event_ ? &found_ : nullptr; }
  /// The first step after the integrator's next (re)start at an event: `h0`, or the deck's h0
  /// (or the package's own estimate) when none.
  void set_restart_step(std::optional<double> h0);
  /// The largest step from now on: `hmax`, at most the one set_step_limits set.
  void limit_max_step(double hmax);
  /// After an accepted step where a tracked angle measure turns at `rate` rad/s
  /// (System::follow_angles): the next step is at most kMaxTurnPerStep / rate (with the other
  /// limits), so that the measures' nearest-value rule keeps counting whole turns.
  void limit_turn_per_step(double rate);
  /// The largest turn (rad) of a tracked angle in one step: far below pi, the limit of the
  /// nearest-value rule, because the Newton iterates of the next step move further than the
  /// step's own turn.
  static constexpr double kMaxTurnPerStep = 0.5;

  /// Throws the integration failure for `flag` (throw_integration_failure): the package's time
  /// (else t_fallback) and last step, and `describe(i)` of the component i < n of `like`'s
  /// layout with the largest weighted local error.
  [[noreturn]] void fail(int flag, double t_fallback, N_Vector like, int n,
                         const std::function<std::string(int)>& describe) const;

  SUNContext ctx = nullptr;
  void* mem = nullptr;
  SUNNonlinearSolver nls = nullptr;
  SUNLinearSolver ls = nullptr;
  SUNMatrix matrix = nullptr;

 private:
  const SundialsPackage& package_;
  std::vector<N_Vector> vectors_;
  std::exception_ptr pending_;
  void note_event(int flag);
  std::unique_ptr<SensorEvents> events_;
  std::vector<int> found_;
  bool event_ = false;
  /// ONE_STEP mode: a root found in a step that also passed tout, reported at the next call.
  std::optional<double> pending_root_;
  double default_h0_ = 0;    ///< the deck's h0 (0: the package's estimate)
  double default_hmax_ = 0;  ///< set_step_limits' h_max (0: none)
  double event_hmax_ = 0;    ///< limit_max_step's h_max (0: none)
  double turn_hmax_ = 0;     ///< limit_turn_per_step's (0: none)
};

/// Relative tolerance of every integrator: rel_abs_tol_ratio * integr_tol, at least 1e-14.
double relative_tolerance(const TransientParams& params);

}  // namespace mb
