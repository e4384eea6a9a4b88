#include "solver/sundials/cvode_integrator.hpp"

#include <cvode/cvode.h>
#include <cvode/cvode_ls.h>
#include <cvode/cvode_proj.h>
#include <fmt/format.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/ode_newton_matrix.hpp"
#include "solver/sundials/cvode_package.hpp"

namespace mb {

namespace {
constexpr int kProjectionMaxIter = 10;
}  // namespace

struct CvodeIntegrator::Impl {
  const Dae& dae;
  Blocks blocks;
  AccelerationSolver acc;
  ConstraintProjector proj;
  OdeNewtonMatrix newton;
  double proj_tol_abs = 0;
  // Workspace of the callbacks (full DAE layout), allocated once.
  std::vector<double> y, yp, y_proj;
  Eigen::VectorXd err = Eigen::VectorXd();
  SundialsSession s{kCvodePackage};
  N_Vector x = nullptr;
  bool adams = false;
  double integr_tol = 0;
  IntegratorStats stats_before_restart;  ///< counters of the runs before a CVodeReInit
  // The BDF corrector's linear solver (a SUNLinearSolver that owns its matrix, `newton`): CVODE
  // calls its setup through the preconditioner-setup hook, with its own decision whether the
  // Jacobian is still good (jok) and the current gamma.
  void* pset_data = nullptr;
  SUNPSetupFn pset = nullptr;

  explicit Impl(const Dae& d)
      : dae(d),
        blocks(blocks_of(d)),
        acc(d),
        proj(d),
        newton(d),
        y(d.size(), 0.0),
        yp(d.size(), 0.0),
        y_proj(d.size(), 0.0) {}

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

  /// The full layout of `xs` projected onto the constraints; false when that fails. `after_step`:
  /// xs is a step's result, near the last right-hand side's state (its last corrector iterate),
  /// whose constraint Jacobian the projection starts from (ConstraintProjector::Nearby) when it
  /// holds the entries the projection would evaluate.
  bool scatter_projected(double t, const double* xs, std::vector<double>& full,
                         bool after_step = false) {
    scatter(xs, full);
    const ConstraintProjector::Nearby last_rhs{acc.jacobian_values(), acc.jacobian_state()};
    const bool same_entries = !acc.constraint_jacobian_only() || proj.constraint_parts_only();
    return proj.project(t, full, projection_tol(xs), kProjectionMaxIter,
                        after_step && same_entries ? &last_rhs : nullptr);
  }

  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
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
    });
  }

  /// The sensors' root functions (solver/sensor_events.hpp) on the System layout: the state
  /// (interpolated between steps) projected onto the constraints as every output is, its
  /// derivatives and reactions solved as in the right-hand side.
  static int roots(realtype t, N_Vector xv, realtype* g, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      if (!self->scatter_projected(t, N_VGetArrayPointer(xv), self->y)) return 1;
      self->acc.solve(t, self->y, self->yp);
      self->s.events()->roots(t, self->y.data(), self->yp.data(), g);
      return 0;
    });
  }

  static int project(realtype t, N_Vector ycur, N_Vector corr, realtype /*eps_proj*/, N_Vector err,
                     void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      const double* xs = N_VGetArrayPointer(ycur);
      if (!self->scatter_projected(t, xs, self->y_proj, true)) return 1;
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
    });
  }

  /// CVODE's preconditioner setup, here the setup of the Newton matrix (ode_newton_matrix.hpp):
  /// a new Jacobian at (t, x) unless CVODE judges the last one good (jok), factored at gamma.
  static int newton_setup(realtype t, N_Vector xv, N_Vector /*fx*/, booleantype jok,
                          booleantype* jcur, realtype gamma, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    return self->s.guarded([&] {
      *jcur = jok ? SUNFALSE : SUNTRUE;
      if (!jok) {
        self->scatter(N_VGetArrayPointer(xv), self->y);
        self->acc.solve(t, self->y, self->yp);
        self->newton.evaluate(t, self->y, self->yp);
      }
      return self->newton.factor(gamma) ? 0 : 1;  // singular: recoverable, CVODE cuts the step
    });
  }

  /// Declared matrix-free iterative (CVODE skips the setup of a "matrix-embedded" solver);
  /// the solve is exact.
  static SUNLinearSolver_Type ls_type(SUNLinearSolver) noexcept {
    return SUNLINEARSOLVER_ITERATIVE;
  }
  static int ls_set_atimes(SUNLinearSolver, void*, SUNATimesFn) noexcept { return SUNLS_SUCCESS; }
  static int ls_set_preconditioner(SUNLinearSolver ls, void* p_data, SUNPSetupFn pset,
                                   SUNPSolveFn) noexcept {
    auto* self = static_cast<Impl*>(ls->content);
    self->pset_data = p_data;
    self->pset = pset;
    return SUNLS_SUCCESS;
  }
  static int ls_setup(SUNLinearSolver ls, SUNMatrix) noexcept {
    auto* self = static_cast<Impl*>(ls->content);
    return self->pset ? self->pset(self->pset_data) : SUNLS_SUCCESS;
  }
  /// x = (I - gamma J)^-1 b; when gamma changed since the factorisation, scaled by
  /// 2 / (1 + gamma / gamma_factored) as CVODE scales a matrix-based solver's solution.
  static int ls_solve(SUNLinearSolver ls, SUNMatrix, N_Vector x, N_Vector b, realtype) noexcept {
    auto* self = static_cast<Impl*>(ls->content);
    N_VScale(1.0, b, x);
    self->newton.solve(N_VGetArrayPointer(x));
    realtype gamma = self->newton.gamma();
    CVodeGetCurrentGamma(self->s.mem, &gamma);
    const double gamrat = gamma / self->newton.gamma();
    if (gamrat != 1.0) N_VScale(2.0 / (1.0 + gamrat), x, x);
    return SUNLS_SUCCESS;
  }
  static int ls_free(SUNLinearSolver ls) noexcept {
    ls->content = nullptr;
    SUNLinSolFreeEmpty(ls);
    return SUNLS_SUCCESS;
  }

  /// The iteration: Adams with the fixed-point corrector (non-stiff, order up to CVODE's 12),
  /// BDF with Newton on the sparse Newton matrix (ode_newton_matrix.hpp) and projection after
  /// every step.
  void set_iteration(const TransientParams& params) {
    if (adams) {
      s.nls = SUNNonlinSol_FixedPoint(x, 0, s.ctx);
      if (!s.nls) throw Error(ExitCode::kInternal, "cannot create the fixed-point solver");
      s.check(CVodeSetNonlinearSolver(s.mem, s.nls), "CVodeSetNonlinearSolver");
      return;
    }
    s.check(CVodeSetMaxOrd(s.mem, params.max_order), "CVodeSetMaxOrd");
    s.ls = SUNLinSolNewEmpty(s.ctx);
    if (!s.ls) throw Error(ExitCode::kInternal, "cannot create the Newton linear solver");
    s.ls->content = this;
    s.ls->ops->gettype = &Impl::ls_type;
    s.ls->ops->setatimes = &Impl::ls_set_atimes;
    s.ls->ops->setpreconditioner = &Impl::ls_set_preconditioner;
    s.ls->ops->setup = &Impl::ls_setup;
    s.ls->ops->solve = &Impl::ls_solve;
    s.ls->ops->free = &Impl::ls_free;
    s.check(CVodeSetLinearSolver(s.mem, s.ls, nullptr), "CVodeSetLinearSolver");
    s.check(CVodeSetPreconditioner(s.mem, &Impl::newton_setup, nullptr), "CVodeSetPreconditioner");
    // CVODE projects after every step with BDF only; Adams is projected at the output times.
    s.check(CVodeSetProjFn(s.mem, &Impl::project), "CVodeSetProjFn");
  }

  /// With Adams, restarts from the projected state `y_out` once the drift of CVODE's own state
  /// reaches integr_tol (a restart discards the Adams history, so not at every output).
  void restart_if_drifted(double t, const std::vector<double>& y_out) {
    double* xs = N_VGetArrayPointer(x);
    double drift = 0;
    for (int i = 0; i < nd(); ++i) {
      drift = std::max(drift, std::abs(xs[i] - y_out[blocks.diff[static_cast<size_t>(i)]]));
    }
    if (drift <= integr_tol) return;
    for (int i = 0; i < nd(); ++i) xs[i] = y_out[blocks.diff[static_cast<size_t>(i)]];
    if (s.events()) s.set_restart_step(std::nullopt);  // not a sensor's STEPSIZE
    cvode_restart(s, stats_before_restart, !adams, t, x);
  }
};

CvodeIntegrator::CvodeIntegrator(const Dae& dae, const TransientParams& params, double t0,
                                 const std::vector<double>& y0,
                                 std::optional<double> print_interval)
    : IntegratorState(t0, y0, std::vector<double>(dae.size(), 0.0)), impl_(make_impl<Impl>(dae)) {
  Impl& m = *impl_;
  SundialsSession& s = m.s;
  const int nd = m.nd();
  m.adams = params.integrator == Integrator::kAbam;
  m.integr_tol = params.integr_tol;
  m.x = s.vector(std::max(1, nd));
  N_Vector atol = s.vector(std::max(1, nd));
  double* xs = N_VGetArrayPointer(m.x);
  for (int i = 0; i < nd; ++i) xs[i] = y0[m.blocks.diff[static_cast<size_t>(i)]];
  N_VConst(params.integr_tol, atol);
  m.proj_tol_abs = 1e-3 * params.integr_tol;

  s.adopt(CVodeCreate(m.adams ? CV_ADAMS : CV_BDF, s.ctx), "CVodeCreate");
  s.check(CVodeInit(s.mem, &Impl::rhs, t0, m.x), "CVodeInit");
  s.check(CVodeSVtolerances(s.mem, relative_tolerance(params), atol), "CVodeSVtolerances");
  s.check(CVodeSetUserData(s.mem, &m), "CVodeSetUserData");
  s.check(CVodeSetMaxNumSteps(s.mem, 1000000), "CVodeSetMaxNumSteps");
  s.set_step_limits(params, print_interval);
  m.set_iteration(params);
  // The initial state is consistent; its derivatives and reactions are reported at t0 too.
  m.scatter(xs, y_);
  m.acc.solve(t0, y_, yp_);
  s.watch_events(dae.system(), dae.workspace(),
                 [&](int n) { return CVodeRootInit(s.mem, n, &Impl::roots); });
}

static_assert(CV_ROOT_RETURN == SundialsSession::kRootReturn);

const std::vector<int>* CvodeIntegrator::sensor_event() const { return impl_->s.event(); }

void CvodeIntegrator::act_on_event(const SensorAction& a) {
  Impl& m = *impl_;
  if (a.restart) {  // from the projected state at the event
    double* xs = N_VGetArrayPointer(m.x);
    for (int i = 0; i < m.nd(); ++i) xs[i] = y_[m.blocks.diff[static_cast<size_t>(i)]];
    m.s.set_restart_step(a.stepsize);
    cvode_restart(m.s, m.stats_before_restart, !m.adams, t_, m.x);
  }
  if (a.hmax) m.s.limit_max_step(*a.hmax);
}

void CvodeIntegrator::restart_from(const std::vector<double>& y,
                                   const std::vector<double>& /*yp*/) {
  Impl& m = *impl_;
  double* xs = N_VGetArrayPointer(m.x);
  for (int i = 0; i < m.nd(); ++i) xs[i] = y[m.blocks.diff[static_cast<size_t>(i)]];
  m.scatter(xs, y_);
  m.acc.solve(t_, y_, yp_);
  m.s.set_restart_step(std::nullopt);
  cvode_restart(m.s, m.stats_before_restart, !m.adams, t_, m.x);
}

void CvodeIntegrator::advance_to(double tout, double t_stop) {
  Impl& m = *impl_;
  SundialsSession& s = m.s;
  s.set_stop_time(t_stop);
  const System& sys = m.dae.system();
  Workspace& ws = m.dae.workspace();  // the run's angle tracks
  double t = t_;
  const int flag = s.solve_to(
      tout, t, !ws.angles.empty(),
      [&](double& tr, bool one_step) {
        return CVode(s.mem, tout, m.x, &tr, one_step ? CV_ONE_STEP : CV_NORMAL);
      },
      [&](double at) { CVodeGetDky(s.mem, at, 0, m.x); },
      [&](double) {  // the angle measures follow every accepted step (y_: scratch until output)
        m.scatter(N_VGetArrayPointer(m.x), y_);
        s.limit_turn_per_step(sys.follow_angles(ws, y_.data()));
      });
  if (flag < 0) {
    s.fail(flag, t_, m.x, m.nd(),
           [&](int i) { return m.dae.describe_variable(m.blocks.diff[static_cast<size_t>(i)]); });
  }
  t_ = t;
  // The output is interpolated between steps, so it is projected too: every reported state
  // satisfies the constraints. With Adams, CVODE itself continues from the projected state.
  m.scatter(N_VGetArrayPointer(m.x), y_);
  if (!m.proj.project(t_, y_, m.projection_tol(N_VGetArrayPointer(m.x)), kProjectionMaxIter)) {
    throw Error(ExitCode::kAnalysisFailed,
                fmt::format("CVODE: the state at t = {:.10g} cannot be projected onto the "
                            "constraints",
                            t_));
  }
  if (m.adams && t < t_stop) m.restart_if_drifted(t_, y_);
  m.acc.solve(t_, y_, yp_);
}

IntegratorStats CvodeIntegrator::stats() const {
  IntegratorStats st = impl_->stats_before_restart;
  st += cvode_stats(impl_->s.mem, !impl_->adams);
  return st;
}

}  // namespace mb
