// The index-3 form (Param_Transient dae_index 3, solver/system.hpp DaeForm::kIndex3).
// Oracles: its exact Jacobian against central finite differences of its residual
// (tests/solver/jacobian_check.hpp); its rows against the index-2 System of the same model (the
// lambda rows are the index-2 position rows Phi, the body rows do not read mu, the mu rows are
// mu = 0); the run log names the formulation; an IDA failure in index 3 is reported (exit 1).
// The closed-form and energy oracles of index-3 transients are in pendulum_test.cpp and
// driven_mechanism_test.cpp.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <random>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

/// A double pendulum (REVOLUTE, SPHERICAL + an INPLANE primitive) with a slider on a
/// TRANSLATIONAL joint driven by a velocity Motion_Joint (a motion state).
std::string mechanism(const std::string& transient, double end_time) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_y="-2" psi="0.3"/>
    <Reference_Marker id="12" body_id="1" pos_x="3"/>
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
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="SPHERICAL" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Jprim id="3" type="INPLANE" i_marker_id="30" j_marker_id="10"/>
    <Constraint_Joint id="4" type="TRANSLATIONAL" i_marker_id="41" j_marker_id="12"/>
    <Motion_Joint id="5" joint_id="4" joint_type="T" val_type="V" type="EXPRESSION"
                  expr="0.3*COS(2*TIME)" ic_disp="0"/>
    {transient}
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="{end}" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("transient", transient), fmt::arg("end", end_time));
}

class LogObserver : public AnalysisObserver {
 public:
  void output(double, const System&, Workspace&, const std::vector<double>&,
              const std::vector<double>&) override {
    ++outputs;
  }
  void log(const std::string& line) override { lines += line + "\n"; }
  std::string lines;
  int outputs = 0;
};

}  // namespace

TEST_CASE("index-3 form: exact Jacobian equals finite differences at random states") {
  const auto model = test::model_inline(mechanism("", 1));
  const System sys(*model, DaeForm::kIndex3);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    const auto check = test::check_jacobian_at_random_state(sys, 0.37, 23.0, rng, 0.1);
    INFO(check.where);
    CHECK(check.worst < 1e-6);
  }
}

TEST_CASE("index-3 form: Phi in the lambda rows, no mu in the body rows, mu rows pinned") {
  const auto model = test::model_inline(mechanism("", 1));
  const System i2(*model), i3(*model, DaeForm::kIndex3);
  REQUIRE(i2.size() == i3.size());
  const int nb = i3.num_moving_bodies(), m = i3.num_constraint_equations();
  REQUIRE(m > 0);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::vector<double> y = i3.initial_state(), yp(y.size());
  for (double& v : y) v += 0.1 * uni(rng);
  for (double& v : yp) v = uni(rng);
  for (int e = 0; e < m; ++e) y[13 * nb + m + e] = 0.0;  // mu = 0: the index-2 rows agree
  std::vector<double> r2(y.size()), r3(y.size()), r3_mu(y.size());
  Workspace ws2 = i2.make_workspace(), ws3 = i3.make_workspace();
  i2.residual(ws2, 0.2, y.data(), yp.data(), r2.data());
  i3.residual(ws3, 0.2, y.data(), yp.data(), r3.data());
  for (int e = 0; e < m; ++e) {
    INFO(i3.describe_variable(13 * nb + e));
    CHECK(r3[13 * nb + e] == Approx(r2[13 * nb + m + e]).margin(1e-14));  // Phi
    CHECK(r3[13 * nb + m + e] == 0.0);                                    // mu = 0
  }
  for (int i = 0; i < 13 * nb; ++i) CHECK(r3[i] == Approx(r2[i]).margin(1e-14));
  // With mu != 0 the index-2 body rows change, the index-3 ones do not; its mu rows read mu.
  for (int e = 0; e < m; ++e) y[13 * nb + m + e] = 0.5 + e;
  i3.residual(ws3, 0.2, y.data(), yp.data(), r3_mu.data());
  for (int i = 0; i < 13 * nb; ++i) CHECK(r3_mu[i] == r3[i]);
  for (int e = 0; e < m; ++e) CHECK(r3_mu[13 * nb + m + e] == 0.5 + e);
  i2.residual(ws2, 0.2, y.data(), yp.data(), r2.data());
  double changed = 0;
  for (int i = 0; i < 13 * nb; ++i) changed = std::max(changed, std::abs(r2[i] - r3[i]));
  CHECK(changed > 1e-3);  // the comparison above could fail
}

TEST_CASE("index-3 form: the log names the formulation, and both forms agree") {
  const char* kIndex3 = R"(<Param_Transient integr_tol="1e-9" dae_index="3"/>)";
  const char* kIndex2 = R"(<Param_Transient integr_tol="1e-9"/>)";
  const auto run3 = test::run_inline(mechanism(kIndex3, 1));
  const auto run2 = test::run_inline(mechanism(kIndex2, 1));
  REQUIRE(run3.report.message == "");
  REQUIRE(run2.report.message == "");
  REQUIRE(run3.t.size() == run2.t.size());
  double worst = 0;
  for (size_t k = 0; k < run3.t.size(); ++k) {
    for (int b = 0; b < 3; ++b) {
      for (int i = 0; i < 7; ++i) {
        worst = std::max(worst, std::abs(run3.y[k][13 * b + i] - run2.y[k][13 * b + i]));
      }
    }
  }
  CHECK(worst < 1e-6);
  UNSCOPED_INFO("largest position difference " << worst);
  for (const auto& [transient, expected] :
       {std::pair{kIndex3, "index-3 (I3)"}, std::pair{kIndex2, "stabilised index-2 (SI2)"}}) {
    const auto model = test::model_inline(mechanism(transient, 0.1));
    const System sys(*model);
    LogObserver obs;
    const RunReport report = run_analyses(sys, obs);
    INFO(obs.lines);
    CHECK(report.code == ExitCode::kSuccess);
    CHECK(obs.lines.find(expected) != std::string::npos);
  }
}

TEST_CASE("index-3 form: an IDA failure is reported, not hidden") {
  // A step size floor far above what integr_tol needs: IDA gives up, exit 1 with the reason.
  const auto run = test::run_inline(
      mechanism(R"(<Param_Transient integr_tol="1e-12" h_min="0.005" dae_index="3"/>)", 1));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK(run.report.message.find("IDA failed") != std::string::npos);
  CHECK(run.t.back() < 1.0);
}
