#include "bench/common/peer_benchmark.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "bench/common/mbsolve_run.hpp"
#include "bench/common/peer_report.hpp"

namespace mb::bench {

namespace {

struct Options {
  double angle = 0, tol = 1e-6, sb_acc = 1e-5, ref_acc = 0, ref_tol = 0;
  int repeats = 5;
  std::string integrator;
  std::vector<int> ns;
};

BenchRun run_peer(const PeerBenchmark& bench, int n, double accuracy, double angle) {
  const std::string cmd = fmt::format("'{}' {} {} {:.17g}", bench.peer_path, n, accuracy, angle);
  std::FILE* p = popen(cmd.c_str(), "r");
  PeerReport report;
  if (!p || !read_peer_report(p, report)) {
    fmt::print(stderr, "{}: cannot run or read {}\n", bench.program, cmd);
    std::exit(1);
  }
  pclose(p);
  return {0, report.wall_s, report.cpu_s, report.steps, report.realizations, report.x, report.y};
}

BenchRun run_mbsolve(const PeerBenchmark& bench, int n, double tol, const Options& o) {
  return run_mbsolve_deck(bench.deck(n, tol, o.integrator, o.angle),
                          fmt::format("{} N = {}", bench.program, n), bench.point_marker(n));
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

double distance(const BenchRun& a, const BenchRun& b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// False (after a message) on an unknown option.
bool parse(const PeerBenchmark& bench, int argc, char** argv, Options& o) {
  o.angle = bench.default_angle;
  o.ns = bench.default_ns;
  o.ref_acc = bench.default_ref_acc;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--angle") {
      o.angle = std::atof(value.c_str());
    } else if (key == "--tol") {
      o.tol = std::atof(value.c_str());
    } else if (key == "--sb-acc") {
      o.sb_acc = std::atof(value.c_str());
    } else if (key == "--ref-acc") {
      o.ref_acc = std::atof(value.c_str());
    } else if (key == "--ref-tol") {
      o.ref_tol = std::atof(value.c_str());
    } else if (key == "--repeats") {
      o.repeats = std::max(1, std::atoi(value.c_str()));
    } else if (key == "--integrator") {
      o.integrator = value;
    } else if (key == "--ns") {
      o.ns.clear();
      for (size_t p = 0; p < value.size();) {
        const size_t q = std::min(value.find(',', p), value.size());
        o.ns.push_back(std::atoi(value.substr(p, q - p).c_str()));
        p = q + 1;
      }
    } else {
      fmt::print(stderr, "{}: unknown option {} (see bench/common/peer_benchmark.hpp)\n",
                 bench.program, key);
      return false;
    }
  }
  return true;
}

}  // namespace

int run_peer_benchmark(const PeerBenchmark& bench, int argc, char** argv) {
  if ((argc == 4 || argc == 5) && std::string(argv[1]) == "--write-deck") {
    std::FILE* f = std::fopen(argv[3], "w");
    if (!f) return 1;
    const double angle = argc == 5 ? std::atof(argv[4]) : bench.default_angle;
    std::fputs(bench.deck(std::atoi(argv[2]), 1e-6, "", angle).c_str(), f);
    return std::fclose(f) == 0 ? 0 : 1;
  }
  Options o;
  if (!parse(bench, argc, argv, o)) return 2;
  const std::string reference = o.ref_tol > 0 ? fmt::format("mbsolve at integr_tol {}", o.ref_tol)
                                              : fmt::format("the peer at accuracy {}", o.ref_acc);
  fmt::print(
      "{} released at {:.4g} rad; mbsolve {} integr_tol {}, Simbody RK-Merson accuracy {}; median "
      "of {} interleaved runs; point errors against {}\n",
      bench.mechanism, o.angle,
      o.integrator.empty() ? "default (no integrator named)" : o.integrator, o.tol, o.sb_acc,
      o.repeats, reference);
  fmt::print("{:>5} | {:>9} {:>9} {:>7} {:>9} | {:>9} {:>9} {:>7} {:>9} | {:>9} {:>9} | {:>7}\n",
             "N", "mb cpu", "mb wall", "steps", "rhs/res", "sb cpu", "sb wall", "steps", "realiz",
             "mb err", "sb err", "cpu rat");
  std::vector<double> mb_cpu, sb_cpu;
  for (int n : o.ns) {
    std::vector<double> mc, mw, sc, sw;
    BenchRun m, s;
    for (int r = 0; r < o.repeats; ++r) {
      m = run_mbsolve(bench, n, o.tol, o);
      s = run_peer(bench, n, o.sb_acc, o.angle);
      mc.push_back(m.cpu_s);
      mw.push_back(m.setup_s + m.solve_s);
      sc.push_back(s.cpu_s);
      sw.push_back(s.solve_s);
    }
    const BenchRun ref = o.ref_tol > 0 ? run_mbsolve(bench, n, o.ref_tol, o)
                                       : run_peer(bench, n, o.ref_acc, o.angle);
    mb_cpu.push_back(median(mc));
    sb_cpu.push_back(median(sc));
    fmt::print(
        "{:>5} | {:>8.3f}s {:>8.3f}s {:>7} {:>9} | {:>8.3f}s {:>8.3f}s {:>7} {:>9} | {:>9.2e} "
        "{:>9.2e} | {:>7.2f}\n",
        n, mb_cpu.back(), median(mw), m.steps, m.residual_evals, sb_cpu.back(), median(sw), s.steps,
        s.residual_evals, distance(m, ref), distance(s, ref), mb_cpu.back() / sb_cpu.back());
    std::fflush(stdout);
  }
  if (o.ns.size() >= 2) {
    const double decades = std::log10(static_cast<double>(o.ns.back()) / o.ns.front());
    fmt::print("log-log slope of median CPU time, N = {} -> {}: mbsolve {:.3f}, Simbody {:.3f}\n",
               o.ns.front(), o.ns.back(), std::log10(mb_cpu.back() / mb_cpu.front()) / decades,
               std::log10(sb_cpu.back() / sb_cpu.front()) / decades);
  }
  return 0;
}

}  // namespace mb::bench
