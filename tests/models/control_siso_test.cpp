// Control_SISO step response against the analytic response. H(s) = (w^2 + b1 s) / (w^2 +
// 2 z w s + s^2) in ascending coefficients, u = 1 from t = 0, zero initial states:
//   y(t) = 1 - e^{-sig t} (cos wd t + sig/wd sin wd t) + b1 e^{-sig t} sin(wd t) / wd,
// sig = z w, wd = w sqrt(1 - z^2). The b1 term fails if the coefficient order is reversed.
// The output is read with ARYVAL of the Y array in a request, the states with ARYVAL of X.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

TEST_CASE("Control_SISO step response matches the analytic response") {
  const double w = 2.0, z = 0.3, b1 = 0.7;
  const double sig = z * w, wd = w * std::sqrt(1 - z * z);
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Variable id="5" expr="1"/>
    <Reference_Array id="11" type="U" num_element="1" variable_id="5"/>
    <Reference_Array id="12" type="X" num_element="2"/>
    <Reference_Array id="13" type="Y" num_element="1"/>
    <Control_SISO id="3" u_array_id="11" x_array_id="12" y_array_id="13"
        num_numerator_coef="2" numerator_coef="{} {}"
        num_denominator_coef="3" denominator_coef="{} {} 1"/>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(13, 1)" expr2="ARYVAL(12, 2)"/>
    <Param_Transient integr_tol="1e-7"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="5" print_interval="0.1"/>
  </Command></MotionSolve>)XML",
                                      w * w, b1, w * w, 2 * z * w);
  auto run = test::run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  RequestOutputs req(*run.sys);
  std::vector<double> yp(run.sys->size(), 0.0), out(2);
  double worst = 0, worst_rate = 0;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k], e = std::exp(-sig * t);
    const double step = 1 - e * (std::cos(wd * t) + sig / wd * std::sin(wd * t));
    const double impulse = e * std::sin(wd * t) / wd;  // response of 1/D(s) to a step = z'
    const double y = step + b1 * impulse;
    req.values(t, run.y[k].data(), yp.data(), out);
    worst = std::max(worst, std::abs(out[0] - y));
    // x2 = z' where D(s) Z = U: z' = w^-2 * d/dt(step) = impulse.
    worst_rate = std::max(worst_rate, std::abs(out[1] - impulse));
  }
  CHECK(worst < 1e-5);
  CHECK(worst_rate < 1e-5);
}
