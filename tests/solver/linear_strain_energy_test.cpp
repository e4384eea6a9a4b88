// The strain energy distribution of a mode (solver/linear_strain_energy.hpp) against the closed
// form of two springs in series: ground - k1 - m1 - k2 - m2 along z, under gravity (which has no
// share). With lambda = omega^2 a root of m1 m2 lambda^2 - (m1 k2 + m2 (k1 + k2)) lambda + k1 k2
// and the mode (1, r), r = k2 / (k2 - lambda m2), the springs hold k1 / 2 and k2 (r - 1)^2 / 2.

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/quarter_car_deck.hpp"

using namespace mb;

TEST_CASE("strain energy distribution: two springs in series against the closed form") {
  constexpr double m1 = 40, m2 = 300, k1 = 2e5, k2 = 2e4;
  const test::InlineRun run = test::run_inline(test::quarter_car(
      "0", R"(<Simulate analysis_type="Static"/><Simulate analysis_type="Linear"/>)",
      R"(<Force_Gravity grav_z="-9.80665"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  const auto& modes = run.report.linear[0].modes;
  REQUIRE(modes.size() == 2);
  const double a = m1 * m2, b = -(m1 * k2 + m2 * (k1 + k2)), c = k1 * k2;
  const double disc = std::sqrt(b * b - 4 * a * c);
  const double lambdas[2] = {(-b - disc) / (2 * a), (-b + disc) / (2 * a)};
  for (size_t k = 0; k < 2; ++k) {
    const double r = k2 / (k2 - lambdas[k] * m2);
    const double e1 = k1, e2 = k2 * (r - 1) * (r - 1);
    INFO("mode " << k + 1);
    CHECK(std::abs(std::imag(modes[k].eigenvalue) - std::sqrt(lambdas[k])) < 1e-8);
    REQUIRE(modes[k].elements.size() == 2);
    CHECK(modes[k].elements[0].subject == "Force_SpringDamper 3");  // k2, between the bodies
    CHECK(modes[k].elements[1].subject == "Force_SpringDamper 4");  // k1, to ground
    CHECK(std::abs(modes[k].elements[0].strain_energy_share - e2 / (e1 + e2)) < 1e-10);
    CHECK(std::abs(modes[k].elements[1].strain_energy_share - e1 / (e1 + e2)) < 1e-10);
  }
  // The first mode (the sprung mass bouncing) strains mostly the upper spring, the second
  // (the unsprung mass hopping) mostly the lower one.
  CHECK(modes[0].elements[0].strain_energy_share > 0.9);
  CHECK(modes[1].elements[1].strain_energy_share > 0.9);
}

TEST_CASE("strain energy distribution: a bushing and a field in parallel with the tyre spring") {
  // The quarter car with a Force_Bushing (kz = k3) and a Force_Field (k33 = k4) also between
  // the unsprung mass and the ground: the lower stiffness is k1 + k3 + k4, and the lower
  // elements share its strain energy k1 : k3 : k4 (their displacement is the same).
  constexpr double m1 = 40, m2 = 300, k1 = 2e5, k2 = 2e4, k3 = 1e5, k4 = 5e4;
  const test::InlineRun run = test::run_inline(test::quarter_car(
      "0", R"(<Simulate analysis_type="Static"/><Simulate analysis_type="Linear"/>)",
      R"(<Force_Gravity grav_z="-9.80665"/>
         <Force_Bushing id="5" i_marker_id="30" j_marker_id="10" kz="1e5"/>
         <Force_Field id="6" i_marker_id="30" j_marker_id="10" k33="5e4" length_z="0.3"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  const auto& modes = run.report.linear[0].modes;
  REQUIRE(modes.size() == 2);
  const double kl = k1 + k3 + k4;
  const double a = m1 * m2, b = -(m1 * k2 + m2 * (kl + k2)), c = kl * k2;
  const double disc = std::sqrt(b * b - 4 * a * c);
  const double lambdas[2] = {(-b - disc) / (2 * a), (-b + disc) / (2 * a)};
  for (size_t k = 0; k < 2; ++k) {
    const double r = k2 / (k2 - lambdas[k] * m2);
    const double upper = k2 * (r - 1) * (r - 1), total = kl + upper;
    INFO("mode " << k + 1);
    CHECK(std::abs(std::imag(modes[k].eigenvalue) - std::sqrt(lambdas[k])) < 1e-8);
    REQUIRE(modes[k].elements.size() == 4);
    const double expected[4] = {upper / total, k1 / total, k3 / total, k4 / total};
    const char* subjects[4] = {"Force_SpringDamper 3", "Force_SpringDamper 4", "Force_Bushing 5",
                               "Force_Field 6"};
    for (size_t e = 0; e < 4; ++e) {
      INFO(subjects[e]);
      CHECK(modes[k].elements[e].subject == subjects[e]);
      CHECK(std::abs(modes[k].elements[e].strain_energy_share - expected[e]) < 1e-10);
    }
  }
}
