// Oracles: the exact (AD) Jacobian dF/dy + cj dF/dy' equals central finite differences of the
// residual, for the body kernel, every joint type and primitive, coupler, gear and general
// constraint, every generic force (scalar, vector, one-body, action-only, with a Reference_Variable
// and on a Body_Point) and both motions, at random states and multipliers (in the index-2, the
// index-3 and the index-1 form), also at a time when a STEP window in TIME opens after the sparsity
// pattern was built; and every constraint's velocity row B nu equals the finite-difference time
// derivative of its position row Phi along the motion (r' = v, p' = G(p)^T w / 2, t' = 1).

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <random>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

namespace {

/// `constraint`: the element line joining markers 31 (I, body 3) and 21 (J, body 2).
std::unique_ptr<Model> two_body_model(const std::string& constraint) {
  // Markers with general orientations (3-1-3 angles) so that no term vanishes by symmetry.
  const std::string xml = fmt::format(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"
                inertia_xy="0.01"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3" theta="0.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                      theta="0.4" phi="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
    <Reference_Marker id="31" body_id="3" pos_x="1.4" pos_y="0.1" pos_z="0.3" psi="0.1"
                      theta="0.4" phi="0.2"/>
    {}
  </Model></MotionSolve>)XML",
                                      constraint);
  Diagnostics diag;
  Deck deck = read_xml_deck_text(xml, "jac.xml", diag);
  auto model = build_model(deck, diag);
  std::string messages;
  for (const auto& d : diag.all()) messages += d.str() + "\n";
  INFO(messages);
  REQUIRE(model);
  return std::make_unique<Model>(std::move(*model));
}

/// Every joint type and primitive, as element lines for two_body_model.
std::vector<std::string> constraint_elements() {
  std::vector<std::string> out;
  for (const char* type : {"SPHERICAL", "REVOLUTE", "FIXED", "TRANSLATIONAL", "CYLINDRICAL",
                           "PLANAR", "UNIVERSAL", "HOOKE", "CONSTANT_VELOCITY", "INLINE", "INPLANE",
                           "ORIENTATION", "PARALLEL_AXES", "PERPENDICULAR"}) {
    out.push_back(fmt::format(
        R"(<Constraint_Joint id="1" type="{}" i_marker_id="31" j_marker_id="21"/>)", type));
  }
  out.push_back(
      R"(<Constraint_Joint id="1" type="SCREW" pitch="0.7" i_marker_id="31" j_marker_id="21"/>)");
  out.push_back(R"(<Constraint_Joint id="1" type="RACK_PINION" pitch_diameter="0.3")"
                R"( i_marker_id="31" j_marker_id="21"/>)");
  for (const char* type :
       {"ATPOINT", "INLINE", "INPLANE", "ORIENTATION", "PARALLEL_AXES", "PERPENDICULAR"}) {
    out.push_back(fmt::format(
        R"(<Constraint_Jprim id="1" type="{}" i_marker_id="31" j_marker_id="21"/>)", type));
  }
  // Coupler over three coordinates (a cylindrical joint's rotation and translation and a
  // revolute joint to ground), and a gear pair with a cylindrical joint (both of its terms).
  const std::string ground_markers =
      R"(<Reference_Marker id="11" body_id="1" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3")"
      R"( theta="0.2"/><Reference_Marker id="12" body_id="1" pos_x="1.3" pos_y="0.6")"
      R"( psi="0.7" theta="1.1"/>)";
  out.push_back(ground_markers +
                R"(<Constraint_Joint id="1" type="CYLINDRICAL" i_marker_id="31" j_marker_id="21"/>)"
                R"(<Constraint_Joint id="2" type="REVOLUTE" i_marker_id="20" j_marker_id="11"/>)"
                R"(<Constraint_Coupler id="1" joint1_id="1" freedom_1="R" joint2_id="2")"
                R"( joint3_id="1" freedom_3="T" coefficients="1.5, -0.7, 0.4"/>)");
  out.push_back(ground_markers +
                R"(<Constraint_Joint id="1" type="CYLINDRICAL" i_marker_id="31" j_marker_id="11"/>)"
                R"(<Constraint_Joint id="2" type="REVOLUTE" i_marker_id="20" j_marker_id="11"/>)"
                R"(<Constraint_Gear id="1" joint1_id="1" joint2_id="2" cv_marker_id="12"/>)");
  // Constraint_General: nonlinear in every pose measure, over markers of both bodies and ground.
  out.push_back(
      "<Constraint_General id=\"1\" i_marker_id=\"31\" expr=\"DM(31,21)*AZ(31,21)"
      " + DX(31,21,30)*AY(21,31) - 0.3*AX(31,21)*DZ(31,20,21) + DY(30)**2"
      " + 0.2*SIN(3*TIME)*DZ(31,21,21)\"/>");
  return out;
}

/// The generic forces (translational and rotational, action-reaction and action-only scalar
/// forces, vector forces of every type with a floating J marker and a reference marker, one-body
/// vector forces, a Reference_Variable read by a force, a Body_Point carrying a force) and the
/// motions (Motion_Joint displacement, Motion_Marker velocity), as element lines for
/// two_body_model; expressions nonlinear in their measures and TIME.
std::vector<std::string> force_and_motion_elements() {
  return {
      R"E(<Force_Scalar_TwoBody id="1" type="Force" i_marker_id="31" j_marker_id="21")E"
      R"E( val_expression="-40*(DM(31,21)-0.3)**2 - 3*VR(31,21) + SIN(TIME)*DX(31,21,20)"/>)E",
      R"E(<Force_Scalar_TwoBody id="1" type="Torque" i_marker_id="31" j_marker_id="21")E"
      R"E( val_expression="-5*AZ(31,21) - 0.4*WZ(31,21,21)*ABS(AX(31,21)) + VX(31,20,21)"/>)E",
      R"E(<Force_Scalar_TwoBody id="1" type="Force" is_action_only="TRUE" i_marker_id="31")E"
      R"E( j_marker_id="21" val_expression="-7*DZ(31,21,21) - VZ(31,21,21,21)*DM(31,20)"/>)E",
      R"E(<Force_Scalar_TwoBody id="1" type="Torque" is_action_only="TRUE" i_marker_id="31")E"
      R"E( j_marker_id="21" val_expression="-2*AY(31,21)*WX(31,21) + COS(TIME)"/>)E",
      R"E(<Force_Vector_TwoBody id="1" type="ForceOnly" i_marker_id="31")E"
      R"E( j_floating_marker_id="21" ref_marker_id="20" fx_expression="-9*DX(31,20,20)")E"
      R"E( fy_expression="-2*VY(31,20,20,20)*DM(31,20)" fz_expression="WZ(31,20)*DY(31,20)"/>)E",
      R"E(<Force_Vector_TwoBody id="1" type="TorqueOnly" i_marker_id="31")E"
      R"E( j_floating_marker_id="21" ref_marker_id="20" tx_expression="-4*AX(31,20)")E"
      R"E( ty_expression="-0.5*WY(31,20,20)" tz_expression="DX(31,20)*AZ(31,20)"/>)E",
      R"E(<Force_Vector_TwoBody id="1" type="ForceAndTorque" i_marker_id="31")E"
      R"E( j_floating_marker_id="21" fx_expression="-3*DX(31,21)" fy_expression="VX(31,21)")E"
      R"E( fz_expression="DM(31,21)**2" tx_expression="-WX(31,21)" ty_expression="AY(31,21)")E"
      R"E( tz_expression="-2*AZ(31,21)*DZ(31,21)"/>)E",
      R"E(<Force_Vector_OneBody id="1" type="ForceAndTorque" i_marker_id="31" ref_marker_id="20")E"
      R"E( fx_expression="-5*DX(31)" fy_expression="-VY(31)*DZ(31)" fz_expression="TIME*DY(31)")E"
      R"E( tx_expression="-WX(31)" ty_expression="AX(31,20)" tz_expression="-3*AZ(31)"/>)E",
      R"E(<Reference_Variable id="1" expr="DM(31,21)*WZ(30) + VX(20)"/>)E"
      R"E(<Force_Scalar_TwoBody id="1" type="Force" i_marker_id="31" j_marker_id="21")E"
      R"E( val_expression="-VARVAL(1)*DX(31,21)"/>)E",
      R"E(<Body_Point id="4" cg_id="40" mass="0.6"/>)E"
      R"E(<Reference_Marker id="40" body_id="4" pos_x="0.3" pos_y="-0.4" pos_z="0.2"/>)E"
      R"E(<Constraint_Joint id="1" type="SPHERICAL" i_marker_id="40" j_marker_id="31"/>)E"
      R"E(<Force_Vector_OneBody id="1" type="ForceOnly" i_marker_id="40")E"
      R"E( fx_expression="-4*DX(40,20)*VY(40)" fy_expression="0" fz_expression="DM(40,21)"/>)E",
      R"E(<Constraint_Joint id="1" type="REVOLUTE" i_marker_id="31" j_marker_id="21"/>)E"
      R"E(<Motion_Joint id="1" joint_id="1" joint_type="R" val_type="D" type="EXPRESSION")E"
      R"E( expr="0.4*SIN(2*TIME)"/>)E",
      R"E(<Motion_Marker id="1" i_marker_id="31" j_marker_id="21" direction="X" val_type="V")E"
      R"E( type="EXPRESSION" expr="0.3*COS(TIME)" ic_disp="0.1"/>)E",
      // Dependences that vanish at t = 0 (the sparsity probes once ran there and missed them).
      R"E(<Force_Vector_OneBody id="1" type="ForceOnly" i_marker_id="31" fx_expression="0")E"
      R"E( fy_expression="0" fz_expression="TIME*DY(31)"/>)E",
      R"E(<Force_Scalar_TwoBody id="1" type="Force" is_action_only="TRUE" i_marker_id="31")E"
      R"E( j_marker_id="21" val_expression="SIN(TIME)*DY(31)"/>)E",
  };
}

/// Every element in the stabilised index-2, the index-3 (Phi in lambda's rows) and the
/// stabilised index-1 form (acceleration rows in lambda's rows).
std::vector<std::pair<std::string, DaeForm>> with_all_forms(const std::vector<std::string>& in) {
  std::vector<std::pair<std::string, DaeForm>> out;
  for (const auto& e : in) {
    out.emplace_back(e, DaeForm::kStabilisedIndex2);
    out.emplace_back(e, DaeForm::kIndex3);
    out.emplace_back(e, DaeForm::kStabilisedIndex1);
  }
  return out;
}

const char* form_name(DaeForm form) {
  switch (form) {
    case DaeForm::kIndex3:
      return " (index-3 form)";
    case DaeForm::kStabilisedIndex1:
      return " (index-1 form)";
    default:
      return "";
  }
}

/// Each element (a line for two_body_model) in the three forms: the exact Jacobian at time t
/// and a random state (rng seeded with `seed`) against central finite differences.
void check_elements_in_all_forms(const std::vector<std::string>& elements, unsigned seed,
                                 double t) {
  for (const auto& [element, form] : with_all_forms(elements)) {
    INFO(element << form_name(form));
    auto model = two_body_model(element);
    const System sys(*model, form);
    std::mt19937 rng(seed);
    const auto check = test::check_jacobian_at_random_state(sys, t, 37.5, rng, 0.3);
    INFO(check.where);
    CHECK(check.worst < 1e-6);
  }
}

}  // namespace

TEST_CASE("exact Jacobian equals central finite differences for every joint type") {
  check_elements_in_all_forms(constraint_elements(), 7, 0.0);
}

TEST_CASE("exact Jacobian equals central finite differences for every force and motion") {
  check_elements_in_all_forms(force_and_motion_elements(), 13, 0.7);
}

TEST_CASE("the exact Jacobian holds dependences that start later (STEP windows in TIME)") {
  // The sparsity pattern is built once; these elements act only for 2 < t < 4.
  check_elements_in_all_forms(
      {R"E(<Force_Scalar_TwoBody id="1" type="Force" is_action_only="TRUE" i_marker_id="31")E"
       R"E( j_marker_id="21" val_expression="STEP(TIME,2,0,3,1)*STEP(TIME,3,1,4,0)*DY(31)"/>)E",
       R"E(<Force_Vector_TwoBody id="1" type="ForceOnly" i_marker_id="31")E"
       R"E( j_floating_marker_id="21" ref_marker_id="20" fx_expression="0" fy_expression="0")E"
       R"E( fz_expression="STEP(TIME,2,0,3,1)*STEP(TIME,3,1,4,0)*VX(31)"/>)E",
       R"E(<Constraint_General id="1" i_marker_id="31" expr="DZ(31,21,21))E"
       R"E( + STEP(TIME,2,0,3,1)*STEP(TIME,3,1,4,0)*DX(31,21)**2"/>)E"},
      17, 2.9);
}

TEST_CASE("velocity constraints are the time derivative of the position constraints") {
  for (const auto& element : constraint_elements()) {
    INFO(element);
    auto model = two_body_model(element);
    const System sys(*model);
    const int n = sys.size(), nb = sys.num_moving_bodies();
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> uni(-1, 1);
    std::vector<double> y = sys.initial_state();
    for (int k = 0; k < 13 * nb; ++k) y[k] += 0.3 * uni(rng);
    // Unit Euler parameters and the kinematic rates of the random state.
    std::vector<double> ydot(n, 0.0);
    for (int b = 0; b < nb; ++b) {
      double* s = y.data() + 13 * b;
      Vec4 p(s[3], s[4], s[5], s[6]);
      p.normalize();
      for (int c = 0; c < 4; ++c) s[3 + c] = p(c);
      const Vec4 pdot = euler_parameter_rate<double>(p, Vec3(s[10], s[11], s[12]));
      for (int c = 0; c < 3; ++c) ydot[13 * b + c] = s[7 + c];
      for (int c = 0; c < 4; ++c) ydot[13 * b + 3 + c] = pdot(c);
    }
    std::vector<double> yp(n, 0.0), r0(n), rp(n), rm(n);
    Workspace ws = sys.make_workspace();
    sys.residual(ws, 0.0, y.data(), yp.data(), r0.data());
    const double h = 1e-6;
    auto yy = y;
    for (int k = 0; k < n; ++k) yy[k] = y[k] + h * ydot[k];
    sys.residual(ws, h, yy.data(), yp.data(), rp.data());
    for (int k = 0; k < n; ++k) yy[k] = y[k] - h * ydot[k];
    sys.residual(ws, -h, yy.data(), yp.data(), rm.data());
    const int m = sys.num_constraint_equations();
    for (int e = 0; e < m; ++e) {
      const double vel = r0[13 * nb + e];
      const double fd = (rp[13 * nb + m + e] - rm[13 * nb + m + e]) / (2 * h);
      INFO("equation " << e);
      CHECK(std::abs(vel - fd) < 1e-7 * (1.0 + std::abs(fd)));
    }
  }
}
