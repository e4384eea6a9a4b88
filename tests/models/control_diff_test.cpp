// Control_Diff against the analytic solution of x' = -2 x + sin t, x(0) = 1:
//   x(t) = 6/5 e^{-2t} + (2 sin t - cos t) / 5,
// in its explicit form (expr = y'), its implicit form (expr(y, y') = 0 with DIF1) and with the
// ODE form (CVODE); DIF and DIF1 read through an EXPRESSION request.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

double exact(double t) { return 1.2 * std::exp(-2 * t) + (2 * std::sin(t) - std::cos(t)) / 5; }

std::string deck(const std::string& integrator) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Control_Diff id="1" type="EXPRESSION" expr="-2*DIF(1) + SIN(TIME)" ic="1"/>
    <Control_Diff id="2" is_implicit="TRUE" expr="DIF1(2) + 2*DIF(2) - SIN(TIME)" ic="1"/>
    <Control_Diff id="3" is_implicit="TRUE" ic="0.5"
        expr="(1 + DIF(3)**2)*DIF1(3) + DIF(3) - COS(3*TIME)"/>
    <Post_Request id="7" type="EXPRESSION" expr1="DIF(1)" expr2="DIF1(1)" expr3="DIF(2) - DIF(1)"/>
    <Param_Transient integr_tol="1e-7" integrator_type="{}"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                     integrator);
}

}  // namespace

TEST_CASE("Control_Diff explicit and implicit forms follow the analytic solution") {
  for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
    INFO(integrator);
    auto run = test::run_inline(deck(integrator));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    const int s0 = run.sys->state_offset();
    REQUIRE(run.sys->size() == s0 + 3);
    REQUIRE(run.t.size() == 31);
    double worst_explicit = 0, worst_implicit = 0, worst_pair = 0;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const double x = exact(run.t[k]);
      worst_explicit = std::max(worst_explicit, std::abs(run.y[k][s0] - x));
      worst_implicit = std::max(worst_implicit, std::abs(run.y[k][s0 + 1] - x));
      worst_pair = std::max(worst_pair, std::abs(run.y[k][s0 + 1] - run.y[k][s0]));
    }
    CHECK(worst_explicit < 1e-5);
    CHECK(worst_implicit < 1e-5);
    CHECK(worst_pair < 1e-5);
  }
}

TEST_CASE("an implicit Control_Diff with a state-dependent DIF1 coefficient: IDA = CVODE") {
  // (1 + y^2) y' + y = cos 3t has no closed form; the DAE form (IDA) and the ODE form (CVODE,
  // which solves for y' at every right-hand side) are independent methods.
  auto ida = test::run_inline(deck("DSTIFF"));
  auto cv = test::run_inline(deck("VSTIFF"));
  REQUIRE(ida.report.code == ExitCode::kSuccess);
  REQUIRE(cv.report.code == ExitCode::kSuccess);
  REQUIRE(ida.t.size() == cv.t.size());
  const int s = ida.sys->state_offset() + 2;
  double worst = 0, range = 0;
  for (size_t k = 0; k < ida.t.size(); ++k) {
    worst = std::max(worst, std::abs(ida.y[k][s] - cv.y[k][s]));
    range = std::max(range, std::abs(ida.y[k][s] - 0.5));
  }
  CHECK(range > 0.3);  // the state really moves
  CHECK(worst < 2e-5);
}

TEST_CASE("DIF and DIF1 are readable in requests") {
  auto run = test::run_inline(deck("DSTIFF"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  REQUIRE(req.size() == 3);
  const int n = run.sys->size(), s0 = run.sys->state_offset();
  const size_t k = 10;  // t = 1
  std::vector<double> yp(n, 0.0);
  yp[s0] = -2 * run.y[k][s0] + std::sin(run.t[k]);  // x' of the explicit diff
  std::vector<double> out(3);
  req.values(run.t[k], run.y[k].data(), yp.data(), out);
  CHECK(out[0] == Approx(exact(1.0)).margin(1e-5));
  CHECK(out[1] == Approx(yp[s0]).margin(1e-12));
  CHECK(std::abs(out[2]) < 1e-5);
}
