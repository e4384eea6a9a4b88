// User states, variables and state-element outputs in force expressions (solver/state_inputs.hpp).
//
// A free mass m (no gravity) moves along x under a force that is a first-order lag of its own
// displacement x = DX(20, 10): s' = (x - s) / tau, F = -k s - c s'. Written two ways:
//   A: a Control_Diff for s; F through VARVAL of a variable that reads DIF and DIF1
//      (Force_Vector_OneBody);
//   B: a Control_SISO 1 / (1 + tau s) whose input is PINVAL of a Control_PlantInput (a variable
//      reading DX); F reads its output with ARYVAL of the Y array, POUVAL and PINVAL
//      (Force_Vector_TwoBody);
//   C: the Control_Diff of A read directly by a Force_SpringDamper force_expression (its
//      dissipated-energy state, which every spring-damper has, then reads the lag state too).
// Oracles: an independent RK4 integration of (x, v, s) in this file; the force read back through
// a request (VFORCE, SPDP) against -k s - c s' of the RK4 solution; the exact Jacobian of the decks
// against central finite differences of the residual, with the force rows depending on the state
// columns and the state rows on the body columns.

#include <fmt/format.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

constexpr double kM = 2.0, kK = 8.0, kC = 0.5, kTau = 0.3, kX0 = 0.3;

std::string deck(char variant, const std::string& integrator) {
  std::string force =
      variant != 'B' ? fmt::format(R"X(
    <Control_Diff id="1" expr="(DX(20, 10) - DIF(1)) / {tau}"/>
    <Reference_Variable id="3" expr="{k}*DIF(1) + {c}*DIF1(1)"/>
    <Force_Vector_OneBody id="5" type="ForceOnly" i_marker_id="20" fx_expression="-VARVAL(3)"
        fy_expression="0" fz_expression="0"/>)X",
                                   fmt::arg("tau", kTau), fmt::arg("k", kK), fmt::arg("c", kC))
                     : fmt::format(R"X(
    <Reference_Variable id="1" expr="DX(20, 10)"/>
    <Reference_Variable id="4" expr="ARYVAL(13, 1)"/>
    <Control_PlantInput id="1" num_element="1" variable_id_list="1"/>
    <Control_PlantOutput id="2" num_element="1" variable_id_list="4"/>
    <Reference_Array id="11" type="U" num_element="1" variable_id="1"/>
    <Reference_Array id="12" type="X" num_element="1"/>
    <Reference_Array id="13" type="Y" num_element="1"/>
    <Control_SISO id="3" u_array_id="11" x_array_id="12" y_array_id="13"
        num_numerator_coef="1" numerator_coef="1"
        num_denominator_coef="2" denominator_coef="1 {tau}"/>
    <Force_Vector_TwoBody id="5" type="ForceOnly" i_marker_id="20" j_floating_marker_id="10"
        fx_expression="-{k}*ARYVAL(13, 1) - {c}*(PINVAL(1, 1) - POUVAL(2, 1))/{tau}"
        fy_expression="0" fz_expression="0"/>)X",
                                   fmt::arg("tau", kTau), fmt::arg("k", kK), fmt::arg("c", kC));
  if (variant == 'C') {
    // Along the line from marker 11 (x = -100) to 20, which stays along +x: the mass swings
    // to |x| < 3, and a line through the mass (J at x = -1) would flip the force's direction.
    force = fmt::format(R"X(
    <Control_Diff id="1" expr="(DX(20, 10) - DIF(1)) / {tau}"/>
    <Reference_Marker id="11" body_id="1" pos_x="-100"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="11"
        force_expression="-{k}*DIF(1) - {c}*DIF1(1)"/>)X",
                        fmt::arg("tau", kTau), fmt::arg("k", kK), fmt::arg("c", kC));
  }
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{m}" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x0}"/>
    {force}
    <Post_Request id="1" type="EXPRESSION" expr1="DX(20, 10)" expr2="{query}(5, 0, 2, 0)"/>
    <Param_Transient integr_tol="1e-9" integrator_type="{integrator}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="5" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("m", kM), fmt::arg("x0", kX0), fmt::arg("force", force),
                     fmt::arg("integrator", integrator),
                     fmt::arg("query", variant == 'C' ? "SPDP" : "VFORCE"));
}

/// (x, v, s) at time t by RK4 of x' = v, v' = (-k s - c s') / m, s' = (x - s) / tau.
std::array<double, 3> reference(double t_end) {
  using S = std::array<double, 3>;
  auto f = [](const S& y) {
    const double sd = (y[0] - y[2]) / kTau;
    return S{y[1], (-kK * y[2] - kC * sd) / kM, sd};
  };
  S y{kX0, 0.0, 0.0};
  const int n = static_cast<int>(std::lround(t_end / 1e-4));
  const double h = t_end / std::max(n, 1);
  for (int i = 0; i < n; ++i) {
    const S k1 = f(y);
    S a;
    for (int j = 0; j < 3; ++j) a[j] = y[j] + 0.5 * h * k1[j];
    const S k2 = f(a);
    for (int j = 0; j < 3; ++j) a[j] = y[j] + 0.5 * h * k2[j];
    const S k3 = f(a);
    for (int j = 0; j < 3; ++j) a[j] = y[j] + h * k3[j];
    const S k4 = f(a);
    for (int j = 0; j < 3; ++j) y[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
  }
  return y;
}

}  // namespace

TEST_CASE("a force that is a lag state of the displacement follows an independent RK4") {
  for (char variant : {'A', 'B', 'C'}) {
    for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
      INFO(variant << " " << integrator);
      auto run = test::run_inline(deck(variant, integrator));
      REQUIRE(run.report.code == ExitCode::kSuccess);
      REQUIRE(run.t.size() == 51);
      RequestOutputs req(*run.sys);
      std::vector<double> out(req.size());
      double worst_x = 0, worst_f = 0, travel = 0;
      for (size_t k = 0; k < run.t.size(); ++k) {
        const auto ref = reference(run.t[k]);
        req.values(run.t[k], run.y[k].data(), run.yp[k].data(), out);
        const double force = -kK * ref[2] - kC * (ref[0] - ref[2]) / kTau;
        worst_x = std::max(worst_x, std::abs(out[0] - ref[0]));
        worst_f = std::max(worst_f, std::abs(out[1] - force));
        travel = std::max(travel, std::abs(ref[0] - kX0));
      }
      CHECK(travel > 0.3);  // the lagged force really moves the mass
      CHECK(worst_x < 1e-6);
      CHECK(worst_f < 1e-5);
    }
  }
}

TEST_CASE("exact Jacobian with states in force expressions equals central finite differences") {
  for (char variant : {'A', 'B', 'C'}) {
    INFO(variant);
    Diagnostics diag;
    Deck d = read_xml_deck_text(deck(variant, "DSTIFF"), "jac.xml", diag);
    auto model = build_model(d, diag);
    REQUIRE(model);
    const System sys(*model);
    const int n = sys.size(), s0 = sys.state_offset();
    REQUIRE(n == s0 + (variant == 'C' ? 2 : 1));  // C: and the spring's dissipated energy
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> uni(-1, 1);
    std::vector<double> y = sys.initial_state(), yp(n);
    for (auto& v : y) v += 0.3 * uni(rng);
    for (auto& v : yp) v = uni(rng);
    const double cj = 17.0, t = 0.4;
    const auto check = test::check_jacobian(sys, t, y, yp, cj);
    INFO(check.where);
    CHECK(check.worst < 1e-6);
    // Body 2's x momentum row (7) depends on the lag state: k + c cj for A (DIF1 enters with
    // cj), C (k - c / tau) for B (the output y = C x of the SISO state); the state row depends
    // on the body's x (0).
    if (variant != 'C') {
      const double expected =
          variant == 'A' ? kK + kC * cj : model->state_elements[0].C(0, 0) * (kK - kC / kTau);
      CHECK(check.at(7, s0) == Approx(expected).epsilon(1e-9));
    } else {
      CHECK(std::abs(check.at(7, s0)) > 1.0);     // the force row reads the lag state
      CHECK(std::abs(check.at(s0 + 1, s0)) > 0);  // and so does the energy row
    }
    CHECK(std::abs(check.at(s0, 0)) > 0.1);
  }
}
