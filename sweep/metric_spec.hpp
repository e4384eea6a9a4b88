#pragma once
// A parsed response metric (`-m` of mbsweep): the channel metrics of sweep/metrics.hpp and the
// eigenvalue metrics of sweep/eigen_metric.hpp share it.

#include <string>

namespace mb::sweep {

/// The kEigen kinds read the case's JSON summary, not a channel (sweep/eigen_metric.hpp).
enum class MetricKind {
  kFinal,
  kMax,
  kMin,
  kRms,
  kTimeOfMax,
  kTimeOfMin,
  kAt,
  kEigenFrequency,
  kEigenDamping,
  kEigenReal,
  kEigenImag
};

struct MetricSpec {
  std::string channel;
  MetricKind kind = MetricKind::kFinal;
  double at = 0;      ///< kAt only
  int mode = 0;       ///< the kEigen kinds: the mode number (from 1)
  std::string label;  ///< the spec as the summary column name, e.g. "body2.x:max"
};

}  // namespace mb::sweep
