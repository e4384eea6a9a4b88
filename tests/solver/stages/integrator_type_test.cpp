// Param_Transient integrator_type is parsed once into the enum Integrator (models/model.hpp) and
// the transient stage chooses its form from it (solver/stages/run_transient.cpp): each name
// comes back from integrator_name, and the log names the form each one runs.

#include <catch2/catch.hpp>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

std::string pendulum(const std::string& integrator) {
  return R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0" grav_y="-9.81" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0" pos_z="0"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="11" j_marker_id="10"/>
    <Param_Transient integrator_type=")XML" +
         integrator + R"XML(" integr_tol="1e-6"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="0.1" num_steps="2"/></Command>
  </MotionSolve>)XML";
}

}  // namespace

TEST_CASE("integrator_type is parsed once into the enum and runs its form") {
  struct Case {
    const char* spelled;
    Integrator type;
    const char* name;
    const char* form;
  };
  const Case cases[] = {{"dstiff", Integrator::kDstiff, "DSTIFF", "DAE form"},
                        {"GSTIFF", Integrator::kGstiff, "GSTIFF", "DAE form"},
                        {"HSTIFF", Integrator::kHstiff, "HSTIFF", "DAE form"},
                        {"VSTIFF", Integrator::kVstiff, "VSTIFF", "ODE form"},
                        {"MSTIFF", Integrator::kMstiff, "MSTIFF", "ODE form"},
                        {"abam", Integrator::kAbam, "ABAM", "ODE form, joint coordinates"}};
  for (const Case& c : cases) {
    INFO(c.spelled);
    const auto run = test::run_inline(pendulum(c.spelled));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    CHECK(run.model->transient.integrator == c.type);
    CHECK(integrator_name(c.type) == c.name);
    REQUIRE(run.report.transient_forms.size() == 1);
    CHECK(run.report.transient_forms[0].integrator == c.name);
    CHECK(run.report.transient_forms[0].form.rfind(c.form, 0) == 0);
  }
}
