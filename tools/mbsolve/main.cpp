// mbsolve DECK [-o PREFIX] [--set NAME=VALUE]... [--format res,req,hdf5] [--report DIR]
//         [--animation FILE.gltf] [--worker] [-q|-v] [--list-elements] [--help] [--version]
// A thin main: arguments in, app/run_deck out.

#include <CLI/CLI.hpp>
#include <iostream>

#include "app/case_worker.hpp"
#include "app/run_deck.hpp"
#include "common/interrupt.hpp"
#include "models/element_registry.hpp"

namespace {

int list_elements() {
  for (const auto& e : mb::element_table()) {
    const char* status = e.support == mb::ElementSupport::kSupported ? "supported"
                         : e.support == mb::ElementSupport::kSkipped ? "skipped"
                                                                     : "not supported";
    std::cout << e.name << std::string(e.name.size() < 26 ? 26 - e.name.size() : 1, ' ') << status
              << std::string(15 - std::string_view(status).size(), ' ') << e.description << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mbsolve: multibody dynamics batch solver for MotionSolve XML decks"};
  mb::RunOptions opt;
  bool quiet = false, verbose = false, list = false, version = false, worker = false;
  std::vector<std::string> sets;
  std::string angles;
  app.add_option("deck", opt.deck_path, "MotionSolve XML deck");
  app.add_option("-o,--output", opt.prefix,
                 "write PREFIX.csv, PREFIX.json and PREFIX.log (default: the deck path without "
                 "its extension)");
  app.add_option("--set", sets,
                 "override a deck value: Type[id].attribute=VALUE, Type.attribute=VALUE (every "
                 "element of the type) or NAME=VALUE for a ${NAME} placeholder; repeatable")
      ->allow_extra_args(false);
  app.add_option("--report", opt.report_dir,
                 "also write DIR/index.html: every channel plotted, the counters, the JSON "
                 "summary and the log, one self-contained page");
  app.add_option("--animation", opt.animation_path,
                 "also write FILE.gltf: each body's pose over time (glTF 2.0, node animation; "
                 "Blender, ParaView, browsers), shown on the --report page too");
  app.add_flag("--worker", worker,
               "read the deck once, then run one case per stdin line (PREFIX<TAB>NAME=VALUE...), "
               "answering done<TAB>PREFIX<TAB>EXIT_CODE (used by mbsweep)");
  app.add_option("--angles", angles,
                 "also write each body's orientation as angles: ypr (bodyN.yaw .pitch .roll, "
                 "A = Rz Ry Rx) or 313 (bodyN.psi .theta .phi, A = Rz Rx Rz)")
      ->check(CLI::IsMember({"ypr", "313"}));
  app.add_option("--format", opt.formats,
                 "result files besides PREFIX.csv/.json/.log, comma-separated: res (Adams XML "
                 "results PREFIX.res), req (Adams request file PREFIX.req), hdf5 (PREFIX.h5); "
                 "csv is always written. An Adams deck's RESULTS/ and OUTPUT/REQSAVE add .res "
                 "and .req")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(CLI::IsMember({"csv", "res", "req", "hdf5"}));
  auto* q = app.add_flag("-q,--quiet", quiet, "only errors on stderr");
  app.add_flag("-v,--verbose", verbose, "log lines on stderr too")->excludes(q);
  app.add_flag("--list-elements", list, "print the element table with support status");
  app.add_flag("--version", version, "print the version");
  app.footer(
      "Exit codes: 0 success, 1 analysis failed (results up to the failure kept), 2 usage error\n"
      "(also: results cannot be written), 65 deck error, 66 input not found, 70 internal error;\n"
      "129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM (results up to the signal kept).");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (version) {
    std::cout << "mbsolve " << mb::mbsolve_version() << '\n';
    return 0;
  }
  if (list) return list_elements();
  if (opt.deck_path.empty()) {
    std::cerr << "mbsolve: a deck is required\n" << app.help();
    return 2;
  }
  for (const auto& spec : sets) {
    std::string error;
    auto o = mb::parse_override(spec, error);
    if (!o) {
      std::cerr << "mbsolve: " << error << '\n';
      return 2;
    }
    opt.overrides.push_back(std::move(*o));
  }
  if (angles == "ypr") opt.angles = mb::BodyAngles::kYawPitchRoll;
  if (angles == "313") opt.angles = mb::BodyAngles::kEuler313;
  opt.verbosity =
      quiet ? mb::Verbosity::kQuiet : (verbose ? mb::Verbosity::kVerbose : mb::Verbosity::kNormal);
  if (worker) {
    opt.verbosity = mb::Verbosity::kQuiet;
    return mb::run_worker(opt, std::cin, std::cout);
  }
  // A signal stops the run at the next step with the results so far (common/interrupt.hpp).
  // Workers keep the default dispositions: mbsweep ends them.
  mb::install_interrupt_handlers();
  return mb::to_int(mb::run_deck(opt));
}
