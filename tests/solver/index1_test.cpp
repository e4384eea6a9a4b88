// The stabilised index-1 form (Param_Transient dae_index 1, solver/system.hpp
// DaeForm::kStabilisedIndex1).
// Oracles: its exact Jacobian against central finite differences of its residual
// (tests/solver/jacobian_check.hpp; every joint type, primitive and coupler is in
// jacobian_test.cpp); its acceleration rows against the central-difference time derivative of
// the index-2 System's velocity rows along (y', nu' + u, t' = 1); its other rows against the
// index-2 rows (velocity rows in kappa's rows, u - B^T kappa from the index-2 B^T lambda); a
// transient against the index-2 form; the log names the formulation, and a model without
// acceleration rows (Constraint_General) runs the index-2 form with a warning. The closed-form
// and energy oracles of index-1 transients are in pendulum_test.cpp and
// driven_mechanism_test.cpp.

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

class LogObserver : public AnalysisObserver {
 public:
  void output(double, const System&, const std::vector<double>&,
              const std::vector<double>&) override {}
  void log(const std::string& line) override { lines += line + "\n"; }
  std::string lines;
};

}  // namespace

TEST_CASE("index-1 form: exact Jacobian equals finite differences at random states") {
  const auto model = test::model_inline(mechanism("", 1));
  const System sys(*model, DaeForm::kStabilisedIndex1);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (int trial = 0; trial < 3; ++trial) {
    std::vector<double> y = sys.initial_state(), yp(y.size());
    for (double& v : y) v += 0.1 * uni(rng);
    for (double& v : yp) v = uni(rng);
    const auto check = test::check_jacobian(sys, 0.37, y, yp, 23.0);
    INFO(check.where);
    CHECK(check.worst < 1e-6);
  }
}

TEST_CASE("index-1 form: acceleration rows are the time derivative of the velocity rows") {
  const auto model = test::model_inline(mechanism("", 1));
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
  i1.residual(t, y.data(), yp.data(), r1.data());
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
  i2.residual(t + h, yy.data(), ypp.data(), rp.data());
  for (int i = 0; i < n2; ++i) yy[i] = y[i] - h * dir[i];
  i2.residual(t - h, yy.data(), ypp.data(), rm.data());
  for (int e = 0; e < m; ++e) {
    INFO(i1.describe_variable(13 * nb + e));
    const int row = 13 * nb + e;
    const double fd = (rp[row] - rm[row]) / (2 * h);
    CHECK(r1[row] == Approx(fd).margin(1e-6));
  }
  // kappa rows: the index-2 velocity rows; mu rows: Phi.
  std::vector<double> y2(y.begin(), y.begin() + n2);
  i2.residual(t, y2.data(), yp.data(), r2.data());
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
  i2.residual(t, ya.data(), yp.data(), ra.data());
  i2.residual(t, yb.data(), yp.data(), rb.data());
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

TEST_CASE("index-1 form: a Constraint_General runs the index-2 form with a warning") {
  const auto model = test::model_inline(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.01" inertia_yy="0.08" inertia_zz="0.09"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_General id="3" i_marker_id="20" expr="DZ(20)"/>
    <Param_Transient dae_index="1"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1" print_interval="0.01"/>
  </Command></MotionSolve>)XML");
  std::string what;
  CHECK_FALSE(System::supports_index1(*model, &what));
  CHECK(what == "Constraint_General 3");
  CHECK_THROWS(System(*model, DaeForm::kStabilisedIndex1));
  const System sys(*model);
  LogObserver obs;
  const RunReport report = run_analyses(sys, obs);
  INFO(obs.lines);
  CHECK(report.code == ExitCode::kSuccess);
  CHECK(obs.lines.find("warning: dae_index 1 (SI1) has no acceleration rows for "
                       "Constraint_General 3") != std::string::npos);
  CHECK(obs.lines.find("stabilised index-2 (SI2)") != std::string::npos);
}
