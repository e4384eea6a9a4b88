#include "sweep/eigen_metric.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb::sweep {

bool is_eigen_metric_spec(std::string_view spec) {
  return spec.size() > 4 && to_lower(std::string(spec.substr(0, 4))) == "eig:";
}

bool is_eigen_metric(const MetricSpec& m) {
  switch (m.kind) {
    case MetricKind::kEigenFrequency:
    case MetricKind::kEigenDamping:
    case MetricKind::kEigenReal:
    case MetricKind::kEigenImag:
      return true;
    default:
      return false;
  }
}

MetricSpec parse_eigen_metric(std::string_view spec) {
  const auto bad = [&]() -> MetricSpec {
    throw Error(ExitCode::kUsage,
                "-m '" + std::string(spec) +
                    "': expected eig:N:KIND, N a mode number from 1, KIND one of freq, damping, "
                    "real, imag");
  };
  const std::string text = to_lower(std::string(trim(spec)));
  const std::size_t colon = text.find(':', 4);
  if (colon == std::string::npos) return bad();
  const auto n = parse_real(text.substr(4, colon - 4));
  if (!n || !(*n >= 1 && *n <= 1e6) || *n != std::floor(*n)) return bad();
  MetricSpec m;
  m.mode = static_cast<int>(*n);
  const std::string kind = text.substr(colon + 1);
  if (kind == "freq") {
    m.kind = MetricKind::kEigenFrequency;
  } else if (kind == "damping") {
    m.kind = MetricKind::kEigenDamping;
  } else if (kind == "real") {
    m.kind = MetricKind::kEigenReal;
  } else if (kind == "imag") {
    m.kind = MetricKind::kEigenImag;
  } else {
    return bad();
  }
  m.channel = "eig";
  m.label = fmt::format("eig:{}:{}", m.mode, kind);
  return m;
}

std::optional<double> evaluate_eigen_metric(const MetricSpec& m, const nlohmann::json& summary,
                                            std::string& problem) {
  const auto fail = [&](const std::string& why) -> std::optional<double> {
    problem = m.label + ": " + why;
    return std::nullopt;
  };
  if (!summary.is_object() || !summary.contains("linear") || !summary["linear"].is_array() ||
      summary["linear"].empty()) {
    return fail("the case ran no linear analysis");
  }
  const nlohmann::json& modes = summary["linear"].back()["modes"];
  if (!modes.is_array() || static_cast<int>(modes.size()) < m.mode) {
    return fail(
        fmt::format("the last linear analysis has {} modes", modes.is_array() ? modes.size() : 0));
  }
  const nlohmann::json& mode = modes[static_cast<std::size_t>(m.mode - 1)];
  const char* key = m.kind == MetricKind::kEigenFrequency ? "frequency"
                    : m.kind == MetricKind::kEigenDamping ? "damping_ratio"
                    : m.kind == MetricKind::kEigenReal    ? "real"
                                                          : "imag";
  if (!mode.contains(key) || !mode[key].is_number()) return fail(std::string("no ") + key);
  return mode[key].get<double>();
}

}  // namespace mb::sweep
