#pragma once
// Decks the static-analysis tests share (tests/solver/static_solver_test.cpp,
// stages/run_static_test.cpp, mkeam_static_test.cpp): each has a closed-form equilibrium.

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace mb::test {

inline constexpr double kStandardGravity = 9.80665;

/// A 1.5 kg rod pinned about z at the origin, CM at distance L, at angle theta0 from the
/// downward vertical (gravity -y). It hangs at rest with its CM at (0, -L) under tension m g.
/// `extra_model` goes into the model section, `commands` is the command block.
inline std::string pendulum_deck(double L, double theta0, const std::string& extra_model,
                                 const std::string& commands) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1.5" inertia_xx="0.01" inertia_yy="0.02" inertia_zz="0.03"/>
    <Reference_Marker id="20" body_id="2" pos_x="{x:.17g}" pos_y="{y:.17g}"/>
    <Reference_Marker id="21" body_id="2"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="21" j_marker_id="10"/>
    {extra}
  </Model><Command>
    {commands}
  </Command></MotionSolve>)XML",
                     fmt::arg("g", kStandardGravity), fmt::arg("x", L * std::sin(theta0)),
                     fmt::arg("y", -L * std::cos(theta0)), fmt::arg("extra", extra_model),
                     fmt::arg("commands", commands));
}

/// A 1 kg ball of radius 0.1 on a vertical translational joint, its centre at height z0 above
/// a floor that pushes with IMPACT(z, vz, 0.1, k = 1e6, e = 1.5, c = 20, d = 0.005). It rests
/// where m g = k p^e, p = 0.1 - z the penetration.
inline std::string impact_ball_deck(double z0, const std::string& commands) {
  return fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-{g}"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0.004" inertia_yy="0.004"
                inertia_zz="0.004"/>
    <Reference_Marker id="20" body_id="2" pos_z="{z0:.17g}"/>
    <Constraint_Joint id="1" type="TRANSLATIONAL" i_marker_id="20" j_marker_id="10"/>
    <Force_Scalar_TwoBody id="3" type="Force" is_action_only="TRUE" i_marker_id="20"
        j_marker_id="10"
        val_expression="IMPACT(DZ(20,10,10), VZ(20,10,10,10), 0.1, 1e6, 1.5, 20, 0.005)"/>
  </Model><Command>{commands}</Command></MotionSolve>)XML",
                     fmt::arg("g", kStandardGravity), fmt::arg("z0", z0),
                     fmt::arg("commands", commands));
}

}  // namespace mb::test
