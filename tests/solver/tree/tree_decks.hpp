#pragma once
// Decks shared by the joint-coordinate ODE form's tests (tree_ode_integrator_test.cpp,
// tree_dynamics_test.cpp, default_transient_test.cpp); Param_Transient's integr_tol="TOL" is
// replaced by the test.

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace mb::test {

/// A tree with every supported joint type, a branch and a free body, in 3-D (tilted axes,
/// gravity off the axes, initial velocities from the deck):
///   ground -revolute(1)- B2 -spherical(2)- B3 -cylindrical(3)- B4 -translational(4)- B5
///   -fixed(5)- B6;  B2 -revolute(6)- B8 (branch);  B7 free (no joint);  B4 -universal(7)- B9;
///   B8 -hooke(8)- B10 (its I marker on the parent); point masses (Body_Point) on spherical
///   joints: P11 on B9 (the point the J side of joint 9), P12 on the free B7 (the I side of
///   joint 10), P12 pulled towards ground by a spring.
/// Marker positions are global at t = 0 (the bodies' frames are ground's).
inline constexpr const char* kMixedTree = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_x="0.3" grav_y="-9.81" grav_z="0.5"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" theta="0.3"/>
    <Body_Rigid id="2" cg_id="20" mass="1.2" inertia_xx="0.01" inertia_yy="0.09" inertia_zz="0.1"
                w_ic_z="0.8"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.5"/>
    <Reference_Marker id="21" body_id="2" theta="0.3"/>
    <Reference_Marker id="22" body_id="2" pos_x="1"/>
    <Reference_Marker id="23" body_id="2" pos_x="0.5" phi="0.4"/>
    <Body_Rigid id="3" cg_id="30" mass="0.8" inertia_xx="0.02" inertia_yy="0.03" inertia_zz="0.04"
                w_ic_x="1.5"/>
    <Reference_Marker id="30" body_id="3" pos_x="1.3" pos_y="-0.3" pos_z="0.1" psi="0.2"/>
    <Reference_Marker id="31" body_id="3" pos_x="1"/>
    <Reference_Marker id="32" body_id="3" pos_x="1.6" pos_y="-0.6" pos_z="0.2" psi="0.5" theta="1.0"/>
    <Body_Rigid id="4" cg_id="40" mass="0.6" inertia_xx="0.01" inertia_yy="0.012" inertia_zz="0.008"/>
    <Reference_Marker id="40" body_id="4" pos_x="1.8" pos_y="-0.6" pos_z="0.2"/>
    <Reference_Marker id="41" body_id="4" pos_x="1.6" pos_y="-0.6" pos_z="0.2" psi="0.5" theta="1.0"/>
    <Reference_Marker id="42" body_id="4" pos_x="2.0" pos_y="-0.6" pos_z="0.2" psi="0.2" theta="0.7" phi="0.1"/>
    <Body_Rigid id="5" cg_id="50" mass="0.5" inertia_xx="0.004" inertia_yy="0.005" inertia_zz="0.006"
                v_ic_y="0.2"/>
    <Reference_Marker id="50" body_id="5" pos_x="2.1" pos_y="-0.7" pos_z="0.3"/>
    <Reference_Marker id="51" body_id="5" pos_x="2.0" pos_y="-0.6" pos_z="0.2" psi="0.2" theta="0.7" phi="0.1"/>
    <Reference_Marker id="52" body_id="5" pos_x="2.2" pos_y="-0.8" pos_z="0.3" theta="0.5"/>
    <Body_Rigid id="6" cg_id="60" mass="0.3" inertia_xx="0.002" inertia_yy="0.003" inertia_zz="0.001"/>
    <Reference_Marker id="60" body_id="6" pos_x="2.3" pos_y="-0.8" pos_z="0.4"/>
    <Reference_Marker id="61" body_id="6" pos_x="2.2" pos_y="-0.8" pos_z="0.3" theta="0.5"/>
    <Body_Rigid id="7" cg_id="70" mass="2" inertia_xx="0.1" inertia_yy="0.2" inertia_zz="0.3"
                v_ic_x="0.5" w_ic_y="3" w_ic_z="1"/>
    <Reference_Marker id="70" body_id="7" pos_y="2" psi="0.3" theta="0.2"/>
    <Body_Rigid id="8" cg_id="80" mass="0.4" inertia_xx="0.005" inertia_yy="0.006" inertia_zz="0.007"/>
    <Reference_Marker id="80" body_id="8" pos_x="0.5" pos_y="-0.4"/>
    <Reference_Marker id="81" body_id="8" pos_x="0.5" phi="0.4"/>
    <Reference_Marker id="43" body_id="4" pos_x="1.8" pos_y="-0.6" pos_z="0.2"/>
    <Body_Rigid id="9" cg_id="90" mass="0.3" inertia_xx="0.003" inertia_yy="0.002" inertia_zz="0.004"
                w_ic_y="1"/>
    <Reference_Marker id="90" body_id="9" pos_x="1.8" pos_y="-0.9" pos_z="0.2"/>
    <Reference_Marker id="91" body_id="9" pos_x="1.8" pos_y="-0.6" pos_z="0.2" theta="1.5707963267948966"/>
    <Reference_Marker id="82" body_id="8" pos_x="0.5" pos_y="-0.8"/>
    <Body_Rigid id="10" cg_id="100" mass="0.2" inertia_xx="0.002" inertia_yy="0.001" inertia_zz="0.003"/>
    <Reference_Marker id="100" body_id="10" pos_x="0.6" pos_y="-1.0" pos_z="0.1"/>
    <Reference_Marker id="101" body_id="10" pos_x="0.5" pos_y="-0.8"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="SPHERICAL" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Joint id="3" type="CYLINDRICAL" i_marker_id="32" j_marker_id="41"/>
    <Constraint_Joint id="4" type="TRANSLATIONAL" i_marker_id="51" j_marker_id="42"/>
    <Constraint_Joint id="5" type="FIXED" i_marker_id="61" j_marker_id="52"/>
    <Constraint_Joint id="6" type="REVOLUTE" i_marker_id="81" j_marker_id="23"/>
    <Constraint_Joint id="7" type="UNIVERSAL" i_marker_id="91" j_marker_id="43"/>
    <Constraint_Joint id="8" type="HOOKE" i_marker_id="82" j_marker_id="101"/>
    <Reference_Marker id="92" body_id="9" pos_x="1.9" pos_y="-1.1" pos_z="0.25"/>
    <Body_Point id="11" cg_id="110" mass="0.15"/>
    <Reference_Marker id="110" body_id="11" pos_x="1.9" pos_y="-1.1" pos_z="0.25"/>
    <Constraint_Joint id="9" type="SPHERICAL" i_marker_id="92" j_marker_id="110"/>
    <Reference_Marker id="71" body_id="7" pos_x="0.3" pos_y="2.2" pos_z="-0.1"/>
    <Body_Point id="12" cg_id="120" mass="0.25"/>
    <Reference_Marker id="120" body_id="12" pos_x="0.3" pos_y="2.2" pos_z="-0.1"/>
    <Constraint_Joint id="10" type="SPHERICAL" i_marker_id="120" j_marker_id="71"/>
    <Force_Scalar_TwoBody id="1" type="Force" i_marker_id="120" j_marker_id="10"
        val_expression="-20*(DM(120,10)-2.1)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="JOINT(1,0,2,0)" expr2="JOINT(1,0,3,0)"
                  expr3="JOINT(1,0,4,0)" expr4="JOINT(1,0,6,0)" expr5="JOINT(1,0,7,0)"
                  expr6="JOINT(1,0,8,0)" expr7="JOINT(3,0,2,0)" expr8="JOINT(3,0,8,0)"/>
    <Post_Request id="2" type="EXPRESSION" expr1="JOINT(2,0,2,0)" expr2="JOINT(2,0,4,0)"
                  expr3="JOINT(4,0,3,0)" expr4="JOINT(4,0,7,0)" expr5="JOINT(5,0,2,0)"
                  expr6="JOINT(5,0,6,0)" expr7="JOINT(6,0,3,0)" expr8="JOINT(6,0,7,0)"/>
    <Post_Request id="3" type="EXPRESSION" expr1="JOINT(7,0,2,0)" expr2="JOINT(7,0,4,0)"
                  expr3="JOINT(7,0,6,0)" expr4="JOINT(7,0,8,0)" expr5="JOINT(8,0,3,0)"
                  expr6="JOINT(8,0,4,0)" expr7="JOINT(8,0,6,0)" expr8="JOINT(8,0,7,0)"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.02"/>
  </Command></MotionSolve>)XML";

/// A four-bar (a loop): crank 2 and rocker 4 pinned to ground, coupler 3 on spherical joints
/// between them (no redundant equations: the mechanism's DOF and the coupler's spin).
inline constexpr const char* kFourBar = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="2"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.01" inertia_yy="0.08" inertia_zz="0.08"
                w_ic_z="2"/>
    <Reference_Marker id="20" body_id="2" pos_y="0.5"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_y="1"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.01" inertia_yy="0.3" inertia_zz="0.3"/>
    <Reference_Marker id="30" body_id="3" pos_x="1" pos_y="1"/>
    <Reference_Marker id="31" body_id="3" pos_y="1"/>
    <Reference_Marker id="32" body_id="3" pos_x="2" pos_y="1"/>
    <Body_Rigid id="4" cg_id="40" mass="1" inertia_xx="0.01" inertia_yy="0.08" inertia_zz="0.08"/>
    <Reference_Marker id="40" body_id="4" pos_x="2" pos_y="0.5"/>
    <Reference_Marker id="41" body_id="4" pos_x="2" pos_y="1"/>
    <Reference_Marker id="42" body_id="4" pos_x="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Constraint_Joint id="2" type="SPHERICAL" i_marker_id="31" j_marker_id="22"/>
    <Constraint_Joint id="3" type="SPHERICAL" i_marker_id="41" j_marker_id="32"/>
    <Constraint_Joint id="4" type="REVOLUTE" i_marker_id="42" j_marker_id="11"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.05"/>
  </Command></MotionSolve>)XML";

/// N links of 0.2 m hinged about z end to end, the first at the origin, released at rest from
/// a straight line 30 degrees below horizontal.
inline std::string chain_deck(int n) {
  const double dx = std::cos(-0.5236), dy = std::sin(-0.5236), len = 0.2;
  std::string s = R"XML(<MotionSolve><Model><Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/><Reference_Marker id="2" body_id="1"/>)XML";
  for (int k = 1; k <= n; ++k) {
    const double a = (k - 1) * len, c = a + len / 2, b = a + len;
    s += fmt::format(
        R"XML(<Body_Rigid id="{0}" cg_id="{1}" mass="0.3" inertia_xx="1e-4" inertia_yy="1e-3" inertia_zz="1e-3"/>
        <Reference_Marker id="{1}" body_id="{0}" pos_x="{2:.17g}" pos_y="{3:.17g}"/>
        <Reference_Marker id="{4}" body_id="{0}" pos_x="{5:.17g}" pos_y="{6:.17g}"/>
        <Reference_Marker id="{7}" body_id="{0}" pos_x="{8:.17g}" pos_y="{9:.17g}"/>
        <Constraint_Joint id="{10}" type="REVOLUTE" i_marker_id="{4}" j_marker_id="{11}"/>)XML",
        k + 1, 3 * k, c * dx, c * dy, 3 * k + 1, a * dx, a * dy, 3 * k + 2, b * dx, b * dy, k,
        k == 1 ? 2 : 3 * (k - 1) + 2);
  }
  s += R"XML(<Post_Request id="1" type="EXPRESSION" expr1="JOINT(1,0,2,0)" expr2="JOINT(1,0,3,0)"
          expr3="JOINT(3,0,2,0)" expr4="JOINT(3,0,3,0)" expr5="JOINT(5,0,2,0)"
          expr6="JOINT(5,0,3,0)" expr7="JOINT(5,0,8,0)" expr8="JOINT(1,0,8,0)"/>
    <Param_Transient integr_tol="TOL"/></Model><Command>
    <Simulate analysis_type="Transient" end_time="1" print_interval="0.02"/>
    </Command></MotionSolve>)XML";
  return s;
}

/// A 1 m pendulum (revolute about z at the origin, released at 45 degrees) whose tip is tied to
/// ground by a horizontal spring-damper (k = 1e6 N/m, c = 1e6 N s/m, at its free length at the
/// start): the damper's mode decays with a rate of order c / m_tip = 1e6 / s, far faster than
/// the pendulum's creep, so an explicit method's step is limited by stability to about 1e-6 s.
inline constexpr const char* kStiffPendulum = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="1.2071067811865475" pos_y="-0.70710678118654746"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.001" inertia_yy="0.0833" inertia_zz="0.0833"/>
    <Reference_Marker id="20" body_id="2" pos_x="0.35355339059327373" pos_y="-0.35355339059327373"/>
    <Reference_Marker id="21" body_id="2"/>
    <Reference_Marker id="22" body_id="2" pos_x="0.70710678118654746" pos_y="-0.70710678118654746"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    <Force_Scalar_TwoBody id="1" type="Force" i_marker_id="22" j_marker_id="11"
        val_expression="-1e6*(DM(22,11)-0.5)-1e6*VR(22,11)"/>
    <Post_Request id="1" type="EXPRESSION" expr1="JOINT(1,0,2,0)" expr2="JOINT(1,0,3,0)"/>
    <Param_Transient integr_tol="TOL"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.5" print_interval="0.01"/>
  </Command></MotionSolve>)XML";

/// kFourBar with every joint a revolute about z: a planar parallelogram (cranks 1 m, coupler
/// 2 m), so the three out-of-plane equations of the loop are redundant. Released with the
/// crank upright at 2 rad/s it falls through the flat position (all joints on the x axis,
/// where the loop's constraint Jacobian loses rank) at about t = 0.6 s.
inline std::string planar_parallelogram(double end_time) {
  std::string deck = kFourBar;
  for (int k = 0; k < 2; ++k) deck.replace(deck.find("SPHERICAL"), 9, "REVOLUTE");
  const std::string end = "end_time=\"0.5\"";
  deck.replace(deck.find(end), end.size(), fmt::format("end_time=\"{:g}\"", end_time));
  return deck;
}

/// A row of n planar parallelograms (IFToMM A02's N-four-bar): n + 1 cranks of 1 m pinned to
/// ground at x = 0 .. n, their tops joined by n couplers of 1 m, every joint a revolute about z,
/// at rest under gravity. n loops, each closing 2 independent in-plane equations (the
/// out-of-plane ones are redundant).
inline std::string n_four_bar_deck(int n) {
  std::string s = R"XML(<MotionSolve><Model><Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>)XML";
  constexpr const char* body =
      R"XML(<Body_Rigid id="{0}" cg_id="{1}" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.1"/>
    <Reference_Marker id="{1}" body_id="{0}" pos_x="{2}" pos_y="{3}"/>
    <Reference_Marker id="{4}" body_id="{0}" pos_x="{5}" pos_y="{6}"/>
    <Reference_Marker id="{7}" body_id="{0}" pos_x="{8}" pos_y="{9}"/>)XML";
  for (int k = 0; k <= n; ++k) {  // crank k: base marker 100000 + 10k + 1, top + 2
    const int b = 100000 + 10 * k;
    s += fmt::format(body, 10 + k, b, k, 0.5, b + 1, k, 0, b + 2, k, 1);
    s += fmt::format(R"XML(<Reference_Marker id="{0}" body_id="1" pos_x="{1}"/>
    <Constraint_Joint id="{2}" type="REVOLUTE" i_marker_id="{3}" j_marker_id="{0}"/>)XML",
                     300000 + k, k, 1 + k, b + 1);
  }
  for (int k = 0; k < n; ++k) {  // coupler k: from the top of crank k to that of crank k + 1
    const int b = 200000 + 10 * k, left = 100000 + 10 * k + 2, right = left + 10;
    s += fmt::format(body, 100000 + k, b, k + 0.5, 1, b + 1, k, 1, b + 2, k + 1, 1);
    s += fmt::format(
        R"XML(<Constraint_Joint id="{0}" type="REVOLUTE" i_marker_id="{1}" j_marker_id="{2}"/>
    <Constraint_Joint id="{3}" type="REVOLUTE" i_marker_id="{4}" j_marker_id="{5}"/>)XML",
        200000 + k, b + 1, left, 400000 + k, b + 2, right);
  }
  s += R"XML(<Param_Transient integr_tol="TOL"/></Model><Command>
    <Simulate analysis_type="Transient" end_time="0.01" print_interval="0.005"/>
    </Command></MotionSolve>)XML";
  return s;
}

}  // namespace mb::test
