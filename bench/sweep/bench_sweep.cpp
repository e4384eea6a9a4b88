// bench_sweep [CASES]: the time mbsweep adds per case beyond the solve itself.
//
// Runs a sweep of CASES (default 200) cases of a trivial deck (the pendulum for 0.01 s) with
// -j 1, once with mbsolve workers (the default) and once with one process per case, and prints
//   overhead per case = (mbsweep wall time - sum of the cases' wall_s from their JSON) / CASES
// wall_s in a case's JSON covers mbsolve's own work for that case (reading the deck, building
// the model, solving, writing the results); the overhead is everything else: process start-up,
// the worker protocol, recording, metrics and the summary. Target: below 20 ms.

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace fs = std::filesystem;

namespace {

struct Result {
  double total_s = 0, solve_s = 0;
};

Result run(const std::string& dir, int cases, bool workers) {
  fs::remove_all(dir);
  const std::string cmd = fmt::format(
      "'{}' '{}' -q -j 1 -o '{}' --set Simulate.end_time=0.01 --set Simulate.print_interval=0.01 "
      "-p 'Body_Rigid[30102].mass=lin:1:2:{}' -m body30102.y:final {}",
      MBSWEEP_PATH, PENDULUM_DECK, dir, cases, workers ? "" : "--no-worker");
  const auto t0 = std::chrono::steady_clock::now();
  const int rc = std::system(cmd.c_str());
  Result r;
  r.total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (rc != 0) {
    fmt::print(stderr, "bench_sweep: mbsweep failed ({}): {}\n", rc, cmd);
    std::exit(1);
  }
  for (const auto& e : fs::directory_iterator(dir + "/cases")) {
    std::ifstream in(e.path() / "result.json");
    r.solve_s += nlohmann::json::parse(in).at("wall_s").get<double>();
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int cases = argc > 1 ? std::atoi(argv[1]) : 200;
  const std::string base = (fs::temp_directory_path() / "bench_sweep").string();
  fmt::print("bench_sweep: {} cases of the pendulum for 0.01 s, -j 1 ({})\n", cases, MBSOLVE_PATH);
  fmt::print("{:<22} {:>10} {:>16} {:>20}\n", "mode", "total s", "solve s (JSON)",
             "overhead ms/case");
  for (const bool workers : {true, false}) {
    const Result r = run(base + (workers ? "_workers" : "_processes"), cases, workers);
    fmt::print("{:<22} {:>10.3f} {:>16.3f} {:>20.2f}\n", workers ? "workers" : "process per case",
               r.total_s, r.solve_s, (r.total_s - r.solve_s) / cases * 1000);
  }
  return 0;
}
