#include "sweep/sweep_plan.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/text.hpp"
#include "results/atomic_file.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/design_csv.hpp"
#include "sweep/summary_file.hpp"

namespace mb::sweep {

std::vector<std::string> SweepPlan::case_sets(std::size_t i) const {
  std::vector<std::string> out = sets;
  for (std::size_t k = 0; k < design.names.size(); ++k) {
    out.push_back(design.names[k] + "=" + design.rows[i][k]);
  }
  return out;
}

bool SweepPlan::same_cases(const SweepPlan& o) const {
  if (deck != o.deck || sets != o.sets || design.names != o.design.names ||
      design.rows != o.design.rows || metrics.size() != o.metrics.size())
    return false;
  for (std::size_t k = 0; k < metrics.size(); ++k) {
    if (metrics[k].label != o.metrics[k].label) return false;
  }
  return true;
}

void check_no_name_set_twice(const SweepPlan& plan) {
  std::map<std::string, std::string> seen;  // lower-case name -> where it was given
  const auto add = [&](std::string_view name, const std::string& where) {
    const auto [it, inserted] = seen.emplace(to_lower(trim(name)), where);
    if (!inserted) {
      throw Error(ExitCode::kUsage,
                  fmt::format("{} and {}: the same name is set twice; give it once (fixed with "
                              "--set or swept with -p / --design)",
                              it->second, where));
    }
  };
  for (const auto& s : plan.sets) {
    add(std::string_view(s).substr(0, s.find('=')), "--set " + s);
  }
  for (const auto& n : plan.design.names) add(n, "the swept parameter " + n);
}

void assign_case_ids(SweepPlan& plan) {
  plan.ids.clear();
  for (std::size_t i = 0; i < plan.design.rows.size(); ++i) {
    plan.ids.push_back(case_id(i, plan.design.rows.size()));
  }
}

void write_plan(const std::string& dir, const SweepPlan& plan) {
  std::filesystem::create_directories(dir + "/cases");
  nlohmann::ordered_json j;
  j["deck"] = plan.deck;
  j["mbsolve"] = plan.mbsolve;
  j["sets"] = plan.sets;
  std::vector<std::string> metrics;
  for (const auto& m : plan.metrics) metrics.push_back(m.label);
  j["metrics"] = metrics;
  j["timeout_s"] = plan.timeout_s;
  j["results"] = plan.results;
  j["cases"] = plan.ids.size();
  write_file_atomically(dir + "/sweep.json", j.dump(2) + "\n");

  std::vector<std::string> header = {"case"};
  header.insert(header.end(), plan.design.names.begin(), plan.design.names.end());
  std::string text = csv_line(header) + "\n";
  for (std::size_t i = 0; i < plan.ids.size(); ++i) {
    std::vector<std::string> row = {plan.ids[i]};
    row.insert(row.end(), plan.design.rows[i].begin(), plan.design.rows[i].end());
    text += csv_line(row) + "\n";
  }
  write_file_atomically(dir + "/cases.csv", text);
}

SweepPlan read_plan(const std::string& dir) {
  const std::string path = dir + "/sweep.json";
  std::ifstream in(path);
  if (!in) throw Error(ExitCode::kInputNotFound, path + ": no sweep here (missing sweep.json)");
  SweepPlan p;
  try {
    const auto j = nlohmann::json::parse(in);
    p.deck = j.at("deck").get<std::string>();
    p.mbsolve = j.at("mbsolve").get<std::string>();
    p.sets = j.at("sets").get<std::vector<std::string>>();
    for (const auto& m : j.at("metrics")) p.metrics.push_back(parse_metric(m.get<std::string>()));
    p.timeout_s = j.at("timeout_s").get<double>();
    p.results = j.value("results", std::string("csv"));
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(ExitCode::kDeckError, path + ": " + e.what());
  }
  // cases.csv: the first column holds the ids, the others the design.
  const std::string cases_path = dir + "/cases.csv";
  const std::string text = read_file_or_empty(cases_path);
  if (text.empty()) throw Error(ExitCode::kInputNotFound, cases_path + ": missing or empty");
  Design d = parse_design_csv(text, cases_path);
  if (d.names.empty() || d.names[0] != "case") {
    throw Error(ExitCode::kDeckError, cases_path + ": the first column must be 'case'");
  }
  d.names.erase(d.names.begin());
  for (auto& row : d.rows) {
    p.ids.push_back(row[0]);
    row.erase(row.begin());
  }
  p.design = std::move(d);
  return p;
}

}  // namespace mb::sweep
