#include "bench/common/mbsolve_run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "models/model_builder.hpp"
#include "parser/xml_reader.hpp"
#include "solver/analysis_runner.hpp"
#include "solver/system.hpp"

namespace mb::bench {

namespace {

class LastState : public AnalysisObserver {
 public:
  void output(double, const System&, Workspace&, const std::vector<double>& y,
              const std::vector<double>&) override {
    last = y;
  }
  void log(const std::string&) override {}
  std::vector<double> last;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

BenchRun run_mbsolve_deck(const std::string& xml, const std::string& name, int marker_id) {
  BenchRun r;
  const std::clock_t c0 = std::clock();
  auto t0 = std::chrono::steady_clock::now();
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, name, diag);
  auto model = build_model(deck, diag);
  if (!model || diag.has_errors()) {
    for (const auto& d : diag.all()) fmt::print(stderr, "{}\n", d.str());
    std::exit(1);
  }
  System sys(*model);
  r.setup_s = seconds_since(t0);
  LastState obs;
  t0 = std::chrono::steady_clock::now();
  const RunReport rep = run_analyses(sys, obs);
  r.solve_s = seconds_since(t0);
  r.cpu_s = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  if (rep.code != ExitCode::kSuccess) {
    fmt::print(stderr, "{}: mbsolve failed: {}\n", name, rep.message);
    std::exit(1);
  }
  r.steps = rep.stats.steps;
  r.residual_evals = rep.stats.residual_evals;
  const Marker& mk = model->markers[model->marker_index.at(marker_id)];
  const int o = sys.body_offset(mk.body);
  const auto& y = obs.last;
  const Mat3 A =
      rotation_from_euler_parameters<double>(Vec4(y[o + 3], y[o + 4], y[o + 5], y[o + 6]));
  const Vec3 p = Vec3(y[o], y[o + 1], y[o + 2]) + A * mk.pos_body;
  r.x = p.x();
  r.y = p.y();
  return r;
}

}  // namespace mb::bench
