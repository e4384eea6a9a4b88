#pragma once
// Test deck shared by the coupler tests (tests/solver/coupler_test.cpp,
// tests/usersub/cousub_test.cpp).

#include <fmt/format.h>

#include <string>

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

}  // namespace mb::test
