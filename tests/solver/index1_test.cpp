// The stabilised index-1 form (Param_Transient dae_index 1, solver/system.hpp
// DaeForm::kStabilisedIndex1).
// Oracles: its exact Jacobian against central finite differences of its residual
// (tests/solver/jacobian_check.hpp; every joint type, primitive and coupler is in
// jacobian_test.cpp); its acceleration rows against the central-difference time derivative of
// the index-2 System's velocity rows along (y', nu' + u, t' = 1); its other rows against the
// index-2 rows (velocity rows in kappa's rows, u - B^T kappa from the index-2 B^T lambda); a
// transient against the index-2 form; the log names the formulation. The same derivative
// oracles for Constraint_General elements (explicit TIME, nonlinear in their measures), and a
// slider driven by a Constraint_General z (1 + 0.3 sin t) = 0.5 sin 2t against its closed form,
// the reaction lambda = m z'' / (1 + 0.3 sin t) included (z'' by central differences of the
// closed form), in the index-1 form and in the ODE forms (VSTIFF, ABAM). The closed-form and energy
// oracles of index-1 transients are in pendulum_test.cpp (a pendulum held by Constraint_Generals
// too) and driven_mechanism_test.cpp; COUSUB couplers in tests/usersub/cousub_test.cpp.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <random>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

/// A double pendulum (REVOLUTE, SPHERICAL + an INPLANE primitive), a slider on a TRANSLATIONAL
/// joint driven by a displacement Motion_Joint (explicit time terms up to f'') and a
/// Motion_Marker rotation driven by an acceleration (two motion states) on a third body.
std::string mechanism(const std::string& transient, double end_time) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_y="-2" psi="0.3"/>
    <Reference_Marker id="12" body_id="1" pos_x="3"/>
    <Reference_Marker id="13" body_id="1" pos_x="-2"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.01" inertia_yy="0.08" inertia_zz="0.09"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="1"/>
    <Body_Rigid id="3" cg_id="30" mass="0.7" inertia_xx="0.01" inertia_yy="0.06" inertia_zz="0.06"/>
    <Reference_Marker id="30" body_id="3" pos_x="1.5"/>
    <Reference_Marker id="31" body_id="3" pos_x="1"/>
    <Body_Rigid id="4" cg_id="40" mass="2" inertia_xx="0.02" inertia_yy="0.02" inertia_zz="0.02"/>
    <Reference_Marker id="40" body_id="4" pos_x="3"/>
    <Reference_Marker id="41" body_id="4" pos_x="3"/>
    <Body_Rigid id="5" cg_id="50" mass="1.5" inertia_xx="0.03" inertia_yy="0.04" inertia_zz="0.05"/>
    <Reference_Marker id="50" body_id="5" pos_x="-2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="SPHERICAL" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Jprim id="3" type="INPLANE" i_marker_id="30" j_marker_id="10"/>
    <Constraint_Joint id="4" type="TRANSLATIONAL" i_marker_id="41" j_marker_id="12"/>
    <Constraint_Joint id="6" type="SPHERICAL" i_marker_id="50" j_marker_id="13"/>
    <Motion_Joint id="5" joint_id="4" joint_type="T" val_type="D" type="EXPRESSION"
                  expr="0.3*SIN(2*TIME)"/>
    <Motion_Marker id="7" i_marker_id="50" j_marker_id="13" direction="B3" val_type="A"
                   type="EXPRESSION" expr="0.5*COS(3*TIME)" ic_disp="0" ic_vel="0.2"/>
    {transient}
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end}" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("transient", transient), fmt::arg("end", end_time));
}

/// A slider (body 2) on a TRANSLATIONAL joint along z driven by a Constraint_General with
/// explicit TIME, z (1 + 0.3 sin t) = 0.5 sin 2t, and a pendulum (body 3, gravity -y) held by a
/// SPHERICAL joint and two Constraint_Generals nonlinear in DZ (one with TIME) that keep its
/// CM (30) and a point off the rod (32) in the plane z = 0; `extra` adds elements.
std::string general_constraints(const std::string& transient, double end_time,
                                const std::string& extra = "") {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="2"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.01" inertia_yy="0.02" inertia_zz="0.03"/>
    <Reference_Marker id="20" body_id="2"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Constraint_General id="2" i_marker_id="20"
                        expr="DZ(20,10)*(1 + 0.3*SIN(TIME)) - 0.5*SIN(2*TIME)"/>
    <Body_Rigid id="3" cg_id="30" mass="0.8" inertia_xx="0.01" inertia_yy="0.05" inertia_zz="0.06"/>
    <Reference_Marker id="30" body_id="3" pos_x="3"/>
    <Reference_Marker id="31" body_id="3" pos_x="2"/>
    <Reference_Marker id="32" body_id="3" pos_x="2" pos_y="1"/>
    <Constraint_Joint id="3" type="SPHERICAL" i_marker_id="31" j_marker_id="11"/>
    <Constraint_General id="4" i_marker_id="30" expr="DZ(30,11) + 0.5*DZ(30,11)**2"/>
    <Constraint_General id="5" i_marker_id="32" expr="SIN(DZ(32,11))*(1 + 0.2*SIN(TIME))"/>
    {extra}
    {transient}
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end}" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("transient", transient), fmt::arg("end", end_time),
                     fmt::arg("extra", extra));
}

/// A free body 4 under a Constraint_General nonlinear in every pose measure, over markers of
/// bodies 3, 4 and ground (for the derivative checks at random states only).
constexpr const char* kRichGeneral = R"XML(
    <Body_Rigid id="4" cg_id="40" mass="1" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.3"/>
    <Reference_Marker id="40" body_id="4" pos_x="1" pos_y="1"/>
    <Reference_Marker id="41" body_id="4" pos_x="1.2" pos_y="0.9" psi="0.4" theta="0.3"/>
    <Constraint_General id="6" i_marker_id="41" expr="DM(41,30)*AZ(41,30)
        + DX(41,30,11)*AY(30,41) - 0.3*AX(41,30)*DZ(41,10,30) + DY(40)**2
        + 0.2*SIN(3*TIME)*DZ(41,30,30) + COS(TIME*DX(41))"/>)XML";

class LogObserver : public AnalysisObserver {
 public:
  void output(double, const System&, Workspace&, const std::vector<double>&,
              const std::vector<double>&) override {}
  void log(const std::string& line) override { lines += line + "\n"; }
  std::string lines;
};

}  // namespace

TEST_CASE("index-1 form: exact Jacobian equals finite differences at random states") {
  const bool general = GENERATE(false, true);
  INFO((general ? "Constraint_General deck" : "joint deck"));
  const auto model =
      test::model_inline(general ? general_constraints("", 1, kRichGeneral) : mechanism("", 1));
  const System sys(*model, DaeForm::kStabilisedIndex1);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    const auto check = test::check_jacobian_at_random_state(sys, 0.37, 23.0, rng, 0.1);
    INFO(check.where);
    CHECK(check.worst < 1e-6);
  }
}

TEST_CASE("index-1 form: acceleration rows are the time derivative of the velocity rows") {
  const bool general = GENERATE(false, true);
  INFO((general ? "Constraint_General deck" : "joint deck"));
  const auto model =
      test::model_inline(general ? general_constraints("", 1, kRichGeneral) : mechanism("", 1));
  const System i2(*model), i1(*model, DaeForm::kStabilisedIndex1);
  const int n2 = i2.size(), n1 = i1.size();
  const int nb = i1.num_moving_bodies(), m = i1.num_constraint_equations();
  REQUIRE(n1 == n2 + m + 6 * nb);
  REQUIRE(i1.kappa_begin() == n2);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::vector<double> y = i1.initial_state(), yp(n1);
  for (double& v : y) v += 0.1 * uni(rng);
  for (double& v : yp) v = uni(rng);
  const double t = 0.3;
  std::vector<double> r1(n1), r2(n2);
  Workspace ws1 = i1.make_workspace(), ws2 = i2.make_workspace();
  i1.residual(ws1, t, y.data(), yp.data(), r1.data());
  // The index-2 velocity rows B nu - v_ref along the motion: differential variables move with
  // y' (velocities with nu' + u), time with 1.
  std::vector<double> dir(n2, 0.0);
  for (int i = 0; i < n2; ++i) {
    if (i2.differential_mask()[i] > 0) dir[i] = yp[i];
  }
  for (int b = 0; b < nb; ++b) {
    for (int c = 0; c < 6; ++c) dir[13 * b + 7 + c] += y[i1.correction_offset(13 * b) + c];
  }
  const double h = 1e-6;
  std::vector<double> yy(y.begin(), y.begin() + n2), ypp(yp.begin(), yp.begin() + n2), rp(n2),
      rm(n2);
  for (int i = 0; i < n2; ++i) yy[i] = y[i] + h * dir[i];
  i2.residual(ws2, t + h, yy.data(), ypp.data(), rp.data());
  for (int i = 0; i < n2; ++i) yy[i] = y[i] - h * dir[i];
  i2.residual(ws2, t - h, yy.data(), ypp.data(), rm.data());
  for (int e = 0; e < m; ++e) {
    INFO(i1.describe_variable(13 * nb + e));
    const int row = 13 * nb + e;
    const double fd = (rp[row] - rm[row]) / (2 * h);
    CHECK(r1[row] == Approx(fd).margin(1e-6));
  }
  // kappa rows: the index-2 velocity rows; mu rows: Phi.
  std::vector<double> y2(y.begin(), y.begin() + n2);
  i2.residual(ws2, t, y2.data(), yp.data(), r2.data());
  for (int e = 0; e < m; ++e) {
    CHECK(r1[n2 + e] == Approx(r2[13 * nb + e]).margin(1e-12));
    CHECK(r1[13 * nb + m + e] == Approx(r2[13 * nb + m + e]).margin(1e-12));
  }
  // u rows: u - B^T kappa, B^T kappa being the index-2 Newton-Euler rows' -B^T lambda at
  // lambda = kappa (and nothing else: zero velocities', masses' and forces' terms cancel in the
  // difference of two index-2 residuals).
  std::vector<double> ya = y2, yb = y2, ra(n2), rb(n2);
  for (int e = 0; e < m; ++e) {
    ya[13 * nb + e] = y[n2 + e];
    yb[13 * nb + e] = 0.0;
  }
  i2.residual(ws2, t, ya.data(), yp.data(), ra.data());
  i2.residual(ws2, t, yb.data(), yp.data(), rb.data());
  for (int b = 0; b < nb; ++b) {
    for (int c = 0; c < 6; ++c) {
      const int u = i1.correction_offset(13 * b) + c, row = 13 * b + 7 + c;
      CHECK(r1[u] == Approx(y[u] + (ra[row] - rb[row])).margin(1e-12));
    }
  }
}

TEST_CASE("index-1 form: transient agrees with the index-2 form; the log names it") {
  const char* kIndex1 = R"(<Param_Transient integr_tol="1e-9" dae_index="1"/>)";
  const char* kIndex2 = R"(<Param_Transient integr_tol="1e-9"/>)";
  const auto run1 = test::run_inline(mechanism(kIndex1, 1));
  const auto run2 = test::run_inline(mechanism(kIndex2, 1));
  REQUIRE(run1.report.message == "");
  REQUIRE(run2.report.message == "");
  REQUIRE(run1.t.size() == run2.t.size());
  double worst = 0;
  for (size_t k = 0; k < run1.t.size(); ++k) {
    REQUIRE(run1.y[k].size() == run2.y[k].size());
    for (int i = 0; i < 13 * 4; ++i) {
      worst = std::max(worst, std::abs(run1.y[k][i] - run2.y[k][i]));
    }
  }
  CHECK(worst < 1e-6);
  UNSCOPED_INFO("largest body state difference " << worst);
  const auto model = test::model_inline(mechanism(kIndex1, 0.1));
  const System sys(*model);
  LogObserver obs;
  const RunReport report = run_analyses(sys, obs);
  INFO(obs.lines);
  CHECK(report.code == ExitCode::kSuccess);
  CHECK(obs.lines.find("stabilised index-1 (SI1)") != std::string::npos);
  CHECK(obs.lines.find("warning") == std::string::npos);
}

TEST_CASE("index-1 form: dae_index 1 is read without a warning") {
  Diagnostics diag;
  Deck deck =
      read_xml_deck_text(mechanism(R"(<Param_Transient dae_index="1"/>)", 1), "i1.xml", diag);
  const auto model = build_model(deck, diag);
  REQUIRE(model);
  CHECK(model->transient.dae_index == 1);
  std::string messages;
  for (const auto& d : diag.all()) messages += d.str() + "\n";
  CHECK(messages == "");
}

TEST_CASE("index-1 form: a Constraint_General with TIME drives a slider to its closed form") {
  // Also in the ODE forms (CVODE), whose accelerations come from the acceleration solve: it
  // must carry the explicit time derivative of the constraint's velocity row.
  const char* transient =
      GENERATE(R"(<Param_Transient integr_tol="1e-9" dae_index="1"/>)",
               R"(<Param_Transient integr_tol="1e-9" integrator_type="VSTIFF"/>)",
               R"(<Param_Transient integr_tol="1e-9" integrator_type="ABAM"/>)");
  INFO(transient);
  const auto run = test::run_inline(general_constraints(transient, 2));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 201);
  const double m = 1.5;
  const auto z = [](double t) { return 0.5 * std::sin(2 * t) / (1 + 0.3 * std::sin(t)); };
  const int o = run.sys->body_offset(run.model->body_index.at(2));
  const int lambda = 13 * run.sys->num_moving_bodies() + run.sys->general_constraint_equation(0);
  double worst_z = 0, worst_vz = 0, worst_lambda = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], h = 1e-4;
    const double vz = (z(t + h) - z(t - h)) / (2 * h);
    const double az = (z(t + h) - 2 * z(t) + z(t - h)) / (h * h);
    worst_z = std::max(worst_z, std::abs(run.y[k][o + 2] - z(t)));
    worst_vz = std::max(worst_vz, std::abs(run.y[k][o + 9] - vz));
    worst_lambda =
        std::max(worst_lambda, std::abs(run.y[k][lambda] - m * az / (1 + 0.3 * std::sin(t))));
  }
  CHECK(worst_z < 1e-8);
  CHECK(worst_vz < 1e-6);
  CHECK(worst_lambda < 1e-5);
  UNSCOPED_INFO(transient << ": z " << worst_z << ", vz " << worst_vz << ", lambda "
                          << worst_lambda);
  // The same deck in the index-2 form (once).
  if (std::string(transient).find("dae_index") == std::string::npos) return;
  const auto ref =
      test::run_inline(general_constraints(R"(<Param_Transient integr_tol="1e-9"/>)", 2));
  REQUIRE(ref.report.code == ExitCode::kSuccess);
  REQUIRE(ref.t.size() == run.t.size());
  double worst = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    for (int i = 0; i < 13 * 2; ++i) worst = std::max(worst, std::abs(run.y[k][i] - ref.y[k][i]));
  }
  CHECK(worst < 1e-6);
  UNSCOPED_INFO("against the index-2 form: body states " << worst);
}
