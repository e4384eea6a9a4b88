#pragma once
// Eigenvalue metrics of a sweep: `-m eig:N:KIND` with KIND
//   freq     the undamped natural frequency of mode N (cycles per time unit)
//   damping  its damping ratio
//   real     the real part of its eigenvalue     imag   the imaginary part
// of the last linear analysis of a case (mbsolve's JSON summary, section `linear`; modes
// numbered as in PREFIX_eigen.csv, by undamped natural frequency). The summary column is named
// like the spec, e.g. `eig:1:freq`.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "sweep/metric_spec.hpp"

namespace mb::sweep {

/// True for a spec of this form (`eig:` first).
bool is_eigen_metric_spec(std::string_view spec);
/// Throws Error(kUsage) naming the spec and the form.
MetricSpec parse_eigen_metric(std::string_view spec);
bool is_eigen_metric(const MetricSpec& m);

/// The value from a case's JSON summary, or nothing; then `problem` says why (`LABEL: reason`).
std::optional<double> evaluate_eigen_metric(const MetricSpec& m, const nlohmann::json& summary,
                                            std::string& problem);

}  // namespace mb::sweep
