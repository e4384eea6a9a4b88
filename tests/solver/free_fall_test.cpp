// Oracle: closed-form free fall r(t) = r0 + v0 t + g t^2 / 2, and torque-free rotation about a
// principal axis (constant angular velocity, rotation angle w t).

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("free fall matches the closed form") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0.5" grav_y="0" grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="1" inertia_yy="2" inertia_zz="2.5"
                v_ic_x="1" v_ic_y="-2" v_ic_z="4" w_ic_z="0.7"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="2" pos_z="3"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="2" num_steps="20"/></Command>
  </MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 21);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const auto& y = run.y[k];
    CHECK(y[0] == Approx(1 + 1 * t + 0.5 * 0.5 * t * t).margin(1e-8));
    CHECK(y[1] == Approx(2 - 2 * t).margin(1e-8));
    CHECK(y[2] == Approx(3 + 4 * t - 0.5 * 9.81 * t * t).margin(1e-8));
    // Spin about the principal z axis: e0 = cos(w t / 2), e3 = sin(w t / 2).
    CHECK(y[3] == Approx(std::cos(0.35 * t)).margin(1e-8));
    CHECK(y[6] == Approx(std::sin(0.35 * t)).margin(1e-8));
    CHECK(y[12] == Approx(0.7).margin(1e-9));
  }
}
