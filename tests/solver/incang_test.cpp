// INCANG(I, J, K) (solver/measures.hpp): the angle between the lines J-I and J-K, in a request,
// a VARIABLE, a force expression and a general constraint. Oracles: a crank turning at a
// constant rate (the angle is theta0 + w t, closed form), the motion of a slider pushed by a
// force proportional to that angle (integrated by hand), and finite differences of the residual
// for the Jacobian.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

constexpr double kTheta0 = 0.3, kRate = 1.1;

/// A crank (PART/3) turning about global z at the origin; marker 31 on it at unit distance,
/// at angle kTheta0 from ground marker 11 (at x = 1). The crank is driven either by a MOTION
/// (theta = kTheta0 + kRate t) or by a GCON that asks INCANG(31, 10, 11) to be that angle.
/// A slider PART/2 (mass 2) on global x is pushed by VFORCE FX = 2 INCANG(31, 10, 11).
std::string crank(bool by_gcon) {
  const std::string drive =
      by_gcon
          ? fmt::format("GCON/1, I=32, FUNCTION = INCANG(31, 10, 11) - {} - {}*TIME\n", kTheta0,
                        kRate)
          : fmt::format("MOTION/1, JOINT=2, ROTATIONAL, FUNCTION = {} + {}*TIME\n", kTheta0, kRate);
  return fmt::format(R"ADM(crank
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, QP=1, 0, 0
MARKER/12, PART=1, REULER=90D, 90D, 0
MARKER/13, PART=1
PART/2, MASS=2, CM=20, IP=1, 1, 1
MARKER/20, PART=2, REULER=90D, 90D, 0
MARKER/21, PART=2
JOINT/1, TRANSLATIONAL, I=20, J=12
PART/3, MASS=1, CM=30, IP=1, 1, 1
MARKER/30, PART=3, QP={c2}, {s2}, 0
MARKER/31, PART=3, QP={c}, {s}, 0
MARKER/32, PART=3, REULER={th}, 0, 0
JOINT/2, REVOLUTE, I=32, J=13
{drive}VFORCE/1, I=21, JFLOAT=13, RM=13, FX = 2*INCANG(31, 10, 11), FY = 0, FZ = 0
VARIABLE/1, FUNCTION = INCANG(31, 10, 11)
REQUEST/7, F2 = INCANG(31, 10, 11), F3 = VARVAL(1), F4 = DX(20, 10), F5 = AZ(32, 13)
, F6 = INCANG(11, 10, 31)
INTEGRATOR/GSTIFF, ERROR=1E-9
END
)ADM",
                     fmt::arg("c", std::cos(kTheta0)), fmt::arg("s", std::sin(kTheta0)),
                     fmt::arg("c2", 0.5 * std::cos(kTheta0)),
                     fmt::arg("s2", 0.5 * std::sin(kTheta0)), fmt::arg("th", kTheta0),
                     fmt::arg("drive", drive));
}

}  // namespace

TEST_CASE("INCANG of a crank turning at a constant rate is theta0 + w t everywhere") {
  const bool by_gcon = GENERATE(false, true);
  INFO((by_gcon ? "driven by GCON on INCANG" : "driven by MOTION"));
  // theta stays inside (0, pi) up to t = 2.4: 0.3 + 1.1 * 2.4 = 2.94.
  const auto run = test::run_adm(by_gcon ? "incang_gcon" : "incang_motion", crank(by_gcon),
                                 "SIMULATE/DYNAMIC, END=2.4, STEPS=24\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 25);
  const auto values = test::request_values(run);
  auto channel = [&](std::string_view column, size_t k) {
    return values[k][test::request_column(run, column)];
  };
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], theta = kTheta0 + kRate * t;
    INFO("t = " << t);
    CHECK(channel("req7.f2", k) == Approx(theta).margin(1e-8));
    CHECK(channel("req7.f3", k) == Approx(theta).margin(1e-8));
    CHECK(channel("req7.f6", k) == Approx(theta).margin(1e-8));  // symmetric in I, K
    CHECK(std::remainder(channel("req7.f5", k) - theta, 2 * M_PI) == Approx(0).margin(1e-7));
    // x'' = F / m = theta0 + w t from rest at x = 0.
    const double x = kTheta0 * t * t / 2 + kRate * t * t * t / 6;
    CHECK(channel("req7.f4", k) == Approx(x).margin(1e-6));
  }
}

TEST_CASE("INCANG's derivatives in the Jacobian agree with finite differences") {
  const bool by_gcon = GENERATE(false, true);
  INFO((by_gcon ? "GCON on INCANG" : "VFORCE on INCANG"));
  Diagnostics diag;
  const auto path = std::filesystem::temp_directory_path() / "mbsolve_test_incang_jac.adm";
  std::ofstream(path) << crank(by_gcon);
  const Deck deck = read_acf_text(path.string() + "\nout\nSIMULATE/DYNAMIC, END=1, STEPS=1\nSTOP\n",
                                  "incang_jac.acf", diag);
  auto model = build_model(deck, diag);
  std::filesystem::remove(path);
  REQUIRE(model);
  REQUIRE(!diag.has_errors());
  const System sys(*model);
  const auto check = test::check_jacobian_off_initial_state(sys, 0.7, 13.0, 1e-6);
  INFO(check.where);
  CHECK(check.worst < 1e-6);
}
