// The linear analysis as a deck asks for it: MotionSolve Simulate analysis_type="Linear" with
// Param_Linear, Adams LINEAR/EIGENSOL and STATEMAT (solver/stages/run_linear.cpp,
// models/param_linear.hpp, parser/acf_reader.cpp), against the compound pendulum's closed form
// omega = sqrt(m g l / (I + m l^2)).

#include <catch2/catch.hpp>
#include <cmath>
#include <complex>
#include <numbers>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/quarter_car_deck.hpp"

using namespace mb;

namespace {

constexpr double kG = 9.80665, kM = 2, kL = 0.5, kIzz = 0.03;
const double kOmega = std::sqrt(kM * kG * kL / (kIzz + kM * kL * kL));

/// The pendulum (pin at the origin, revolute about z, gravity -y) with its centre of mass at
/// (x, y), then `commands`.
std::string pendulum(double x, double y, const std::string& commands,
                     const std::string& extra = "") {
  return R"(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.80665"/>
    <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.02" inertia_yy="0.02"
                inertia_zz="0.03"/>
    <Reference_Marker id="20" body_id="2" pos_x=")" +
         std::to_string(x) + R"(" pos_y=")" + std::to_string(y) + R"("/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>)" +
         extra + "</Model><Command>" + commands + "</Command></MotionSolve>";
}

const char* kPendulumAdm = R"(pendulum
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2, CM=20, IP=0.02, 0.02, 0.03
MARKER/20, PART=2, QP=0.5, 0, 0
MARKER/21, PART=2
JOINT/1, REVOLUTE, I=21, J=10
ACCGRAV/JGRAV=-9.80665
END
)";

}  // namespace

TEST_CASE("linear analysis: after a Static, the pendulum's mode") {
  const test::InlineRun run = test::run_inline(
      pendulum(kL, 0, R"(<Simulate analysis_type="Static"/><Simulate analysis_type="Linear"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  const LinearResult& r = run.report.linear[0];
  CHECK(r.states == 2);
  CHECK(r.residual_acceleration < 1e-9);
  REQUIRE(r.modes.size() == 1);
  CHECK(std::abs(r.modes[0].frequency - kOmega / (2 * std::numbers::pi)) < 1e-9);
  CHECK(std::abs(r.modes[0].damping_ratio) < 1e-9);
  // The mode shape of body 2: a rotation about z, the CM moving along x by l times it.
  REQUIRE(r.modes[0].bodies.size() == 1);
  const LinearResult::BodyShape& b = r.modes[0].bodies[0];
  CHECK(b.body_id == 2);
  CHECK(std::abs(b.rotation[2]) == Approx(1.0));
  CHECK(std::abs(b.translation[0]) == Approx(kL).epsilon(1e-9));
}

TEST_CASE("linear analysis: away from equilibrium it measures how far") {
  // Released horizontally: the angular acceleration is m g l / (I + m l^2).
  const test::InlineRun run =
      test::run_inline(pendulum(kL, 0, R"(<Simulate analysis_type="Linear"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  CHECK(run.report.linear[0].residual_acceleration ==
        Approx(kM * kG * kL / (kIzz + kM * kL * kL)).epsilon(1e-9));
}

TEST_CASE("linear analysis: Param_Linear disable_damping leaves the damper out") {
  const std::string damper = R"X(<Force_Scalar_TwoBody id="5" type="Torque" i_marker_id="21"
      j_marker_id="10" val_expression="-0.4*WZ(21, 10, 10)"/>)X";
  const test::InlineRun damped =
      test::run_inline(pendulum(0, -kL, R"(<Simulate analysis_type="Linear"/>)", damper));
  const test::InlineRun undamped = test::run_inline(pendulum(
      0, -kL, R"(<Param_Linear disable_damping="TRUE"/><Simulate analysis_type="Linear"/>)",
      damper));
  REQUIRE(damped.report.code == ExitCode::kSuccess);
  REQUIRE(undamped.report.code == ExitCode::kSuccess);
  // theta'' (I + m l^2) + c theta' + m g l theta = 0.
  const double J = kIzz + kM * kL * kL, c = 0.4;
  CHECK(damped.report.linear[0].modes[0].damping_ratio ==
        Approx(c / (2 * J * kOmega)).epsilon(1e-9));
  CHECK(std::abs(undamped.report.linear[0].modes[0].damping_ratio) < 1e-12);
  CHECK(std::abs(undamped.report.linear[0].modes[0].eigenvalue.imag() - kOmega) < 1e-9);
}

TEST_CASE("linear analysis: plant ids that name nothing are deck errors at the attribute") {
  try {
    test::model_inline(
        pendulum(0, -kL, R"(<Param_Linear pinput_id="9"/><Simulate analysis_type="Linear"/>)"));
    FAIL("no deck error");
  } catch (const std::runtime_error& e) {
    const std::string m = e.what();
    INFO(m);
    CHECK(m.find("inline.xml:") != std::string::npos);
    CHECK(m.find("Param_Linear: pinput_id 9: the deck has no Control_PlantInput") !=
          std::string::npos);
  }
}

TEST_CASE("linear analysis: Adams LINEAR/EIGENSOL after SIMULATE/STATIC") {
  const test::InlineRun run =
      test::run_adm("linear_pendulum", kPendulumAdm, "SIMULATE/STATIC\nLINEAR/EIGENSOL\n");
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  REQUIRE(run.report.linear[0].modes.size() == 1);
  CHECK(std::abs(run.report.linear[0].modes[0].eigenvalue.imag() - kOmega) < 1e-9);
}

TEST_CASE("linear analysis: Adams LINEAR errors name the command and its arguments") {
  const auto error_of = [](const std::string& commands) {
    try {
      test::run_adm("linear_errors", kPendulumAdm, commands);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of("LINEAR/STATEMAT\n").find("LINEAR: STATEMAT needs PINPUT=id") !=
        std::string::npos);
  CHECK(error_of("LINEAR/STATEMAT, PINPUT=3\n").find("PINPUT 3: the deck has no Control_Plant") !=
        std::string::npos);
  CHECK(error_of("LINEAR/EIGENSOL, FORMAT=CSV\n").find("FORMAT: expected MATLAB or MATRIXX") !=
        std::string::npos);
  CHECK(error_of("LINEAR/MKB\n").find("LINEAR/MKB is not supported") != std::string::npos);
}

TEST_CASE("linear analysis: kinetic energy distribution of a quarter car's modes") {
  // Sprung mass ms, unsprung mu on vertical slides; suspension ks, cs; tyre kt. For a root l of
  // det(l^2 M + l C + K), the first row gives x2 / x1 = (ms l^2 + cs l + ks) / (cs l + ks), and
  // the sprung mass' share of the kinetic energy is ms |x1|^2 / (ms |x1|^2 + mu |x2|^2).
  const double ms = 300, mu = 40, ks = 2e4, cs = 1500;
  const test::InlineRun run =
      test::run_inline(test::quarter_car("1500", R"(<Simulate analysis_type="Linear"/>)"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const auto& modes = run.report.linear.at(0).modes;
  REQUIRE(modes.size() == 2);
  for (const auto& m : modes) {
    const std::complex<double> l = m.eigenvalue;
    const std::complex<double> ratio = (ms * l * l + cs * l + ks) / (cs * l + ks);
    const double sprung = ms / (ms + mu * std::norm(ratio));
    REQUIRE(m.bodies.size() == 2);
    CHECK(m.bodies[0].kinetic_energy_share == Approx(sprung).epsilon(1e-9));
    CHECK(m.bodies[1].kinetic_energy_share == Approx(1 - sprung).epsilon(1e-9));
  }
  CHECK(modes[0].bodies[0].kinetic_energy_share > 0.9);  // the body mode
  CHECK(modes[1].bodies[1].kinetic_energy_share > 0.9);  // the wheel hop
}
