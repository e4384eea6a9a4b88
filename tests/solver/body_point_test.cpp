// Body_Point: a point mass has three translational DOF and keeps the global orientation.
// Oracles: (1) a point thrown under gravity with a constant force at an offset marker and a
// constant torque moves on r0 + v0 t + (g + F/m) t^2 / 2 and never rotates; (2) a point on a
// TRANSLATIONAL joint (its orientation equations are redundant with the point's own rotation
// hold and are removed) with a spring oscillates as L + A cos(sqrt(k/m) t).

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("a Body_Point under gravity and an offset force translates without rotating") {
  const std::string deck = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Point id="2" cg_id="20" mass="2" v_ic_x="1" v_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" body_type="POINTBODY" pos_z="1"/>
    <Reference_Marker id="21" body_id="2" body_type="POINTBODY" pos_x="0.5" pos_z="1"/>
    <Force_Vector_OneBody id="1" marker_id="21" type="ForceAndTorque" fx_expression="0.4"
                          fy_expression="0.2" fz_expression="0" tx_expression="0"
                          ty_expression="0" tz_expression="5"/>
    <Param_Transient integr_tol="1e-9" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.05"/>
  </Command></MotionSolve>)XML";
  // Its rotation hold also in the stabilised index-1 form (acceleration rows of its joint kernel).
  for (const char* index : {"2", "1"}) {
    INFO("dae_index " << index);
    std::string text = deck;
    text.replace(text.find("{index}"), 7, index);
    const auto run = test::run_inline(text);
    REQUIRE(run.report.message == "");
    CHECK(run.sys->dof() == 3);
    double worst_r = 0, worst_rot = 0;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      const auto& y = run.y[k];
      const Vec3 r(y[0], y[1], y[2]);
      const Vec3 exact = Vec3(0, 0, 1) + Vec3(1, 0, 3) * t + 0.5 * Vec3(0.2, 0.1, -9.81) * t * t;
      worst_r = std::max(worst_r, (r - exact).norm());
      worst_rot = std::max({worst_rot, std::abs(y[3] - 1), std::abs(y[4]), std::abs(y[5]),
                            std::abs(y[6]), std::abs(y[10]), std::abs(y[11]), std::abs(y[12])});
    }
    CHECK(worst_r < 1e-7);
    CHECK(worst_rot < 1e-10);
  }
}

TEST_CASE("a Body_Point on a translational joint with a spring is a harmonic oscillator") {
  // Joint axis (marker z) along global x; spring free length 1, start at x = 1.2 at rest.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" a00="0" a10="1" a20="0" a01="0" a11="0" a21="1"
                      a02="1" a12="0" a22="0"/>
    <Body_Point id="2" cg_id="20" mass="0.5"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.2" a00="0" a10="1" a20="0" a01="0" a11="0"
                      a21="1" a02="1" a12="0" a22="0"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="11"/>
    <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
                        stiffness="8" damping="0" length="1"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.message == "");
  CHECK(run.report.redundant_constraints_removed == 3);
  CHECK(run.sys->dof() + run.report.redundant_constraints_removed == 1);
  const double w = std::sqrt(8 / 0.5);
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    worst = std::max(worst, std::abs(run.y[k][0] - (1 + 0.2 * std::cos(w * run.t[k]))));
  }
  CHECK(worst < 1e-6);
}
