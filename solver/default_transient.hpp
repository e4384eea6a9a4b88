#pragma once
// The transient integrator a deck gets when it names none (no Param_Transient integrator_type or
// dae_index, no Adams INTEGRATOR type or I3/SI2/SI1: TransientParams::integrator_named), chosen
// from the model:
//   * a tree of joints (find_tree_topology accepts it): the joint-coordinate ODE form (one
//     coordinate per joint freedom, the O(N) articulated-body right-hand side, tree_dynamics.hpp)
//     on an explicit embedded Runge-Kutta method (tree_erk_integrator.hpp), which takes few
//     steps on a non-stiff model. When its step becomes stability-limited (a stiff model: a
//     very stiff or strongly damped force element) it hands over, at the time reached, to BDF,
//     which is not limited by stability: the same joint-coordinate form on CVODE BDF
//     (tree_ode_integrator.hpp: a dense Newton matrix, so at most kMaxBdfStates states), else
//     the stabilised index-2 Cartesian DAE on IDA;
//   * closed loops of such joints: the same on a spanning tree, the joints that close the loops
//     (cut joints) kept as loop-closure constraints (tree_dynamics.hpp, loop_closure.cpp: the
//     reactions from G M^-1 G^T, projection onto the closures after each step), as Simbody and
//     the semi-recursive formulations do. Redundant equations are allowed. When the closures
//     lose rank or come near it (K's weakest pivot below a thousandth of its value at the
//     start: a four-bar approaching its flat position) or the explicit form fails, the
//     Cartesian DAE path continues from the last output (LoopHandOver), with its re-selection
//     of the removed equations at singular positions, and hands back to joint coordinates once
//     it holds the model's own selection again (stages/run_transient.cpp);
//   * otherwise (motions, constraints other than joints, forces that read reactions or
//     accelerations, user states): the stabilised index-2 Cartesian DAE on IDA (what DSTIFF
//     runs).
// The choice and its reason go to the log and to RunReport::transient_forms (the JSON summary's
// `transient_forms`). A deck that names an integrator gets exactly that one.
// Results are the same whichever form runs, within the integration tolerance: the outputs of the
// joint-coordinate form are the Cartesian state, its derivatives and the joint reactions
// (TreeDynamics::cartesian_state); after a hand-over to IDA the accelerations and reactions at
// an output time are solved from the state written (AccelerationSolver), as the DAE path does.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/integrator_state.hpp"
#include "solver/integrator_stats.hpp"
#include "solver/sensor_events.hpp"
#include "solver/system_blocks.hpp"
#include "solver/tree/loop_hand_over.hpp"
#include "solver/tree/tree_topology.hpp"

namespace mb {

class TreeErkIntegrator;
class TreeOdeIntegrator;
class IdaIntegrator;

/// The default form for a Dae: joint coordinates (with the tree) or the Cartesian DAE.
struct DefaultForm {
  bool joint_coordinates = false;
  TreeTopology tree;
  std::string form;    ///< what runs, for the log and the JSON summary
  std::string reason;  ///< why
};
DefaultForm choose_default_form(const Dae& dae);

/// The most closed loop equations (closed_equation_count) the default takes in joint
/// coordinates with cut joints: G M^-1 G^T is dense (M^-1 couples every loop through the tree),
/// built by one articulated-body pass per cut joint and factorised whole, so its cost grows as
/// N^2 to N^3 where the Cartesian DAE's sparse factorisation grows about linearly. Measured on
/// bench/ladder (bench/ladder/README.md): equal CPU at 100 four-bars, the Cartesian DAE 1.3 to
/// 1.7 times faster from 150 on.
inline constexpr int kMaxClosedEquations = 200;
/// More than kMaxClosedEquations in `tree`: true, with the reason in `why` (for the log). The
/// named ODE integrators (ABAM, VSTIFF, MSTIFF) keep to the same limit.
bool too_many_loop_equations(const Dae& dae, const TreeTopology& tree, std::string& why);

/// The Cartesian DAE form the default falls back to, for the log and the JSON summary.
extern const char* const kDefaultCartesianForm;
/// The form a stiff model continues in (at most TreeOdeIntegrator::kMaxBdfStates states).
extern const char* const kStiffJointForm;

/// The joint-coordinate explicit Runge-Kutta form with the hand-over to IDA; the integrator
/// interface of the transient stage (advance_to, time, y, yp, stats).
class DefaultTreeIntegrator : public IntegratorState {
 public:
  /// `on_handover(what, form)` is called when the model turns out stiff (`form`, BDF in joint
  /// coordinates or IDA, continues here), with a sentence saying when and why (for the log and
  /// the JSON summary). When the loop closures fail, advance_to throws LoopHandOver for the
  /// caller to log and to continue on the DAE path (stages/run_transient.cpp).
  using HandOver = std::function<void(const std::string& what, const std::string& form)>;
  DefaultTreeIntegrator(const Dae& dae, TreeTopology tree, const TransientParams& params, double t0,
                        const std::vector<double>& y0, std::optional<double> print_interval,
                        HandOver on_handover);
  ~DefaultTreeIntegrator();

  void advance_to(double tout, double t_stop);
  IntegratorStats stats() const;
  /// The loop closures' independent equations at the start (TreeDynamics::closure_rank), -1
  /// without loops or after a stiff hand-over.
  int closure_rank() const;
  double closure_ratio() const;

  /// Sensor events: those of the form running (the explicit one, or IDA after a hand-over).
  const std::vector<int>* sensor_event() const;
  void act_on_event(const SensorAction& a);

 private:
  const Dae& dae_;
  TransientParams params_;
  std::optional<double> print_interval_;
  HandOver on_handover_;
  TreeTopology tree_;  ///< for the stiff hand-over
  std::unique_ptr<TreeErkIntegrator> erk_;
  std::unique_ptr<TreeOdeIntegrator> bdf_;
  std::unique_ptr<IdaIntegrator> ida_;
  std::optional<AccelerationSolver> output_solve_;
  IntegratorStats erk_stats_;  ///< the explicit part's counters after a hand-over

  /// The explicit step became stability-limited: BDF continues (on_handover_ says which).
  void hand_over_stiff();
};

}  // namespace mb
