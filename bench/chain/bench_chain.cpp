// bench_chain: an N-link revolute pendulum chain (chain_geometry.hpp) in mbsolve and in Simbody,
// N = 10, 100, 1000, in the same run. For each N: wall time, integrator steps and residual
// evaluations per simulated second of both, the tip position of both and their difference, and
// the time ratio mbsolve / Simbody. Then the log-log slope of wall time against N between 100 and
// 1000 (goal: at most 1.2) for both. Times are wall and process CPU time: on a shared, loaded
// machine the wall times measure the load more than the solvers, so the CPU-time ratio and
// slope are printed too.
//
// mbsolve: the deck is generated in memory; timed are read + build_model + System ("setup") and
// run_analyses ("solve"). INTEGRATOR (default ABAM: CVODE Adams in joint coordinates, the chain
// being a tree of revolute joints, solver/tree/; GSTIFF: IDA + KLU on the Cartesian DAE) at
// integr_tol TOL. Simbody: simbody_chain (its own program, linked to Simbody), Runge-Kutta-Merson
// at accuracy SB_ACC, timed from system construction. The defaults give comparable accuracy: for
// N = 10 and 100 both tips are compared with a tight reference (Simbody at 1e-11) and printed
// (README.md).
// Usage: bench_chain [TOL] [SB_ACC] [NMAX] [INTEGRATOR]   (defaults 1e-6, 1e-5, 1000, ABAM)
//        bench_chain --write-deck N FILE   (writes the N-link deck, GSTIFF at integr_tol 1e-6,
//        e.g. for profiling mbsolve on it; --set Param_Transient.integrator_type=ABAM for ABAM)

#include <fmt/format.h>

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
std::string chain_deck(int n, double tol, const std::string& integrator) {
  const double dx = release_dx(), dy = release_dy();
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
  s +=
      fmt::format("<Param_Transient integrator_type=\"{}\" integr_tol=\"{}\"/>\n", integrator, tol);
  s += fmt::format(
      "</Model>\n<Command>\n<Simulate analysis_type=\"Transient\" end_time=\"{}\" "
      "print_interval=\"0.01\"/>\n</Command>\n</MotionSolve>\n",
      kSimulatedTime);
  return s;
}

class LastState : public mb::AnalysisObserver {
 public:
  void output(double, const mb::System&, const std::vector<double>& y,
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

Run run_mbsolve(int n, double tol, const std::string& integrator) {
  const std::string xml = chain_deck(n, tol, integrator);
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

Run run_simbody(int n, double accuracy) {
  const std::string cmd = fmt::format("'{}' {} {}", SIMBODY_CHAIN_PATH, n, accuracy);
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

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--write-deck") {
    std::FILE* f = std::fopen(argv[3], "w");
    if (!f) return 1;
    std::fputs(chain_deck(std::atoi(argv[2]), 1e-6, "GSTIFF").c_str(), f);
    return std::fclose(f) == 0 ? 0 : 1;
  }
  const double tol = argc > 1 ? std::atof(argv[1]) : 1e-6;
  const double sb_acc = argc > 2 ? std::atof(argv[2]) : 1e-5;
  const int nmax = argc > 3 ? std::atoi(argv[3]) : 1000;
  const std::string integrator = argc > 4 ? argv[4] : "ABAM";
  fmt::print(
      "chain of N links, {} s simulated; mbsolve {} integr_tol {}, Simbody RK-Merson "
      "accuracy {}\n",
      kSimulatedTime, integrator, tol, sb_acc);
  fmt::print(
      "{:>5} | {:>9} {:>9} {:>9} {:>7} {:>10} | {:>9} {:>9} {:>7} {:>10} | {:>9} | {:>7} {:>7}\n",
      "N", "mb setup", "mb solve", "mb cpu", "steps", "res/s", "sb wall", "sb cpu", "steps",
      "realiz/s", "|tip diff|", "ratio", "cpu rat");
  std::vector<int> ns;
  for (int n = 10; n <= nmax; n *= 10) ns.push_back(n);
  std::vector<Run> mbs, sbs;
  for (int n : ns) {
    const Run m = run_mbsolve(n, tol, integrator);
    const Run s = run_simbody(n, sb_acc);
    mbs.push_back(m);
    sbs.push_back(s);
    fmt::print(
        "{:>5} | {:>8.3f}s {:>8.3f}s {:>8.3f}s {:>7} {:>10.0f} | {:>8.3f}s {:>8.3f}s {:>7} "
        "{:>10.0f} | {:>9.2e} | {:>7.2f} {:>7.2f}\n",
        n, m.setup_s, m.solve_s, m.cpu_s, m.steps,
        static_cast<double>(m.residual_evals) / kSimulatedTime, s.solve_s, s.cpu_s, s.steps,
        static_cast<double>(s.residual_evals) / kSimulatedTime,
        std::hypot(m.tip_x - s.tip_x, m.tip_y - s.tip_y), (m.setup_s + m.solve_s) / s.solve_s,
        m.cpu_s / s.cpu_s);
    std::fflush(stdout);
  }
  fmt::print(
      "ratio = mbsolve (setup + solve) / Simbody wall time, cpu rat = the same for CPU time; "
      "below 1 means mbsolve is faster\n");
  for (size_t i = 0; i < ns.size() && ns[i] <= 100; ++i) {
    const Run ref = run_simbody(ns[i], 1e-11);
    fmt::print("N = {}: tip error against Simbody at 1e-11: mbsolve {:.2e} m, Simbody {:.2e} m\n",
               ns[i], std::hypot(mbs[i].tip_x - ref.tip_x, mbs[i].tip_y - ref.tip_y),
               std::hypot(sbs[i].tip_x - ref.tip_x, sbs[i].tip_y - ref.tip_y));
  }
  if (ns.size() >= 3) {
    const auto slope = [](double a, double b) { return std::log10(b / a); };
    fmt::print(
        "log-log slope of wall time vs N, 100 -> 1000: mbsolve {:.2f} (solve only {:.2f}), "
        "Simbody {:.2f}; of CPU time: mbsolve {:.2f}, Simbody {:.2f}\n",
        slope(mbs[1].setup_s + mbs[1].solve_s, mbs[2].setup_s + mbs[2].solve_s),
        slope(mbs[1].solve_s, mbs[2].solve_s), slope(sbs[1].solve_s, sbs[2].solve_s),
        slope(mbs[1].cpu_s, mbs[2].cpu_s), slope(sbs[1].cpu_s, sbs[2].cpu_s));
  }
  return 0;
}
