#include "solver/tree/tree_ode_integrator.hpp"

#include <cvode/cvode.h>
#include <cvode/cvode_proj.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cstdio>

#include "common/error.hpp"
#include "solver/sundials/cvode_package.hpp"
#include "solver/tree/joint_coordinate_run.hpp"
#include "solver/tree/loop_hand_over.hpp"

namespace mb {

namespace {

/// CVODE's messages to stderr as by default, except a failed right-hand side or projection: the
/// exception it comes from is the report (a loop closure's failure, which hands over to the
/// Cartesian form, or the run's error message).
void error_handler(int code, const char* module, const char* function, char* msg, void*) noexcept {
  if (code == CV_RHSFUNC_FAIL || code == CV_PROJFUNC_FAIL) return;
  std::fprintf(stderr, "\n[%s %s]  %s\n  %s\n\n", module, code == CV_WARNING ? "WARNING" : "ERROR",
               function, msg);
}

/// The smallest step with loop closures, relative to the output interval.
constexpr double kLoopMinStep = 1e-9;

}  // namespace

struct TreeOdeIntegrator::Impl {
  JointCoordinateRun run;
  bool newton;                           ///< kBdf: Newton iteration (Jacobian counters)
  N_Vector projected = nullptr;          ///< the projection's scratch
  IntegratorStats stats_before_restart;  ///< counters of the runs before a CVodeReInit

  Impl(const Dae& dae, TreeTopology tree, const std::vector<double>& y0,
       const TransientParams& params, TreeOdeMethod method)
      : run(dae, std::move(tree), y0, params, kCvodePackage),
        newton(method == TreeOdeMethod::kBdf) {}

  /// CVODE's projection (CVProjFn) with BDF: corr = the projection of ycur - ycur, the
  /// quaternions back to unit norm, then onto the loop closures (TreeDynamics::project, every
  /// step: see the header). The error estimate is not projected (CVodeSetProjErrEst).
  static int project(realtype t, N_Vector ycur, N_Vector corr, realtype /*eps*/, N_Vector /*err*/,
                     void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    JointCoordinateRun& r = self->run;
    return r.s.guarded([&] {
      const int n = r.dyn.size();
      const double* y = N_VGetArrayPointer(ycur);
      double* p = N_VGetArrayPointer(self->projected);
      std::copy(y, y + n, p);
      r.dyn.normalise(p);
      r.dyn.project(t, p, JointCoordinateRun::kClosureDrift * r.integr_tol, true);
      double* c = N_VGetArrayPointer(corr);
      for (int i = 0; i < n; ++i) c[i] = p[i] - y[i];
      return 0;
    });
  }

  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
    return JointCoordinateRun::rhs(t, xv, xdot, &static_cast<Impl*>(data)->run);
  }
  static int roots(realtype t, N_Vector xv, realtype* g, void* data) noexcept {
    return JointCoordinateRun::roots(t, xv, g, &static_cast<Impl*>(data)->run);
  }

  /// BDF with Newton iteration on a dense Newton matrix (CVODE's difference-quotient Jacobian)
  /// and a projection after every step.
  void use_newton() {
    SundialsSession& s = run.s;
    const sunindextype n = std::max(1, run.dyn.size());
    s.matrix = SUNDenseMatrix(n, n, s.ctx);
    if (!s.matrix) throw Error(ExitCode::kInternal, "cannot create the dense Newton matrix");
    s.ls = SUNLinSol_Dense(run.x, s.matrix, s.ctx);
    if (!s.ls) throw Error(ExitCode::kInternal, "cannot create the dense linear solver");
    s.check(CVodeSetLinearSolver(s.mem, s.ls, s.matrix), "CVodeSetLinearSolver");
    projected = s.vector(n);
    s.check(CVodeSetProjFn(s.mem, &Impl::project), "CVodeSetProjFn");
    s.check(CVodeSetProjErrEst(s.mem, SUNFALSE), "CVodeSetProjErrEst");
  }

  void use_fixed_point() {
    SundialsSession& s = run.s;
    s.nls = SUNNonlinSol_FixedPoint(run.x, 0, s.ctx);
    if (!s.nls) throw Error(ExitCode::kInternal, "cannot create the fixed-point solver");
    s.check(CVodeSetNonlinearSolver(s.mem, s.nls), "CVodeSetNonlinearSolver");
  }
};

TreeOdeIntegrator::TreeOdeIntegrator(const Dae& dae, TreeTopology tree, TreeOdeMethod method,
                                     const TransientParams& params, double t0,
                                     const std::vector<double>& y0,
                                     std::optional<double> print_interval)
    : IntegratorState(t0, y0, std::vector<double>(dae.size(), 0.0)),
      impl_(make_impl<Impl>(dae, std::move(tree), y0, params, method)) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.adopt(CVodeCreate(impl_->newton ? CV_BDF : CV_ADAMS, s.ctx), "CVodeCreate");
  s.check(CVodeInit(s.mem, &Impl::rhs, t0, r.x), "CVodeInit");
  s.check(CVodeSStolerances(s.mem, relative_tolerance(params), params.integr_tol),
          "CVodeSStolerances");
  s.check(CVodeSetUserData(s.mem, impl_.get()), "CVodeSetUserData");
  s.check(CVodeSetErrHandlerFn(s.mem, &error_handler, nullptr), "CVodeSetErrHandlerFn");
  s.check(CVodeSetMaxNumSteps(s.mem, 1000000), "CVodeSetMaxNumSteps");
  s.set_step_limits(params, print_interval);
  if (r.dyn.has_loops() && print_interval) {
    // Near a singular position the step may shrink without end: below kLoopMinStep of the
    // output interval the form fails, and the Cartesian form takes over (LoopHandOver).
    const double h_min = std::max(params.h_min.value_or(0.0), kLoopMinStep * *print_interval);
    s.check(CVodeSetMinStep(s.mem, h_min), "CVodeSetMinStep");
  }
  if (impl_->newton) {
    impl_->use_newton();
  } else {
    impl_->use_fixed_point();
  }
  // The initial state's derivatives and reactions, in the Cartesian layout.
  r.cartesian_state(t0, y_, yp_);
  s.watch_events(dae.system(), dae.workspace(),
                 [&](int n) { return CVodeRootInit(s.mem, n, &Impl::roots); });
}

static_assert(CV_ROOT_RETURN == SundialsSession::kRootReturn);

const std::vector<int>* TreeOdeIntegrator::sensor_event() const { return impl_->run.s.event(); }

void TreeOdeIntegrator::act_on_event(const SensorAction& a) {
  JointCoordinateRun& r = impl_->run;
  if (a.restart) {
    r.s.set_restart_step(a.stepsize);
    cvode_restart(r.s, impl_->stats_before_restart, impl_->newton, t_, r.x);
  }
  if (a.hmax) r.s.limit_max_step(*a.hmax);
}

void TreeOdeIntegrator::advance_to(double tout, double t_stop) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.set_stop_time(t_stop);
  const bool loops = r.dyn.has_loops();
  if (loops) {  // the state to hand over from if the loop closures fail
    last_y_ = y_;
    last_yp_ = yp_;
  }
  try {
    double t = t_;
    const int flag = r.solve_to(
        tout, t,
        [&](double& tr, bool one_step) {
          return CVode(s.mem, tout, r.x, &tr, one_step ? CV_ONE_STEP : CV_NORMAL);
        },
        [&](double at) { CVodeGetDky(s.mem, at, 0, r.x); }, y_, yp_);
    if (flag < 0) r.fail(flag, t_);
    // Adams (CVODE projects only with BDF): the output state back onto the loop closures and
    // the quaternions to unit norm, and a restart from there once CVODE's own state has drifted
    // by more than integr_tol (not while a root found past tout waits to be reported).
    if (!impl_->newton) {
      double* xs = N_VGetArrayPointer(r.x);
      double drift = r.dyn.normalise(xs);
      if (loops) {
        drift =
            std::max(drift, r.dyn.project(t, xs, JointCoordinateRun::kClosureDrift * r.integr_tol));
      }
      if (drift > r.integr_tol && t < t_stop && !s.root_pending()) {
        cvode_restart(s, impl_->stats_before_restart, false, t, r.x);
      }
    }
    r.cartesian_state(t, y_, yp_);
    t_ = t;
  } catch (const Error& e) {
    if (!loops || e.code() != ExitCode::kAnalysisFailed) throw;
    throw LoopHandOver{t_, std::move(last_y_), std::move(last_yp_), e.what()};
  }
}

int TreeOdeIntegrator::closure_rank() const { return impl_->run.dyn.closure_rank(); }
double TreeOdeIntegrator::closure_ratio() const { return impl_->run.dyn.closure_ratio(); }

IntegratorStats TreeOdeIntegrator::stats() const {
  IntegratorStats st = impl_->stats_before_restart;
  st += cvode_stats(impl_->run.s.mem, impl_->newton);
  return st;
}

}  // namespace mb
