#include "solver/tree/tree_ode_integrator.hpp"

#include <cvode/cvode.h>
#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/sundials/integration_failure.hpp"
#include "solver/sundials/step_loop.hpp"
#include "solver/tree/tree_dynamics.hpp"

namespace mb {

struct TreeOdeIntegrator::Impl {
  TreeDynamics dyn;
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector x = nullptr;
  SUNNonlinearSolver NLS = nullptr;
  double integr_tol = 0;
  IntegratorStats stats_before_restart;  ///< counters of the runs before a CVodeReInit
  std::exception_ptr pending;

  Impl(const Dae& dae, TreeTopology tree, const std::vector<double>& y0)
      : dyn(dae, std::move(tree), y0) {}
  ~Impl() {
    if (mem) CVodeFree(&mem);
    if (NLS) SUNNonlinSolFree(NLS);
    if (x) N_VDestroy(x);
    if (ctx) SUNContext_Free(&ctx);
  }

  IntegratorStats raw_stats() const {
    IntegratorStats st;
    CVodeGetNumSteps(mem, &st.steps);
    CVodeGetNumRhsEvals(mem, &st.residual_evals);
    CVodeGetNumNonlinSolvIters(mem, &st.newton_iters);
    CVodeGetNumErrTestFails(mem, &st.error_test_fails);
    return st;
  }

  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      throw_if_interrupted();  // a signal stops the run at the next step
      double* out = N_VGetArrayPointer(xdot);
      self->dyn.derivatives(t, N_VGetArrayPointer(xv), out);
      for (int i = 0; i < self->dyn.size(); ++i) {
        if (!std::isfinite(out[i])) return 1;  // recoverable: CVODE cuts the step
      }
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  void check(int flag, const char* what) const {
    if (flag < 0) {
      throw Error(ExitCode::kInternal,
                  fmt::format("CVODE setup failed in {} (flag {})", what, flag));
    }
  }
};

TreeOdeIntegrator::TreeOdeIntegrator(const Dae& dae, TreeTopology tree,
                                     const TransientParams& params, double t0,
                                     const std::vector<double>& y0,
                                     std::optional<double> print_interval)
    : impl_(std::make_unique<Impl>(dae, std::move(tree), y0)),
      t_(t0),
      y_(y0),
      yp_(dae.size(), 0.0) {
  Impl& s = *impl_;
  const int n = s.dyn.size();
  s.integr_tol = params.integr_tol;
  s.check(SUNContext_Create(nullptr, &s.ctx), "SUNContext_Create");
  s.x = N_VNew_Serial(std::max(1, n), s.ctx);
  N_VConst(0.0, s.x);
  double* xs = N_VGetArrayPointer(s.x);
  const std::vector<double>& x0 = s.dyn.initial_coordinates();
  std::copy(x0.begin(), x0.end(), xs);
  const double rtol = std::max(1e-14, params.rel_abs_tol_ratio * params.integr_tol);

  s.mem = CVodeCreate(CV_ADAMS, s.ctx);
  if (!s.mem) throw Error(ExitCode::kInternal, "CVodeCreate failed");
  s.check(CVodeInit(s.mem, &Impl::rhs, t0, s.x), "CVodeInit");
  s.check(CVodeSStolerances(s.mem, rtol, params.integr_tol), "CVodeSStolerances");
  s.check(CVodeSetUserData(s.mem, &s), "CVodeSetUserData");
  s.check(CVodeSetMaxNumSteps(s.mem, 1000000), "CVodeSetMaxNumSteps");
  double hmax = params.h_max.value_or(0.0);
  if (print_interval && (hmax == 0.0 || hmax > *print_interval)) hmax = *print_interval;
  if (hmax > 0) s.check(CVodeSetMaxStep(s.mem, hmax), "CVodeSetMaxStep");
  if (params.h_min) s.check(CVodeSetMinStep(s.mem, *params.h_min), "CVodeSetMinStep");
  if (params.h0) s.check(CVodeSetInitStep(s.mem, *params.h0), "CVodeSetInitStep");
  s.NLS = SUNNonlinSol_FixedPoint(s.x, 0, s.ctx);
  if (!s.NLS) throw Error(ExitCode::kInternal, "cannot create the fixed-point solver");
  s.check(CVodeSetNonlinearSolver(s.mem, s.NLS), "CVodeSetNonlinearSolver");
  // The initial state's derivatives and reactions, in the Cartesian layout.
  s.dyn.cartesian_state(t0, xs, y_, yp_);
}

TreeOdeIntegrator::~TreeOdeIntegrator() = default;

void TreeOdeIntegrator::advance_to(double tout, double t_stop) {
  Impl& s = *impl_;
  CVodeSetStopTime(s.mem, t_stop);
  realtype tret = t_;
  const System& sys = s.dyn.dae().system();
  int flag = 0;
  if (sys.angle_history().empty()) {
    flag = CVode(s.mem, tout, s.x, &tret, CV_NORMAL);
  } else {  // the angle measures follow every accepted step (y_, yp_: scratch until the output)
    double tstep = t_;
    flag = step_to(
        tout, tstep, [&](double& t) { return CVode(s.mem, tout, s.x, &t, CV_ONE_STEP); },
        [&] {
          s.dyn.cartesian_state(tstep, N_VGetArrayPointer(s.x), y_, yp_);
          sys.follow_angles(y_.data());
        });
    tret = tstep;
    if (flag >= 0 && tret > tout) {
      CVodeGetDky(s.mem, tout, 0, s.x);
      tret = tout;
    }
  }
  if (s.pending) {
    auto e = s.pending;
    s.pending = nullptr;
    std::rethrow_exception(e);
  }
  if (flag < 0) {
    realtype tcur = t_, hlast = 0;
    CVodeGetCurrentTime(s.mem, &tcur);
    CVodeGetLastStep(s.mem, &hlast);
    N_Vector ele = N_VClone(s.x), ewt = N_VClone(s.x);
    std::string culprit = "unknown";
    if (CVodeGetEstLocalErrors(s.mem, ele) == CV_SUCCESS &&
        CVodeGetErrWeights(s.mem, ewt) == CV_SUCCESS) {
      const int worst = largest_weighted_error(ele, ewt, s.dyn.size());
      if (worst >= 0) culprit = s.dyn.describe_coordinate(worst);
    }
    N_VDestroy(ele);
    N_VDestroy(ewt);
    throw_integration_failure("CVODE", tcur, hlast, CVodeGetReturnFlagName(flag), flag, culprit);
  }
  t_ = tret;
  double* xs = N_VGetArrayPointer(s.x);
  // Quaternions back to unit norm; CVODE restarts there once they drifted by integr_tol (a
  // restart discards the Adams history, so not at every output).
  if (s.dyn.normalise(xs) > s.integr_tol && tret < t_stop) {
    s.stats_before_restart += s.raw_stats();
    s.check(CVodeReInit(s.mem, t_, s.x), "CVodeReInit");
  }
  s.dyn.cartesian_state(t_, xs, y_, yp_);
}

IntegratorStats TreeOdeIntegrator::stats() const {
  IntegratorStats st = impl_->stats_before_restart;
  st += impl_->raw_stats();
  return st;
}

}  // namespace mb
