// Force_SpringDamper against independent oracles: the closed-form damped oscillator (a slider on
// a translational joint, a rotor on a revolute joint), the energy balance of a free body on a
// spring-damper (kinetic + potential + dissipated is constant), and the zero-length error.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/compliant/compliant_support.hpp"

using namespace mb;
using namespace mb::test;

namespace {

/// Underdamped m x'' + c (x' - vo) + k (x - L) = F0 from x(0) = x0, x'(0) = v0.
struct DampedOscillator {
  double m, k, c, L, F0, vo, x0, v0;
  double operator()(double t) const {
    const double w0 = std::sqrt(k / m), zeta = c / (2.0 * std::sqrt(k * m));
    const double wd = w0 * std::sqrt(1.0 - zeta * zeta), sigma = zeta * w0;
    const double xe = L + (F0 + c * vo) / k;
    const double a = x0 - xe, b = (v0 + sigma * a) / wd;
    return xe + std::exp(-sigma * t) * (a * std::cos(wd * t) + b * std::sin(wd * t));
  }
};

std::string slider_deck(const DampedOscillator& o, const std::string& extra = "") {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="{}" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"
                v_ic_z="{}"/>
    <Reference_Marker id="20" body_id="2" pos_z="{}"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Force_SpringDamper id="5" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
        stiffness="{}" damping="{}" length="{}" preload="{}" velocity_offset="{}"/>
    {}
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     o.m, o.v0, o.x0, o.k, o.c, o.L, o.F0, o.vo, extra);
}

std::string rotor_deck(const DampedOscillator& o) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="{}"
                w_ic_z="{}"/>
    <Reference_Marker id="20" body_id="2" psi="{}"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Force_SpringDamper id="6" type="ROTATIONAL" i_marker_id="20" j_marker_id="10"
        stiffness="{}" damping="{}" length="{}" preload="{}" velocity_offset="{}"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     o.m, o.v0, o.x0, o.k, o.c, o.L, o.F0, o.vo);
}

}  // namespace

TEST_CASE("translational spring-damper: slider matches the closed-form damped oscillator") {
  for (const DampedOscillator o : {DampedOscillator{2, 50, 0.8, 1, 0, 0, 1.3, 0},
                                   DampedOscillator{2, 50, 0.8, 1, 3, 0.5, 1.3, -0.7}}) {
    INFO("preload " << o.F0 << ", velocity_offset " << o.vo);
    const InlineRun run = run_inline(slider_deck(o));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    REQUIRE(run.t.size() > 250);
    double worst = 0;
    for (size_t s = 0; s < run.t.size(); ++s) {
      const double z = body_pose(*run.sys, 1, run.y[s]).r.z();
      worst = std::max(worst, std::abs(z - o(run.t[s])));
    }
    CHECK(worst < 1e-7);
  }
}

TEST_CASE("rotational spring-damper: rotor matches the closed-form damped oscillator") {
  // m is the rotor's izz, x the angle AZ(I, J), L the free angle, F0 the preload torque.
  for (const DampedOscillator o : {DampedOscillator{0.5, 20, 0.3, 0.1, 0, 0, 0.4, 0},
                                   DampedOscillator{0.5, 20, 0.3, 0.1, 1.5, -0.8, 0.4, 2.0}}) {
    INFO("preload " << o.F0 << ", velocity_offset " << o.vo);
    const InlineRun run = run_inline(rotor_deck(o));
    REQUIRE(run.report.code == ExitCode::kSuccess);
    double worst = 0;
    for (size_t s = 0; s < run.t.size(); ++s) {
      const Mat3 A = body_pose(*run.sys, 1, run.y[s]).A;
      const double theta = std::atan2(A(1, 0), A(0, 0));  // |theta| stays below pi here
      worst = std::max(worst, std::abs(theta - o(run.t[s])));
    }
    CHECK(worst < 1e-7);
  }
}

TEST_CASE("translational spring-damper: energy balance of a free body in 3-D") {
  const double k = 40, c = 0.15, L = 0.8, F0 = 2.5;
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="-0.2" pos_z="0.05"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.05" inertia_yy="0.08" inertia_zz="0.1"
                v_ic_x="0.3" v_ic_y="1.1" v_ic_z="-0.4" w_ic_x="2" w_ic_y="-1" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.3"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.1" pos_y="0.25" pos_z="0.2"/>
    <Force_SpringDamper id="7" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="10"
        stiffness="{}" damping="{}" length="{}" preload="{}"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="2" print_interval="0.0005"/>
  </Command></MotionSolve>)XML",
                                      k, c, L, F0);
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const size_t n = run.t.size();
  std::vector<double> e(n), power(n);
  for (size_t s = 0; s < n; ++s) {
    const Pose I = marker_pose(*run.sys, 21, run.y[s]);
    const Pose J = marker_pose(*run.sys, 10, run.y[s]);
    const Vec3 d = I.r - J.r;
    const double l = d.norm(), ldot = (I.v - J.v).dot(d) / l;
    e[s] = kinetic_energy(*run.sys, run.y[s]) + 0.5 * k * (l - L) * (l - L) - F0 * l;
    power[s] = c * ldot * ldot;
  }
  double worst = 0;
  for (size_t s = 0; s < n; ++s) {
    worst = std::max(worst, std::abs(e[s] + trapezoid(run.t, power, s) - e[0]));
  }
  const double dissipated = trapezoid(run.t, power, n - 1);
  INFO("dissipated " << dissipated << ", initial energy " << e[0]);
  CHECK(dissipated > 0.05 * std::abs(e[0]));  // the damper matters
  CHECK(worst < 1e-6 * std::abs(e[0]));
}

TEST_CASE("translational spring-damper: zero length stops the run with a clear error") {
  SECTION("at the start") {
    const DampedOscillator o{2, 50, 0.8, 1, 0, 0, 0.0, 0};
    const InlineRun run = run_inline(slider_deck(o));
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    CHECK_THAT(run.report.message,
               Catch::Contains("Force_SpringDamper 5: the distance between I and J became zero "
                               "at t = 0; the line of action is undefined"));
  }
  SECTION("during the run: a motion drives the slider onto J") {
    const DampedOscillator o{2, 50, 0.8, 1, 0, 0, 1.0, 0};
    const InlineRun run = run_inline(slider_deck(
        o,
        R"X(<Motion_Joint id="3" joint_id="1" joint_type="T" expr="STEP(time, 0, 1, 1, 0)"/>)X"));
    CHECK(run.report.code == ExitCode::kAnalysisFailed);
    CHECK_THAT(run.report.message,
               Catch::Contains("Force_SpringDamper 5: the distance between I and J became zero "
                               "at t = 1"));
  }
}
