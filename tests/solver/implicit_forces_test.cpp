// Forces that read accelerations (ACCX..WDTM) and reactions (JOINT): solved implicitly with the
// accelerations and multipliers. Oracles: closed forms (an added mass moves the body as if its
// mass were m + m_a; a spinning body's marker accelerations; a block sliding down an incline with
// Coulomb friction from its joint's normal reaction), and the refusal of the ODE form.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

/// The request columns of a run at output k.
std::vector<double> requests_at(const test::InlineRun& run, size_t k) {
  RequestOutputs req(*run.sys);
  std::vector<double> out(req.size());
  req.values(run.t[k], run.y[k].data(), run.yp[k].data(), out);
  return out;
}

}  // namespace

TEST_CASE("an added-mass force reading ACCX and WDTZ: the body moves as if heavier") {
  // m = 2, m_a = 1, F = 3: x'' = F / (m + m_a) = 1. I_zz = 0.5, J_a = 0.25, T = 0.75:
  // w' = T / (I_zz + J_a) = 1. Without the implicit solve these would be 1.5 and 1.5.
  for (const char* form : {"", R"(dae_index="3")", R"(dae_index="1")"}) {
    INFO(form);
    const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.5"
                  v_ic_x="0.5"/>
      <Reference_Marker id="20" body_id="2"/>
      <Force_Vector_OneBody id="1" type="ForceAndTorque" i_marker_id="20" fx_expression="3 - ACCX(20)"
        fy_expression="0" fz_expression="0" tx_expression="0" ty_expression="0"
        tz_expression="0.75 - 0.25*WDTZ(20)"/>
      <Param_Transient integr_tol="1e-9" {}/>
    </Model><Command><Simulate analysis_type="Transient" end_time="2" num_steps="10"/></Command>
    </MotionSolve>)XML",
                                                  form));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == 11);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k];
      INFO("t = " << t);
      CHECK(run.y[k][0] == Approx(0.5 * t + 0.5 * t * t).margin(1e-7));
      CHECK(run.y[k][7] == Approx(0.5 + t).margin(1e-7));
      CHECK(run.yp[k][7] == Approx(1.0).margin(1e-6));
      CHECK(run.y[k][12] == Approx(t).margin(1e-7));
    }
  }
}

TEST_CASE("a force reading accelerations is refused in the ODE form with what to use") {
  for (const char* integrator : {"VSTIFF", "ABAM"}) {
    const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.5"/>
      <Reference_Marker id="20" body_id="2"/>
      <Force_Vector_OneBody id="7" type="ForceOnly" i_marker_id="20" fx_expression="3 - ACCX(20)"
        fy_expression="0" fz_expression="0"/>
      <Param_Transient integrator_type="{}"/>
    </Model><Command><Simulate analysis_type="Transient" end_time="1" num_steps="10"/></Command>
    </MotionSolve>)XML",
                                                  integrator));
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    CHECK_THAT(run.report.message, Catch::Contains("Force_Vector_OneBody 7") &&
                                       Catch::Contains("accelerations") &&
                                       Catch::Contains("DSTIFF"));
  }
}

TEST_CASE("Reference_Variable = WDTZ, ACCX/ACCY of a spinning body against the closed form") {
  // Torque T = 0.6 about z on I_zz = 0.3: alpha = 2, w = 1 + 2 t, angle = t + t^2. Marker 22 at
  // radius 0.4 on the x axis of the body: its acceleration in its own axes is (-w^2 r, alpha r);
  // in ground axes, that rotated by the angle. Relative to the CM, seen in the body (L = 20),
  // it is at rest: ACCX(22, 20, 20, 20) = 0. WDTZ(22, 0, 0, 20) = alpha - (w x w)_z = alpha.
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.3"
                w_ic_z="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="0.4"/>
    <Force_Vector_OneBody id="1" type="TorqueOnly" i_marker_id="20" tx_expression="0"
      ty_expression="0" tz_expression="0.6"/>
    <Reference_Variable id="1" expr="WDTZ(20)"/>
    <Reference_Variable id="2" expr="ACCX(22, 0, 22)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="VARVAL(1)" expr2="VARVAL(2)"
      expr3="ACCY(22, 0, 22)" expr4="ACCX(22)" expr5="ACCY(22)" expr6="ACCX(22, 20, 20, 20)"
      expr7="WDTZ(22, 0, 0, 20)" expr8="ACCM(22)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="1" num_steps="10"/></Command>
  </MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const double r = 0.4, alpha = 2.0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], w = 1 + alpha * t, th = t + t * t;
    const auto q = requests_at(run, k);
    REQUIRE(q.size() == 8);
    INFO("t = " << t);
    const double ar = -w * w * r, at = alpha * r;
    CHECK(q[0] == Approx(alpha).margin(1e-6));
    CHECK(q[1] == Approx(ar).margin(1e-6));
    CHECK(q[2] == Approx(at).margin(1e-6));
    CHECK(q[3] == Approx(ar * std::cos(th) - at * std::sin(th)).margin(1e-6));
    CHECK(q[4] == Approx(ar * std::sin(th) + at * std::cos(th)).margin(1e-6));
    CHECK(q[5] == Approx(0.0).margin(1e-9));
    CHECK(q[6] == Approx(alpha).margin(1e-6));
    CHECK(q[7] == Approx(std::hypot(ar, at)).margin(1e-6));
  }
}

TEST_CASE("WDTZ of a driven revolute joint against the closed form") {
  // Motion_Joint angle 0.5 sin(2 t): WDTZ(I, J, J) = -2 sin(2 t).
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="-9.81" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.3"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="11" body_id="1"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="11"/>
    <Motion_Joint id="1" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
      expr="0.5*SIN(2*TIME)"/>
    <Reference_Variable id="1" expr="WDTZ(21, 11, 11)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="VARVAL(1)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="1" num_steps="10"/></Command>
  </MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    INFO("t = " << run.t[k]);
    CHECK(requests_at(run, k)[0] == Approx(-2.0 * std::sin(2.0 * run.t[k])).margin(1e-5));
  }
}

TEST_CASE("Coulomb friction from a joint's normal reaction: block sliding down an incline") {
  // Gravity tilted by a = 30 degrees; the translational joint slides along global x (the z axes
  // of its markers). The normal reaction on the block is m g cos(a) along z, read by
  // JOINT(1, 0, 4, 0); friction -mu |N| tanh(v / v_s). Sliding from v0 = 1 (v >> v_s):
  // x'' = g (sin a - mu cos a).
  const double g = 9.81, a = std::numbers::pi / 6, mu = 0.3;
  const double acc = g * (std::sin(a) - mu * std::cos(a));
  const auto run = test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="{}" grav_y="0" grav_z="{}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="1"
                v_ic_x="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" psi="1.5707963267948966" theta="1.5707963267948966"/>
    <Reference_Marker id="11" body_id="1" psi="1.5707963267948966" theta="1.5707963267948966"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="11"/>
    <Force_Vector_OneBody id="1" type="ForceOnly" i_marker_id="20"
      fx_expression="-{}*ABS(JOINT(1, 0, 4, 0))*TANH(VX(20)/1E-3)" fy_expression="0"
      fz_expression="0"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="1" num_steps="10"/></Command>
  </MotionSolve>)XML",
                                                g * std::sin(a), -g * std::cos(a), mu));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    CHECK(run.y[k][0] == Approx(t + 0.5 * acc * t * t).margin(1e-7));
    CHECK(run.y[k][7] == Approx(1 + acc * t).margin(1e-7));
    CHECK(run.yp[k][7] == Approx(acc).margin(1e-6));
  }
}

TEST_CASE(
    "exact Jacobian of forces reading accelerations and reactions equals finite differences") {
  // Two bodies with general marker orientations; every acceleration measure form in several
  // frames, directly and through a Reference_Variable, and JOINT/MOTION reactions (|F|, force
  // and torque components in rotating axes), in the three DAE forms.
  const std::string bodies = R"XML(
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"
                inertia_xy="0.01"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" psi="0.3" theta="0.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" theta="0.4"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
    <Reference_Marker id="31" body_id="3" pos_x="1.4" pos_y="0.1" pos_z="0.3" theta="0.4"/>)XML";
  const char* elements[] = {
      R"E(<Force_Vector_OneBody id="1" type="ForceAndTorque" i_marker_id="31" ref_marker_id="20")E"
      R"E( fx_expression="-0.5*ACCX(31)" fy_expression="-0.2*ACCY(31,21,20,21)*DM(31,20)")E"
      R"E( fz_expression="ACCM(31,20)-ACCZ(31,21,21,30)" tx_expression="-0.1*WDTX(31,21,20,21)")E"
      R"E( ty_expression="WDTM(31,0,21)" tz_expression="-0.3*WDTZ(31,0,30)*WZ(31)"/>)E",
      R"E(<Reference_Variable id="1" expr="WDTZ(31,21,21,20) + ACCX(30,0,0,21)"/>)E"
      R"E(<Force_Scalar_TwoBody id="1" type="Force" i_marker_id="31" j_marker_id="21")E"
      R"E( val_expression="-VARVAL(1)*DX(31,21)"/>)E",
      R"E(<Constraint_Joint id="1" type="REVOLUTE" i_marker_id="31" j_marker_id="21"/>)E"
      R"E(<Force_Scalar_TwoBody id="1" type="Torque" i_marker_id="31" j_marker_id="21")E"
      R"E( val_expression="-0.3*JOINT(1,0,1,0)*TANH(WZ(31,21,21)/0.1))E"
      R"E( + 0.2*JOINT(1,1,7,20) - 0.1*JOINT(1,0,5,21)"/>)E",
      R"E(<Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="31" j_marker_id="21"/>)E"
      R"E(<Motion_Joint id="1" joint_id="1" joint_type="T" val_type="D" type="EXPRESSION")E"
      R"E( expr="0.1*SIN(TIME)"/>)E"
      R"E(<Reference_Variable id="1" expr="JOINT(1,0,2,20)*MOTION(1,1,4,0)"/>)E"
      R"E(<Force_Vector_OneBody id="1" type="ForceOnly" i_marker_id="30")E"
      R"E( fx_expression="VARVAL(1)*ACCX(30)" fy_expression="0" fz_expression="JOINT(1,0,3,0)"/>)E",
  };
  for (const char* element : elements) {
    const auto model = test::model_inline(std::string("<MotionSolve><Model>") + bodies + element +
                                          "</Model></MotionSolve>");
    for (DaeForm form :
         {DaeForm::kStabilisedIndex2, DaeForm::kIndex3, DaeForm::kStabilisedIndex1}) {
      INFO(element << " form " << static_cast<int>(form));
      const System sys(*model, form);
      std::mt19937 rng(19);
      const auto check = test::check_jacobian_at_random_state(sys, 0.4, 37.5, rng, 0.3);
      INFO(check.where);
      CHECK(check.worst < 1e-6);
    }
  }
}

TEST_CASE("what cannot read accelerations or force queries yet is a deck error that says so") {
  const std::string bodies = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="1" inertia_yy="1" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>)XML";
  const std::pair<const char*, const char*> cases[] = {
      {R"X(<Control_Diff id="3" expr="ACCX(20)"/>)X",
       "Control_Diff 3: its inputs read accelerations"},
      {R"X(<Reference_Variable id="1" expr="WDTZ(20)"/><Control_Diff id="3" expr="VARVAL(1)"/>)X",
       "Control_Diff 3: its inputs read accelerations"},
      {R"X(<Force_Scalar_TwoBody id="4" type="Force" i_marker_id="20" j_marker_id="20"
           val_expression="1"/>
           <Force_Vector_OneBody id="5" type="ForceOnly" i_marker_id="20"
           fx_expression="SFORCE(4, 0, 2, 0)" fy_expression="0" fz_expression="0"/>)X",
       "Force_Vector_OneBody 5: a force may read the reactions JOINT, JPRIM and MOTION"},
  };
  for (const auto& [element, message] : cases) {
    INFO(element);
    CHECK_THROWS_WITH(test::model_inline(bodies + element + "</Model></MotionSolve>"),
                      Catch::Contains(message));
  }
}
