#include "solver/sundials/ida_integrator.hpp"

#include <ida/ida.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/sundials/klu_refactor_setup.hpp"
#include "solver/sundials/sundials_session.hpp"

namespace mb {

namespace {

constexpr double kNewtonConvergence = 0.05;

const SundialsPackage kIdaPackage{"IDA",
                                  "IDA",
                                  "IDA",
                                  IDAFree,
                                  IDASetMaxStep,
                                  IDASetMinStep,
                                  IDASetInitStep,
                                  IDASetStopTime,
                                  IDAGetCurrentTime,
                                  IDAGetLastStep,
                                  IDAGetEstLocalErrors,
                                  IDAGetErrWeights,
                                  IDAGetReturnFlagName,
                                  IDAGetRootInfo,
                                  IDASetRootDirection};

}  // namespace

struct IdaIntegrator::Impl {
  const Dae& sys;
  SundialsSession s{kIdaPackage};
  N_Vector yy = nullptr, yp = nullptr;
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
    if (self->s.mem) IDAGetCurrentStep(self->s.mem, &h);
    const double* yy = N_VGetArrayPointer(y);
    double* w = N_VGetArrayPointer(ewt);
    for (size_t i = 0; i < self->atol_v.size(); ++i) {
      w[i] = 1.0 / (self->rtol * std::abs(yy[i]) + self->atol_v[i]);
      for (int k = 0; k < self->h_power[i]; ++k) w[i] *= std::abs(h);
    }
    return 0;
  }

  IntegratorStats stats_before_restart;  ///< counters of the runs before a sensor's restart
  const System* also_sys = nullptr;      ///< also_follow_angles
  Workspace* also_ws = nullptr;

  explicit Impl(const Dae& d) : sys(d) {}

  /// The sensors' root functions (solver/sensor_events.hpp): y and yp are in the System layout.
  static int roots(realtype t, N_Vector y, N_Vector yp, realtype* g, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      self->s.events()->roots(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), g);
      return 0;
    });
  }

  static int residual(realtype t, N_Vector y, N_Vector ydot, N_Vector r, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      throw_if_interrupted();  // a signal stops the run at the next step
      self->sys.residual(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot), N_VGetArrayPointer(r));
      const double* rr = N_VGetArrayPointer(r);
      for (int i = 0; i < self->sys.size(); ++i) {
        if (!std::isfinite(rr[i])) return 1;  // recoverable: IDA cuts the step
      }
      return 0;
    });
  }

  static int jacobian(realtype t, realtype cj, N_Vector y, N_Vector ydot, N_Vector /*r*/,
                      SUNMatrix J, void* data, N_Vector, N_Vector, N_Vector) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      const SparsePattern& p = self->sys.pattern();
      sunindextype* colptr = SUNSparseMatrix_IndexPointers(J);
      sunindextype* rowval = SUNSparseMatrix_IndexValues(J);
      for (int c = 0; c <= p.n; ++c) colptr[c] = p.col_ptr[c];
      for (int k = 0; k < p.nnz(); ++k) rowval[k] = p.row_idx[k];
      self->sys.jacobian(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot), cj,
                         SUNSparseMatrix_Data(J));
      return 0;
    });
  }

  /// id marks the variables of the local error test (suppressalg; we do not call IDACalcIC, the
  /// other use of id): System::error_test_index() 1 and 2. Absolute tolerance integr_tol on every
  /// differential state (model units); the algebraic multipliers are excluded from the error
  /// test but need a finite weight. Weights scaled by the step size: `weights`.
  void set_tolerances(const TransientParams& params) {
    const int n = sys.size();
    const auto& mask = sys.differential_mask();
    const auto& tested = sys.error_test_index();
    N_Vector id = s.vector(n), atol = s.vector(n);
    double* idv = N_VGetArrayPointer(id);
    for (int i = 0; i < n; ++i) idv[i] = tested[i] == 1 || tested[i] == 2 ? 1.0 : 0.0;
    double* at = N_VGetArrayPointer(atol);
    for (int i = 0; i < n; ++i) at[i] = mask[i] > 0 ? params.integr_tol : 1.0;
    s.check(IDASVtolerances(s.mem, relative_tolerance(params), atol), "IDASVtolerances");
    if (std::any_of(tested.begin(), tested.end(), [](int k) { return k >= 2; })) {
      rtol = relative_tolerance(params);
      atol_v.assign(at, at + n);
      h_power.assign(n, 0);
      for (int i = 0; i < n; ++i) {
        h_power[i] = static_cast<char>(tested[i] == 4 ? 1 : std::max(0, tested[i] - 1));
      }
      s.check(IDAWFtolerances(s.mem, &Impl::weights), "IDAWFtolerances");
    }
    s.check(IDASetUserData(s.mem, this), "IDASetUserData");
    s.check(IDASetId(s.mem, id), "IDASetId");
  }

  /// KLU on the exact sparse Jacobian.
  void set_linear_solver() {
    const SparsePattern& p = sys.pattern();
    s.matrix = SUNSparseMatrix(sys.size(), sys.size(), std::max(1, p.nnz()), CSC_MAT, s.ctx);
    s.ls = SUNLinSol_KLU(yy, s.matrix, s.ctx);
    if (!s.matrix || !s.ls) throw Error(ExitCode::kInternal, "cannot create the KLU linear solver");
    use_refactor_setup(s.ls);  // keeps KLU's pivot order while its pivot growth stays small
    s.check(IDASetLinearSolver(s.mem, s.ls, s.matrix), "IDASetLinearSolver");
    s.check(IDASetJacFn(s.mem, &Impl::jacobian), "IDASetJacFn");
  }
};

IdaIntegrator::IdaIntegrator(const Dae& sys, const TransientParams& params, double t0,
                             const std::vector<double>& y0, const std::vector<double>& yp0,
                             std::optional<double> print_interval)
    : IntegratorState(t0, y0, yp0), impl_(make_impl<Impl>(sys)) {
  Impl& m = *impl_;
  SundialsSession& s = m.s;
  m.yy = s.vector(sys.size());
  m.yp = s.vector(sys.size());
  std::copy(y0.begin(), y0.end(), N_VGetArrayPointer(m.yy));
  std::copy(yp0.begin(), yp0.end(), N_VGetArrayPointer(m.yp));
  s.adopt(IDACreate(s.ctx), "IDACreate");
  s.check(IDAInit(s.mem, &Impl::residual, t0, m.yy, m.yp), "IDAInit");
  m.set_tolerances(params);
  s.check(IDASetSuppressAlg(s.mem, SUNTRUE), "IDASetSuppressAlg");
  s.check(IDASetMaxOrd(s.mem, params.max_order), "IDASetMaxOrd");
  s.check(IDASetMaxNumSteps(s.mem, 1000000), "IDASetMaxNumSteps");
  // A tighter Newton convergence test than the default 0.33 keeps the constraint drift below
  // the integration tolerance (the position constraints are only met to the Newton accuracy).
  s.check(IDASetNonlinConvCoef(s.mem, kNewtonConvergence), "IDASetNonlinConvCoef");
  s.set_step_limits(params, print_interval);
  m.set_linear_solver();
  s.watch_events(sys.system(), sys.workspace(),
                 [&](int n) { return IDARootInit(s.mem, n, &Impl::roots); });
}

static_assert(IDA_ROOT_RETURN == SundialsSession::kRootReturn);

const std::vector<int>* IdaIntegrator::sensor_event() const { return impl_->s.event(); }

void IdaIntegrator::act_on_event(const SensorAction& a) {
  Impl& m = *impl_;
  if (a.restart) {
    m.stats_before_restart = stats();  // IDAReInit resets IDA's counters
    m.s.set_restart_step(a.stepsize);
    m.s.check(IDAReInit(m.s.mem, t_, m.yy, m.yp), "IDAReInit");
  }
  if (a.hmax) m.s.limit_max_step(*a.hmax);
}

void IdaIntegrator::restart_from(const std::vector<double>& y, const std::vector<double>& yp) {
  Impl& m = *impl_;
  const auto n = static_cast<size_t>(m.sys.size());
  std::copy(y.begin(), y.begin() + n, N_VGetArrayPointer(m.yy));
  std::copy(yp.begin(), yp.begin() + n, N_VGetArrayPointer(m.yp));
  std::copy(y.begin(), y.begin() + n, y_.begin());
  std::copy(yp.begin(), yp.begin() + n, yp_.begin());
  m.stats_before_restart = stats();  // IDAReInit resets IDA's counters
  m.s.set_restart_step(std::nullopt);
  m.s.check(IDAReInit(m.s.mem, t_, m.yy, m.yp), "IDAReInit");
}

void IdaIntegrator::advance_to(double tout, double t_stop) {
  Impl& m = *impl_;
  SundialsSession& s = m.s;
  s.set_stop_time(t_stop);
  const System& sys = m.sys.system();
  Workspace& ws = m.sys.workspace();  // the run's angle tracks
  const double t_before = t_;
  double t = t_;
  const bool follow = !ws.angles.empty() || (m.also_ws && !m.also_ws->angles.empty());
  const int flag = s.solve_to(
      tout, t, follow,
      [&](double& tr, bool one_step) {
        return IDASolve(s.mem, tout, &tr, m.yy, m.yp, one_step ? IDA_ONE_STEP : IDA_NORMAL);
      },
      [&](double at) {
        IDAGetDky(s.mem, at, 0, m.yy);
        IDAGetDky(s.mem, at, 1, m.yp);
      },
      [&](double) {
        const double* y = N_VGetArrayPointer(m.yy);
        double rate = sys.follow_angles(ws, y);
        if (m.also_ws) rate = std::max(rate, m.also_sys->follow_angles(*m.also_ws, y));
        s.limit_turn_per_step(rate);
      });
  // On failure IDA returns its last successful step in t, yy, yp: the state the failure is
  // diagnosed at (rank_loss_report in stages/output_integration.hpp).
  t_ = t;
  const int n = m.sys.size();
  std::copy(N_VGetArrayPointer(m.yy), N_VGetArrayPointer(m.yy) + n, y_.begin());
  std::copy(N_VGetArrayPointer(m.yp), N_VGetArrayPointer(m.yp) + n, yp_.begin());
  if (flag < 0) {
    s.fail(flag, t_before, m.yy, n, [&](int i) { return m.sys.describe_variable(i); });
  }
}

void IdaIntegrator::also_follow_angles(const System& sys, Workspace& ws) {
  impl_->also_sys = &sys;
  impl_->also_ws = &ws;
}

double IdaIntegrator::last_step() const { return impl_->s.last_step(); }

IntegratorStats IdaIntegrator::stats() const {
  IntegratorStats st;
  void* mem = impl_->s.mem;
  IDAGetNumSteps(mem, &st.steps);
  IDAGetNumResEvals(mem, &st.residual_evals);
  IDAGetNumJacEvals(mem, &st.jacobian_evals);
  IDAGetNumNonlinSolvIters(mem, &st.newton_iters);
  IDAGetNumErrTestFails(mem, &st.error_test_fails);
  st += impl_->stats_before_restart;
  return st;
}

}  // namespace mb
