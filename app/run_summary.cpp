#include "app/run_summary.hpp"

#include <nlohmann/json.hpp>

#include "app/linear_files.hpp"
#include "results/atomic_file.hpp"

namespace mb {

const char* mbsolve_version() { return "0.1.0"; }

void write_summary(const std::string& prefix, const std::string& deck_path,
                   const std::vector<Override>& overrides, const RunSummary& s, double wall,
                   double cpu) {
  nlohmann::ordered_json j;
  j["status"] = s.code == ExitCode::kSuccess ? "ok"
                : is_interruption(s.code)    ? "interrupted"
                                             : "failed";
  j["exit_code"] = to_int(s.code);
  j["message"] = s.message;
  j["mbsolve_version"] = mbsolve_version();
  j["deck"] = deck_path;
  nlohmann::ordered_json overridden = nlohmann::ordered_json::object();
  for (const auto& o : overrides) overridden[o.name] = o.value;
  j["overrides"] = overridden;
  j["end_time"] = s.end_time;
  j["output_rows"] = s.outputs;
  j["steps"] = s.stats.steps;
  j["residual_evals"] = s.stats.residual_evals;
  j["jacobian_evals"] = s.stats.jacobian_evals;
  j["newton_iters"] = s.stats.newton_iters;
  j["error_test_fails"] = s.stats.error_test_fails;
  j["wall_s"] = wall;
  j["cpu_s"] = cpu;
  j["bodies"] = s.bodies;
  j["constraints"] = s.constraints;
  j["dof"] = s.dof;
  j["redundant_constraints_removed"] = s.redundant_removed;
  nlohmann::ordered_json forms = nlohmann::ordered_json::array();
  for (const TransientForm& f : s.transient_forms) {
    forms.push_back({{"integrator", f.integrator}, {"form", f.form}, {"reason", f.reason}});
  }
  j["transient_forms"] = forms;
  // Sensor events (solver/sensor_events.hpp): only when a sensor fired.
  if (s.sensor_event_count > 0) {
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (const SensorEventRecord& e : s.sensor_events) {
      events.push_back({{"sensor", e.sensor}, {"time", e.time}, {"actions", e.actions}});
    }
    j["sensor_events"] = events;
    j["sensor_event_count"] = s.sensor_event_count;
    if (s.halted_by) {
      j["halted_by"] = {{"sensor", s.halted_by->sensor}, {"time", s.halted_by->time}};
    }
  }
  nlohmann::ordered_json linear = nlohmann::ordered_json::array();
  for (const LinearResult& r : s.linear) {
    nlohmann::ordered_json modes = nlohmann::ordered_json::array();
    for (const LinearResult::ModeResult& m : r.modes) {
      modes.push_back({{"real", m.eigenvalue.real()},
                       {"imag", m.eigenvalue.imag()},
                       {"frequency", m.frequency},
                       {"damping_ratio", m.damping_ratio}});
    }
    nlohmann::ordered_json entry = {{"time", r.t},
                                    {"states", r.states},
                                    {"no_damping", r.no_damping},
                                    {"residual_acceleration", r.residual_acceleration},
                                    {"max_velocity", r.velocity},
                                    {"modes", modes}};
    if (r.state_matrices) {
      const LinearResult::StateMatrices& m = *r.state_matrices;
      const std::vector<std::string> files = state_matrix_paths(prefix, r, linear.size() + 1);
      entry["state_matrices"] = {{"states", m.states},
                                 {"inputs", m.inputs},
                                 {"outputs", m.outputs},
                                 {"input_values", m.input_values},
                                 {"output_values", m.output_values},
                                 {"files", files}};
    }
    linear.push_back(entry);
  }
  j["linear"] = linear;
  write_file_atomically(prefix + ".json", j.dump(2) + "\n");
}

}  // namespace mb
