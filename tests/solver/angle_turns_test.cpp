// AX, AY and AZ account for angle wrapping, as Adams and MotionSolve define them: they keep
// counting past +-pi (solver/angle_history.hpp).
//
// Oracle (closed form): a wheel (Izz = 2) on a revolute joint about global z, held by a
// torsion spring whose torque is an expression, T = -8 AZ(I, J), started at the zero angle with
// a spin w0. It is a harmonic oscillator, AZ = (w0 / w) sin(w t) with w = sqrt(8 / 2) = 2. With
// w0 = 2 (2 pi + 1) the wheel swings through more than a whole turn each way: with AZ wrapped
// to (-pi, pi] the spring would push the wrong way beyond half a turn. Run with IDA (GSTIFF: SI2,
// and I3), CVODE (VSTIFF), the joint-coordinate ODE form (ABAM) and the default (no integrator
// named: explicit Runge-Kutta in joint coordinates); the spring about x and y (AX, AY) on wheels
// turned to those axes. MotionSolve's AXU, AYU, AZU read the same.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kOmega = 2.0;
constexpr double kAmplitude = 2 * std::numbers::pi + 1;

/// The wheel spinning about the J marker's `axis` (X, Y or Z): the joint markers' z axes are
/// turned onto that axis of the ground frame; the spring reads A<axis>(21, 11) with marker 11
/// on ground (global axes).
std::string wheel(char axis, const std::string& integrator) {
  // REULER turning z onto global x: (90D, 90D, 0); onto global y: (180D, 90D, 0).
  const std::string joint_axes = axis == 'X'   ? "REULER=90D, 90D, 0"
                                 : axis == 'Y' ? "REULER=180D, 90D, 0"
                                               : "REULER=0, 0, 0";
  const std::string spin = fmt::format("W{}={}", axis, kOmega * kAmplitude);
  return fmt::format(R"ADM(wheel
PART/1, GROUND
MARKER/10, PART=1, {axes}
MARKER/11, PART=1
PART/2, MASS=1, CM=20, IP=2, 2, 2, {spin}
MARKER/20, PART=2
MARKER/21, PART=2, {axes}
MARKER/22, PART=2
JOINT/1, REVOLUTE, I=21, J=10
SFORCE/1, ROTATIONAL, I=21, J=10, FUNCTION = -8*A{axis}(22, 11)
REQUEST/1, F2 = A{axis}(22, 11), F3 = A{axis}U(22, 11)
INTEGRATOR/{integrator}ERROR=1E-8
END
)ADM",
                     fmt::arg("axes", joint_axes), fmt::arg("spin", spin), fmt::arg("axis", axis),
                     fmt::arg("integrator", integrator.empty() ? "" : integrator + ", "));
}

}  // namespace

TEST_CASE("a torsion spring on AZ winds a wheel through more than a turn each way") {
  // "": no integrator named, so the tree runs on the default explicit Runge-Kutta form.
  // GSTIFF, I3 integrates a System of its own form: the requests' tracks, in the index-2 run's
  // Workspace, follow its steps too (IdaIntegrator::also_follow_angles).
  const std::string integrator = GENERATE("GSTIFF", "GSTIFF, I3", "VSTIFF", "ABAM", "");
  const char axis = GENERATE('Z', 'X', 'Y');
  INFO((integrator.empty() ? "default" : integrator) << ", spring about " << axis);
  const auto run = test::run_adm("angle_turns", wheel(axis, integrator),
                                 "SIMULATE/DYNAMIC, END=3.2, STEPS=64\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto values = test::request_values(run);
  const size_t column = test::request_column(run, "req1.f2");
  const size_t unwrapped = test::request_column(run, "req1.f3");  // MotionSolve's AXU..AZU
  double largest = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double exact = kAmplitude * std::sin(kOmega * run.t[k]);
    largest = std::max(largest, std::abs(exact));
    INFO("t = " << run.t[k]);
    CHECK(values[k][column] == Approx(exact).margin(1e-4));
    CHECK(values[k][unwrapped] == values[k][column]);
  }
  CHECK(largest > 2 * std::numbers::pi);  // the run did wind past a whole turn
}

TEST_CASE("a wheel spinning freely at 50 rad/s: AZ counts every turn whatever the step") {
  // Oracle: AZ = w t (no force). The joint-coordinate form integrates the angle exactly, so its
  // error estimate would let the step grow to the output interval (0.2 s: 10 rad, past pi); the
  // angle measures bound each step to a turn of 0.5 rad (SundialsSession::limit_turn_per_step).
  const std::string integrator = GENERATE("", "ABAM", "GSTIFF", "GSTIFF, I3", "VSTIFF");
  INFO((integrator.empty() ? "default" : integrator));
  const std::string adm = fmt::format(
      R"ADM(spinning wheel
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=1, CM=20, IP=2, 2, 2, WZ=50
MARKER/20, PART=2
MARKER/21, PART=2
JOINT/1, REVOLUTE, I=21, J=10
REQUEST/1, F2 = AZ(21, 10)
{}END
)ADM",
      integrator.empty() ? std::string() : "INTEGRATOR/" + integrator + ", ERROR=1E-6\n");
  const auto run = test::run_adm("angle_spin", adm, "SIMULATE/DYNAMIC, END=2, STEPS=10\n");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto values = test::request_values(run);
  const size_t column = test::request_column(run, "req1.f2");
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    // A lost turn is 2 pi off; VSTIFF's phase error at 1e-6 is 7e-5 rad per rad.
    CHECK(values[k][column] == Approx(50 * run.t[k]).margin(1e-4 * (1 + 50 * run.t[k])));
  }
}
