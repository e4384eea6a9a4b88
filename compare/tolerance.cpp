#include "compare/tolerance.hpp"

#include <fmt/format.h>

#include <array>
#include <fstream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "compare/config_file.hpp"

namespace mb::compare {
namespace {

struct MetricRow {
  std::string_view name;
  Metric metric;
};

// Sorted by name.
constexpr std::array<MetricRow, 5> kMetrics{{
    {"iso18571", Metric::kIso18571},
    {"max_abs", Metric::kMaxAbs},
    {"rel_l2", Metric::kRelL2},
    {"rms", Metric::kRms},
    {"tube", Metric::kTube},
}};

std::string metric_list() {
  std::string s;
  for (const auto& row : kMetrics) s += (s.empty() ? "" : ", ") + std::string(row.name);
  return s;
}

}  // namespace

std::string_view metric_name(Metric m) {
  for (const auto& row : kMetrics) {
    if (row.metric == m) return row.name;
  }
  return "?";
}

std::optional<Metric> parse_metric(std::string_view name) {
  for (const auto& row : kMetrics) {
    if (iequals(row.name, name)) return row.metric;
  }
  return std::nullopt;
}

bool ToleranceRule::names(std::string_view result_name, std::string_view reference_name) const {
  return scope == Scope::kChannel &&
         (iequals(channel, result_name) || iequals(channel, reference_name));
}

std::vector<Check> ToleranceSet::checks_for(std::string_view result_name,
                                            std::string_view reference_name, Kind kind) const {
  std::vector<Check> by_channel, by_kind, by_default;
  for (const auto& r : rules) {
    switch (r.scope) {
      case ToleranceRule::Scope::kChannel:
        if (r.names(result_name, reference_name)) by_channel.push_back(r.check);
        break;
      case ToleranceRule::Scope::kKind:
        if (r.kind == kind) by_kind.push_back(r.check);
        break;
      case ToleranceRule::Scope::kDefault:
        by_default.push_back(r.check);
        break;
    }
  }
  if (!by_channel.empty()) return by_channel;
  if (!by_kind.empty()) return by_kind;
  if (!by_default.empty()) return by_default;
  return {Check{Metric::kMaxAbs, 1e-9, 0}};
}

ToleranceSet parse_tolerances(std::string_view text, const std::string& source) {
  ToleranceSet set;
  set.source = source;
  for_each_config_line(text, [&](std::string_view line, int lineno) {
    auto f = split_list(line);
    if (f.empty()) return;
    if (f.size() == 1 && iequals(f[0], "shared")) {
      set.shared = true;
      return;
    }
    ToleranceRule rule;
    rule.line = lineno;
    std::size_t k = 0;
    if (iequals(f[0], "channel") && f.size() >= 2) {
      rule.scope = ToleranceRule::Scope::kChannel;
      rule.channel = f[1];
      k = 2;
    } else if (iequals(f[0], "kind") && f.size() >= 2) {
      auto kind = parse_kind(f[1]);
      if (!kind) {
        config_error(
            source, lineno,
            fmt::format("unknown kind '{}' (angle, angular_velocity, force, other, position, "
                        "torque, velocity)",
                        f[1]));
      }
      rule.scope = ToleranceRule::Scope::kKind;
      rule.kind = *kind;
      k = 2;
    } else if (iequals(f[0], "default")) {
      rule.scope = ToleranceRule::Scope::kDefault;
      k = 1;
    } else {
      config_error(source, lineno,
                   "expected 'channel NAME', 'kind KIND' or 'default', then METRIC VALUE (or "
                   "the line 'shared')");
    }
    if (f.size() < k + 2) config_error(source, lineno, "expected METRIC THRESHOLD after the scope");
    auto metric = parse_metric(f[k]);
    if (!metric) {
      config_error(source, lineno, fmt::format("unknown metric '{}' ({})", f[k], metric_list()));
    }
    auto value = parse_real(f[k + 1]);
    if (!value || *value < 0) {
      config_error(source, lineno,
                   fmt::format("threshold must be a number >= 0 (got '{}')", f[k + 1]));
    }
    rule.check = Check{*metric, *value, 0};
    k += 2;
    if (k < f.size()) {
      if (*metric != Metric::kTube || !iequals(f[k], "dt") || k + 2 != f.size()) {
        config_error(source, lineno, "only a tube rule may end with 'dt TIME'");
      }
      auto dt = parse_real(f[k + 1]);
      if (!dt || *dt < 0) {
        config_error(source, lineno, fmt::format("dt must be a number >= 0 (got '{}')", f[k + 1]));
      }
      rule.check.time_tol = *dt;
    }
    set.rules.push_back(std::move(rule));
  });
  return set;
}

ToleranceSet read_tolerances(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error(ExitCode::kInputNotFound, fmt::format("{}: cannot open tolerance file", path));
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_tolerances(ss.str(), path);
}

}  // namespace mb::compare
