#pragma once
// Test deck shared by the coupler tests (tests/solver/coupler_test.cpp,
// tests/usersub/cousub_test.cpp).

#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/solver/inline_deck.hpp"

namespace mb::test {

/// Two wheels about global z: wheel 2 (cg 20) at the origin, wheel 3 (cg 30) at x = 3, on
/// revolute joints 1 and 2 to ground; `extra` adds elements, `commands` the command section.
inline std::string two_wheels(const std::string& extra, const std::string& commands) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="3"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_x="3"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="30" j_marker_id="11"/>
    {}
  </Model><Command>{}</Command></MotionSolve>)XML",
                     extra, commands);
}

/// The two wheels of two_wheels() as an Adams dataset; `extra` adds statements.
inline std::string two_wheels_adm(const std::string& extra) {
  return R"ADM(two wheels
PART/1, GROUND
MARKER/10, PART=1
MARKER/11, PART=1, QP=3, 0, 0
PART/2, MASS=2, CM=20, IP=0.3, 0.3, 0.5
MARKER/20, PART=2
PART/3, MASS=1, CM=30, IP=0.1, 0.1, 0.2
MARKER/30, PART=3, QP=3, 0, 0
JOINT/1, REVOLUTE, I=20, J=10
JOINT/2, REVOLUTE, I=30, J=11
)ADM" + extra +
         "END\n";
}

/// An angle in (-pi, pi].
inline double wrap_angle(double x) {
  return x - 2.0 * std::numbers::pi * std::round(x / (2.0 * std::numbers::pi));
}

/// The rotation about z of wheel `body_id` at output k of `run` (from its Euler parameters).
inline double wheel_angle(const InlineRun& run, size_t k, int body_id) {
  const int o = run.sys->body_offset(run.model->body_index.at(body_id));
  return 2.0 * std::atan2(run.y[k][o + 6], run.y[k][o + 3]);
}

}  // namespace mb::test
