#include "solver/sensor_events.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "solver/user_scalar_call.hpp"

namespace mb {

namespace {

std::optional<double> smallest(std::optional<double> a, std::optional<double> b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

/// "HALT PRINT RESTART STEPSIZE=0.001 HMAX=0.01" for the log and the JSON summary.
std::string describe_actions(const Sensor& s) {
  std::string out;
  const auto add = [&](const std::string& word) { out += (out.empty() ? "" : " ") + word; };
  if (s.halt) add("HALT");
  if (s.ret) add("RETURN");
  if (s.print) add("PRINT");
  if (s.restart) add("RESTART");
  if (s.stepsize) add(fmt::format("STEPSIZE={:g}", *s.stepsize));
  if (s.hmax) add(fmt::format("HMAX={:g}", *s.hmax));
  if (s.dt) add(fmt::format("DT={:g}", *s.dt));
  return out;
}

}  // namespace

double sensor_function(const System& sys, Workspace& ws, RequestOutputs& eval, const Sensor& s,
                       double t, const double* y, const double* yp, std::vector<double>& par) {
  if (s.user) return user_scalar_value(sys, ws.angles, *s.user, s.id, t, y, yp, par);
  return eval.expression(s.expr, 0, t, y, yp);
}

void initialise_sensor_routines(const System& sys, Workspace& ws, double t0,
                                const std::vector<double>& y, const std::vector<double>& yp) {
  const Model& model = sys.model();
  std::vector<double> par;
  std::vector<int> evaluates;
  for (const Sensor& s : model.sensors) {
    if (!s.active) continue;
    if (s.user) user_scalar_value(sys, ws.angles, *s.user, s.id, t0, y.data(), yp.data(), par, 1);
    if (s.evaluate >= 0 &&
        std::find(evaluates.begin(), evaluates.end(), s.evaluate) == evaluates.end())
      evaluates.push_back(s.evaluate);
  }
  for (const int e : evaluates) {
    const SensorEvaluate& se = model.sensor_evaluates[static_cast<size_t>(e)];
    if (se.user)
      user_scalar_value(sys, ws.angles, *se.user, se.id, t0, y.data(), yp.data(), par, 1);
  }
}

void warn_sensors_holding(const System& sys, Workspace& ws, double t0, const std::vector<double>& y,
                          const std::vector<double>& yp, AnalysisObserver& obs) {
  if (sys.model().sensors.empty()) return;
  RequestOutputs eval(sys, ws);
  std::vector<double> par;
  for (const Sensor& s : sys.model().sensors) {
    if (!s.active) continue;
    const double f = sensor_function(sys, ws, eval, s, t0, y.data(), yp.data(), par);
    // At the value itself (an analysis that starts where a RETURN stopped) nothing is said.
    const double d = f - s.value, at = 1e-9 * std::max(1.0, std::abs(s.value));
    const bool holds = s.compare == Sensor::Compare::kEq   ? std::abs(d) <= s.error
                       : s.compare == Sensor::Compare::kGe ? d > 0
                                                           : d < 0;
    if (!holds || std::abs(d) <= at) continue;
    obs.log(
        fmt::format("warning: {}: its condition already holds at t = {:g} (function {:.10g}, "
                    "value {:g}); the sensor acts at its next crossing of the value",
                    s.subject, t0, f, s.value));
  }
}

std::vector<HeldValue> evaluate_at_event(const System& sys, Workspace& ws,
                                         const std::vector<int>& found, double t, const double* y,
                                         const double* yp, AnalysisObserver& obs) {
  const Model& model = sys.model();
  std::vector<int> evaluates;  // each evaluate once, however many of its sensors fired
  for (size_t k = 0; k < model.sensors.size() && k < found.size(); ++k) {
    const int e = model.sensors[k].evaluate;
    if (found[k] != 0 && e >= 0 &&
        std::find(evaluates.begin(), evaluates.end(), e) == evaluates.end())
      evaluates.push_back(e);
  }
  std::vector<HeldValue> held;
  if (evaluates.empty()) return held;  // events without evaluates build no evaluator
  RequestOutputs eval(sys, ws);
  std::vector<double> par;
  for (const int e : evaluates) {
    const SensorEvaluate& se = model.sensor_evaluates[static_cast<size_t>(e)];
    const double value = se.user ? user_scalar_value(sys, ws.angles, *se.user, se.id, t, y, yp, par)
                                 : eval.expression(se.expr, 0, t, y, yp);
    held.push_back({sys.state_offset() + se.state, value});
    obs.log(
        fmt::format("{}: stores {:.15g} at t = {:.15g} (SENVAL({}))", se.subject, value, t, se.id));
  }
  return held;
}

SensorEvents::SensorEvents(const System& sys, Workspace& ws)
    : sys_(sys), ws_(ws), sensors_(sys.model().sensors), eval_(sys, ws) {
  size_t npar = 0;
  for (const Sensor& s : sensors_) npar = std::max(npar, s.user ? s.user->par.size() : 0);
  par_.reserve(npar);
}

void SensorEvents::roots(double t, const double* y, const double* yp, double* g) {
  for (size_t k = 0; k < sensors_.size(); ++k) {
    // A deactivated sensor's root function is a constant: it never crosses.
    g[k] = sensors_[k].active
               ? sensor_function(sys_, ws_, eval_, sensors_[k], t, y, yp, par_) - sensors_[k].value
               : 1.0;
  }
}

std::vector<int> SensorEvents::directions() const {
  std::vector<int> d;
  d.reserve(sensors_.size());
  for (const Sensor& s : sensors_) {
    d.push_back(s.compare == Sensor::Compare::kGe ? 1 : s.compare == Sensor::Compare::kLe ? -1 : 0);
  }
  return d;
}

SensorAction act_on_sensors(const std::vector<Sensor>& sensors, const std::vector<int>& found,
                            double t, AnalysisObserver& obs, RunReport& report) {
  SensorAction a;
  for (size_t k = 0; k < sensors.size() && k < found.size(); ++k) {
    if (found[k] == 0 || !sensors[k].active) continue;
    const Sensor& s = sensors[k];
    const std::string actions = describe_actions(s);
    obs.log(fmt::format("{}: event at t = {:.15g} (function {} value {:g}){}", s.subject, t,
                        s.compare == Sensor::Compare::kEq   ? "crosses"
                        : s.compare == Sensor::Compare::kGe ? "rises through"
                                                            : "falls through",
                        s.value, actions.empty() ? "" : ": " + actions));
    SensorEventRecord rec{s.subject, t, actions};
    ++report.sensor_event_count;
    if (report.sensor_events.size() < RunReport::kMaxSensorRecords) {
      report.sensor_events.push_back(rec);
    }
    if (s.halt && !a.halt) report.halted_by = rec;
    a.halt = a.halt || s.halt;
    a.ret = a.ret || s.ret;
    a.row = a.row || s.print || s.halt || s.ret || s.dt.has_value();
    // STEPSIZE and HMAX act from the event on: the integrator, whose last step may have gone
    // past the event, restarts there.
    a.restart = a.restart || s.restart || s.stepsize.has_value() || s.hmax.has_value();
    a.stepsize = smallest(a.stepsize, s.stepsize);
    a.hmax = smallest(a.hmax, s.hmax);
    a.dt = smallest(a.dt, s.dt);
  }
  return a;
}

}  // namespace mb
