// Body_Beam against independent oracles: the segments carry the beam's mass rho A L, and a
// cantilever's first bending frequency matches Euler-Bernoulli theory
// 1.875^2 sqrt(E I / (rho A L^4)) / (2 pi) within 1% for N = 10 segments.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/models/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

/// A steel cantilever along ground x from marker 10, loaded by gravity along -y from rest.
std::string cantilever(int n, const std::string& section) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="1"/>
    <Body_Beam id="5" j_marker_id="10" i_marker_id="11" free_end="TRUE" num_segments="{}"
        e="2.1e11" g="8e10" density="7800" cratio="1e-4" {}/>
    <Param_Transient integr_tol="1e-6"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.4" print_interval="0.0002"/>
  </Command></MotionSolve>)XML",
                     n, section);
}

/// Replaces the one occurrence of `from` in `text`.
void replace_once(std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("body beam: segments carry the beam's mass and the section inertia") {
  const auto m = model_from(cantilever(10, R"(diameter="0.02")"));
  const double area = std::numbers::pi * 0.02 * 0.02 / 4, rho = 7800, l = 0.1;
  double mass = 0;
  int segments = 0;
  for (const auto& b : m->bodies) {
    if (b.ground) continue;
    ++segments;
    mass += b.mass;
    const double seg = rho * area * l, ip = std::numbers::pi * std::pow(0.02, 4) / 64;
    CHECK(std::abs(b.inertia_cm(0, 0) - rho * 2 * ip * l) < 1e-15);
    CHECK(std::abs(b.inertia_cm(1, 1) - (rho * ip * l + seg * l * l / 12)) < 1e-15);
  }
  CHECK(segments == 10);
  CHECK(std::abs(mass - rho * area * 1.0) < 1e-12);
  CHECK(m->body_index.count(5010) == 1);
}

TEST_CASE("body beam: cantilever first bending frequency matches Euler-Bernoulli") {
  // Section 0.02 (y) x 0.01 (z): bending in the x-y plane uses izz = wz wy^3 / 12.
  const double E = 2.1e11, rho = 7800, wy = 0.02, wz = 0.01, L = 1;
  const double izz = wz * wy * wy * wy / 12, area = wy * wz;
  const double f1 = 1.875104 * 1.875104 * std::sqrt(E * izz / (rho * area * std::pow(L, 4))) /
                    (2 * std::numbers::pi);
  const InlineRun run = run_inline(cantilever(10, R"(width_y="0.02" width_z="0.01")"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const int tip = run.model->body_index.at(5010);
  std::vector<double> y;
  for (const auto& row : run.y) y.push_back(body_pose(*run.sys, tip, row).r.y());
  double mean = 0;
  for (double v : y) mean += v / static_cast<double>(y.size());
  // Upward crossings of the mean, linearly interpolated.
  std::vector<double> up;
  for (size_t s = 1; s < y.size(); ++s) {
    if (y[s - 1] < mean && y[s] >= mean) {
      up.push_back(run.t[s - 1] +
                   (mean - y[s - 1]) / (y[s] - y[s - 1]) * (run.t[s] - run.t[s - 1]));
    }
  }
  REQUIRE(up.size() >= 6);
  const double f = static_cast<double>(up.size() - 1) / (up.back() - up.front());
  INFO("measured " << f << " Hz, theory " << f1 << " Hz");
  CHECK(std::abs(f - f1) < 0.01 * f1);
}

TEST_CASE("body beam: cantilever statics converge in a few Newton steps at any segment count") {
  // Self-weight sag of the steel cantilever (no shear flexibility: asy = asz = 0). Closed form:
  // Euler-Bernoulli tip deflection q L^4 / (8 E I). The static solve must converge within 5
  // iterations whatever N (it took 19, 23, 36 and 49 at N = 10, 20, 40, 100 when the line search
  // judged steps by |F|^2 alone), and the discretisation error must fall as 1/N^2.
  const double E = 2.1e11, rho = 7800, wy = 0.02, wz = 0.01, L = 1, g = 9.81;
  const double q = rho * wy * wz * g, izz = wz * wy * wy * wy / 12;
  const double exact = q * std::pow(L, 4) / (8 * E * izz);
  std::vector<double> errors;
  for (int n : {10, 20, 40, 100}) {
    std::string deck = cantilever(n, R"(width_y="0.02" width_z="0.01")");
    replace_once(deck, R"(<Param_Transient integr_tol="1e-6"/>)",
                 R"(<Param_Static max_num_iter="5"/>)");
    replace_once(deck, R"(analysis_type="Transient" end_time="0.4" print_interval="0.0002")",
                 R"(analysis_type="Static")");
    const InlineRun run = run_inline(deck);
    INFO("N = " << n << ": " << run.report.message);
    REQUIRE(run.report.code == ExitCode::kSuccess);
    // The tip: the last segment's centre plus half a segment along its axis.
    const Pose tip = body_pose(*run.sys, run.model->body_index.at(5000 + n), run.y.back());
    const double deflection = -(tip.r + tip.A * Vec3(L / n / 2, 0, 0)).y();
    errors.push_back(std::abs(deflection - exact) / exact);
    INFO("tip deflection " << deflection << " m, Euler-Bernoulli " << exact << " m, relative error "
                           << errors.back());
    CHECK(errors.back() < 2.0 / (n * n));
  }
  // 1/N^2: halving the segment length quarters the error (10 -> 20 -> 40), 2.5x shorter 6.25x.
  CHECK(errors[0] / errors[1] == Approx(4.0).epsilon(0.1));
  CHECK(errors[1] / errors[2] == Approx(4.0).epsilon(0.1));
  CHECK(errors[2] / errors[3] == Approx(6.25).epsilon(0.1));
}
