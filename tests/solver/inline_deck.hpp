#pragma once
// Test helper: solve a deck given as a string, keeping every output state.

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "models/model_builder.hpp"
#include "parser/acf_reader.hpp"
#include "parser/xml_reader.hpp"
#include "solver/analysis_runner.hpp"
#include "solver/request_outputs.hpp"
#include "solver/system.hpp"

namespace mb::test {

/// The deck (its Param_Transient has integr_tol="TOL") at integr_tol `tol`, with integrator_type
/// `integrator` (empty: none named).
inline std::string with_integrator(std::string deck, const std::string& integrator, double tol) {
  const std::string key = "integr_tol=\"TOL\"";
  std::string attrs = fmt::format("integr_tol=\"{:g}\"", tol);
  if (!integrator.empty()) attrs += fmt::format(" integrator_type=\"{}\"", integrator);
  deck.replace(deck.find(key), key.size(), attrs);
  return deck;
}

struct InlineRun {
  std::unique_ptr<Model> model;
  std::unique_ptr<System> sys;
  RunReport report;
  std::vector<double> t;
  std::vector<std::vector<double>> y;
  std::vector<std::vector<double>> yp;  ///< y' at each output
  /// The request channels (Post_Request order) at each output, computed there as the result
  /// files are (angle measures continue from the run's history up to that output).
  std::vector<std::vector<double>> requests;
};

class CaptureObserver : public AnalysisObserver {
 public:
  explicit CaptureObserver(InlineRun& run) : run_(run) {}
  void output(double t, const System& sys, Workspace& ws, const std::vector<double>& y,
              const std::vector<double>& yp) override {
    run_.t.push_back(t);
    run_.y.push_back(y);
    run_.yp.push_back(yp);
    RequestOutputs req(sys, ws);
    std::vector<double> values(req.size());
    req.values(t, y.data(), yp.data(), values);
    run_.requests.push_back(std::move(values));
  }
  void log(const std::string&) override {}

 private:
  InlineRun& run_;
};

/// Builds the model of a deck given as a string, without running it; throws on deck errors.
inline std::unique_ptr<Model> model_inline(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "inline.xml", diag);
  auto model = build_model(deck, diag);
  if (!model || diag.has_errors()) {
    std::string all;
    for (const auto& d : diag.all()) all += d.str() + "\n";
    throw std::runtime_error("deck errors:\n" + all);
  }
  return std::make_unique<Model>(std::move(*model));
}

/// Builds and runs a deck already read (its reading diagnostics in `diag`).
inline InlineRun run_deck_object(const Deck& deck, Diagnostics& diag) {
  auto model = build_model(deck, diag);
  if (!model || diag.has_errors()) {
    std::string all;
    for (const auto& d : diag.all()) all += d.str() + "\n";
    throw std::runtime_error("deck errors:\n" + all);
  }
  InlineRun run;
  run.model = std::make_unique<Model>(std::move(*model));
  run.sys = std::make_unique<System>(*run.model);
  CaptureObserver obs(run);
  run.report = run_analyses(*run.sys, obs);
  return run;
}

inline InlineRun run_inline(const std::string& xml) {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "inline.xml", diag);
  return run_deck_object(deck, diag);
}

/// Runs an Adams dataset (written to a temporary file) with `commands` as its .acf.
inline InlineRun run_adm(const std::string& name, const std::string& adm,
                         const std::string& commands) {
  // One file per process: ctest runs a file's test cases in parallel processes, and several
  // cases may run decks of the same name.
  const auto path = std::filesystem::temp_directory_path() /
                    ("mbsolve_test_" + name + "_" + std::to_string(::getpid()) + ".adm");
  std::ofstream(path) << adm;
  Diagnostics diag;
  const Deck deck =
      read_acf_text(path.string() + "\nout\n" + commands + "STOP\n", name + ".acf", diag);
  auto run = run_deck_object(deck, diag);
  std::filesystem::remove(path);
  return run;
}

/// The request channels (Post_Request order) at every output of `run`.
inline const std::vector<std::vector<double>>& request_values(const InlineRun& run) {
  return run.requests;
}

/// The index of request column `name` (e.g. "req7.f2") in request_values' rows.
inline size_t request_column(const InlineRun& run, std::string_view name) {
  const auto cols = RequestOutputs(*run.sys).columns();
  for (size_t c = 0; c < cols.size(); ++c) {
    if (cols[c].name == name) return c;
  }
  throw std::runtime_error("no request column " + std::string(name));
}

/// The value of request column `column` (e.g. "req7.f2") at output k of `run`; throws when the
/// run has no such column.
inline double request_channel(const InlineRun& run, std::string_view column, size_t k) {
  return run.requests[k][request_column(run, column)];
}

}  // namespace mb::test
