// bench_chain: an N-link revolute pendulum chain (chain_geometry.hpp) in mbsolve and in Simbody,
// in the same run, for N in a list (default 100, 300, 1000, 3000), each N run REPEATS times with
// mbsolve and Simbody interleaved (mbsolve, Simbody, mbsolve, ...). Per N: the median process CPU
// time of each (and the median wall time), integrator steps and right-hand side evaluations
// (realizations for Simbody), the tip error of each against a tight reference (Simbody at
// REF_ACC), and the CPU ratio mbsolve / Simbody. Then the log-log slope of the median CPU time
// against N from the first to the last N, for both. On a shared machine the wall times measure
// the load more than the solvers; the CPU medians are what the README reports.
//
// mbsolve: the deck is generated in memory; timed are read + build_model + System and
// run_analyses (no result files). The deck names no integrator unless --integrator is given:
// the default (solver/default_transient.hpp) picks the form itself (joint coordinates on
// explicit Runge-Kutta for this tree). Simbody: simbody_chain (its own program, linked to
// Simbody), Runge-Kutta-Merson at accuracy SB_ACC, timed from system construction.
// Usage: bench_chain [--angle RAD] [--tol TOL] [--sb-acc SB_ACC] [--ref-acc REF_ACC]
//                    [--ns N1,N2,...] [--repeats R] [--integrator NAME]
//        (defaults: 45 degrees, integr_tol 1e-6, 1e-5, 1e-10, 100,300,1000,3000, 5, none named)
//        bench_chain --write-deck N FILE [ANGLE]   (writes the N-link deck, no integrator named,
//        integr_tol 1e-6, e.g. for profiling mbsolve on it)

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bench/chain/chain_geometry.hpp"
#include "models/model_builder.hpp"
#include "parser/xml_reader.hpp"
#include "solver/analysis_runner.hpp"
#include "solver/system.hpp"

using namespace mb::bench;

namespace {

/// Markers per link k (1-based): CM 3k, pin 3k+1 (I of joint k), end 3k+2 (J of joint k+1).
/// `integrator` empty: none named (the default form).
std::string chain_deck(int n, double tol, const std::string& integrator, double angle) {
  const double dx = release_dx(angle), dy = release_dy(angle);
  const double psi = std::atan2(dy, dx);  // CM marker x axis along the link
  std::string s;
  s.reserve(static_cast<size_t>(n) * 700);
  s += "<?xml version=\"1.0\"?>\n<MotionSolve>\n<Model>\n";
  s += fmt::format("<Force_Gravity grav_x=\"0\" grav_y=\"{}\" grav_z=\"0\"/>\n", -kGravity);
  s += "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n<Reference_Marker id=\"2\" body_id=\"1\"/>\n";
  for (int k = 1; k <= n; ++k) {
    const double a = (k - 1) * kLinkLength, c = a + kLinkLength / 2, b = a + kLinkLength;
    s += fmt::format(
        "<Body_Rigid id=\"{0}\" cg_id=\"{1}\" mass=\"{2}\" inertia_xx=\"{3}\" inertia_yy=\"{4}\" "
        "inertia_zz=\"{4}\"/>\n",
        k + 1, 3 * k, kLinkMass, kLinkAxialInertia, kLinkTransverseInertia);
    s += fmt::format(
        "<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{:.17g}\" pos_y=\"{:.17g}\" "
        "psi=\"{:.17g}\"/>\n",
        3 * k, k + 1, c * dx, c * dy, psi);
    s += fmt::format(
        "<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{:.17g}\" pos_y=\"{:.17g}\"/>\n",
        3 * k + 1, k + 1, a * dx, a * dy);
    s += fmt::format(
        "<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{:.17g}\" pos_y=\"{:.17g}\"/>\n",
        3 * k + 2, k + 1, b * dx, b * dy);
    s += fmt::format(
        "<Constraint_Joint id=\"{}\" type=\"REVOLUTE\" i_marker_id=\"{}\" j_marker_id=\"{}\"/>\n",
        k, 3 * k + 1, k == 1 ? 2 : 3 * (k - 1) + 2);
  }
  const std::string named =
      integrator.empty() ? "" : fmt::format(" integrator_type=\"{}\"", integrator);
  s += fmt::format("<Param_Transient{} integr_tol=\"{}\"/>\n", named, tol);
  s += fmt::format(
      "</Model>\n<Command>\n<Simulate analysis_type=\"Transient\" end_time=\"{}\" "
      "print_interval=\"0.01\"/>\n</Command>\n</MotionSolve>\n",
      kSimulatedTime);
  return s;
}

class LastState : public mb::AnalysisObserver {
 public:
  void output(double, const mb::System&, mb::Workspace&, const std::vector<double>& y,
              const std::vector<double>&) override {
    last = y;
  }
  void log(const std::string&) override {}
  std::vector<double> last;
};

struct Run {
  double setup_s = 0, solve_s = 0;
  double cpu_s = 0;  ///< process CPU time of setup + solve
  long steps = 0, residual_evals = 0;
  double tip_x = 0, tip_y = 0;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double cpu_seconds_since(std::clock_t c0) {
  return static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
}

Run run_mbsolve(int n, double tol, const std::string& integrator, double angle) {
  const std::string xml = chain_deck(n, tol, integrator, angle);
  Run r;
  const std::clock_t c0 = std::clock();
  auto t0 = std::chrono::steady_clock::now();
  mb::Diagnostics diag;
  mb::Deck deck = mb::read_xml_deck_text(xml, "chain.xml", diag);
  auto model = mb::build_model(deck, diag);
  if (!model || diag.has_errors()) {
    for (const auto& d : diag.all()) fmt::print(stderr, "{}\n", d.str());
    std::exit(1);
  }
  mb::System sys(*model);
  r.setup_s = seconds_since(t0);
  LastState obs;
  t0 = std::chrono::steady_clock::now();
  const mb::RunReport rep = mb::run_analyses(sys, obs);
  r.solve_s = seconds_since(t0);
  r.cpu_s = cpu_seconds_since(c0);
  if (rep.code != mb::ExitCode::kSuccess) {
    fmt::print(stderr, "bench_chain: mbsolve failed for N = {}: {}\n", n, rep.message);
    std::exit(1);
  }
  r.steps = rep.stats.steps;
  r.residual_evals = rep.stats.residual_evals;
  // Tip = end marker of the last link.
  const mb::Marker& mk = model->markers[model->marker_index.at(3 * n + 2)];
  const int o = sys.body_offset(mk.body);
  const auto& y = obs.last;
  const mb::Mat3 A =
      mb::rotation_from_euler_parameters<double>(mb::Vec4(y[o + 3], y[o + 4], y[o + 5], y[o + 6]));
  const mb::Vec3 tip = mb::Vec3(y[o], y[o + 1], y[o + 2]) + A * mk.pos_body;
  r.tip_x = tip.x();
  r.tip_y = tip.y();
  return r;
}

Run run_simbody(int n, double accuracy, double angle) {
  const std::string cmd = fmt::format("'{}' {} {} {:.17g}", SIMBODY_CHAIN_PATH, n, accuracy, angle);
  std::FILE* p = popen(cmd.c_str(), "r");
  Run r;
  int steps = 0, realizations = 0;
  if (!p || std::fscanf(p, "wall_s=%lf cpu_s=%lf steps=%d realizations=%d tip_x=%lf tip_y=%lf",
                        &r.solve_s, &r.cpu_s, &steps, &realizations, &r.tip_x, &r.tip_y) != 6) {
    fmt::print(stderr, "bench_chain: cannot run or read {}\n", cmd);
    std::exit(1);
  }
  pclose(p);
  r.steps = steps;
  r.residual_evals = realizations;
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 4 || argc == 5) && std::string(argv[1]) == "--write-deck") {
    std::FILE* f = std::fopen(argv[3], "w");
    if (!f) return 1;
    const double angle = argc == 5 ? std::atof(argv[4]) : kDefaultReleaseAngle;
    std::fputs(chain_deck(std::atoi(argv[2]), 1e-6, "", angle).c_str(), f);
    return std::fclose(f) == 0 ? 0 : 1;
  }
  double angle = kDefaultReleaseAngle, tol = 1e-6, sb_acc = 1e-5, ref_acc = 1e-10;
  int repeats = 5;
  std::string integrator;
  std::vector<int> ns = {100, 300, 1000, 3000};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--angle") {
      angle = std::atof(value.c_str());
    } else if (key == "--tol") {
      tol = std::atof(value.c_str());
    } else if (key == "--sb-acc") {
      sb_acc = std::atof(value.c_str());
    } else if (key == "--ref-acc") {
      ref_acc = std::atof(value.c_str());
    } else if (key == "--repeats") {
      repeats = std::max(1, std::atoi(value.c_str()));
    } else if (key == "--integrator") {
      integrator = value;
    } else if (key == "--ns") {
      ns.clear();
      for (size_t p = 0; p < value.size();) {
        const size_t q = std::min(value.find(',', p), value.size());
        ns.push_back(std::atoi(value.substr(p, q - p).c_str()));
        p = q + 1;
      }
    } else {
      fmt::print(stderr, "bench_chain: unknown option {} (see the header of bench_chain.cpp)\n",
                 key);
      return 2;
    }
  }
  fmt::print(
      "chain of N links released {:.4g} rad from the vertical, {} s simulated; mbsolve {} "
      "integr_tol {}, Simbody RK-Merson accuracy {}; median of {} interleaved runs; tip errors "
      "against Simbody at {}\n",
      angle, kSimulatedTime, integrator.empty() ? "default (no integrator named)" : integrator, tol,
      sb_acc, repeats, ref_acc);
  fmt::print("{:>5} | {:>9} {:>9} {:>7} {:>9} | {:>9} {:>9} {:>7} {:>9} | {:>9} {:>9} | {:>7}\n",
             "N", "mb cpu", "mb wall", "steps", "rhs", "sb cpu", "sb wall", "steps", "realiz",
             "mb tip err", "sb tip err", "cpu rat");
  std::vector<double> mb_cpu, sb_cpu;
  for (int n : ns) {
    std::vector<double> mc, mw, sc, sw;
    Run m, s;
    for (int r = 0; r < repeats; ++r) {
      m = run_mbsolve(n, tol, integrator, angle);
      s = run_simbody(n, sb_acc, angle);
      mc.push_back(m.cpu_s);
      mw.push_back(m.setup_s + m.solve_s);
      sc.push_back(s.cpu_s);
      sw.push_back(s.solve_s);
    }
    const Run ref = run_simbody(n, ref_acc, angle);
    mb_cpu.push_back(median(mc));
    sb_cpu.push_back(median(sc));
    fmt::print(
        "{:>5} | {:>8.3f}s {:>8.3f}s {:>7} {:>9} | {:>8.3f}s {:>8.3f}s {:>7} {:>9} | {:>9.2e} "
        "{:>9.2e} | {:>7.2f}\n",
        n, mb_cpu.back(), median(mw), m.steps, m.residual_evals, sb_cpu.back(), median(sw), s.steps,
        s.residual_evals, std::hypot(m.tip_x - ref.tip_x, m.tip_y - ref.tip_y),
        std::hypot(s.tip_x - ref.tip_x, s.tip_y - ref.tip_y), mb_cpu.back() / sb_cpu.back());
    std::fflush(stdout);
  }
  if (ns.size() >= 2) {
    const double decades = std::log10(static_cast<double>(ns.back()) / ns.front());
    fmt::print("log-log slope of median CPU time, N = {} -> {}: mbsolve {:.3f}, Simbody {:.3f}\n",
               ns.front(), ns.back(), std::log10(mb_cpu.back() / mb_cpu.front()) / decades,
               std::log10(sb_cpu.back() / sb_cpu.front()) / decades);
  }
  return 0;
}
