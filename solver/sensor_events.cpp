#include "solver/sensor_events.hpp"

#include <fmt/format.h>

#include <algorithm>

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
  return out;
}

}  // namespace

double sensor_function(const RequestOutputs& eval, const Sensor& s, double t, const double* y,
                       const double* yp) {
  return eval.expression(s.expr, 0, t, y, yp);
}

SensorEvents::SensorEvents(const System& sys) : sensors_(sys.model().sensors), eval_(sys) {}

void SensorEvents::roots(double t, const double* y, const double* yp, double* g) const {
  for (size_t k = 0; k < sensors_.size(); ++k) {
    g[k] = sensor_function(eval_, sensors_[k], t, y, yp) - sensors_[k].value;
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
    if (found[k] == 0) continue;
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
    a.row = a.row || s.print || s.halt || s.ret;
    // STEPSIZE and HMAX act from the event on: the integrator, whose last step may have gone
    // past the event, restarts there.
    a.restart = a.restart || s.restart || s.stepsize.has_value() || s.hmax.has_value();
    a.stepsize = smallest(a.stepsize, s.stepsize);
    a.hmax = smallest(a.hmax, s.hmax);
  }
  return a;
}

}  // namespace mb
