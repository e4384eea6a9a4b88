// Oracle: a rotor driven by a Motion_Joint follows f(t) = 0.5 sin(2 t) exactly, and the motion's
// reaction torque about the joint axis is I_pivot f''(t) (no gravity), by Newton's law for a
// fixed-axis rotation; the revolute joint itself carries no torque about its axis.

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("a Motion_Joint drives a revolute joint and reports its reaction torque") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.25"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.4"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="0.5*SIN(2*TIME)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="AZ(21,10)" expr2="MOTION(5,0,8,10)"
                  expr3="JOINT(1,0,8,10)" expr4="WZ(21,10,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 4);
  const double i_pivot = 0.25 + 3 * 0.4 * 0.4;
  std::vector<double> v(4);
  std::vector<double> yp(run.y.front().size(), 0.0);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    req.values(t, run.y[k].data(), yp.data(), v);
    CHECK(v[0] == Approx(0.5 * std::sin(2 * t)).margin(1e-9));
    CHECK(v[3] == Approx(std::cos(2 * t)).margin(1e-7));
    // The torque the motion applies to the rotor (on its I marker) about z.
    CHECK(v[1] == Approx(i_pivot * -2.0 * std::sin(2 * t)).margin(1e-6));
    CHECK(v[2] == Approx(0.0).margin(1e-9));
  }
}
