// Outputs at output times are those of the state written there, not an interpolation of IDA's
// multipliers across a step.
//
// Oracle (statics of a driven crank): a crank turns about the z axis of a revolute joint at a
// prescribed constant rate (Motion_Joint 2 TIME), so its angular acceleration is zero; Euler's
// equation about the pivot, I_pivot theta'' = T_applied + T_motion, gives the motion's reaction
// torque on the crank T_motion = -T_applied at every instant (the centripetal load of the
// offset centre of mass acts through the pivot and has no moment about z). The applied torque
// is a 10 N m triangular pulse, 0 outside t = 1.00..1.02 s and 10 at t = 1.01, so the exact
// reaction at t = 1.01 is -10.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

std::string pulse_crank(const std::string& integr_tol, const std::string& integrator) {
  return R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.25"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.3"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="2*TIME"/>
    <Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="21" j_marker_id="10"
                          val="MAX(0, 10 - 1000*ABS(TIME - 1.01))"/>
    <Post_Request id="1" type="EXPRESSION" expr1="MOTION(5,0,8,10)"/>
    <Param_Transient integrator_type=")XML" +
         integrator + R"XML(" integr_tol=")XML" + integr_tol + R"XML("/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1.05" print_interval="0.01"/>
  </Command></MotionSolve>)XML";
}

double applied_torque(double t) { return std::max(0.0, 10.0 - 1000.0 * std::abs(t - 1.01)); }

}  // namespace

TEST_CASE("a motion's reaction at an output time inside a torque pulse is that of the state") {
  for (const char* integrator : {"GSTIFF", "SI1", "I3", "VSTIFF"}) {
    for (const char* tol : {"1e-3", "1e-6"}) {
      INFO("integrator " << integrator << ", integr_tol " << tol);
      const std::string name = integrator;
      const std::string form = name == "SI1"  ? "GSTIFF\" dae_index=\"1"
                               : name == "I3" ? "GSTIFF\" dae_index=\"3"
                                              : name;
      const auto run = test::run_inline(pulse_crank(tol, form));
      REQUIRE(run.report.code == ExitCode::kSuccess);
      const auto req = test::request_values(run);
      bool seen_peak = false;
      for (size_t k = 0; k < run.t.size(); ++k) {
        INFO("t = " << run.t[k]);
        CHECK(req[k][0] == Approx(-applied_torque(run.t[k])).margin(1e-3));
        seen_peak |= std::abs(run.t[k] - 1.01) < 1e-12;
      }
      CHECK(seen_peak);
    }
  }
}
