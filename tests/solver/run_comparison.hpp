#pragma once
// Runs that keep their log, and differences between two runs of the same deck (different
// integrators or forms), output by output: the tests' measure of "same results, same reactions,
// same requests".

#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "tests/solver/inline_deck.hpp"

namespace mb::test {

/// A run that keeps its log (the form the analysis runner chose, and why).
struct LoggedRun : InlineRun {
  std::string log;
};
class LogObserver : public CaptureObserver {
 public:
  LogObserver(InlineRun& run, std::string& log) : CaptureObserver(run), log_(log) {}
  void log(const std::string& line) override { log_ += line + "\n"; }

 private:
  std::string& log_;
};
inline LoggedRun run_logged(std::unique_ptr<Model> model) {
  LoggedRun run;
  run.model = std::move(model);
  run.sys = std::make_unique<System>(*run.model);
  LogObserver obs(run, run.log);
  run.report = run_analyses(*run.sys, obs);
  return run;
}

/// What a joint-coordinate run with loop closures reports when the DAE path carried it through a
/// singular position and it came back (stages/run_transient.cpp, run_segments): the same log
/// lines and JSON entry for the default form and the named ones.
inline void check_singular_crossing_reported(const LoggedRun& run) {
  INFO(run.log);
  const auto has = [](const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
  };
  CHECK(has(run.log, "the loop closures near a singular position at t = "));
  CHECK(has(run.log, "; Cartesian stabilised index-2 DAE (SI2) on IDA (BDF) continues from t = "));
  CHECK(has(run.log,
            "the loop closures are regular again; joint coordinates with loop closures "
            "continue"));
  REQUIRE(run.report.transient_forms.size() == 1);
  const auto& entry = run.report.transient_forms[0];
  CHECK(has(entry.form, ", then Cartesian stabilised index-2 DAE (SI2) on IDA (BDF) from t = "));
  CHECK(has(entry.form, ", and back after each singular position"));
  CHECK(has(entry.reason, "near a singular position"));
}

inline double max_state_difference(const InlineRun& a, const InlineRun& b) {
  REQUIRE(a.t.size() == b.t.size());
  const int nb = a.sys->num_moving_bodies();
  double worst = 0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    REQUIRE(a.t[k] == Approx(b.t[k]).margin(1e-12));
    for (int i = 0; i < 13 * nb; ++i) worst = std::max(worst, std::abs(a.y[k][i] - b.y[k][i]));
  }
  return worst;
}

/// Largest difference of the multipliers, relative to the largest multiplier.
inline double max_reaction_difference(const InlineRun& a, const InlineRun& b) {
  const int m = a.sys->num_constraint_equations(), l0 = 13 * a.sys->num_moving_bodies();
  double worst = 0, scale = 0;
  for (size_t k = 0; k < a.t.size(); ++k) {
    for (int e = 0; e < m; ++e) {
      scale = std::max(scale, std::abs(a.y[k][l0 + e]));
      worst = std::max(worst, std::abs(a.y[k][l0 + e] - b.y[k][l0 + e]));
    }
  }
  return worst / std::max(1.0, scale);
}

/// Largest difference of the request channels (JOINT() reactions), relative to their largest.
inline double max_request_difference(const InlineRun& a, const InlineRun& b) {
  const auto ra = request_values(a), rb = request_values(b);
  double worst = 0, scale = 0;
  for (size_t k = 0; k < ra.size(); ++k) {
    for (size_t c = 0; c < ra[k].size(); ++c) {
      scale = std::max(scale, std::abs(ra[k][c]));
      worst = std::max(worst, std::abs(ra[k][c] - rb[k][c]));
    }
  }
  return worst / std::max(1.0, scale);
}

}  // namespace mb::test
