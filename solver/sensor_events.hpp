#pragma once
// Sensor_Event / Adams SENSOR at run time (models/sensor.hpp): the sensors as root functions of
// the integrators (g_k = f_k(t, y, y') - value_k, crossing direction +1 for GE, -1 for LE, 0 for
// EQ), located by IDA's, CVODE's root finding (sundials/sundials_session.hpp watch_events), and
// what the sensors found at one event ask the transient to do (SensorAction; the loop that
// carries it out is advance_with_events in stages/output_integration.hpp).
//
// At an event the sensors' Sensor_Evaluates are evaluated (evaluate_at_event) and their held
// states set before the integrator restarts.
//
// The functions are evaluated like a request's expressions (RequestOutputs::expression, with
// doubles) on the state in the System's DAE layout, or by the sensor's SENSUB (the evaluate's
// SEVSUB) with the routine reading the System through the callbacks: sensor_function below is
// the one place.

#include <optional>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "solver/analysis_observer.hpp"
#include "solver/request_outputs.hpp"

namespace mb {

/// What the sensors of one event ask, combined.
struct SensorAction {
  bool halt = false;
  bool ret = false;
  bool row = false;  ///< a result row at the event time (PRINT, HALT, RETURN)
  /// RESTART, STEPSIZE or HMAX: the integrator restarts (order 1) at the event (its last step
  /// may have gone past it)
  bool restart = false;
  std::optional<double> stepsize;  ///< the first step after the restart (the smallest asked)
  std::optional<double> hmax;      ///< the largest step from here on (the smallest asked)
  /// DT: the output interval from the event on (the smallest asked); the event's row starts it
  std::optional<double> dt;
};

/// A value an event stores (a Sensor_Evaluate's, models/sensor_evaluate.hpp): the System-layout
/// index of its held state and the value.
struct HeldValue {
  int index = -1;
  double value = 0;
};

class SensorEvents {
 public:
  /// `ws`: the run's Workspace of sys (the sensor functions read its angle tracks).
  SensorEvents(const System& sys, Workspace& ws);

  int count() const { return static_cast<int>(sensors_.size()); }
  /// The root functions at (t, y, yp) (System layout) into g[0..count()).
  void roots(double t, const double* y, const double* yp, double* g);
  /// The crossing direction of each root (SUNDIALS' SetRootDirection).
  std::vector<int> directions() const;

 private:
  const System& sys_;
  Workspace& ws_;  ///< the run's (its angle tracks for SENSUB)
  const std::vector<Sensor>& sensors_;
  RequestOutputs eval_;
  std::vector<double> par_;  ///< a SENSUB's PAR array for one call (sized for the longest)
};

/// The sensors whose roots were found (`found[k] != 0`, SUNDIALS' GetRootInfo) at time t:
/// logged, recorded in `report`, and their actions combined.
SensorAction act_on_sensors(const std::vector<Sensor>& sensors, const std::vector<int>& found,
                            double t, AnalysisObserver& obs, RunReport& report);

/// The values the evaluates of the sensors found at time t (`found`, as for act_on_sensors)
/// store, evaluated at (t, y, yp) (System layout) in the run's Workspace `ws` and logged; each
/// evaluate once.
std::vector<HeldValue> evaluate_at_event(const System& sys, Workspace& ws,
                                         const std::vector<int>& found, double t, const double* y,
                                         const double* yp, AnalysisObserver& obs);

/// Calls each active sensor's SENSUB and each of their SEVSUBs once with iflag = 1 (the routines'
/// initialisation call, as Adams and MotionSolve make before they use a routine) at the start of
/// a transient, (t0, y, yp) in the System layout; the values are not used.
void initialise_sensor_routines(const System& sys, Workspace& ws, double t0,
                                const std::vector<double>& y, const std::vector<double>& yp);

/// Logs a warning for each sensor whose condition already holds at the start of a transient
/// (EQ: within error_tol of value; GE: above; LE: below; not at the value itself): root finding
/// sees crossings, so it acts at its next crossing only. `ws`: the run's Workspace of sys.
void warn_sensors_holding(const System& sys, Workspace& ws, double t0, const std::vector<double>& y,
                          const std::vector<double>& yp, AnalysisObserver& obs);

/// Sensor s's function at (t, y, yp) (System layout): its expression, or its SENSUB called with
/// `par` (a copy of its PAR array that the routine may overwrite; no allocation once `par` can
/// hold it).
double sensor_function(const System& sys, Workspace& ws, RequestOutputs& eval, const Sensor& s,
                       double t, const double* y, const double* yp, std::vector<double>& par);

}  // namespace mb
