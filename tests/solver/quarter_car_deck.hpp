#pragma once
// Test deck: a quarter car on vertical slides (sprung mass 300 on marker 20 at z = 1, unsprung
// 40 on marker 30 at z = 0.3), suspension Force_SpringDamper 3 (k 2e4, damping `cs`, free
// length 0.7), tyre Force_SpringDamper 4 (k 2e5, undamped, free length 0.3), `extra` model
// elements, then `commands`.

#include <string>

namespace mb::test {

inline std::string quarter_car(const std::string& cs, const std::string& commands,
                               const std::string& extra = "") {
  return R"(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="300" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2" pos_z="1.0"/>
    <Body_Rigid id="3" cg_id="30" mass="40" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="30" body_id="3" pos_z="0.3"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"/>
    <Force_SpringDamper id="3" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="30"
                        stiffness="2e4" damping=")" +
         cs + R"(" length="0.7"/>
    <Force_SpringDamper id="4" type="TRANSLATIONAL" i_marker_id="30" j_marker_id="10"
                        stiffness="2e5" damping="0" length="0.3"/>)" +
         extra + "</Model><Command>" + commands + "</Command></MotionSolve>";
}

}  // namespace mb::test
