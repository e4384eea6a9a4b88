// Velocity assembly keeps the velocities the deck gives and does not depend on the units.
//
// Oracle (rigid-body kinematics): a pendulum hangs from a revolute joint about the global x axis
// with its centre of mass a distance L below the pivot. Given w_ic_x = 3 rad/s and nothing
// else, the only consistent velocity with that angular velocity is w = (3, 0, 0), v = w x r =
// (0, 3 L, 0): both hold exactly, in metres and in millimetres. Given also v_ic_y = 0, the deck
// contradicts the joint; the assembly then takes the consistent velocity nearest in kinetic
// energy: minimise m vy^2 + Ixx (wx - 3)^2 with vy = L wx, so wx = 3 Ixx / (Ixx + m L^2), the
// same physical value in both unit systems.

#include <catch2/catch.hpp>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// The pendulum in metres (scale 1) or millimetres (scale 1000); `velocity` holds the v_ic/w_ic
/// attributes of the bob.
std::string pendulum(double scale, const std::string& velocity) {
  const std::string units = scale == 1 ? "METER" : "MILLIMETER";
  const std::string L = std::to_string(-1.0 * scale);
  const std::string I = std::to_string(0.01 * scale * scale);
  return R"(<MotionSolve><Model>
    <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit=")" +
         units + R"(" time_unit="SECOND"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" psi="1.5707963267948966" theta="1.5707963267948966"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx=")" +
         I + R"(" inertia_yy=")" + I + R"(" inertia_zz=")" + I + R"(" )" + velocity + R"(/>
    <Reference_Marker id="20" body_id="2" pos_z=")" +
         L + R"("/>
    <Reference_Marker id="21" body_id="2" psi="1.5707963267948966" theta="1.5707963267948966"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.1"/>
  </Command></MotionSolve>)";
}

}  // namespace

TEST_CASE("velocity assembly keeps a given angular velocity exactly, in m and in mm") {
  for (double scale : {1.0, 1000.0}) {
    INFO("length scale " << scale);
    const auto run = test::run_inline(pendulum(scale, R"(w_ic_x="3")"));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const std::vector<double>& y = run.y.front();  // t = 0; the bob is unrotated
    CHECK(y[10] == Approx(3.0).epsilon(1e-12));
    CHECK(y[11] == Approx(0.0).margin(1e-12));
    CHECK(y[12] == Approx(0.0).margin(1e-12));
    CHECK(y[7] == Approx(0.0).margin(1e-9 * scale));
    CHECK(y[8] == Approx(3.0 * scale).epsilon(1e-12));
    CHECK(y[9] == Approx(0.0).margin(1e-9 * scale));
  }
}

TEST_CASE("velocity assembly of given velocities that contradict a joint is unit-independent") {
  const double wx = 3 * 0.01 / (0.01 + 1.0);
  for (double scale : {1.0, 1000.0}) {
    INFO("length scale " << scale);
    const auto run = test::run_inline(pendulum(scale, R"(w_ic_x="3" v_ic_y="0")"));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const std::vector<double>& y = run.y.front();
    CHECK(y[10] == Approx(wx).epsilon(1e-9));
    CHECK(y[8] == Approx(wx * scale).epsilon(1e-9));
  }
}
