#include "compare/verdict_text.hpp"

#include <fmt/format.h>

namespace mb::compare {

std::string verdict_line(const ChannelComparison& ch) {
  std::string s = fmt::format("{} {} <- {} [{}]", ch.pass ? "PASS" : "FAIL", ch.result_name,
                              ch.reference_name, kind_name(ch.kind));
  for (const auto& c : ch.checks) {
    const auto name = metric_name(c.check.metric);
    if (c.check.metric == Metric::kTube) {
      s += fmt::format(" tube(+-{:.3g}, dt {:.3g}) {}", c.check.threshold, c.check.time_tol,
                       c.pass ? "inside"
                              : fmt::format("left {}x from t={:.6g}, by up to {:.3g}",
                                            c.tube->violations, c.tube->first_violation, c.value));
    } else if (c.check.metric == Metric::kIso18571) {
      s += fmt::format(" {} {:.4f} {} {:.3g}", name, c.value, c.pass ? ">=" : "<",
                       c.check.threshold);
    } else {
      s += fmt::format(" {} {:.3e} {} {:.3g}", name, c.value, c.pass ? "<=" : ">",
                       c.check.threshold);
    }
    s += ";";
  }
  if (!s.empty() && s.back() == ';') s.pop_back();
  if (ch.iso) {
    s += fmt::format(" | ISO {:.3f} ({})", ch.iso->overall, iso_grade(ch.iso->overall));
  }
  if (!ch.problem.empty()) s += " | " + ch.problem;
  return s;
}

std::string summary_line(const Comparison& cmp) {
  std::string s = fmt::format("{}: {} channel(s) compared, {} failed", cmp.pass() ? "PASS" : "FAIL",
                              cmp.channels.size(), cmp.failed());
  if (!cmp.unmatched_result.empty()) {
    s += fmt::format("; {} result channel(s) without a reference", cmp.unmatched_result.size());
  }
  return s;
}

}  // namespace mb::compare
