// Oracle: three Constraint_General elements DX(I,J) = DY(I,J) = DZ(I,J) = 0 are the SPHERICAL
// joint (the Adams GCON documentation's own example): a tumbling body on them moves exactly as
// its twin on a SPHERICAL joint, and the GCON reactions reported on I (FX..TZ at I) add up to
// the joint's reaction. A rod GCON DM(I,J) - L = 0 keeps its length while the body swings.

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("three GCONs DX, DY, DZ reproduce a SPHERICAL joint and its reaction") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.2" inertia_xx="0.1" inertia_yy="0.15"
                inertia_zz="0.2" w_ic_x="1" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.6" pos_y="0.2"/>
    <Reference_Marker id="21" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1.2" inertia_xx="0.1" inertia_yy="0.15"
                inertia_zz="0.2" w_ic_x="1" w_ic_z="3"/>
    <Reference_Marker id="30" body_id="3" pos_x="0.6" pos_y="0.2"/>
    <Reference_Marker id="31" body_id="3"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
    <Constraint_General id="1" i_marker_id="31" expr="DX(31,10)"/>
    <Constraint_General id="2" i_marker_id="31" expr="DY(31,10)"/>
    <Constraint_General id="3" i_marker_id="31" expr="DZ(31,10)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="FX(21,10)" expr2="FY(21,10)"
                  expr3="FZ(21,10)" expr4="FX(31,10)" expr5="FY(31,10)" expr6="FZ(31,10)"
                  expr7="TM(31,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.02"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  std::vector<double> yp(run.y.front().size(), 0.0), v(req.size());
  const int b2 = run.sys->body_offset(1), b3 = run.sys->body_offset(2);
  double fmax = 0;
  for (size_t n = 0; n < run.t.size(); ++n) {
    for (int c = 0; c < 13; ++c) {
      CHECK(run.y[n][b3 + c] == Approx(run.y[n][b2 + c]).margin(1e-7));
    }
    req.values(run.t[n], run.y[n].data(), yp.data(), v);
    for (int c = 0; c < 3; ++c) CHECK(v[3 + c] == Approx(v[c]).margin(1e-5));
    CHECK(v[6] == Approx(0.0).margin(1e-9));  // point constraints exert no torque
    fmax = std::max(fmax, std::abs(v[2]));
  }
  CHECK(fmax > 5.0);
}

TEST_CASE("a DM constraint keeps a rod length while the body swings and spins") {
  const auto run = test::run_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.3"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.01" inertia_yy="0.02"
                inertia_zz="0.03" w_ic_z="2" v_ic_z="0.5"/>
    <Reference_Marker id="20" body_id="2" pos_x="1.5"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.3"/>
    <Constraint_General id="1" i_marker_id="10" expr="DM(21,10) - 1.0"/>
    <Post_Request id="1" type="EXPRESSION" expr1="DM(21,10)" expr2="VR(21,10)"/>
    <Param_Transient integr_tol="1e-9"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.02"/>
  </Command></MotionSolve>)XML");
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  std::vector<double> yp(run.y.front().size(), 0.0), v(req.size());
  for (size_t n = 0; n < run.t.size(); ++n) {
    req.values(run.t[n], run.y[n].data(), yp.data(), v);
    CHECK(v[0] == Approx(1.0).margin(1e-9));
    CHECK(v[1] == Approx(0.0).margin(1e-7));
  }
}
