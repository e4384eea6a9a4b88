#include "solver/sundials/ida_integrator.hpp"

#include <fmt/format.h>
#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/sundials/integration_failure.hpp"
#include "solver/sundials/klu_refactor_setup.hpp"
#include "solver/sundials/step_loop.hpp"

namespace mb {

constexpr double kNewtonConvergence = 0.05;

struct IdaIntegrator::Impl {
  const Dae& sys;
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector yy = nullptr, yp = nullptr, id = nullptr, atol = nullptr;
  SUNMatrix A = nullptr;
  SUNLinearSolver LS = nullptr;
  std::exception_ptr pending;
  // Error weights when some are scaled by powers of the step size (System::error_test_index()
  // 2, 3 and 4: the index-3 form's velocities and multipliers, the GGL multipliers), through
  // IDAWFtolerances:
  // 1 / (rtol |y_i| + atol_i) times |h|^h_power_i. IDA calls this before each step, when h is
  // the step it will try (0 before the first: those weights are 0 for the first step).
  std::vector<double> atol_v;
  std::vector<char> h_power;
  double rtol = 0;
  static int weights(N_Vector y, N_Vector ewt, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    realtype h = 0;
    if (self->mem) IDAGetCurrentStep(self->mem, &h);
    const double* yy = N_VGetArrayPointer(y);
    double* w = N_VGetArrayPointer(ewt);
    for (size_t i = 0; i < self->atol_v.size(); ++i) {
      w[i] = 1.0 / (self->rtol * std::abs(yy[i]) + self->atol_v[i]);
      for (int k = 0; k < self->h_power[i]; ++k) w[i] *= std::abs(h);
    }
    return 0;
  }

  explicit Impl(const Dae& s) : sys(s) {}
  ~Impl() {
    if (mem) IDAFree(&mem);
    if (LS) SUNLinSolFree(LS);
    if (A) SUNMatDestroy(A);
    for (N_Vector v : {yy, yp, id, atol}) {
      if (v) N_VDestroy(v);
    }
    if (ctx) SUNContext_Free(&ctx);
  }

  static int residual(realtype t, N_Vector y, N_Vector ydot, N_Vector r, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      throw_if_interrupted();  // a signal stops the run at the next step
      self->sys.residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot), N_VGetArrayPointer(r));
      const double* rr = N_VGetArrayPointer(r);
      for (int i = 0; i < self->sys.size(); ++i) {
        if (!std::isfinite(rr[i])) return 1;  // recoverable: IDA cuts the step
      }
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  static int jacobian(realtype t, realtype cj, N_Vector y, N_Vector ydot, N_Vector /*r*/,
                      SUNMatrix J, void* data, N_Vector, N_Vector, N_Vector) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      const SparsePattern& p = self->sys.pattern();
      sunindextype* colptr = SUNSparseMatrix_IndexPointers(J);
      sunindextype* rowval = SUNSparseMatrix_IndexValues(J);
      for (int c = 0; c <= p.n; ++c) colptr[c] = p.col_ptr[c];
      for (int k = 0; k < p.nnz(); ++k) rowval[k] = p.row_idx[k];
      self->sys.jacobian(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot), cj,
                         SUNSparseMatrix_Data(J));
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  void check(int flag, const char* what) {
    if (flag < 0) {
      throw Error(ExitCode::kInternal, fmt::format("IDA setup failed in {} (flag {})", what, flag));
    }
  }
};

IdaIntegrator::IdaIntegrator(const Dae& sys, const TransientParams& params, double t0,
                             const std::vector<double>& y0, const std::vector<double>& yp0,
                             std::optional<double> print_interval)
    : impl_(std::make_unique<Impl>(sys)), t_(t0), y_(y0), yp_(yp0) {
  Impl& s = *impl_;
  const int n = sys.size();
  s.check(SUNContext_Create(nullptr, &s.ctx), "SUNContext_Create");
  s.yy = N_VNew_Serial(n, s.ctx);
  s.yp = N_VNew_Serial(n, s.ctx);
  s.id = N_VNew_Serial(n, s.ctx);
  s.atol = N_VNew_Serial(n, s.ctx);
  std::copy(y0.begin(), y0.end(), N_VGetArrayPointer(s.yy));
  std::copy(yp0.begin(), yp0.end(), N_VGetArrayPointer(s.yp));
  const auto& mask = sys.differential_mask();
  // id marks the variables of the local error test (suppressalg; we do not call IDACalcIC, the
  // other use of id): System::error_test_index() 1 and 2.
  const auto& tested = sys.error_test_index();
  double* idv = N_VGetArrayPointer(s.id);
  for (int i = 0; i < n; ++i) idv[i] = tested[i] == 1 || tested[i] == 2 ? 1.0 : 0.0;
  // Absolute tolerance integr_tol on every differential state (model units); the algebraic
  // multipliers are excluded from the error test (suppressalg) but need a finite weight.
  double* at = N_VGetArrayPointer(s.atol);
  for (int i = 0; i < n; ++i) at[i] = mask[i] > 0 ? params.integr_tol : 1.0;
  const double rtol = std::max(1e-14, params.rel_abs_tol_ratio * params.integr_tol);

  s.mem = IDACreate(s.ctx);
  if (!s.mem) throw Error(ExitCode::kInternal, "IDACreate failed");
  s.check(IDAInit(s.mem, &Impl::residual, t0, s.yy, s.yp), "IDAInit");
  s.check(IDASVtolerances(s.mem, rtol, s.atol), "IDASVtolerances");
  if (std::any_of(tested.begin(), tested.end(), [](int k) { return k >= 2; })) {
    s.rtol = rtol;
    s.atol_v.assign(at, at + n);
    s.h_power.assign(n, 0);
    for (int i = 0; i < n; ++i) {
      s.h_power[i] = static_cast<char>(tested[i] == 4 ? 1 : std::max(0, tested[i] - 1));
    }
    s.check(IDAWFtolerances(s.mem, &Impl::weights), "IDAWFtolerances");
  }
  s.check(IDASetUserData(s.mem, &s), "IDASetUserData");
  s.check(IDASetId(s.mem, s.id), "IDASetId");
  s.check(IDASetSuppressAlg(s.mem, SUNTRUE), "IDASetSuppressAlg");
  s.check(IDASetMaxOrd(s.mem, params.max_order), "IDASetMaxOrd");
  s.check(IDASetMaxNumSteps(s.mem, 1000000), "IDASetMaxNumSteps");
  // A tighter Newton convergence test than the default 0.33 keeps the constraint drift below
  // the integration tolerance (the position constraints are only met to the Newton accuracy).
  s.check(IDASetNonlinConvCoef(s.mem, kNewtonConvergence), "IDASetNonlinConvCoef");
  double hmax = params.h_max.value_or(0.0);
  if (print_interval && (hmax == 0.0 || hmax > *print_interval)) hmax = *print_interval;
  if (hmax > 0) s.check(IDASetMaxStep(s.mem, hmax), "IDASetMaxStep");
  if (params.h_min) s.check(IDASetMinStep(s.mem, *params.h_min), "IDASetMinStep");
  if (params.h0) s.check(IDASetInitStep(s.mem, *params.h0), "IDASetInitStep");

  const SparsePattern& p = sys.pattern();
  s.A = SUNSparseMatrix(n, n, std::max(1, p.nnz()), CSC_MAT, s.ctx);
  s.LS = SUNLinSol_KLU(s.yy, s.A, s.ctx);
  if (!s.A || !s.LS) throw Error(ExitCode::kInternal, "cannot create the KLU linear solver");
  use_refactor_setup(s.LS);  // keeps KLU's pivot order while its pivot growth stays small
  s.check(IDASetLinearSolver(s.mem, s.LS, s.A), "IDASetLinearSolver");
  s.check(IDASetJacFn(s.mem, &Impl::jacobian), "IDASetJacFn");
}

IdaIntegrator::~IdaIntegrator() = default;

void IdaIntegrator::advance_to(double tout, double t_stop) {
  Impl& s = *impl_;
  IDASetStopTime(s.mem, t_stop);
  realtype tret = t_;
  const System& sys = s.sys.system();
  int flag = 0;
  if (sys.angle_history().empty()) {
    flag = IDASolve(s.mem, tout, &tret, s.yy, s.yp, IDA_NORMAL);
  } else {  // the angle measures follow every accepted step
    double tstep = t_;
    flag = step_to(
        tout, tstep, [&](double& t) { return IDASolve(s.mem, tout, &t, s.yy, s.yp, IDA_ONE_STEP); },
        [&] { sys.follow_angles(N_VGetArrayPointer(s.yy)); });
    tret = tstep;
    if (flag >= 0 && tret > tout) {
      IDAGetDky(s.mem, tout, 0, s.yy);
      IDAGetDky(s.mem, tout, 1, s.yp);
      tret = tout;
    }
  }
  if (s.pending) {
    auto e = s.pending;
    s.pending = nullptr;
    std::rethrow_exception(e);
  }
  if (flag < 0) {
    // Name the variable with the largest weighted local error estimate.
    realtype tcur = t_, hlast = 0;
    IDAGetCurrentTime(s.mem, &tcur);
    IDAGetLastStep(s.mem, &hlast);
    const int n = s.sys.size();
    N_Vector ele = N_VClone(s.yy), ewt = N_VClone(s.yy);
    std::string culprit = "unknown";
    if (IDAGetEstLocalErrors(s.mem, ele) == IDA_SUCCESS &&
        IDAGetErrWeights(s.mem, ewt) == IDA_SUCCESS) {
      const int worst = largest_weighted_error(ele, ewt, n);
      if (worst >= 0) culprit = s.sys.describe_variable(worst);
    }
    N_VDestroy(ele);
    N_VDestroy(ewt);
    // IDA returns its last successful step in tret, yy, yp: the state the failure is diagnosed
    // at (rank_loss_report in analysis_runner.cpp).
    t_ = tret;
    std::copy(N_VGetArrayPointer(s.yy), N_VGetArrayPointer(s.yy) + n, y_.begin());
    std::copy(N_VGetArrayPointer(s.yp), N_VGetArrayPointer(s.yp) + n, yp_.begin());
    throw_integration_failure("IDA", tcur, hlast, IDAGetReturnFlagName(flag), flag, culprit);
  }
  t_ = tret;
  const double* yy = N_VGetArrayPointer(s.yy);
  const double* yp = N_VGetArrayPointer(s.yp);
  std::copy(yy, yy + s.sys.size(), y_.begin());
  std::copy(yp, yp + s.sys.size(), yp_.begin());
}

IntegratorStats IdaIntegrator::stats() const {
  IntegratorStats st;
  void* mem = impl_->mem;
  IDAGetNumSteps(mem, &st.steps);
  IDAGetNumResEvals(mem, &st.residual_evals);
  IDAGetNumJacEvals(mem, &st.jacobian_evals);
  IDAGetNumNonlinSolvIters(mem, &st.newton_iters);
  IDAGetNumErrTestFails(mem, &st.error_test_fails);
  return st;
}

}  // namespace mb
