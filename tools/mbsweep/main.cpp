// mbsweep DECK (-p NAME=SPEC... [--lhs N --seed S] | --design CSV) [-m CHANNEL:KIND]...
//         [--set NAME=VALUE]... [-o DIR] [-j N] [--timeout S] [--mbsolve PATH] [--no-worker]
//         [--results csv|hdf5] [--emit slurm|parallel] [-q]
// mbsweep collect DIR
// mbsweep run-case DIR CASE
// A thin main: arguments in, sweep/ out.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <thread>

#include "common/error.hpp"
#include "common/text.hpp"
#include "results/atomic_file.hpp"
#include "sweep/collect.hpp"
#include "sweep/design_csv.hpp"
#include "sweep/emit.hpp"
#include "sweep/find_mbsolve.hpp"
#include "sweep/local_sweep.hpp"
#include "sweep/preflight.hpp"
#include "sweep/run_case.hpp"

namespace fs = std::filesystem;
using namespace mb::sweep;

namespace {

struct Args {
  std::string deck, design_csv, out, mbsolve, emit, dir, which, results = "csv";
  std::vector<std::string> params, sets, metrics;
  int lhs = 0, jobs = 0;
  std::uint64_t seed = 1;
  double timeout = 0;
  bool no_worker = false, quiet = false;
};

/// --timeout: a finite number of seconds >= 0 (0: none); at most about 115 days.
std::string check_timeout(std::string& text) {
  const auto v = mb::parse_real(text);
  if (!v || *v < 0 || *v > 1e7) return "must be a number of seconds from 0 (no timeout) to 1e7";
  return {};
}

/// --mbsolve PATH must be an executable file: checked once here instead of failing every case.
void check_executable(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    throw mb::Error(mb::ExitCode::kInputNotFound, "--mbsolve " + path + ": no such file");
  }
  if (!fs::is_regular_file(path, ec) || ::access(path.c_str(), X_OK) != 0) {
    throw mb::Error(mb::ExitCode::kInputNotFound, "--mbsolve " + path + ": not an executable file");
  }
}

std::string self_path() {
  std::error_code ec;
  const auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("mbsweep") : p.string();
}

int sweep(const Args& a) {
  if (a.deck.empty()) throw mb::Error(mb::ExitCode::kUsage, "a deck is required");
  std::error_code ec;
  if (!fs::exists(a.deck, ec))
    throw mb::Error(mb::ExitCode::kInputNotFound, a.deck + ": no such file");
  if (a.params.empty() == a.design_csv.empty()) {
    throw mb::Error(mb::ExitCode::kUsage, "give the design with -p NAME=SPEC... or --design CSV");
  }
  if (a.lhs > 0 && !a.design_csv.empty()) {
    throw mb::Error(mb::ExitCode::kUsage, "--lhs draws a design from -p ranges; not with --design");
  }
  SweepPlan plan;
  plan.deck = fs::absolute(a.deck).lexically_normal().string();
  if (!a.mbsolve.empty()) check_executable(a.mbsolve);
  plan.mbsolve = a.mbsolve.empty() ? find_mbsolve() : fs::absolute(a.mbsolve).string();
  if (plan.mbsolve.empty()) {
    throw mb::Error(mb::ExitCode::kInputNotFound,
                    "mbsolve not found next to mbsweep or on PATH; give --mbsolve PATH");
  }
  plan.sets = a.sets;
  for (const auto& m : a.metrics) plan.metrics.push_back(parse_metric(m));
  plan.timeout_s = a.timeout;
  plan.results = a.results;
  if (!a.design_csv.empty()) {
    plan.design = read_design_csv(a.design_csv);
  } else {
    std::vector<Parameter> params;
    for (const auto& p : a.params) params.push_back(parse_parameter(p));
    plan.design = a.lhs > 0 ? latin_hypercube(params, a.lhs, a.seed) : full_factorial(params);
  }
  validate_design(plan.design);
  check_no_name_set_twice(plan);
  assign_case_ids(plan);

  mb::Diagnostics diag;
  check_names_against_deck(plan, diag);
  if (diag.has_errors()) {
    diag.print(std::cerr);
    std::cerr << "mbsweep: the --set names do not fit the deck; no case was run\n";
    return 65;
  }

  const std::string dir = a.out.empty() ? fs::path(a.deck).stem().string() + "_sweep" : a.out;
  const std::string abs_dir = fs::absolute(dir).lexically_normal().string();
  const int jobs =
      a.jobs > 0 ? a.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (a.emit == "slurm" || a.emit == "parallel") {
    write_plan(abs_dir, plan);
    const bool slurm = a.emit == "slurm";
    const std::string script = abs_dir + (slurm ? "/slurm.sh" : "/parallel.sh");
    mb::write_file_atomically(
        script, slurm ? slurm_script(self_path(), abs_dir, plan.ids.size(), a.jobs, a.timeout)
                      : parallel_script(self_path(), abs_dir, plan.ids.size(), jobs));
    fs::permissions(script, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
    if (!a.quiet) {
      std::cerr << "mbsweep: " << plan.ids.size() << " case(s) in " << abs_dir << "/cases.csv; "
                << (slurm ? "submit with: sbatch " + script + "; then: mbsweep collect " + abs_dir
                          : "run with: bash " + script)
                << '\n';
    }
    return 0;
  }
  if (!a.emit.empty()) throw mb::Error(mb::ExitCode::kUsage, "--emit: slurm or parallel");

  LocalSweepOptions opt;
  opt.runner.jobs = jobs;
  opt.runner.workers = !a.no_worker;
  opt.runner.timeout_s = a.timeout;
  opt.progress = !a.quiet && ::isatty(2);
  opt.quiet = a.quiet;
  return run_local_sweep(plan, dir, opt);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mbsweep: run a MotionSolve deck over a design of parameter values"};
  Args a;
  app.add_option("deck", a.deck, "MotionSolve XML deck");
  app.add_option("-p,--param", a.params,
                 "swept parameter NAME=SPEC; NAME as for --set, SPEC a list a,b,c or a range "
                 "lin:LO:HI:N / log:LO:HI:N (lin:LO:HI / log:LO:HI with --lhs); the design is the "
                 "full factorial unless --lhs");
  app.add_option("--design", a.design_csv, "design CSV: a header of names, one row per case");
  app.add_option("--lhs", a.lhs, "Latin hypercube with N samples over the -p ranges")
      ->check(CLI::Range(1, static_cast<int>(kMaxCases)));
  app.add_option("--seed", a.seed, "seed of the Latin hypercube (default 1)");
  app.add_option("--set", a.sets, "fixed override for every case (as mbsolve --set)");
  app.add_option("-m,--metric", a.metrics,
                 "response CHANNEL:KIND into the summary, KIND final|max|min|rms|tmax|tmin|at=T; "
                 "or eig:N:freq|damping|real|imag (mode N of the deck's linear analysis)");
  app.add_option("-o,--out", a.out, "sweep directory (default: DECKNAME_sweep)");
  app.add_option("-j,--jobs", a.jobs, "cases run at once (default: number of cores)")
      ->check(CLI::Range(1, 4096));
  app.add_option("--timeout", a.timeout, "seconds a case may run before it is killed (0: none)")
      ->check(CLI::Validator(check_timeout, "SECONDS"));
  app.add_option("--mbsolve", a.mbsolve, "the mbsolve binary (default: next to mbsweep)");
  app.add_option("--results", a.results,
                 "the result file the metrics are read from: csv (default) or hdf5 (the cases "
                 "also write PREFIX.h5, mbsolve --format hdf5)")
      ->check(CLI::IsMember({"csv", "hdf5"}));
  app.add_flag("--no-worker", a.no_worker,
               "one mbsolve process per case instead of workers that read the deck once");
  app.add_option("--emit", a.emit,
                 "write DIR/slurm.sh (job array) or DIR/parallel.sh (GNU parallel) and the case "
                 "list instead of running");
  app.add_flag("-q,--quiet", a.quiet, "only errors on stderr");
  auto* collect = app.add_subcommand("collect", "write DIR/summary.csv from the cases' results");
  collect->add_option("dir", a.dir, "sweep directory")->required();
  auto* run_case = app.add_subcommand("run-case", "run one case of a sweep directory");
  run_case->add_option("dir", a.dir, "sweep directory")->required();
  run_case->add_option("case", a.which, "case id (c0007) or 1-based row number")->required();
  app.footer(
      "Exit codes: 0 every case ok, 1 some cases not ok (see the summary), 2 usage error,\n"
      "65 bad design or --set names, 66 input not found, 130 interrupted (run again to resume).");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  try {
    if (*collect) return collect_sweep(a.dir, a.quiet);
    if (*run_case) return run_one_case(a.dir, a.which);
    return sweep(a);
  } catch (const mb::Error& e) {
    std::cerr << "mbsweep: " << e.what() << '\n';
    return mb::to_int(e.code());
  } catch (const std::exception& e) {
    std::cerr << "mbsweep: internal error: " << e.what() << '\n';
    return 70;
  }
}
