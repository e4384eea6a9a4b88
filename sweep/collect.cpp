#include "sweep/collect.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "results/atomic_file.hpp"
#include "sweep/case_record.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/sweep_plan.hpp"

namespace mb::sweep {

int collect_sweep(const std::string& dir, bool quiet) {
  const SweepPlan plan = read_plan(dir);
  std::string text = csv_line(summary_header(plan.design.names, plan.metrics)) + "\n";
  std::size_t ok = 0, missing = 0;
  for (std::size_t i = 0; i < plan.ids.size(); ++i) {
    CaseRecord r;
    r.id = plan.ids[i];
    if (!read_case_json(dir, r)) {
      // No record: a task that died before writing it; use mbsolve's own JSON if there is one.
      std::ifstream in(result_prefix(dir, r.id) + ".json");
      nlohmann::json j;
      try {
        if (in) j = nlohmann::json::parse(in);
      } catch (const std::exception&) {
        j = nullptr;
      }
      if (j.is_object() && j.contains("exit_code")) {
        ProcessEnd end;
        end.code = j["exit_code"].get<int>();
        end.wall_s = j.value("wall_s", 0.0);
        r = outcome_of(dir, r.id, end);
      } else {
        r.status = "missing";
        r.exit_code = -1;
        r.message = "not run (no case.json or result.json)";
        ++missing;
      }
    }
    r.params = plan.design.rows[i];
    add_metrics(r, dir, plan.metrics, plan.results);
    if (r.status == "ok") ++ok;
    text += summary_line(r);
  }
  write_file_atomically(dir + "/summary.csv", text);
  if (!quiet) {
    std::cerr << fmt::format("mbsweep: collected {} case(s): {} ok, {} not ok ({} missing); {}\n",
                             plan.ids.size(), ok, plan.ids.size() - ok, missing,
                             dir + "/summary.csv");
  }
  return ok == plan.ids.size() ? 0 : 1;
}

}  // namespace mb::sweep
