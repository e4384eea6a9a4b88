// mbcompare RESULT REFERENCE... [--map FILE] [--tol FILE] [--report DIR] [--json] [--iso]
//           [--rebaseline]
// Compares a result with reference curves; exit 0 pass, 1 fail, 2 error (compare/README.md).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "compare/channel_map.hpp"
#include "compare/comparison.hpp"
#include "compare/exit_status.hpp"
#include "compare/report.hpp"
#include "compare/summary_json.hpp"
#include "compare/tolerance.hpp"
#include "compare/verdict_text.hpp"
#include "results/curve_reader.hpp"
#include "results/curve_writer.hpp"

namespace {

using mb::compare::CompareExit;

struct Args {
  std::string result;
  std::vector<std::string> references;
  std::string map;
  std::string tol;
  std::string report;
  bool json = false;
  bool iso = false;
  bool rebaseline = false;
  bool quiet = false;
};

/// Writes the result as the new reference (our CSV layout) over the single REFERENCE.
CompareExit rebaseline(const Args& a, const mb::results::CurveTable& result) {
  if (a.references.size() != 1) {
    throw mb::Error(mb::ExitCode::kUsage, "--rebaseline takes exactly one REFERENCE to write");
  }
  auto table = result;
  table.comments.insert(table.comments.begin(),
                        fmt::format("mbcompare --rebaseline: reference written from {}", a.result));
  mb::results::write_csv_file(a.references[0], table);
  if (!a.quiet) {
    std::cerr << fmt::format("mbcompare: wrote {} channel(s), {} rows to {}\n", table.channels(),
                             table.rows(), a.references[0]);
  }
  return CompareExit::kPass;
}

CompareExit run(const Args& a) {
  const auto result = mb::results::read_curves(a.result);
  if (a.rebaseline) return rebaseline(a, result);

  std::vector<mb::results::CurveTable> tables;
  for (const auto& path : a.references) tables.push_back(mb::results::read_curves(path));
  // What the readers say about the channels (e.g. Adams part frames that are not CMs).
  if (!a.quiet) {
    const auto print_notes = [](const mb::results::CurveTable& t) {
      for (const auto& n : t.notes) std::cerr << "mbcompare: note: " << n << '\n';
    };
    print_notes(result);
    for (const auto& t : tables) print_notes(t);
  }
  std::vector<mb::compare::Reference> refs;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    refs.push_back({mb::compare::path_stem(a.references[i]), &tables[i]});
  }
  std::optional<mb::compare::ChannelMap> map;
  if (!a.map.empty()) map = mb::compare::read_channel_map(a.map);
  mb::compare::ToleranceSet tol;
  if (!a.tol.empty()) tol = mb::compare::read_tolerances(a.tol);

  mb::compare::CompareOptions opt;
  opt.iso = a.iso;
  const auto cmp = mb::compare::compare_tables(result, refs, map ? &*map : nullptr, tol, opt);
  const auto summary = mb::compare::summary_json(cmp, a.result, a.references);

  // Verdict lines are the data of a plain run; with --json they move to stderr.
  std::ostream& text = a.json ? std::cerr : std::cout;
  if (!a.quiet || !a.json) {
    for (const auto& ch : cmp.channels) text << mb::compare::verdict_line(ch) << '\n';
    text << mb::compare::summary_line(cmp) << '\n';
  }
  if (a.json) std::cout << summary.dump(2) << '\n';
  if (!a.report.empty()) {
    const auto rep = mb::compare::write_report(a.report, cmp, summary);
    if (!rep.plotted) std::cerr << "mbcompare: warning: " << rep.message << '\n';
    if (!a.quiet) std::cerr << "mbcompare: report written to " << rep.index_path << '\n';
  }
  return cmp.pass() ? CompareExit::kPass : CompareExit::kFail;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  CLI::App app{
      "Compares a result with reference curves (our CSV, Adams tabulated ASCII, TSV, Adams XML\n"
      "results .res, Adams request files .req, mbsolve HDF5 results .h5).\n"
      "Exit status: 0 every channel passed, 1 a channel failed, 2 error.",
      "mbcompare"};
  app.set_version_flag("--version", "mbcompare 0.1.0");
  app.add_option("RESULT", a.result, "result file (our CSV, or any curve file)")->required();
  app.add_option("REFERENCE", a.references,
                 "reference file(s); channels of several files are "
                 "qualified as STEM:COLUMN")
      ->required();
  app.add_option("--map", a.map, "map file: RESULT = REFERENCE [SCALE] [KIND] per line");
  app.add_option("--tol", a.tol, "tolerance file: channel|kind|default ... METRIC THRESHOLD");
  app.add_option("--report", a.report, "write an HTML report (index.html) into this directory");
  app.add_flag("--json", a.json, "print the JSON summary on stdout (verdicts go to stderr)");
  app.add_flag("--iso", a.iso, "compute the ISO/TS 18571 rating of every channel");
  app.add_flag("--rebaseline", a.rebaseline,
               "write RESULT as the new REFERENCE (our CSV layout) instead of comparing");
  app.add_flag("-q,--quiet", a.quiet, "no verdict lines with --json, no progress messages");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : mb::compare::to_int(CompareExit::kError);
  }
  try {
    return mb::compare::to_int(run(a));
  } catch (const mb::Error& e) {
    std::cerr << "mbcompare: error: " << e.what() << '\n';
    if (a.json) std::cout << mb::compare::error_json(e.what()).dump(2) << '\n';
    return mb::compare::to_int(CompareExit::kError);
  } catch (const std::exception& e) {
    std::cerr << "mbcompare: error: " << e.what() << '\n';
    if (a.json) std::cout << mb::compare::error_json(e.what()).dump(2) << '\n';
    return mb::compare::to_int(CompareExit::kError);
  }
}
