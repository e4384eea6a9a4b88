// The contact examples (examples/bistop_slider.xml: BISTOP bumpers; examples/impact_ball.xml:
// IMPACT ground contact) run as shipped, sampled finely, against the energy argument of the
// contact law (its definition in the MotionSolve function reference): the contact force is
// k p^e plus a damping force that never pulls, so
//   * between contacts the free energy (kinetic + gravitational) is constant,
//   * the free energy + the contact's elastic energy k p^(e+1) / (e+1) + the energy dissipated by
//     its damper (time integral of the law's non-elastic power) is constant all along,
//   * the largest penetration of a contact never exceeds the static estimate: the p at which the
//     elastic energy equals the kinetic energy at entry plus the work of gravity over p,
//   * energy is lost in every contact.

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "tests/models/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

std::string example(const std::string& name, const std::string& print_interval) {
  std::ifstream in(std::string(MBSOLVE_SOURCE_DIR) + "/examples/" + name);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string xml = ss.str();
  const std::string from = R"(print_interval="0.001")";
  REQUIRE(xml.find(from) != std::string::npos);
  xml.replace(xml.find(from), from.size(), "print_interval=\"" + print_interval + "\"");
  return xml;
}

/// STEP(x, x0, h0, x1, h1) (cubic), as the function reference defines it.
double step(double x, double x0, double h0, double x1, double h1) {
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double s = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * s * s * (3 - 2 * s);
}

/// One side of a contact law along a coordinate x: penetration p(x) >= 0, the outward direction
/// (+1: the force pushes x up), and the damping ramp.
struct Bumper {
  double x0;   ///< contact surface
  double dir;  ///< +1: contact for x < x0 (force +); -1: contact for x > x0 (force -)
  double k, e, cmax, d;
  double penetration(double x) const { return std::max(0.0, dir * (x0 - x)); }
  double damping(double x) const {
    return dir > 0 ? step(x, x0 - d, cmax, x0, 0) : step(x, x0, 0, x0 + d, cmax);
  }
  /// The law's force along x.
  double force(double x, double v) const {
    const double p = penetration(x);
    if (p <= 0) return 0;
    const double f = dir * k * std::pow(p, e) - damping(x) * v;
    return dir > 0 ? std::max(f, 0.0) : std::min(f, 0.0);
  }
  double elastic_energy(double x) const { return k * std::pow(penetration(x), e + 1) / (e + 1); }
  /// Power taken by the damping part: -(F v) - d/dt(elastic energy).
  double dissipated_power(double x, double v) const {
    const double p = penetration(x);
    if (p <= 0) return 0;
    return -force(x, v) * v + dir * k * std::pow(p, e) * v;
  }
};

struct ContactCheck {
  double worst_balance = 0;      ///< max |E(t) - E(0)| / E(0), elastic and damped energy included
  double worst_free_drift = 0;   ///< max change of the free energy within a free phase / E(0)
  double worst_bound_ratio = 0;  ///< max over contacts of (largest penetration / static estimate)
  double min_bound_ratio = 1e9;
  int contacts = 0;
  double min_loss = 1e9;  ///< smallest free-energy loss over a contact / E(0)
};

/// Samples of body 1's coordinate `axis`; `free_energy(s)`: kinetic + gravitational energy at
/// sample s; `potential(x)`: the gravitational part at coordinate x (0 when gravity is across the
/// motion).
ContactCheck check_contacts(const InlineRun& run, const std::vector<Bumper>& bumpers, int axis,
                            const std::function<double(size_t)>& free_energy,
                            const std::function<double(double)>& potential) {
  const size_t n = run.t.size();
  std::vector<double> x(n), v(n), power(n), free(n);
  for (size_t s = 0; s < n; ++s) {
    const Pose p = body_pose(*run.sys, 1, run.y[s]);
    x[s] = p.r(axis);
    v[s] = p.v(axis);
    free[s] = free_energy(s);
    for (const Bumper& b : bumpers) power[s] += b.dissipated_power(x[s], v[s]);
  }
  auto elastic = [&](size_t s) {
    double e = 0;
    for (const Bumper& b : bumpers) e += b.elastic_energy(x[s]);
    return e;
  };
  ContactCheck c;
  const double e0 = free[0] + elastic(0);
  std::vector<double> phase_energy = {free[0]};  // free energy of each free phase
  double dissipated = 0, max_p = 0;
  const Bumper* in_contact = nullptr;
  for (size_t s = 0; s < n; ++s) {
    if (s > 0) dissipated += 0.5 * (power[s] + power[s - 1]) * (run.t[s] - run.t[s - 1]);
    c.worst_balance =
        std::max(c.worst_balance, std::abs(free[s] + elastic(s) + dissipated - e0) / e0);
    const Bumper* now = nullptr;
    for (const Bumper& b : bumpers) {
      if (b.penetration(x[s]) > 0) now = &b;
    }
    if (now && !in_contact) {
      max_p = 0;
      ++c.contacts;
    }
    if (now) max_p = std::max(max_p, now->penetration(x[s]));
    if (!now && in_contact) {
      // The static estimate: k p^(e+1)/(e+1) = KE at the surface + the work of gravity over p.
      const Bumper& b = *in_contact;
      const double ke = phase_energy.back() - potential(b.x0);
      double lo = 0, hi = 1;
      for (int it = 0; it < 200; ++it) {
        const double mid = 0.5 * (lo + hi);
        const double work = potential(b.x0) - potential(b.x0 - b.dir * mid);
        (b.k * std::pow(mid, b.e + 1) / (b.e + 1) - work - ke > 0 ? hi : lo) = mid;
      }
      c.worst_bound_ratio = std::max(c.worst_bound_ratio, max_p / hi);
      c.min_bound_ratio = std::min(c.min_bound_ratio, max_p / hi);
      c.min_loss = std::min(c.min_loss, (phase_energy.back() - free[s]) / e0);
      phase_energy.push_back(free[s]);
    }
    if (!now) {
      c.worst_free_drift =
          std::max(c.worst_free_drift, std::abs(free[s] - phase_energy.back()) / e0);
    }
    in_contact = now;
  }
  return c;
}

}  // namespace

TEST_CASE("examples/bistop_slider.xml: bounded penetration, energy lost only in contact") {
  const InlineRun run = run_inline(example("bistop_slider.xml", "2.5e-5"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double k = 1e7, e = 2.1, cmax = 1, d = 0.001;
  const std::vector<Bumper> bumpers = {{0.5, +1, k, e, cmax, d}, {9.5, -1, k, e, cmax, d}};
  const double m = run.model->bodies[1].mass;
  const ContactCheck c = check_contacts(
      run, bumpers, 0, [&](size_t s) { return kinetic_energy(*run.sys, run.y[s]); },
      [](double) { return 0.0; });
  INFO("contacts " << c.contacts << ", balance " << c.worst_balance << ", free drift "
                   << c.worst_free_drift << ", penetration / estimate " << c.min_bound_ratio
                   << " .. " << c.worst_bound_ratio << ", min loss " << c.min_loss << ", mass "
                   << m);
  CHECK(c.contacts == 2);
  CHECK(c.worst_bound_ratio <= 1.0);
  CHECK(c.min_bound_ratio > 0.98);  // the damper is light: the estimate is nearly reached
  CHECK(c.worst_free_drift < 1e-7);
  CHECK(c.min_loss > 1e-3);
  CHECK(c.worst_balance < 1e-5);
}

TEST_CASE("examples/impact_ball.xml: bounded penetration, energy lost only in contact") {
  const InlineRun run = run_inline(example("impact_ball.xml", "2.5e-5"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const std::vector<Bumper> bumpers = {{0.1, +1, 1e6, 1.5, 20, 0.005}};
  const double m = run.model->bodies[1].mass, g = 9.80665;
  const ContactCheck c = check_contacts(
      run, bumpers, 2,
      [&](size_t s) {
        return kinetic_energy(*run.sys, run.y[s]) + m * g * body_pose(*run.sys, 1, run.y[s]).r.z();
      },
      [&](double z) { return m * g * z; });
  INFO("contacts " << c.contacts << ", balance " << c.worst_balance << ", free drift "
                   << c.worst_free_drift << ", penetration / estimate " << c.min_bound_ratio
                   << " .. " << c.worst_bound_ratio << ", min loss " << c.min_loss);
  CHECK(c.contacts >= 3);
  CHECK(c.worst_bound_ratio <= 1.0);
  CHECK(c.worst_free_drift < 1e-7);
  CHECK(c.min_loss > 1e-2);
  CHECK(c.worst_balance < 1e-5);
}
