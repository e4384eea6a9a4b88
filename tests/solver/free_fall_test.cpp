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

TEST_CASE("gravity switched on by STEP(TIME): closed-form fall") {
  // g_z = -a STEP(TIME, 0, 0, 1, 1) = -a (3 t^2 - 2 t^3) up to t = 1, then -a:
  // v = -a (t^3 - t^4 / 2), z = -a (t^4 / 4 - t^5 / 10); after t = 1, v = -a (1/2 + s) and
  // z = -a (0.15 + s / 2 + s^2 / 2) with s = t - 1.
  const double a = 9.81;
  for (const char* method : {"", R"(integrator_type="VSTIFF")"}) {
    const auto run = test::run_inline(std::string(R"XML(<MotionSolve><Model>
      <Force_Gravity grav_z="-9.81 * STEP(TIME, 0, 0, 1, 1)" grav_x="0"/>
      <Body_Rigid id="1" isground="TRUE"/>
      <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="1" inertia_yy="2" inertia_zz="2.5"/>
      <Reference_Marker id="20" body_id="2"/>
      <Param_Transient integr_tol="1e-10" )XML") +
                                      method + R"XML(/>
    </Model><Command><Simulate analysis_type="Transient" end_time="2" num_steps="40"/></Command>
    </MotionSolve>)XML");
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() == 41);
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double t = run.t[k], s = t - 1;
      const double z = t <= 1 ? -a * (std::pow(t, 4) / 4 - std::pow(t, 5) / 10)
                              : -a * (0.15 + s / 2 + s * s / 2);
      const double v = t <= 1 ? -a * (std::pow(t, 3) - std::pow(t, 4) / 2) : -a * (0.5 + s);
      INFO(method << " t = " << t);
      CHECK(run.y[k][2] == Approx(z).margin(1e-6));
      CHECK(run.y[k][9] == Approx(v).margin(1e-6));
      CHECK(run.y[k][0] == Approx(0).margin(1e-12));
    }
  }
}

TEST_CASE("gravity that depends on the state is refused at its attribute") {
  Diagnostics diag;
  Deck deck = read_xml_deck_text(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81 * (1 + DZ(20))"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="1" inertia_yy="2" inertia_zz="2.5"/>
    <Reference_Marker id="20" body_id="2"/>
  </Model></MotionSolve>)XML",
                                 "inline.xml", diag);
  (void)build_model(deck, diag);
  REQUIRE(diag.has_errors());
  bool found = false;
  for (const auto& d : diag.all()) {
    found |= d.str().find("grav_z may depend on TIME only") != std::string::npos &&
             d.str().find("inline.xml:2:") != std::string::npos;
  }
  CHECK(found);
}
