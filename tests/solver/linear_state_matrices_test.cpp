// The state matrices of a linear analysis with plant inputs and outputs
// (solver/linear_state_matrices.hpp) against closed forms.

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr double kMass = 2.5, kK = 400, kC = 3, kU0 = 0.3;

/// A mass on a translational joint along ground x, with a spring k (free length 1), a damper c
/// and the plant input force u = VARVAL(1) = kU0; outputs y1 = DX (VARVAL(2)) and y2 = VX +
/// 2 u (VARVAL(3)).
std::string spring_mass_damper(const std::string& commands) {
  return R"X(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" a00="0" a10="1" a20="0" a01="0" a11="0" a21="1"
                      a02="1" a12="0" a22="0"/>
    <Body_Rigid id="2" cg_id="20" mass="2.5" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.1"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.1" a00="0" a10="1" a20="0" a01="0" a11="0"
                      a21="1" a02="1" a12="0" a22="0"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="11"/>
    <Reference_Variable id="1" expr="0.3"/>
    <Reference_Variable id="2" expr="DX(20, 10)"/>
    <Reference_Variable id="3" expr="VX(20, 10) + 2*VARVAL(1)"/>
    <Control_PlantInput id="1" num_element="1" variable_id_list="1"/>
    <Control_PlantOutput id="2" num_element="2" variable_id_list="2, 3"/>
    <Force_Vector_OneBody id="5" type="ForceOnly" i_marker_id="20" ref_marker_id="10"
        fx_expression="-400*(DX(20, 10) - 1) - 3*VX(20, 10) + VARVAL(1)"
        fy_expression="0" fz_expression="0"/>
  </Model><Command>)X" +
         commands + "</Command></MotionSolve>";
}

}  // namespace

TEST_CASE("state matrices: a spring-mass-damper driven by a force input, against its closed form") {
  const test::InlineRun run = test::run_inline(spring_mass_damper(
      R"(<Simulate analysis_type="Static"/>
         <Param_Linear pinput_id="1" poutput_id="2"/><Simulate analysis_type="Linear"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  REQUIRE(run.report.linear[0].state_matrices);
  const LinearResult::StateMatrices& m = *run.report.linear[0].state_matrices;
  REQUIRE(m.states == std::vector<std::string>{"body2.x", "body2.vx"});
  CHECK(m.inputs == std::vector<std::string>{"VARVAL(1)"});
  CHECK(m.outputs == std::vector<std::string>{"VARVAL(2)", "VARVAL(3)"});
  Eigen::Matrix2d A;
  A << 0, 1, -kK / kMass, -kC / kMass;
  const Eigen::Vector2d B(0, 1 / kMass);
  Eigen::Matrix2d C;
  C << 1, 0, 0, 1;
  const Eigen::Vector2d D(0, 2);
  REQUIRE(m.A.rows() == 2);
  REQUIRE(m.B.cols() == 1);
  REQUIRE(m.C.rows() == 2);
  CHECK((m.A - A).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.B - B).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.C - C).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.D - D).cwiseAbs().maxCoeff() < 1e-10);
  // The operating point: u = 0.3 holds the mass at x = 1 + u / k.
  REQUIRE(m.input_values.size() == 1);
  CHECK(std::abs(m.input_values[0] - kU0) < 1e-12);
  REQUIRE(m.output_values.size() == 2);
  CHECK(std::abs(m.output_values[0] - (1 + kU0 / kK)) < 1e-9);
  CHECK(std::abs(m.output_values[1] - 2 * kU0) < 1e-9);
}

TEST_CASE("state matrices: NODAMPING leaves the damper out of A only") {
  const test::InlineRun run = test::run_inline(spring_mass_damper(
      R"(<Simulate analysis_type="Static"/>
         <Param_Linear pinput_id="1" poutput_id="2" disable_damping="TRUE"/>
         <Simulate analysis_type="Linear"/>)"));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const LinearResult::StateMatrices& m = *run.report.linear[0].state_matrices;
  CHECK(std::abs(m.A(1, 0) + kK / kMass) < 1e-10);
  CHECK(std::abs(m.A(1, 1)) < 1e-12);
  CHECK(std::abs(m.B(1, 0) - 1 / kMass) < 1e-10);
}

namespace {

constexpr double kTheta0 = 0.5235987755982988;  // 30 degrees
constexpr double kOmegaU = 3;                   // rad/s of the input

/// A pendulum (m 2, l 0.5, Izz 0.03, pivot damper 0.4) held at 30 degrees by the plant input
/// torque u = VARVAL(1) = m g l sin(30 deg) + a sin(3 t); output VARVAL(2) = DX of the CM. A
/// Linear at t = 0 (the equilibrium), then a Transient of 2 s.
std::string held_pendulum(double amplitude) {
  const double l = 0.5, x = l * std::sin(kTheta0), y = -l * std::cos(kTheta0);
  const double u0 = 2 * 9.80665 * l * std::sin(kTheta0);
  return fmt::format(R"X(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.80665"/>
    <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.02" inertia_yy="0.02"
                inertia_zz="0.03"/>
    <Reference_Marker id="20" body_id="2" pos_x="{:.17g}" pos_y="{:.17g}"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Reference_Variable id="1" expr="{:.17g} + {:.17g}*SIN(3*TIME)"/>
    <Reference_Variable id="2" expr="DX(20, 10)"/>
    <Control_PlantInput id="1" num_element="1" variable_id_list="1"/>
    <Control_PlantOutput id="2" num_element="1" variable_id_list="2"/>
    <Force_Scalar_TwoBody id="5" type="Torque" i_marker_id="21" j_marker_id="10"
        val_expression="VARVAL(1) - 0.4*WZ(21, 10, 10)"/>
    <Param_Transient integr_tol="1e-11" hmax="0.005"/>
  </Model><Command>
    <Param_Linear pinput_id="1" poutput_id="2"/><Simulate analysis_type="Linear"/>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.01"/>
  </Command></MotionSolve>)X",
                     x, y, u0, amplitude);
}

/// The largest difference between the nonlinear run's output deviation and the linear system's
/// response x' = A x + B du, y = C x + D du to du = a sin(3 t) (classical RK4, step 1e-4), and
/// the largest linear response.
struct Comparison {
  double difference = 0, response = 0;
};
Comparison linear_vs_nonlinear(double amplitude) {
  const test::InlineRun run = test::run_inline(held_pendulum(amplitude));
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  CHECK(run.report.linear[0].residual_acceleration < 1e-9);
  const LinearResult::StateMatrices& m = *run.report.linear[0].state_matrices;
  REQUIRE(m.A.rows() == 2);
  const double y0 = m.output_values[0];
  const auto du = [&](double t) { return amplitude * std::sin(kOmegaU * t); };
  const auto f = [&](double t, const Eigen::VectorXd& x) -> Eigen::VectorXd {
    return m.A * x + m.B * du(t);
  };
  Eigen::VectorXd x = Eigen::VectorXd::Zero(2);
  double t = 0;
  Comparison c;
  constexpr double h = 1e-4;
  size_t k = 0;
  while (k < run.t.size()) {
    if (std::abs(run.t[k] - t) < h / 2) {
      const double y_lin = (m.C * x)(0) + m.D(0, 0) * du(t);
      const double y_nl = run.y[k][0] - y0;  // body 2's CM x
      c.difference = std::max(c.difference, std::abs(y_nl - y_lin));
      c.response = std::max(c.response, std::abs(y_lin));
      ++k;
      continue;
    }
    const Eigen::VectorXd k1 = f(t, x), k2 = f(t + h / 2, x + h / 2 * k1),
                          k3 = f(t + h / 2, x + h / 2 * k2), k4 = f(t + h, x + h * k3);
    x += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    t += h;
  }
  return c;
}

}  // namespace

TEST_CASE("state matrices: the linear system follows a small nonlinear run to second order") {
  const Comparison c1 = linear_vs_nonlinear(0.2), c2 = linear_vs_nonlinear(0.1);
  const double e1 = c1.difference, e2 = c2.difference;
  INFO("difference at amplitude 0.2: " << e1 << " (response " << c1.response << "), at 0.1: " << e2
                                       << " (response " << c2.response << ")");
  // The linear part is exact, the difference is the quadratic term (the pendulum held at 30
  // degrees is not symmetric): a few percent of the response, a quarter of it at half the
  // amplitude.
  CHECK(e1 < 0.1 * c1.response);
  CHECK(e1 / e2 > 3.6);
  CHECK(e1 / e2 < 4.4);
}

TEST_CASE("state matrices: Adams LINEAR/STATEMAT with PINPUT and POUTPUT") {
  // The spring-mass-damper along ground z: SFORCE pushes I away from J.
  const char* adm = R"(smd
UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND
PART/1, GROUND
MARKER/10, PART=1
PART/2, MASS=2.5, CM=20, IP=1, 1, 1
MARKER/20, PART=2, QP=0, 0, 1.1
JOINT/1, TRANSLATIONAL, I=20, J=10
VARIABLE/1, FUNCTION=0.3
VARIABLE/2, FUNCTION=DZ(20, 10)
PINPUT/1, VARIABLES=1
POUTPUT/2, VARIABLES=2
SFORCE/5, TRANSLATION, I=20, J=10, FUNCTION=-400*(DM(20, 10) - 1) - 3*VR(20, 10) + VARVAL(1)
END
)";
  const test::InlineRun run =
      test::run_adm("statemat_smd", adm, "SIMULATE/STATIC\nLINEAR/STATEMAT, PINPUT=1, POUTPUT=2\n");
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.report.linear.size() == 1);
  REQUIRE(run.report.linear[0].state_matrices);
  const LinearResult::StateMatrices& m = *run.report.linear[0].state_matrices;
  CHECK(run.report.linear[0].modes.empty());  // STATEMAT alone: no eigensolution
  REQUIRE(m.states == std::vector<std::string>{"body2.z", "body2.vz"});
  Eigen::Matrix2d A;
  A << 0, 1, -kK / kMass, -kC / kMass;
  CHECK((m.A - A).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.B - Eigen::Vector2d(0, 1 / kMass)).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.C - Eigen::RowVector2d(1, 0)).cwiseAbs().maxCoeff() < 1e-10);
  CHECK(std::abs(m.D(0, 0)) < 1e-12);
}

TEST_CASE("state matrices: an actuator state between the input and the force (PINVAL)") {
  // The spring-mass-damper's force input goes through a first-order lag x' = (u - x) / tau,
  // u = PINVAL(1, 1): the states are the body's x, vx and the lag's state.
  constexpr double tau = 0.05;
  const test::InlineRun run = test::run_inline(R"X(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" a00="0" a10="1" a20="0" a01="0" a11="0" a21="1"
                      a02="1" a12="0" a22="0"/>
    <Body_Rigid id="2" cg_id="20" mass="2.5" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1"/>
    <Reference_Marker id="21" body_id="2" pos_x="1" a00="0" a10="1" a20="0" a01="0" a11="0"
                      a21="1" a02="1" a12="0" a22="0"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="11"/>
    <Reference_Variable id="1" expr="0"/>
    <Reference_Variable id="2" expr="DX(20, 10)"/>
    <Control_PlantInput id="1" num_element="1" variable_id_list="1"/>
    <Control_PlantOutput id="2" num_element="1" variable_id_list="2"/>
    <Control_Diff id="7" expr="(PINVAL(1, 1) - DIF(7))/0.05"/>
    <Force_Vector_OneBody id="5" type="ForceOnly" i_marker_id="20" ref_marker_id="10"
        fx_expression="-400*(DX(20, 10) - 1) - 3*VX(20, 10) + DIF(7)"
        fy_expression="0" fz_expression="0"/>
  </Model><Command>
    <Param_Linear pinput_id="1" poutput_id="2"/><Simulate analysis_type="Linear"/>
  </Command></MotionSolve>)X");
  INFO(run.report.message);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const LinearResult::StateMatrices& m = *run.report.linear.at(0).state_matrices;
  REQUIRE(m.states == std::vector<std::string>{"body2.x", "body2.vx", "Control_Diff 7.x1"});
  Eigen::Matrix3d A;
  A << 0, 1, 0, -kK / kMass, -kC / kMass, 1 / kMass, 0, 0, -1 / tau;
  CHECK((m.A - A).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.B - Eigen::Vector3d(0, 0, 1 / tau)).cwiseAbs().maxCoeff() < 1e-10);
  CHECK((m.C - Eigen::RowVector3d(1, 0, 0)).cwiseAbs().maxCoeff() < 1e-10);
  CHECK(std::abs(m.D(0, 0)) < 1e-12);
}
