#include "sweep/case_record.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "results/atomic_file.hpp"
#include "results/curve_reader.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/eigen_metric.hpp"

namespace mb::sweep {

std::string case_dir(const std::string& sweep_dir, const std::string& id) {
  return sweep_dir + "/cases/" + id;
}

std::string result_prefix(const std::string& sweep_dir, const std::string& id) {
  return case_dir(sweep_dir, id) + "/result";
}

namespace {

/// The case's mbsolve JSON summary, or null when it is missing or unreadable.
nlohmann::json read_summary(const std::string& sweep_dir, const std::string& id) {
  std::ifstream in(result_prefix(sweep_dir, id) + ".json");
  try {
    if (in) return nlohmann::json::parse(in);
  } catch (const std::exception&) {
  }
  return nullptr;
}

}  // namespace

CaseRecord outcome_of(const std::string& sweep_dir, const std::string& id, const ProcessEnd& end) {
  CaseRecord r;
  r.id = id;
  r.wall_s = end.wall_s;
  switch (end.kind) {
    case ProcessEnd::Kind::kNotStarted:
      r.status = "failed";
      r.exit_code = 127;
      r.message = "could not start mbsolve: " + end.error;
      return r;
    case ProcessEnd::Kind::kSignaled:
      r.status = "crashed";
      r.exit_code = 128 + end.code;
      r.message = fmt::format("crashed: signal {}", end.code);
      return r;
    case ProcessEnd::Kind::kTimedOut:
      r.status = "timeout";
      r.exit_code = 124;
      r.message = fmt::format("timeout after {:g} s", end.timeout_s);
      return r;
    case ProcessEnd::Kind::kExited:
      break;
  }
  r.exit_code = end.code;
  r.status = end.code == 0 ? "ok" : "failed";
  const nlohmann::json j = read_summary(sweep_dir, id);
  if (j.is_object()) {
    if (j.contains("message") && j["message"].is_string()) r.message = j["message"];
    if (end.code == 0 && j.value("status", "") != "ok") {
      r.status = "failed";
      r.message = "exit code 0 but the result JSON says status " + j.value("status", "?");
    }
  } else if (end.code == 0) {
    r.status = "failed";
    r.message = "exit code 0 but no result JSON";
  } else {
    r.message = fmt::format("exit code {} without a result JSON", end.code);
  }
  return r;
}

std::string result_file(const std::string& sweep_dir, const std::string& id,
                        const std::string& results) {
  return result_prefix(sweep_dir, id) + (results == "hdf5" ? ".h5" : ".csv");
}

void add_metrics(CaseRecord& r, const std::string& sweep_dir, const std::vector<MetricSpec>& m,
                 const std::string& results) {
  r.metrics.assign(m.size(), std::nullopt);
  if (r.status != "ok" || m.empty()) return;
  try {
    const auto table = results::read_curves(result_file(sweep_dir, r.id, results));
    std::string problems;
    for (std::size_t k = 0; k < m.size(); ++k) {
      std::string problem;
      if (is_eigen_metric(m[k])) {
        r.metrics[k] = evaluate_eigen_metric(m[k], read_summary(sweep_dir, r.id), problem);
      } else {
        r.metrics[k] = evaluate_metric(m[k], table);
        if (!r.metrics[k]) problem = metric_problem(m[k], table);
      }
      if (!r.metrics[k]) problems += (problems.empty() ? "" : "; ") + problem;
    }
    if (!problems.empty()) {
      r.message += (r.message.empty() ? "" : "; ") + ("no metric value: " + problems);
    }
  } catch (const std::exception& e) {
    r.message = std::string("cannot read the result CSV: ") + e.what();
  }
}

void write_case_json(const std::string& sweep_dir, const CaseRecord& r) {
  nlohmann::ordered_json j;
  j["case"] = r.id;
  j["status"] = r.status;
  j["exit_code"] = r.exit_code;
  j["wall_s"] = r.wall_s;
  j["message"] = r.message;
  write_file_atomically(case_dir(sweep_dir, r.id) + "/case.json", j.dump(2) + "\n");
}

bool read_case_json(const std::string& sweep_dir, CaseRecord& r) {
  std::ifstream in(case_dir(sweep_dir, r.id) + "/case.json");
  if (!in) return false;
  try {
    const auto j = nlohmann::json::parse(in);
    r.status = j.at("status").get<std::string>();
    r.exit_code = j.at("exit_code").get<int>();
    r.wall_s = j.at("wall_s").get<double>();
    r.message = j.at("message").get<std::string>();
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<std::string> summary_header(const std::vector<std::string>& param_names,
                                        const std::vector<MetricSpec>& metrics) {
  std::vector<std::string> h = {"case"};
  h.insert(h.end(), param_names.begin(), param_names.end());
  for (const char* c : {"status", "exit_code", "wall_s"}) h.emplace_back(c);
  for (const auto& m : metrics) h.push_back(m.label);
  h.emplace_back("message");
  return h;
}

std::string summary_line(const CaseRecord& r) {
  std::vector<std::string> f = {r.id};
  f.insert(f.end(), r.params.begin(), r.params.end());
  f.push_back(r.status);
  f.push_back(std::to_string(r.exit_code));
  f.push_back(fmt::format("{:.3f}", r.wall_s));
  for (const auto& m : r.metrics) f.push_back(m ? fmt::format("{}", *m) : std::string());
  f.push_back(r.message);
  return csv_line(f) + "\n";
}

}  // namespace mb::sweep
