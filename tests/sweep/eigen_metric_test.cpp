// `-m eig:N:KIND` (sweep/eigen_metric.hpp): parsing and the values read from a JSON summary;
// end-to-end through mbsolve in tests/sweep/mbsweep_eigen_e2e.sh.

#include "sweep/eigen_metric.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "sweep/metrics.hpp"

using namespace mb;
using namespace mb::sweep;

TEST_CASE("eigen metrics: parsing") {
  const MetricSpec m = parse_metric("EIG:2:Freq");
  CHECK(is_eigen_metric(m));
  CHECK(m.kind == MetricKind::kEigenFrequency);
  CHECK(m.mode == 2);
  CHECK(m.label == "eig:2:freq");
  CHECK(parse_metric("eig:1:damping").kind == MetricKind::kEigenDamping);
  CHECK(parse_metric("eig:3:imag").kind == MetricKind::kEigenImag);
  CHECK_FALSE(is_eigen_metric(parse_metric("body2.x:max")));
  for (const char* bad : {"eig:0:freq", "eig:1.5:freq", "eig:1e300:freq", "eig:nan:freq",
                          "eig:x:freq", "eig:1:q", "eig:1"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_metric(bad), Error);
  }
}

TEST_CASE("eigen metrics: the last linear analysis' mode N") {
  const nlohmann::json summary = nlohmann::json::parse(R"({"linear": [
      {"modes": [{"real": -9, "imag": 1, "frequency": 9, "damping_ratio": 0.9}]},
      {"modes": [{"real": -1, "imag": 6, "frequency": 1.5, "damping_ratio": 0.1},
                 {"real": -2, "imag": 12, "frequency": 2.5, "damping_ratio": 0.2}]}]})");
  std::string problem;
  CHECK(evaluate_eigen_metric(parse_metric("eig:1:freq"), summary, problem) == 1.5);
  CHECK(evaluate_eigen_metric(parse_metric("eig:2:damping"), summary, problem) == 0.2);
  CHECK(evaluate_eigen_metric(parse_metric("eig:2:real"), summary, problem) == -2);
  CHECK(evaluate_eigen_metric(parse_metric("eig:2:imag"), summary, problem) == 12);
  CHECK(problem.empty());
  CHECK_FALSE(evaluate_eigen_metric(parse_metric("eig:3:freq"), summary, problem));
  CHECK(problem == "eig:3:freq: the last linear analysis has 2 modes");
  CHECK_FALSE(evaluate_eigen_metric(parse_metric("eig:1:freq"),
                                    nlohmann::json::parse(R"({"linear": []})"), problem));
  CHECK(problem == "eig:1:freq: the case ran no linear analysis");
}
