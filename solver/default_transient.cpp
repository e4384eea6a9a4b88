#include "solver/default_transient.hpp"

#include <fmt/format.h>

#include "solver/sundials/ida_integrator.hpp"
#include "solver/tree/tree_erk_integrator.hpp"
#include "solver/tree/tree_ode_integrator.hpp"

namespace mb {

const char* const kDefaultCartesianForm = "Cartesian stabilised index-2 DAE (SI2) on IDA (BDF)";
const char* const kStiffJointForm = "joint coordinates on CVODE BDF";

bool too_many_loop_equations(const Dae& dae, const TreeTopology& tree, std::string& why) {
  const int closed = closed_equation_count(dae, tree);
  if (closed <= kMaxClosedEquations) return false;
  why = fmt::format(
      "{} cut joints close {} loop equations, more than the {} up to which their dense "
      "G M^-1 G^T (one articulated-body pass per cut joint, a dense factorisation) measures "
      "faster than the Cartesian form's sparse one",
      tree.cuts.size(), closed, kMaxClosedEquations);
  return true;
}

DefaultForm choose_default_form(const Dae& dae) {
  DefaultForm f;
  std::string not_tree;
  f.joint_coordinates = find_tree_topology(dae, f.tree, not_tree, true);
  if (f.joint_coordinates && too_many_loop_equations(dae, f.tree, not_tree)) {
    f.joint_coordinates = false;
  }
  if (f.joint_coordinates && f.tree.cuts.empty()) {
    f.form =
        "joint coordinates on an explicit Runge-Kutta method (ARKODE ERKStep, Runge-Kutta-"
        "Merson 4(3))";
    f.reason = fmt::format(
        "the model is a tree of {} joints ({} coordinates, O(N) right-hand side); BDF takes over "
        "if the model turns out stiff",
        f.tree.joints.size(), f.tree.nq + f.tree.nv);
  } else if (f.joint_coordinates) {
    f.form =
        "joint coordinates with loop closures (cut joints) on an explicit Runge-Kutta method "
        "(ARKODE ERKStep, Runge-Kutta-Merson 4(3))";
    f.reason = fmt::format(
        "the model has closed loops: a spanning tree of {} joints ({} coordinates) and {} cut "
        "joints whose constraints close the loops; BDF takes over if the model turns out stiff, "
        "IDA if the closures fail (a singular position)",
        f.tree.joints.size(), f.tree.nq + f.tree.nv, f.tree.cuts.size());
  } else {
    f.form = kDefaultCartesianForm;
    f.reason = "joint coordinates do not apply: " + not_tree;
  }
  return f;
}

DefaultTreeIntegrator::DefaultTreeIntegrator(const Dae& dae, TreeTopology tree,
                                             const TransientParams& params, double t0,
                                             const std::vector<double>& y0,
                                             std::optional<double> print_interval,
                                             HandOver on_handover)
    : IntegratorState(t0, {}, {}),
      dae_(dae),
      params_(params),
      print_interval_(print_interval),
      on_handover_(std::move(on_handover)),
      tree_(tree),
      erk_(std::make_unique<TreeErkIntegrator>(dae, std::move(tree), params, t0, y0,
                                               print_interval)) {
  y_ = erk_->y();
  yp_ = erk_->yp();
}

DefaultTreeIntegrator::~DefaultTreeIntegrator() = default;

void DefaultTreeIntegrator::advance_to(double tout, double t_stop) {
  if (erk_) {
    erk_->advance_to(tout, t_stop);
    t_ = erk_->time();
    y_ = erk_->y();
    yp_ = erk_->yp();
    if (!erk_->failure().empty()) throw LoopHandOver{t_, y_, yp_, erk_->failure()};
    if (!erk_->stiff()) return;
    hand_over_stiff();
  }
  if (bdf_) {
    bdf_->advance_to(tout, t_stop);  // LoopHandOver passes on
    t_ = bdf_->time();
    y_ = bdf_->y();
    yp_ = bdf_->yp();
    return;
  }
  ida_->advance_to(tout, t_stop);
  t_ = ida_->time();
  y_ = ida_->y();
  yp_ = ida_->yp();
  // As the DAE path: accelerations and reactions of the state written (stages/dae_transient.cpp).
  output_solve_->solve(t_, y_, yp_);
}

void DefaultTreeIntegrator::hand_over_stiff() {
  // Stability-limited: BDF continues from the state reached, which the joint-coordinate form
  // gives consistent: in joint coordinates on CVODE when its dense Newton matrix is small enough,
  // else IDA on the Cartesian DAE (positions and velocities on the constraints, accelerations
  // and reactions from the tree dynamics; mu = 0).
  const bool joint_bdf = tree_.nq + tree_.nv + tree_.ns <= TreeOdeIntegrator::kMaxBdfStates;
  const char* next = joint_bdf ? kStiffJointForm : kDefaultCartesianForm;
  on_handover_(
      fmt::format("the model is stiff: at t = {:g} the explicit step {:.3g} is limited by "
                  "stability (spectral radius of the Jacobian {:.3g}, step x radius {:.2f}); {} "
                  "continues",
                  t_, erk_->stiff_step(), erk_->stiff_radius(),
                  erk_->stiff_step() * erk_->stiff_radius(), next),
      next);
  erk_stats_ = erk_->stats();
  tree_.closure_rank = erk_->closure_rank();  // the later segments hold the first one's
  tree_.closure_ratio = erk_->closure_ratio();
  erk_.reset();
  if (joint_bdf) {
    bdf_ = std::make_unique<TreeOdeIntegrator>(dae_, tree_, TreeOdeMethod::kBdf, params_, t_, y_,
                                               print_interval_);
    return;
  }
  ida_ = std::make_unique<IdaIntegrator>(dae_, params_, t_, y_, yp_, print_interval_);
  output_solve_.emplace(dae_);
}

const std::vector<int>* DefaultTreeIntegrator::sensor_event() const {
  if (erk_) return erk_->sensor_event();
  return bdf_ ? bdf_->sensor_event() : ida_->sensor_event();
}

void DefaultTreeIntegrator::act_on_event(const SensorAction& a) {
  if (erk_) {
    erk_->act_on_event(a);
  } else if (bdf_) {
    bdf_->act_on_event(a);
  } else {
    ida_->act_on_event(a);
  }
}

int DefaultTreeIntegrator::closure_rank() const { return erk_ ? erk_->closure_rank() : -1; }
double DefaultTreeIntegrator::closure_ratio() const { return erk_ ? erk_->closure_ratio() : -1; }

IntegratorStats DefaultTreeIntegrator::stats() const {
  IntegratorStats st = erk_stats_;
  if (erk_) st += erk_->stats();
  if (bdf_) st += bdf_->stats();
  if (ida_) st += ida_->stats();
  return st;
}

}  // namespace mb
