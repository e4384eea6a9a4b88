#include "solver/sundials/cvode_integrator.hpp"

#include <cvode/cvode.h>
#include <cvode/cvode_proj.h>
#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/sundials/integration_failure.hpp"
#include "solver/sundials/step_loop.hpp"

namespace mb {

namespace {
constexpr int kProjectionMaxIter = 10;
}  // namespace

struct CvodeIntegrator::Impl {
  const Dae& dae;
  Blocks blocks;
  AccelerationSolver acc;
  ConstraintProjector proj;
  double proj_tol_abs = 0;
  // Workspace of the callbacks (full DAE layout), allocated once.
  std::vector<double> y, yp, y_proj;
  Eigen::VectorXd err = Eigen::VectorXd();
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector x = nullptr, atol = nullptr;
  SUNMatrix A = nullptr;
  SUNLinearSolver LS = nullptr;
  SUNNonlinearSolver NLS = nullptr;
  bool adams = false;
  double integr_tol = 0;
  IntegratorStats stats_before_restart;  ///< counters of the runs before a CVodeReInit
  std::exception_ptr pending;

  IntegratorStats raw_stats() const {
    IntegratorStats st;
    CVodeGetNumSteps(mem, &st.steps);
    CVodeGetNumRhsEvals(mem, &st.residual_evals);
    if (!adams) CVodeGetNumJacEvals(mem, &st.jacobian_evals);
    CVodeGetNumNonlinSolvIters(mem, &st.newton_iters);
    CVodeGetNumErrTestFails(mem, &st.error_test_fails);
    return st;
  }

  explicit Impl(const Dae& d)
      : dae(d),
        blocks(blocks_of(d)),
        acc(d),
        proj(d),
        y(d.size(), 0.0),
        yp(d.size(), 0.0),
        y_proj(d.size(), 0.0) {}
  ~Impl() {
    if (mem) CVodeFree(&mem);
    if (NLS) SUNNonlinSolFree(NLS);
    if (LS) SUNLinSolFree(LS);
    if (A) SUNMatDestroy(A);
    for (N_Vector v : {x, atol}) {
      if (v) N_VDestroy(v);
    }
    if (ctx) SUNContext_Free(&ctx);
  }

  int nd() const { return static_cast<int>(blocks.diff.size()); }

  /// Constraint tolerance of the projection: 1e-3 integr_tol, but not below round-off.
  double projection_tol(const double* xs) const {
    double scale = 0;
    for (int i = 0; i < nd(); ++i) scale = std::max(scale, std::abs(xs[i]));
    return std::max(proj_tol_abs, 1e-14 * (1.0 + scale));
  }

  void scatter(const double* xs, std::vector<double>& full) const {
    for (size_t i = 0; i < blocks.diff.size(); ++i) full[blocks.diff[i]] = xs[i];
  }

  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      throw_if_interrupted();  // a signal stops the run at the next step
      self->scatter(N_VGetArrayPointer(xv), self->y);
      self->acc.solve(t, self->y, self->yp);
      double* out = N_VGetArrayPointer(xdot);
      const auto& diff = self->blocks.diff;
      for (size_t i = 0; i < diff.size(); ++i) {
        out[i] = self->yp[diff[i]];
        if (!std::isfinite(out[i])) return 1;  // recoverable: CVODE cuts the step
      }
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  static int project(realtype t, N_Vector ycur, N_Vector corr, realtype /*eps_proj*/, N_Vector err,
                     void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      const double* xs = N_VGetArrayPointer(ycur);
      self->scatter(xs, self->y_proj);
      if (!self->proj.project(t, self->y_proj, self->projection_tol(xs), kProjectionMaxIter)) {
        return 1;
      }
      double* c = N_VGetArrayPointer(corr);
      const auto& diff = self->blocks.diff;
      for (size_t i = 0; i < diff.size(); ++i) c[i] = self->y_proj[diff[i]] - xs[i];
      if (err) {
        double* e = N_VGetArrayPointer(err);
        self->err = Eigen::Map<Eigen::VectorXd>(e, self->nd());
        self->proj.project_tangent(self->err);
        Eigen::Map<Eigen::VectorXd>(e, self->nd()) = self->err;
      }
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  void check(int flag, const char* what) {
    if (flag < 0) {
      throw Error(ExitCode::kInternal,
                  fmt::format("CVODE setup failed in {} (flag {})", what, flag));
    }
  }
};

CvodeIntegrator::CvodeIntegrator(const Dae& dae, const TransientParams& params, double t0,
                                 const std::vector<double>& y0,
                                 std::optional<double> print_interval)
    : impl_(std::make_unique<Impl>(dae)), t_(t0), y_(y0), yp_(dae.size(), 0.0) {
  Impl& s = *impl_;
  const int nd = s.nd();
  s.adams = params.integrator == Integrator::kAbam;
  s.integr_tol = params.integr_tol;
  s.check(SUNContext_Create(nullptr, &s.ctx), "SUNContext_Create");
  s.x = N_VNew_Serial(std::max(1, nd), s.ctx);
  s.atol = N_VNew_Serial(std::max(1, nd), s.ctx);
  double* xs = N_VGetArrayPointer(s.x);
  for (int i = 0; i < nd; ++i) xs[i] = y0[s.blocks.diff[static_cast<size_t>(i)]];
  N_VConst(params.integr_tol, s.atol);
  const double rtol = std::max(1e-14, params.rel_abs_tol_ratio * params.integr_tol);
  s.proj_tol_abs = 1e-3 * params.integr_tol;

  s.mem = CVodeCreate(s.adams ? CV_ADAMS : CV_BDF, s.ctx);
  if (!s.mem) throw Error(ExitCode::kInternal, "CVodeCreate failed");
  s.check(CVodeInit(s.mem, &Impl::rhs, t0, s.x), "CVodeInit");
  s.check(CVodeSVtolerances(s.mem, rtol, s.atol), "CVodeSVtolerances");
  s.check(CVodeSetUserData(s.mem, &s), "CVodeSetUserData");
  s.check(CVodeSetMaxNumSteps(s.mem, 1000000), "CVodeSetMaxNumSteps");
  double hmax = params.h_max.value_or(0.0);
  if (print_interval && (hmax == 0.0 || hmax > *print_interval)) hmax = *print_interval;
  if (hmax > 0) s.check(CVodeSetMaxStep(s.mem, hmax), "CVodeSetMaxStep");
  if (params.h_min) s.check(CVodeSetMinStep(s.mem, *params.h_min), "CVodeSetMinStep");
  if (params.h0) s.check(CVodeSetInitStep(s.mem, *params.h0), "CVodeSetInitStep");
  if (s.adams) {
    // Non-stiff: fixed-point corrector, Adams order up to CVODE's 12.
    s.NLS = SUNNonlinSol_FixedPoint(s.x, 0, s.ctx);
    if (!s.NLS) throw Error(ExitCode::kInternal, "cannot create the fixed-point solver");
    s.check(CVodeSetNonlinearSolver(s.mem, s.NLS), "CVodeSetNonlinearSolver");
  } else {
    s.check(CVodeSetMaxOrd(s.mem, params.max_order), "CVodeSetMaxOrd");
    s.A = SUNDenseMatrix(std::max(1, nd), std::max(1, nd), s.ctx);
    s.LS = SUNLinSol_Dense(s.x, s.A, s.ctx);
    if (!s.A || !s.LS) throw Error(ExitCode::kInternal, "cannot create the dense linear solver");
    s.check(CVodeSetLinearSolver(s.mem, s.LS, s.A), "CVodeSetLinearSolver");
  }
  // CVODE projects after every step with BDF only; Adams is projected at the output times.
  if (!s.adams) s.check(CVodeSetProjFn(s.mem, &Impl::project), "CVodeSetProjFn");
  // The initial state is consistent; its derivatives and reactions are reported at t0 too.
  s.scatter(xs, y_);
  s.acc.solve(t0, y_, yp_);
}

CvodeIntegrator::~CvodeIntegrator() = default;

void CvodeIntegrator::advance_to(double tout, double t_stop) {
  Impl& s = *impl_;
  CVodeSetStopTime(s.mem, t_stop);
  realtype tret = t_;
  const System& sys = s.dae.system();
  int flag = 0;
  if (sys.angle_history().empty()) {
    flag = CVode(s.mem, tout, s.x, &tret, CV_NORMAL);
  } else {  // the angle measures follow every accepted step (y_ is scratch until the output)
    double tstep = t_;
    flag = step_to(
        tout, tstep, [&](double& t) { return CVode(s.mem, tout, s.x, &t, CV_ONE_STEP); },
        [&] {
          s.scatter(N_VGetArrayPointer(s.x), y_);
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
      const int worst = largest_weighted_error(ele, ewt, s.nd());
      if (worst >= 0) culprit = s.dae.describe_variable(s.blocks.diff[static_cast<size_t>(worst)]);
    }
    N_VDestroy(ele);
    N_VDestroy(ewt);
    throw_integration_failure("CVODE", tcur, hlast, CVodeGetReturnFlagName(flag), flag, culprit);
  }
  t_ = tret;
  // The output is interpolated between steps, so it is projected too: every reported state
  // satisfies the constraints. With Adams, CVODE itself continues from the projected state.
  s.scatter(N_VGetArrayPointer(s.x), y_);
  if (!s.proj.project(t_, y_, s.projection_tol(N_VGetArrayPointer(s.x)), kProjectionMaxIter)) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("CVODE: the state at t = {:.10g} cannot be projected onto the "
                            "constraints",
                            t_));
  }
  if (s.adams) {
    // Restart from the projected state once the drift of CVODE's own state reaches integr_tol
    // (a restart discards the Adams history, so not at every output).
    double* xs = N_VGetArrayPointer(s.x);
    double drift = 0;
    for (int i = 0; i < s.nd(); ++i) {
      drift = std::max(drift, std::abs(xs[i] - y_[s.blocks.diff[static_cast<size_t>(i)]]));
    }
    if (drift > s.integr_tol && tret < t_stop) {
      s.stats_before_restart += s.raw_stats();
      for (int i = 0; i < s.nd(); ++i) xs[i] = y_[s.blocks.diff[static_cast<size_t>(i)]];
      s.check(CVodeReInit(s.mem, t_, s.x), "CVodeReInit");
    }
  }
  s.acc.solve(t_, y_, yp_);
}

IntegratorStats CvodeIntegrator::stats() const {
  IntegratorStats st = impl_->stats_before_restart;
  st += impl_->raw_stats();
  return st;
}

}  // namespace mb
