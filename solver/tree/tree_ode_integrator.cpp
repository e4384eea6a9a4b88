#include "solver/tree/tree_ode_integrator.hpp"

#include <cvode/cvode.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include "common/error.hpp"
#include "solver/sundials/cvode_package.hpp"
#include "solver/tree/joint_coordinate_run.hpp"

namespace mb {

struct TreeOdeIntegrator::Impl {
  JointCoordinateRun run;
  IntegratorStats stats_before_restart;  ///< counters of the runs before a CVodeReInit

  Impl(const Dae& dae, TreeTopology tree, const std::vector<double>& y0,
       const TransientParams& params)
      : run(dae, std::move(tree), y0, params, kCvodePackage) {}
};

TreeOdeIntegrator::TreeOdeIntegrator(const Dae& dae, TreeTopology tree,
                                     const TransientParams& params, double t0,
                                     const std::vector<double>& y0,
                                     std::optional<double> print_interval)
    : IntegratorState(t0, y0, std::vector<double>(dae.size(), 0.0)),
      impl_(make_impl<Impl>(dae, std::move(tree), y0, params)) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.adopt(CVodeCreate(CV_ADAMS, s.ctx), "CVodeCreate");
  s.check(CVodeInit(s.mem, &JointCoordinateRun::rhs, t0, r.x), "CVodeInit");
  s.check(CVodeSStolerances(s.mem, relative_tolerance(params), params.integr_tol),
          "CVodeSStolerances");
  s.check(CVodeSetUserData(s.mem, &r), "CVodeSetUserData");
  s.check(CVodeSetMaxNumSteps(s.mem, 1000000), "CVodeSetMaxNumSteps");
  s.set_step_limits(params, print_interval);
  s.nls = SUNNonlinSol_FixedPoint(r.x, 0, s.ctx);
  if (!s.nls) throw Error(ExitCode::kInternal, "cannot create the fixed-point solver");
  s.check(CVodeSetNonlinearSolver(s.mem, s.nls), "CVodeSetNonlinearSolver");
  // The initial state's derivatives and reactions, in the Cartesian layout.
  r.cartesian_state(t0, y_, yp_);
}

void TreeOdeIntegrator::advance_to(double tout, double t_stop) {
  JointCoordinateRun& r = impl_->run;
  SundialsSession& s = r.s;
  s.set_stop_time(t_stop);
  double t = t_;
  const int flag = r.solve_to(
      tout, t,
      [&](double& tr, bool one_step) {
        return CVode(s.mem, tout, r.x, &tr, one_step ? CV_ONE_STEP : CV_NORMAL);
      },
      [&](double at) { CVodeGetDky(s.mem, at, 0, r.x); }, y_, yp_);
  if (flag < 0) r.fail(flag, t_);
  t_ = t;
  if (r.renormalise() && t < t_stop) {
    cvode_restart(s, impl_->stats_before_restart, false, t_, r.x);
  }
  r.cartesian_state(t_, y_, yp_);
}

IntegratorStats TreeOdeIntegrator::stats() const {
  IntegratorStats st = impl_->stats_before_restart;
  st += cvode_stats(impl_->run.s.mem, false);
  return st;
}

}  // namespace mb
