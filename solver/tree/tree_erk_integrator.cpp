#include "solver/tree/tree_erk_integrator.hpp"

#include <arkode/arkode_erkstep.h>

#include <cmath>
#include <cstdio>

#include "common/error.hpp"
#include "solver/tree/joint_coordinate_run.hpp"
#include "solver/tree/spectral_radius.hpp"

namespace mb {

namespace {

/// Runge-Kutta-Merson (Merson 1957; Hairer, Norsett, Wanner, Solving ODEs I, II.4): five stages,
/// order 4, embedded order-3 solution b_hat, error b - b_hat = (2, 0, -9, 8, -1) / 30. Its
/// stability region reaches 3.5 along the negative real axis and 3.46 along the imaginary one
/// (|R(iy)| <= 1 for |y| <= 3.46, R the stability polynomial), where Dormand-Prince 5(4), seven
/// stages, has |R(iy)| > 1 from |y| = 1 on (1.03 at 2): on an oscillation such as the chain's
/// fastest mode Merson's step may be about twice as long for fewer stages.
ARKodeButcherTable merson_table() {
  double c[5] = {0.0, 1.0 / 3, 1.0 / 3, 0.5, 1.0};
  // Row-major 5 x 5, strictly lower triangular.
  double a[25] = {0,       0,       0,       0,   0,  //
                  1.0 / 3, 0,       0,       0,   0,  //
                  1.0 / 6, 1.0 / 6, 0,       0,   0,  //
                  1.0 / 8, 0,       3.0 / 8, 0,   0,  //
                  0.5,     0,       -1.5,    2.0, 0};
  double b[5] = {1.0 / 6, 0, 0, 2.0 / 3, 1.0 / 6};
  double b_hat[5] = {0.1, 0, 0.3, 0.4, 0.2};
  return ARKodeButcherTable_Create(5, 4, 3, c, a, b, b_hat);
}

const SundialsPackage kErkPackage{"ARKODE",
                                  "ARKODE ERKStep",
                                  "ERKStep",
                                  ERKStepFree,
                                  ERKStepSetMaxStep,
                                  ERKStepSetMinStep,
                                  ERKStepSetInitStep,
                                  ERKStepSetStopTime,
                                  ERKStepGetCurrentTime,
                                  ERKStepGetLastStep,
                                  ERKStepGetEstLocalErrors,
                                  ERKStepGetErrWeights,
                                  ERKStepGetReturnFlagName,
                                  ERKStepGetRootInfo,
                                  ERKStepSetRootDirection};

/// ARKODE's messages to stderr as by default, except the expected mxstep one (the stiffness
/// check, header) and a failed right-hand side or projection: the exception it comes from is
/// the report (a loop closure's failure, which the default form hands over to the DAE path, or
/// the run's error message).
void error_handler(int code, const char* module, const char* function, char* msg, void*) noexcept {
  if (code == ARK_TOO_MUCH_WORK || code == ARK_RHSFUNC_FAIL || code == ARK_POSTPROCESS_STEP_FAIL) {
    return;
  }
  std::fprintf(stderr, "\n[%s ERROR]  %s\n  %s\n\n", module, function, msg);
}

}  // namespace

struct TreeErkIntegrator::Impl {
  JointCoordinateRun run;

  Impl(const Dae& dae, TreeTopology tree, const std::vector<double>& y0,
       const TransientParams& params)
      : run(dae, std::move(tree), y0, params, kErkPackage) {}

  /// rho of the right-hand side's Jacobian at the integrator's current state.
  double spectral_radius(double t) {
    const double* xs = N_VGetArrayPointer(run.x);
    const std::vector<double> x0(xs, xs + run.dyn.size());
    return estimate_spectral_radius(
        [this](double tt, const double* xx, double* out) { run.dyn.derivatives(tt, xx, out); }, t,
        x0);
  }

  /// The Runge-Kutta-Merson table (ERKStepSetTable keeps a copy of it).
  void set_table() {
    ARKodeButcherTable table = merson_table();
    if (!table) throw Error(ExitCode::kInternal, "cannot create the Runge-Kutta-Merson table");
    const int flag = ERKStepSetTable(run.s.mem, table);
    ARKodeButcherTable_Free(table);
    run.s.check(flag, "ERKStepSetTable");
  }
};

TreeErkIntegrator::TreeErkIntegrator(const Dae& dae, TreeTopology tree,
                                     const TransientParams& params, double t0,
                                     const std::vector<double>& y0,
                                     std::optional<double> print_interval)
    : IntegratorState(t0, y0, std::vector<double>(dae.size(), 0.0)),
      impl_(make_impl<Impl>(dae, std::move(tree), y0, params)) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.adopt(ERKStepCreate(&JointCoordinateRun::rhs, t0, r.x, s.ctx), "ERKStepCreate");
  impl_->set_table();
  s.check(ERKStepSStolerances(s.mem, relative_tolerance(params), params.integr_tol),
          "ERKStepSStolerances");
  s.check(ERKStepSetUserData(s.mem, &r), "ERKStepSetUserData");
  s.check(ERKStepSetErrHandlerFn(s.mem, &error_handler, nullptr), "ERKStepSetErrHandlerFn");
  s.check(ERKStepSetMaxNumSteps(s.mem, kStepsBeforeCheck), "ERKStepSetMaxNumSteps");
  s.set_step_limits(params, print_interval);
  if (r.dyn.has_loops()) {
    s.check(ERKStepSetPostprocessStepFn(s.mem, &JointCoordinateRun::project),
            "ERKStepSetPostprocessStepFn");
  }
  // The initial state's derivatives and reactions, in the Cartesian layout.
  r.cartesian_state(t0, y_, yp_);
  s.watch_events(dae.system(), dae.workspace(),
                 [&](int n) { return ERKStepRootInit(s.mem, n, &JointCoordinateRun::roots); });
}

static_assert(ARK_ROOT_RETURN == SundialsSession::kRootReturn);

const std::vector<int>* TreeErkIntegrator::sensor_event() const { return impl_->run.s.event(); }

void TreeErkIntegrator::act_on_event(const SensorAction& a) {
  JointCoordinateRun& r = impl_->run;
  if (a.restart) {
    r.s.set_restart_step(a.stepsize);
    r.s.check(ERKStepReset(r.s.mem, t_, r.x), "ERKStepReset");
  }
  if (a.hmax) r.s.limit_max_step(*a.hmax);
}

void TreeErkIntegrator::advance_to(double tout, double t_stop) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.set_stop_time(t_stop);
  const bool loops = r.dyn.has_loops();
  if (loops) {  // the state to hand over from if the loop closures fail (below)
    last_y_ = y_;
    last_yp_ = yp_;
  }
  const auto hand_over = [&](const Error& e) {
    if (!loops || e.code() != ExitCode::kAnalysisFailed) throw;
    failure_ = e.what();
    y_ = last_y_;
    yp_ = last_yp_;
  };
  double t = t_;
  for (;;) {
    long taken = 0;
    int flag = 0;
    try {
      flag = r.solve_to(
          tout, t,
          [&](double& tr, bool one_step) {
            if (!one_step) return ERKStepEvolve(s.mem, tout, r.x, &tr, ARK_NORMAL);
            if (++taken > kStepsBeforeCheck) return ARK_TOO_MUCH_WORK;  // as ARK_NORMAL would
            return ERKStepEvolve(s.mem, tout, r.x, &tr, ARK_ONE_STEP);
          },
          [&](double at) { ERKStepGetDky(s.mem, at, 0, r.x); }, y_, yp_);
      if (flag < 0 && flag != ARK_TOO_MUCH_WORK) r.fail(flag, t_);
    } catch (const Error& e) {
      hand_over(e);
      return;
    }
    if (flag == ARK_TOO_MUCH_WORK) {
      // kStepsBeforeCheck steps in this call: stability-limited or a fast, resolved motion?
      realtype h = 0;
      ERKStepGetCurrentStep(s.mem, &h);
      const double rho = impl_->spectral_radius(t);
      s.rethrow_pending();
      if (std::abs(h) * rho >= kStabilityFraction * kStabilityBound) {
        stiff_ = true;
        stiff_h_ = std::abs(h);
        stiff_rho_ = rho;
        break;
      }
      continue;
    }
    break;
  }
  t_ = t;
  // Quaternions back to unit norm; ERKStep restarts there once they drifted by integr_tol.
  if (r.renormalise() && t < t_stop && !stiff_ && !s.root_pending()) {
    s.check(ERKStepReset(s.mem, t_, r.x), "ERKStepReset");
  }
  r.cartesian_state(t_, y_, yp_);
}

int TreeErkIntegrator::closure_rank() const { return impl_->run.dyn.closure_rank(); }
double TreeErkIntegrator::closure_ratio() const { return impl_->run.dyn.closure_ratio(); }

IntegratorStats TreeErkIntegrator::stats() const {
  IntegratorStats st;
  long nfe = 0;
  void* mem = impl_->run.s.mem;
  ERKStepGetNumSteps(mem, &st.steps);
  ERKStepGetNumRhsEvals(mem, &nfe);
  ERKStepGetNumErrTestFails(mem, &st.error_test_fails);
  st.residual_evals = nfe;
  return st;
}

}  // namespace mb
