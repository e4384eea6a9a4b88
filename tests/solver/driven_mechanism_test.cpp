// Mechanisms driven by Motion_Joint against closed-form kinematics.
//
// Slider-crank: crank r about the ground origin at theta(t) = theta0 + f(t), rod l, slider on
// the x axis. The slider's position is x = r cos(theta) + S with S = sqrt(l^2 - r^2 sin^2), so
//   dx/dtheta   = -r sin - r^2 g / S,            g = sin cos
//   d2x/dtheta2 = -r cos - r^2 cos(2 theta) / S - r^4 g^2 / S^3
// and x' = x_theta theta', x'' = x_thetatheta theta'^2 + x_theta theta''. The driving torque
// (the motion's reaction) obeys the power balance T theta' = sum m v.a + I_z w w' of the
// (massive) links, without gravity.
// Four-bar: crank angle theta2(t) driven; the coupler-rocker pin C is the intersection of the
// circles |C - B| = b, |C - D| = c (Freudenstein's configuration), differentiated numerically
// in closed form is not needed: positions are checked at every output.
// Velocity and acceleration motions: a rotor with val_type V (f = cos 2t, ic_disp 0.3) or A
// (f = -2 sin 2t, ic_disp 0.3, ic_vel 1) turns by 0.3 + 0.5 sin 2t in both cases; its driving
// torque is I_pivot times the angular acceleration -2 sin 2t.
// Energy: a double pendulum of REVOLUTE joints under gravity conserves T + V (DAE form at
// dae_index 1, 2 and 3, ODE form). The slider-crank also runs in the index-3 and the index-1
// form, the four-bar in the index-1 form.

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

std::string pos(const Vec3& v) {
  return fmt::format(R"(pos_x="{:.17g}" pos_y="{:.17g}" pos_z="{:.17g}")", v.x(), v.y(), v.z());
}

constexpr double kR = 0.1, kL = 0.35, kTheta0 = 0.4;
// The motion's f(t) = theta - theta0 and its derivatives.
double f0(double t) { return 2 * t + 0.5 * std::sin(3 * t); }
double f1(double t) { return 2 + 1.5 * std::cos(3 * t); }
double f2(double t) { return -4.5 * std::sin(3 * t); }

/// Bodies: crank 2 (states 0..12), rod 3 (13..25), slider 4 (26..38). Translational joint along
/// the global x axis (marker z along x).
std::string slider_crank(const std::string& analysis, const std::string& integrator,
                         int dae_index = 2) {
  const Vec3 A(0, 0, 0), B(kR * std::cos(kTheta0), kR * std::sin(kTheta0), 0);
  const double x0 = B.x() + std::sqrt(kL * kL - B.y() * B.y());
  const Vec3 C(x0, 0, 0);
  const std::string along_x =
      R"(a00="0" a10="1" a20="0" a01="0" a11="0" a21="1" a02="1" a12="0" a22="0")";
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" {A}/>
    <Reference_Marker id="11" body_id="1" {C} {ax}/>
    <Body_Rigid id="2" cg_id="20" mass="0.5" inertia_xx="0.001" inertia_yy="0.002" inertia_zz="0.003"/>
    <Reference_Marker id="20" body_id="2" {mAB}/>
    <Reference_Marker id="21" body_id="2" {A}/>
    <Reference_Marker id="22" body_id="2" {B}/>
    <Body_Rigid id="3" cg_id="30" mass="1.2" inertia_xx="0.002" inertia_yy="0.012" inertia_zz="0.013"/>
    <Reference_Marker id="30" body_id="3" {mBC}/>
    <Reference_Marker id="31" body_id="3" {B}/>
    <Reference_Marker id="32" body_id="3" {C}/>
    <Body_Rigid id="4" cg_id="40" mass="2" inertia_xx="0.004" inertia_yy="0.004" inertia_zz="0.005"/>
    <Reference_Marker id="40" body_id="4" {C}/>
    <Reference_Marker id="41" body_id="4" {C}/>
    <Reference_Marker id="42" body_id="4" {C} {ax}/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Joint id="3" type="REVOLUTE" i_marker_id="41" j_marker_id="32"/>
    <Constraint_Joint id="4" type="TRANSLATIONAL" i_marker_id="42" j_marker_id="11"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION"
                  expr="2*TIME+0.5*SIN(3*TIME)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="MOTION(5,0,8,10)"/>
    <Param_Transient integrator_type="{integ}" integr_tol="1e-9" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="{analysis}" end_time="2" print_interval="0.02"/>
  </Command></MotionSolve>)XML",
                     fmt::arg("A", pos(A)), fmt::arg("B", pos(B)), fmt::arg("C", pos(C)),
                     fmt::arg("mAB", pos(0.5 * (A + B))), fmt::arg("mBC", pos(0.5 * (B + C))),
                     fmt::arg("ax", along_x), fmt::arg("analysis", analysis),
                     fmt::arg("integ", integrator), fmt::arg("index", dae_index));
}

struct SliderExact {
  double x, v, a;
};

SliderExact slider_exact(double t) {
  const double th = kTheta0 + f0(t), th1 = f1(t), th2 = f2(t);
  const double s = std::sin(th), c = std::cos(th), g = s * c;
  const double S = std::sqrt(kL * kL - kR * kR * s * s);
  const double x_th = -kR * s - kR * kR * g / S;
  const double x_thth =
      -kR * c - kR * kR * std::cos(2 * th) / S - std::pow(kR, 4) * g * g / (S * S * S);
  return {kR * c + S, x_th * th1, x_thth * th1 * th1 + x_th * th2};
}

/// Slider x, vx, ax and the power balance error of the driving torque at every output.
void check_slider_crank(const test::InlineRun& run, double tol_pos, double tol_vel, double tol_acc,
                        double tol_power) {
  RequestOutputs req(*run.sys);
  std::vector<double> v(1);
  double worst_x = 0, worst_v = 0, worst_a = 0, worst_p = 0;
  const double mass[3] = {0.5, 1.2, 2}, izz[3] = {0.003, 0.013, 0.005};
  for (size_t k = 0; k < run.t.size(); ++k) {
    const double t = run.t[k];
    const auto& y = run.y[k];
    const auto& yp = run.yp[k];
    const SliderExact e = slider_exact(t);
    worst_x = std::max(worst_x, std::abs(y[26] - e.x));
    worst_v = std::max(worst_v, std::abs(y[33] - e.v));
    worst_a = std::max(worst_a, std::abs(yp[33] - e.a));
    req.values(t, y.data(), yp.data(), v);
    double power = 0;
    for (int b = 0; b < 3; ++b) {
      const int o = 13 * b;
      for (int i = 0; i < 3; ++i) power += mass[b] * y[o + 7 + i] * yp[o + 7 + i];
      power += izz[b] * y[o + 12] * yp[o + 12];  // planar: w along body z
    }
    worst_p = std::max(worst_p, std::abs(v[0] * f1(t) - power));
  }
  CHECK(worst_x < tol_pos);
  CHECK(worst_v < tol_vel);
  CHECK(worst_a < tol_acc);
  CHECK(worst_p < tol_power);
}

}  // namespace

TEST_CASE("slider-crank driven by a Motion_Joint: kinematic analysis matches closed form") {
  const auto run = test::run_inline(slider_crank("Kinematic", "DSTIFF"));
  REQUIRE(run.report.message == "");
  CHECK(run.report.redundant_constraints_removed == 3);
  CHECK(run.sys->dof() + run.report.redundant_constraints_removed == 0);
  REQUIRE(run.t.size() == 101);
  CHECK(run.report.stats.steps == 0);  // no integration
  check_slider_crank(run, 1e-11, 1e-10, 1e-8, 1e-8);
}

TEST_CASE("slider-crank driven by a Motion_Joint: IDA and CVODE transients match closed form") {
  for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
    INFO(integrator);
    const auto run = test::run_inline(slider_crank("Transient", integrator));
    REQUIRE(run.report.message == "");
    REQUIRE(run.t.size() == 101);
    check_slider_crank(run, 1e-7, 1e-6, 1e-3, 1e-3);
  }
}

TEST_CASE("slider-crank driven by a Motion_Joint: the index-3 form matches closed form") {
  const auto run = test::run_inline(slider_crank("Transient", "DSTIFF", 3));
  REQUIRE(run.report.message == "");
  REQUIRE(run.t.size() == 101);
  // Displacements as tight as the index-2 form; velocities, accelerations and the reaction
  // (through the power balance) are less well controlled in index 3.
  check_slider_crank(run, 1e-7, 1e-5, 1e-2, 1e-2);
}

TEST_CASE("slider-crank driven by a Motion_Joint: the index-1 form matches closed form") {
  const auto run = test::run_inline(slider_crank("Transient", "DSTIFF", 1));
  REQUIRE(run.report.message == "");
  REQUIRE(run.t.size() == 101);
  check_slider_crank(run, 1e-7, 1e-6, 1e-3, 1e-3);
}

TEST_CASE("a Kinematic analysis of a model with free motion is an error naming its DOF") {
  std::string deck = slider_crank("Kinematic", "DSTIFF");
  const auto at = deck.find("<Motion_Joint");
  deck.erase(at, deck.find("/>", at) + 2 - at);
  deck.replace(deck.find("expr1=\"MOTION(5,0,8,10)\""), 24, "expr1=\"TIME\"");
  const auto run = test::run_inline(deck);
  CHECK(run.report.code == ExitCode::kDeckError);
  CHECK(run.report.message ==
        "a Kinematic analysis needs a model with 0 degrees of freedom (every free coordinate "
        "driven by a motion); this model has 1 (use a Transient analysis, or add motions)");
}

TEST_CASE("four-bar driven by a Motion_Joint follows the closed-form loop closure") {
  constexpr double a = 0.2, b = 0.6, c = 0.5, d = 0.55, th0 = 1.0;
  auto pin_c = [&](double th) {
    const Vec3 B(a * std::cos(th), a * std::sin(th), 0), D(d, 0, 0);
    const Vec3 BD = D - B;
    const double L = BD.norm(), along = (b * b - c * c + L * L) / (2 * L);
    const double h = std::sqrt(b * b - along * along);
    const Vec3 u = BD / L, nrm(-u.y(), u.x(), 0);
    return Vec3(B + along * u + h * nrm);
  };
  const Vec3 A(0, 0, 0), D(d, 0, 0), B(a * std::cos(th0), a * std::sin(th0), 0), C = pin_c(th0);
  const std::string deck = fmt::format(
      R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" {A}/>
    <Reference_Marker id="11" body_id="1" {D}/>
    <Body_Rigid id="2" cg_id="20" mass="0.4" inertia_xx="0.002" inertia_yy="0.003" inertia_zz="0.004"/>
    <Reference_Marker id="20" body_id="2" {mAB}/>
    <Reference_Marker id="21" body_id="2" {A}/>
    <Reference_Marker id="22" body_id="2" {B}/>
    <Body_Rigid id="3" cg_id="30" mass="1.1" inertia_xx="0.003" inertia_yy="0.03" inertia_zz="0.033"/>
    <Reference_Marker id="30" body_id="3" {mBC}/>
    <Reference_Marker id="31" body_id="3" {B}/>
    <Reference_Marker id="32" body_id="3" {C}/>
    <Body_Rigid id="4" cg_id="40" mass="0.9" inertia_xx="0.002" inertia_yy="0.02" inertia_zz="0.021"/>
    <Reference_Marker id="40" body_id="4" {mCD}/>
    <Reference_Marker id="41" body_id="4" {C}/>
    <Reference_Marker id="42" body_id="4" {D}/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Joint id="3" type="REVOLUTE" i_marker_id="41" j_marker_id="32"/>
    <Constraint_Joint id="4" type="REVOLUTE" i_marker_id="42" j_marker_id="11"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" expr="2*TIME+0.5*SIN(3*TIME)"/>
    <Param_Transient integr_tol="1e-9" dae_index="{index}"/>
  </Model><Command>
    <Simulate analysis_type="{analysis}" end_time="1.5" print_interval="0.03"/>
  </Command></MotionSolve>)XML",
      fmt::arg("A", pos(A)), fmt::arg("B", pos(B)), fmt::arg("C", pos(C)), fmt::arg("D", pos(D)),
      fmt::arg("mAB", pos(0.5 * (A + B))), fmt::arg("mBC", pos(0.5 * (B + C))),
      fmt::arg("mCD", pos(0.5 * (C + D))), fmt::arg("analysis", "{analysis}"),
      fmt::arg("index", "{index}"));
  for (const auto& [analysis, index] :
       {std::pair{"Kinematic", "2"}, std::pair{"Transient", "2"}, std::pair{"Transient", "1"}}) {
    INFO(analysis << " dae_index " << index);
    std::string text = deck;
    text.replace(text.find("{analysis}"), 10, analysis);
    text.replace(text.find("{index}"), 7, index);
    const auto run = test::run_inline(text);
    REQUIRE(run.report.message == "");
    REQUIRE(run.t.size() == 51);
    double worst = 0;
    for (size_t k = 0; k < run.t.size(); ++k) {
      const Vec3 Ct = pin_c(th0 + f0(run.t[k]));
      const auto& y = run.y[k];
      // Rocker CM (body 4, states 26..) is the midpoint of C and D.
      worst = std::max(worst, (Vec3(2 * y[26], 2 * y[27], 2 * y[28]) - D - Ct).norm());
    }
    CHECK(worst < (std::string(analysis) == "Kinematic" ? 1e-11 : 1e-7));
  }
}

TEST_CASE("velocity and acceleration Motion_Joints integrate from ic_disp and ic_vel") {
  for (const char* motion : {R"m(val_type="V" ic_disp="0.3" expr="COS(2*TIME)")m",
                             R"m(val_type="A" ic_disp="0.3" ic_vel="1" expr="-2*SIN(2*TIME)")m"}) {
    for (const char* integrator : {"DSTIFF", "VSTIFF"}) {
      INFO(motion << " " << integrator);
      const auto run =
          test::run_inline(fmt::format(R"XML(<MotionSolve><Model>
        <Body_Rigid id="1" isground="TRUE"/>
        <Reference_Marker id="10" body_id="1"/>
        <Body_Rigid id="2" cg_id="20" mass="3" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.25"/>
        <Reference_Marker id="20" body_id="2" pos_x="0.4"/>
        <Reference_Marker id="21" body_id="2"/>
        <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
        <Motion_Joint id="5" joint_id="1" joint_type="R" {motion}/>
        <Post_Request id="1" type="EXPRESSION" expr1="AZ(21,10)" expr2="MOTION(5,0,8,10)"
                      expr3="WZ(21,10,10)"/>
        <Param_Transient integrator_type="{integ}" integr_tol="1e-9"/>
      </Model><Command>
        <Simulate analysis_type="Transient" end_time="3" print_interval="0.05"/>
      </Command></MotionSolve>)XML",
                                       fmt::arg("motion", motion), fmt::arg("integ", integrator)));
      REQUIRE(run.report.message == "");
      RequestOutputs req(*run.sys);
      const double i_pivot = 0.25 + 3 * 0.4 * 0.4;
      std::vector<double> v(3);
      double worst_q = 0, worst_w = 0, worst_tq = 0;
      for (size_t k = 0; k < run.t.size(); ++k) {
        const double t = run.t[k];
        req.values(t, run.y[k].data(), run.yp[k].data(), v);
        worst_q = std::max(worst_q, std::abs(v[0] - (0.3 + 0.5 * std::sin(2 * t))));
        worst_w = std::max(worst_w, std::abs(v[2] - std::cos(2 * t)));
        worst_tq = std::max(worst_tq, std::abs(v[1] - i_pivot * -2.0 * std::sin(2 * t)));
      }
      CHECK(worst_q < 1e-6);
      CHECK(worst_w < 1e-6);
      CHECK(worst_tq < 1e-4);
    }
  }
}

TEST_CASE("a double pendulum of REVOLUTE joints conserves energy at tight tolerance") {
  // Links of length 1 along x from the pivot; CMs at their midpoints; gravity -y. Inertia about
  // z of a slender rod m L^2 / 12. Potential energy from y = 0.
  constexpr double m1 = 1.0, m2 = 0.7, g = 9.81;
  struct Variant {
    const char* integrator;
    int dae_index;
  };
  for (const Variant variant :
       {Variant{"DSTIFF", 2}, Variant{"VSTIFF", 2}, Variant{"DSTIFF", 3}, Variant{"DSTIFF", 1}}) {
    INFO(variant.integrator << " dae_index " << variant.dae_index);
    const auto run = test::run_inline(fmt::format(
        R"XML(<MotionSolve><Model>
      <Force_Gravity grav_y="-{g}"/>
      <Body_Rigid id="1" isground="TRUE"/>
      <Reference_Marker id="10" body_id="1"/>
      <Body_Rigid id="2" cg_id="20" mass="{m1}" inertia_xx="0.001" inertia_yy="{i1}" inertia_zz="{i1}"
                  w_ic_z="1.5" v_ic_y="0.75"/>
      <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
      <Reference_Marker id="21" body_id="2"/>
      <Reference_Marker id="22" body_id="2" pos_x="1"/>
      <Body_Rigid id="3" cg_id="30" mass="{m2}" inertia_xx="0.001" inertia_yy="{i2}" inertia_zz="{i2}"/>
      <Reference_Marker id="30" body_id="3" pos_x="1.5"/>
      <Reference_Marker id="31" body_id="3" pos_x="1"/>
      <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
      <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="31" j_marker_id="22"/>
      <Param_Transient integrator_type="{integ}" integr_tol="1e-11" dae_index="{index}"/>
    </Model><Command>
      <Simulate analysis_type="Transient" end_time="5" print_interval="0.05"/>
    </Command></MotionSolve>)XML",
        fmt::arg("g", g), fmt::arg("m1", m1), fmt::arg("m2", m2), fmt::arg("i1", m1 / 12),
        fmt::arg("i2", m2 / 12), fmt::arg("integ", variant.integrator),
        fmt::arg("index", variant.dae_index)));
    REQUIRE(run.report.message == "");
    const double mass[2] = {m1, m2}, izz[2] = {m1 / 12, m2 / 12};
    auto energy = [&](const std::vector<double>& y, double& kinetic) {
      double e = 0;
      kinetic = 0;
      for (int b = 0; b < 2; ++b) {
        const int o = 13 * b;
        const Vec3 v(y[o + 7], y[o + 8], y[o + 9]), w(y[o + 10], y[o + 11], y[o + 12]);
        const double ke = 0.5 * mass[b] * v.squaredNorm() +
                          0.5 * (0.001 * w.x() * w.x() + izz[b] * (w.y() * w.y() + w.z() * w.z()));
        kinetic = std::max(kinetic, ke);
        e += ke + mass[b] * g * y[o + 1];
      }
      return e;
    };
    double ke = 0, ke_max = 0, drift = 0, y_min = 0;
    const double e0 = energy(run.y.front(), ke);
    for (const auto& y : run.y) {
      drift = std::max(drift, std::abs(energy(y, ke) - e0));
      ke_max = std::max(ke_max, ke);
      y_min = std::min(y_min, y[14]);
    }
    CHECK(y_min < -1.0);  // the pendulum really swings down
    // Relative to the energy the mechanism exchanges (largest kinetic energy of a link).
    CHECK(drift / ke_max < 1e-6);
    UNSCOPED_INFO("relative energy drift " << drift / ke_max);
  }
}
