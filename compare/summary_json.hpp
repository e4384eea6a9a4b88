#pragma once
// The JSON summary of a comparison (stdout with --json, summary.json in the report):
// {
//   "verdict": "pass" | "fail" | "error", "exit_code": 0 | 1 | 2, "message": "...",
//   "result": "<path>", "references": ["<path>", ...],
//   "channels_compared": n, "channels_failed": m, "unmatched_result": ["name", ...],
//   "channels": [ { "result": "body2.x", "reference": "stem:X_Pos", "kind": "position",
//       "scale": 1, "points": 501, "uncovered": 0, "pass": true, "problem": "",
//       "max_abs": .., "t_max_abs": .., "rms": .., "rel_l2": .. | null (infinite),
//       "iso18571": { "corridor", "phase", "magnitude", "slope", "overall", "shift", "points",
//                     "grade" },
//       "checks": [ { "metric": "rms", "threshold": .., "value": .., "pass": true,
//                     "dt": .. (tube), "violations": .. (tube) } ] } ]
// }

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/comparison.hpp"

namespace mb::compare {

nlohmann::json summary_json(const Comparison& cmp, const std::string& result_path,
                            const std::vector<std::string>& reference_paths);

/// The summary of a run that stopped with an error (exit 2).
nlohmann::json error_json(const std::string& message);

}  // namespace mb::compare
