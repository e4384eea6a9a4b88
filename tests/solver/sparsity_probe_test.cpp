// The sparsity probes (System::build_pattern) evaluate expressions at random states and times
// the analysis may never reach: a domain error there must not fail a valid model.
//
// Oracle (closed form): a free 1-kg body pushed along x by F = 1e6 sqrt(a - t), a = 0.001 s,
// from rest: v(t) = (2/3) 1e6 (a^1.5 - (a - t)^1.5). The run ends at 0.0005 s, before the
// square root's argument turns negative; the probes draw times in [0, 1].

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

std::string pushed_body(const std::string& end_time) {
  return R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
    <Force_Vector_OneBody id="7" marker_id="20" type="ForceOnly"
                          fx_expression="1E6*SQRT(0.001-TIME)"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time=")XML" +
         end_time + R"XML(" print_interval="0.0001"/>
  </Command></MotionSolve>)XML";
}

}  // namespace

TEST_CASE("a domain error at a probe's time does not fail a model that never gets there") {
  const auto run = test::run_inline(pushed_body("0.0005"));
  REQUIRE(run.report.code == ExitCode::kSuccess);
  REQUIRE(run.t.size() == 6);
  const double a = 0.001;
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    INFO("t = " << t);
    const double v = 2.0 / 3.0 * 1e6 * (std::pow(a, 1.5) - std::pow(a - t, 1.5));
    CHECK(run.y[k][7] == Approx(v).epsilon(1e-6).margin(1e-9));
  }
}

TEST_CASE("a domain error the analysis reaches still stops it") {
  const auto run = test::run_inline(pushed_body("0.002"));
  CHECK(run.report.code == ExitCode::kAnalysisFailed);
  CHECK(run.report.message.find("SQRT") != std::string::npos);
  CHECK(run.report.time <= 0.0011);
}
