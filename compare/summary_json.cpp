#include "compare/summary_json.hpp"

#include <cmath>

#include "compare/exit_status.hpp"

namespace mb::compare {
namespace {

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); }

nlohmann::json channel_json(const ChannelComparison& ch) {
  nlohmann::json j;
  j["result"] = ch.result_name;
  j["reference"] = ch.reference_name;
  j["kind"] = std::string(kind_name(ch.kind));
  j["scale"] = ch.scale;
  j["points"] = ch.time.size();
  j["uncovered"] = ch.uncovered;
  j["pass"] = ch.pass;
  j["problem"] = ch.problem;
  j["max_abs"] = number(ch.errors.max_abs);
  j["t_max_abs"] = number(ch.errors.t_max_abs);
  j["rms"] = number(ch.errors.rms);
  j["rel_l2"] = number(ch.errors.rel_l2);
  if (ch.iso) {
    j["iso18571"] = {
        {"corridor", ch.iso->corridor},   {"phase", ch.iso->phase},
        {"magnitude", ch.iso->magnitude}, {"slope", ch.iso->slope},
        {"overall", ch.iso->overall},     {"shift", ch.iso->shift},
        {"points", ch.iso->points},       {"grade", std::string(iso_grade(ch.iso->overall))}};
  }
  j["checks"] = nlohmann::json::array();
  for (const auto& c : ch.checks) {
    nlohmann::json cj{{"metric", std::string(metric_name(c.check.metric))},
                      {"threshold", c.check.threshold},
                      {"value", number(c.value)},
                      {"pass", c.pass}};
    if (c.tube) {
      cj["dt"] = c.check.time_tol;
      cj["violations"] = c.tube->violations;
    }
    j["checks"].push_back(std::move(cj));
  }
  return j;
}

}  // namespace

nlohmann::json summary_json(const Comparison& cmp, const std::string& result_path,
                            const std::vector<std::string>& reference_paths) {
  const auto exit = cmp.pass() ? CompareExit::kPass : CompareExit::kFail;
  nlohmann::json j;
  j["verdict"] = cmp.pass() ? "pass" : "fail";
  j["exit_code"] = to_int(exit);
  j["message"] = "";
  j["result"] = result_path;
  j["references"] = reference_paths;
  j["channels_compared"] = cmp.channels.size();
  j["channels_failed"] = cmp.failed();
  j["unmatched_result"] = cmp.unmatched_result;
  j["channels"] = nlohmann::json::array();
  for (const auto& ch : cmp.channels) j["channels"].push_back(channel_json(ch));
  return j;
}

nlohmann::json error_json(const std::string& message) {
  return {{"verdict", "error"},
          {"exit_code", to_int(CompareExit::kError)},
          {"message", message},
          {"channels", nlohmann::json::array()}};
}

}  // namespace mb::compare
