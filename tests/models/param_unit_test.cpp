// Param_Unit: the same physical pendulum written in SI and in mm-kg-N-s (lengths x 1000, gravity
// -9806.65, inertia x 1e6, spring stiffness / 1000) moves the same way; and mass_mult_factor
// given by hand equals the factor the named units imply. The pendulum carries an applied force in
// newtons and a spring, so a wrong mass factor would change the motion (gravity alone would not
// notice: it scales with the mass).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// The pendulum with every length multiplied by `L` (1 for metres, 1000 for millimetres).
std::string pendulum(const std::string& units, double L) {
  return fmt::format(R"XML(<MotionSolve><Model>
    {units}
    <Force_Gravity grav_x="0" grav_y="{g:.17g}" grav_z="0"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="{a:.17g}" pos_y="{b:.17g}"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="{ixx:.17g}" inertia_yy="{iyy:.17g}"
                inertia_zz="{iyy:.17g}"/>
    <Reference_Marker id="20" body_id="2" pos_x="{h:.17g}"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="{l:.17g}"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="22" j_marker_id="11"
                        stiffness="{k:.17g}" damping="{c:.17g}" length="{len:.17g}"/>
    <Force_Vector_OneBody id="4" type="ForceOnly" marker_id="22" fx_expression="0"
                          fy_expression="3*SIN(2*TIME)" fz_expression="0"/>
    <Param_Transient integr_tol="1e-11"/>
  </Model><Command><Simulate analysis_type="Transient" end_time="1" num_steps="50"/></Command>
  </MotionSolve>)XML",
                     fmt::arg("units", units), fmt::arg("g", -9.80665 * L), fmt::arg("a", 1.0 * L),
                     fmt::arg("b", 0.5 * L), fmt::arg("ixx", 0.001 * L * L),
                     fmt::arg("iyy", 0.16667 * L * L), fmt::arg("h", 0.5 * L),
                     fmt::arg("l", 1.0 * L), fmt::arg("k", 20.0 / L), fmt::arg("c", 0.4 / L),
                     fmt::arg("len", 0.3 * L));
}

const char* kSi =
    R"(<Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="METER" time_unit="SECOND"/>)";
const char* kMm =
    R"(<Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="MILLIMETER" time_unit="SECOND"/>)";

}  // namespace

TEST_CASE("a pendulum in mm-kg-N-s moves like the same pendulum in SI") {
  const auto si = test::run_inline(pendulum(kSi, 1));
  const auto mm = test::run_inline(pendulum(kMm, 1000));
  REQUIRE(si.report.code == ExitCode::kSuccess);
  REQUIRE(mm.report.code == ExitCode::kSuccess);
  CHECK(mm.model->units.mass_factor == Approx(1e-3).epsilon(1e-15));
  REQUIRE(si.t.size() == 51);
  REQUIRE(mm.t.size() == 51);
  double worst = 0;
  for (size_t k = 0; k < si.t.size(); ++k) {
    REQUIRE(mm.t[k] == si.t[k]);
    for (int c = 0; c < 3; ++c) {  // CM position: mm / 1000 = m
      const double a = si.y[k][c], b = mm.y[k][c] / 1000;
      worst = std::max(worst, std::abs(a - b) / std::max(1.0, std::abs(a)));
    }
    for (int c = 3; c < 7; ++c) {  // Euler parameters: unit free
      worst = std::max(worst, std::abs(si.y[k][c] - mm.y[k][c]));
    }
  }
  INFO("largest relative difference " << worst);
  CHECK(worst < 1e-9);
  // The pendulum really swung: the CM moved by a good fraction of its radius.
  double lowest = 0;
  for (const auto& y : si.y) lowest = std::min(lowest, y[1]);
  CHECK(lowest < -0.1);
}

TEST_CASE("mass_mult_factor gives the same motion as the named units that imply it") {
  const auto named = test::run_inline(pendulum(kMm, 1000));
  const auto factor = test::run_inline(pendulum(R"(<Param_Unit mass_mult_factor="1e-3"/>)", 1000));
  REQUIRE(factor.report.code == ExitCode::kSuccess);
  CHECK(factor.model->units.mass_factor == 1e-3);
  REQUIRE(factor.t.size() == named.t.size());
  for (size_t k = 0; k < named.t.size(); ++k) {
    for (int c = 0; c < 13; ++c) CHECK(factor.y[k][c] == Approx(named.y[k][c]).margin(1e-12));
  }
}

TEST_CASE("a wrong mass_mult_factor changes the motion") {
  const auto named = test::run_inline(pendulum(kMm, 1000));
  const auto wrong = test::run_inline(pendulum(R"(<Param_Unit mass_mult_factor="1"/>)", 1000));
  REQUIRE(wrong.report.code == ExitCode::kSuccess);
  CHECK(std::abs(wrong.y.back()[1] - named.y.back()[1]) > 1.0);  // mm
}
