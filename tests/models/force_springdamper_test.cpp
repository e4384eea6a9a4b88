// Force_SpringDamper against independent oracles: the closed-form damped oscillator (a slider on
// a translational joint, a rotor on a revolute joint), the energy balance of a free body on a
// spring-damper (kinetic + potential + dissipated is constant), and the zero-length error.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "tests/models/compliant_support.hpp"

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

namespace {

/// A free body (CM marker 20) on a translational spring-damper 7 from its marker 21 to ground
/// marker 10; `law` is the element's force attributes.
std::string free_body_spring(const std::string& law) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="-0.2" pos_z="0.05"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.05" inertia_yy="0.08" inertia_zz="0.1"
                v_ic_x="0.3" v_ic_y="1.1" v_ic_z="-0.4" w_ic_x="2" w_ic_y="-1" w_ic_z="3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.3"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.1" pos_y="0.25" pos_z="0.2"/>
    <Force_SpringDamper id="7" type="TRANSLATIONAL" i_marker_id="21" j_marker_id="10" {}/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.01"/>
  </Command></MotionSolve>)XML",
                     law);
}

}  // namespace

TEST_CASE("spring-damper force_expression: a linear law matches the closed-form oscillator") {
  // F = -k (DM - L) - c (VR - vo) + F0 written as an expression; the slider's closed form is the
  // oracle (independent of the built-in law).
  const DampedOscillator o{2, 50, 0.8, 1, 3, 0.5, 1.3, -0.7};
  std::string xml = slider_deck(o);
  const size_t from = xml.find("stiffness=");
  const size_t to = xml.find("/>", from);
  xml.replace(from, to - from, R"(force_expression="-50*(DM(20,10)-1) - 0.8*(VR(20,10)-0.5) + 3")");
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  double worst = 0;
  for (size_t s = 0; s < run.t.size(); ++s) {
    worst = std::max(worst, std::abs(body_pose(*run.sys, 1, run.y[s]).r.z() - o(run.t[s])));
  }
  CHECK(worst < 1e-7);
}

TEST_CASE("spring-damper force_expression: a nonlinear law and TIME in a rotational spring") {
  // T = -k theta^3 - c omega: energy 1/2 I w^2 + k theta^4 / 4 decreases by the damper's work only.
  const double k = 20, c = 0.05, izz = 0.5;
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="{}"
                w_ic_z="1.5"/>
    <Reference_Marker id="20" body_id="2" psi="0.4"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Force_SpringDamper id="6" type="ROTATIONAL" i_marker_id="20" j_marker_id="10"
        force_expression="-{}*AZ(20,10)**3 - {}*WZ(20,10,10) + 0*TIME"/>
    <Param_Transient integr_tol="1e-10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="3" print_interval="0.001"/>
  </Command></MotionSolve>)XML",
                                      izz, k, c);
  const InlineRun run = run_inline(xml);
  REQUIRE(run.report.code == ExitCode::kSuccess);
  const size_t n = run.t.size();
  std::vector<double> e(n), power(n);
  for (size_t s = 0; s < n; ++s) {
    const Pose p = body_pose(*run.sys, 1, run.y[s]);
    const double theta = std::atan2(p.A(1, 0), p.A(0, 0)), w = p.w.z();
    e[s] = 0.5 * izz * w * w + 0.25 * k * std::pow(theta, 4);
    power[s] = c * w * w;
  }
  double worst = 0;
  for (size_t s = 0; s < n; ++s) {
    worst = std::max(worst, std::abs(e[s] + trapezoid(run.t, power, s) - e[0]));
  }
  INFO("initial energy " << e[0] << ", dissipated " << trapezoid(run.t, power, n - 1));
  CHECK(trapezoid(run.t, power, n - 1) > 0.05 * e[0]);
  CHECK(worst < 1e-6 * e[0]);
}

TEST_CASE("spring-damper: exact Jacobian equals central finite differences (law and expression)") {
  for (
      const char* law :
      {R"(stiffness="40" damping="0.7" length="0.8" preload="2.5" velocity_offset="0.3")",
       R"X(force_expression="-40*(DM(21,10)-0.8)**3 - 0.7*VR(21,10)*ABS(VR(21,10)) + SIN(TIME)")X"}) {
    INFO(law);
    const auto m = model_from(free_body_spring(law));
    CHECK(jacobian_mismatch(*m, 0.1, 3) < 1e-6);
  }
}

TEST_CASE("spring-damper: the position Jacobian has the geometric term (f / L)(I - u u^T)") {
  // Body CM on the spring, no rotation coupling: the force rows m v' - F = 0 have
  // d/dr = k u u^T - (f / L)(I - u u^T) with f = -k (L - length) + preload (the seed's formula).
  const double k = 40, length = 0.8, preload = 2.5;
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1" pos_y="-0.2" pos_z="0.05"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.05" inertia_yy="0.08" inertia_zz="0.1"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.3"/>
    <Force_SpringDamper id="7" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"
        stiffness="{}" damping="0" length="{}" preload="{}"/>
  </Model></MotionSolve>)XML",
                                      k, length, preload);
  const auto m = model_from(xml);
  const System sys(*m);
  const std::vector<double> y = sys.initial_state();
  const std::vector<double> yp(y.size(), 0.0);
  std::vector<double> values(static_cast<size_t>(sys.pattern().nnz()));
  Workspace ws = sys.make_workspace();
  sys.jacobian(ws, 0.0, y.data(), yp.data(), 1.0, values.data());
  const int o = sys.body_offset(1);
  const Vec3 d = Vec3(1, 0.2, 0.3) - Vec3(0.1, -0.2, 0.05);
  const double L = d.norm();
  const Vec3 u = d / L;
  const double f = -k * (L - length) + preload;
  const Mat3 expected = k * u * u.transpose() - (f / L) * (Mat3::Identity() - u * u.transpose());
  const auto& p = sys.pattern();
  double worst = 0;
  for (int c = 0; c < 3; ++c) {
    for (int kk = p.col_ptr[o + c]; kk < p.col_ptr[o + c + 1]; ++kk) {
      const int r = p.row_idx[kk] - (o + 7);
      if (r >= 0 && r < 3) {
        worst = std::max(worst, std::abs(values[static_cast<size_t>(kk)] - expected(r, c)));
      }
    }
  }
  CHECK(std::abs(f / L) > 1.0);  // the geometric term is not negligible here
  CHECK(worst < 1e-12);
}

TEST_CASE("spring-damper force_expression: deck errors point at the attribute") {
  const std::string errors =
      deck_errors(free_body_spring(R"X(stiffness="3" force_expression="-3*DM(21,10) + FOO(1)")X"));
  CHECK_THAT(errors, Catch::Contains("error: Force_SpringDamper 7: stiffness cannot be combined "
                                     "with force_expression"));
  CHECK_THAT(errors, Catch::Contains("FOO"));
}
