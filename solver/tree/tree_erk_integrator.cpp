#include "solver/tree/tree_erk_integrator.hpp"

#include <arkode/arkode_erkstep.h>
#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "solver/sundials/integration_failure.hpp"
#include "solver/sundials/step_loop.hpp"
#include "solver/tree/spectral_radius.hpp"
#include "solver/tree/tree_dynamics.hpp"

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

}  // namespace

struct TreeErkIntegrator::Impl {
  TreeDynamics dyn;
  SUNContext ctx = nullptr;
  void* mem = nullptr;
  N_Vector x = nullptr;
  double integr_tol = 0;
  std::exception_ptr pending;

  Impl(const Dae& dae, TreeTopology tree, const std::vector<double>& y0)
      : dyn(dae, std::move(tree), y0) {}
  ARKodeButcherTable table = nullptr;
  ~Impl() {
    if (mem) ERKStepFree(&mem);
    if (table) ARKodeButcherTable_Free(table);
    if (x) N_VDestroy(x);
    if (ctx) SUNContext_Free(&ctx);
  }

  static int rhs(realtype t, N_Vector xv, N_Vector xdot, void* data) noexcept {
    auto* self = static_cast<Impl*>(data);
    try {
      throw_if_interrupted();  // a signal stops the run at the next step
      double* out = N_VGetArrayPointer(xdot);
      self->dyn.derivatives(t, N_VGetArrayPointer(xv), out);
      for (int i = 0; i < self->dyn.size(); ++i) {
        if (!std::isfinite(out[i])) return 1;  // recoverable: ARKODE cuts the step
      }
      return 0;
    } catch (...) {
      self->pending = std::current_exception();
      return -1;
    }
  }

  /// ARKODE's messages to stderr as by default, except the expected mxstep one (the stiffness
  /// check, header).
  static void error_handler(int code, const char* module, const char* function, char* msg,
                            void*) noexcept {
    if (code == ARK_TOO_MUCH_WORK) return;
    std::fprintf(stderr, "\n[%s ERROR]  %s\n  %s\n\n", module, function, msg);
  }

  void check(int flag, const char* what) const {
    if (flag < 0) {
      throw Error(ExitCode::kInternal,
                  fmt::format("ARKODE setup failed in {} (flag {})", what, flag));
    }
  }

  void rethrow_pending() {
    if (pending) {
      auto e = pending;
      pending = nullptr;
      std::rethrow_exception(e);
    }
  }

  /// rho of the right-hand side's Jacobian at the integrator's current state.
  double spectral_radius(double t) {
    const double* xs = N_VGetArrayPointer(x);
    const std::vector<double> x0(xs, xs + dyn.size());
    return estimate_spectral_radius(
        [this](double tt, const double* xx, double* out) { dyn.derivatives(tt, xx, out); }, t, x0);
  }

  [[noreturn]] void fail(int flag, double t_fallback) {
    realtype tcur = t_fallback, hlast = 0;
    ERKStepGetCurrentTime(mem, &tcur);
    ERKStepGetLastStep(mem, &hlast);
    N_Vector ele = N_VClone(x), ewt = N_VClone(x);
    std::string culprit = "unknown";
    if (ERKStepGetEstLocalErrors(mem, ele) == ARK_SUCCESS &&
        ERKStepGetErrWeights(mem, ewt) == ARK_SUCCESS) {
      const int worst = largest_weighted_error(ele, ewt, dyn.size());
      if (worst >= 0) culprit = dyn.describe_coordinate(worst);
    }
    N_VDestroy(ele);
    N_VDestroy(ewt);
    throw_integration_failure("ARKODE ERKStep", tcur, hlast, ERKStepGetReturnFlagName(flag), flag,
                              culprit);
  }
};

TreeErkIntegrator::TreeErkIntegrator(const Dae& dae, TreeTopology tree,
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

  s.mem = ERKStepCreate(&Impl::rhs, t0, s.x, s.ctx);
  if (!s.mem) throw Error(ExitCode::kInternal, "ERKStepCreate failed");
  s.table = merson_table();
  if (!s.table) throw Error(ExitCode::kInternal, "cannot create the Runge-Kutta-Merson table");
  s.check(ERKStepSetTable(s.mem, s.table), "ERKStepSetTable");
  s.check(ERKStepSStolerances(s.mem, rtol, params.integr_tol), "ERKStepSStolerances");
  s.check(ERKStepSetUserData(s.mem, &s), "ERKStepSetUserData");
  s.check(ERKStepSetErrHandlerFn(s.mem, &Impl::error_handler, nullptr), "ERKStepSetErrHandlerFn");
  s.check(ERKStepSetMaxNumSteps(s.mem, kStepsBeforeCheck), "ERKStepSetMaxNumSteps");
  double hmax = params.h_max.value_or(0.0);
  if (print_interval && (hmax == 0.0 || hmax > *print_interval)) hmax = *print_interval;
  if (hmax > 0) s.check(ERKStepSetMaxStep(s.mem, hmax), "ERKStepSetMaxStep");
  if (params.h_min) s.check(ERKStepSetMinStep(s.mem, *params.h_min), "ERKStepSetMinStep");
  if (params.h0) s.check(ERKStepSetInitStep(s.mem, *params.h0), "ERKStepSetInitStep");
  // The initial state's derivatives and reactions, in the Cartesian layout.
  s.dyn.cartesian_state(t0, xs, y_, yp_);
}

TreeErkIntegrator::~TreeErkIntegrator() = default;

void TreeErkIntegrator::advance_to(double tout, double t_stop) {
  Impl& s = *impl_;
  ERKStepSetStopTime(s.mem, t_stop);
  realtype tret = t_;
  const System& sys = s.dyn.dae().system();
  for (;;) {
    int flag = 0;
    if (sys.angle_history().empty()) {
      flag = ERKStepEvolve(s.mem, tout, s.x, &tret, ARK_NORMAL);
    } else {  // the angle measures follow every accepted step (y_, yp_: scratch until the output)
      long taken = 0;
      double tstep = tret;
      flag = step_to(
          tout, tstep,
          [&](double& t) {
            if (++taken > kStepsBeforeCheck) return ARK_TOO_MUCH_WORK;  // as ARK_NORMAL would
            return ERKStepEvolve(s.mem, tout, s.x, &t, ARK_ONE_STEP);
          },
          [&] {
            s.dyn.cartesian_state(tstep, N_VGetArrayPointer(s.x), y_, yp_);
            sys.follow_angles(y_.data());
          });
      tret = tstep;
      if (flag >= 0 && tret > tout) {
        ERKStepGetDky(s.mem, tout, 0, s.x);
        tret = tout;
      }
    }
    s.rethrow_pending();
    if (flag == ARK_TOO_MUCH_WORK) {
      // kStepsBeforeCheck steps in this call: stability-limited or a fast, resolved motion?
      realtype h = 0;
      ERKStepGetCurrentStep(s.mem, &h);
      const double rho = s.spectral_radius(tret);
      s.rethrow_pending();
      if (std::abs(h) * rho >= kStabilityFraction * kStabilityBound) {
        stiff_ = true;
        stiff_h_ = std::abs(h);
        stiff_rho_ = rho;
        break;
      }
      continue;
    }
    if (flag < 0) s.fail(flag, t_);
    break;
  }
  t_ = tret;
  double* xs = N_VGetArrayPointer(s.x);
  // Quaternions back to unit norm; ERKStep restarts there once they drifted by integr_tol.
  if (s.dyn.normalise(xs) > s.integr_tol && tret < t_stop && !stiff_) {
    s.check(ERKStepReset(s.mem, t_, s.x), "ERKStepReset");
  }
  s.dyn.cartesian_state(t_, xs, y_, yp_);
}

IntegratorStats TreeErkIntegrator::stats() const {
  IntegratorStats st;
  long nfe = 0;
  ERKStepGetNumSteps(impl_->mem, &st.steps);
  ERKStepGetNumRhsEvals(impl_->mem, &nfe);
  ERKStepGetNumErrTestFails(impl_->mem, &st.error_test_fails);
  st.residual_evals = nfe;
  return st;
}

}  // namespace mb
