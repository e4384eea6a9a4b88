#include "sweep/metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/eigen_metric.hpp"

namespace mb::sweep {

MetricSpec parse_metric(std::string_view spec) {
  if (is_eigen_metric_spec(spec)) return parse_eigen_metric(spec);
  const auto bad = [&](const std::string& why) -> MetricSpec {
    throw Error(ExitCode::kUsage, "-m '" + std::string(spec) + "': " + why);
  };
  const std::size_t colon = spec.rfind(':');
  if (colon == std::string_view::npos || colon == 0) {
    return bad("expected CHANNEL:KIND, KIND one of final, max, min, rms, tmax, tmin, at=T");
  }
  MetricSpec m;
  m.channel = std::string(trim(spec.substr(0, colon)));
  const std::string kind = to_lower(trim(spec.substr(colon + 1)));
  m.label = m.channel + ":" + kind;
  if (kind == "final") {
    m.kind = MetricKind::kFinal;
  } else if (kind == "max") {
    m.kind = MetricKind::kMax;
  } else if (kind == "min") {
    m.kind = MetricKind::kMin;
  } else if (kind == "rms") {
    m.kind = MetricKind::kRms;
  } else if (kind == "tmax") {
    m.kind = MetricKind::kTimeOfMax;
  } else if (kind == "tmin") {
    m.kind = MetricKind::kTimeOfMin;
  } else if (kind.starts_with("at=")) {
    const auto t = parse_real(kind.substr(3));
    if (!t) return bad("at=T needs a number T");
    m.kind = MetricKind::kAt;
    m.at = *t;
  } else {
    return bad("unknown kind '" + kind + "' (final, max, min, rms, tmax, tmin, at=T)");
  }
  return m;
}

std::string metric_problem(const MetricSpec& m, const results::CurveTable& t) {
  if (!t.find(m.channel)) return m.label + ": no channel '" + m.channel + "' in the result";
  if (t.rows() == 0) return m.label + ": the result has no rows";
  if (m.kind == MetricKind::kAt && (m.at < t.time.front() || m.at > t.time.back())) {
    return fmt::format("{}: {} lies outside the output times ({} to {})", m.label, m.at,
                       t.time.front(), t.time.back());
  }
  return {};
}

std::optional<double> evaluate_metric(const MetricSpec& m, const results::CurveTable& t) {
  if (is_eigen_metric(m)) return std::nullopt;  // read from the JSON summary (case_record.cpp)
  const auto c = t.find(m.channel);
  if (!c || t.rows() == 0) return std::nullopt;
  const std::vector<double>& x = t.columns[*c];
  const std::vector<double>& time = t.time;
  const std::size_t n = x.size();
  switch (m.kind) {
    case MetricKind::kFinal:
      return x.back();
    case MetricKind::kMax:
      return *std::max_element(x.begin(), x.end());
    case MetricKind::kMin:
      return *std::min_element(x.begin(), x.end());
    case MetricKind::kTimeOfMax:
      return time[static_cast<std::size_t>(std::max_element(x.begin(), x.end()) - x.begin())];
    case MetricKind::kTimeOfMin:
      return time[static_cast<std::size_t>(std::min_element(x.begin(), x.end()) - x.begin())];
    case MetricKind::kRms: {
      const double span = time.back() - time.front();
      if (n == 1 || span <= 0) return std::abs(x.back());
      double integral = 0;
      for (std::size_t i = 1; i < n; ++i) {
        integral += 0.5 * (x[i - 1] * x[i - 1] + x[i] * x[i]) * (time[i] - time[i - 1]);
      }
      return std::sqrt(integral / span);
    }
    case MetricKind::kAt: {
      if (m.at < time.front() || m.at > time.back()) return std::nullopt;
      const auto it = std::lower_bound(time.begin(), time.end(), m.at);
      const std::size_t i = static_cast<std::size_t>(it - time.begin());
      if (time[i] == m.at || i == 0) return x[i];
      const double w = (m.at - time[i - 1]) / (time[i] - time[i - 1]);
      return x[i - 1] + w * (x[i] - x[i - 1]);
    }
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace mb::sweep
