#include "models/element_registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "models/body_beam.hpp"
#include "models/body_point.hpp"
#include "models/body_rigid.hpp"
#include "models/constraint_coupler.hpp"
#include "models/constraint_cvcv.hpp"
#include "models/constraint_general.hpp"
#include "models/constraint_joint.hpp"
#include "models/constraint_ptcv.hpp"
#include "models/contact_geometry.hpp"
#include "models/control_diff.hpp"
#include "models/control_plant_io.hpp"
#include "models/control_siso.hpp"
#include "models/control_stateeqn.hpp"
#include "models/force_beam.hpp"
#include "models/force_bushing.hpp"
#include "models/force_contact.hpp"
#include "models/force_field.hpp"
#include "models/force_gravity.hpp"
#include "models/force_jointfriction.hpp"
#include "models/force_scalar_twobody.hpp"
#include "models/force_springdamper.hpp"
#include "models/force_stateeqn.hpp"
#include "models/force_vector_onebody.hpp"
#include "models/force_vector_twobody.hpp"
#include "models/joint_initial_velocity.hpp"
#include "models/motion_joint.hpp"
#include "models/motion_marker.hpp"
#include "models/param_linear.hpp"
#include "models/param_static.hpp"
#include "models/param_transient.hpp"
#include "models/param_unit.hpp"
#include "models/post_request.hpp"
#include "models/reference_array.hpp"
#include "models/reference_marker.hpp"
#include "models/reference_matrix.hpp"
#include "models/reference_paramcurve.hpp"
#include "models/reference_spline.hpp"
#include "models/reference_string.hpp"
#include "models/reference_variable.hpp"
#include "models/resoutput.hpp"
#include "models/sensor.hpp"
#include "models/sensor_evaluate.hpp"
#include "models/simulate.hpp"
#include "models/stop.hpp"

namespace mb {

namespace {

constexpr auto S = ElementSupport::kSupported;
constexpr auto N = ElementSupport::kNotSupported;
constexpr auto M = ElementScope::kModel;
constexpr auto C = ElementScope::kCommand;
constexpr auto B = ElementScope::kBoth;
using L = ModelEdit::List;

template <class T>
void report_duplicates(const std::vector<T>& items, std::string_view family, Diagnostics& diag) {
  std::map<int, const T*> seen;
  for (const auto& it : items) {
    if (it.id == 0) continue;
    auto [pos, fresh] = seen.emplace(it.id, &it);
    if (!fresh) {
      diag.error(it.loc, it.subject,
                 fmt::format("duplicate {} id {} (first defined at {})", family, it.id,
                             pos->second->loc.str()));
    }
  }
}

/// The duplicate-id check of the drafts in `ModelDraft::*List`.
template <auto List>
void ids(const ModelDraft& d, std::string_view family, Diagnostics& diag) {
  report_duplicates(d.*List, family, diag);
}

/// Constraint_Coupler and Constraint_Gear share a draft list; each has ids of its own.
template <bool Gear>
void coupler_ids(const ModelDraft& d, std::string_view family, Diagnostics& diag) {
  std::vector<DraftCoupler> of_kind;
  for (const auto& c : d.couplers) {
    if (c.gear == Gear) of_kind.push_back(c);
  }
  report_duplicates(of_kind, family, diag);
}

// Sorted by tag (checked by a unit test).
constexpr std::array<ElementInfo, 70> kElements = {{
    {"activate", "Activate", S, C, nullptr,
     "re-enable a deactivated element (JOINT, MOTION, forces, CONTACT, SENSOR)"},
    {"body_beam",
     "Body_Beam",
     S,
     M,
     build_body_beam,
     "elastic beam of rigid segments (mbsolve extension)",
     {},
     ids<&ModelDraft::body_beams>},
    {"body_flexible", "Body_Flexible", N, M, nullptr, "flexible body (H3D modal data)"},
    {"body_point", "Body_Point", S, B, build_body_point, "point mass without rotational inertia",
     "cg_id mass"},
    {"body_rigid", "Body_Rigid", S, B, build_body_rigid, "rigid body or the ground",
     "cg_id|isground mass|isground", ids<&ModelDraft::bodies>, &kBodyRigidEdit},
    {"constraint_coupler",
     "Constraint_Coupler",
     S,
     M,
     build_constraint_coupler,
     "couples 2 or 3 joint motions (c1 q1 + c2 q2 [+ c3 q3] = 0, or a COUSUB Phi(q) = 0)",
     "joint1_id joint2_id",
     coupler_ids<false>,
     nullptr,
     {"COUPLER", L::kCoupler}},
    {"constraint_cvcv", "Constraint_CVCV", S, M, build_constraint_cvcv,
     "curve fixed in marker I's frame touching a curve fixed in marker J's frame (alpha, beta "
     "extra unknowns)",
     "i_marker_id i_curve_id j_marker_id j_curve_id", ids<&ModelDraft::curve_curves>},
    {"constraint_cvsf", "Constraint_CVSF", N, M, nullptr, "curve-on-surface constraint"},
    {"constraint_gear",
     "Constraint_Gear",
     S,
     M,
     build_constraint_gear,
     "gear pair between two joints through a common-velocity marker",
     "joint1_id joint2_id cv_marker_id",
     coupler_ids<true>,
     nullptr,
     {"GEAR", L::kCoupler}},
    {"constraint_general", "Constraint_General", S, M, build_constraint_general,
     "expression held at zero (pose measures and TIME)", "expr",
     ids<&ModelDraft::general_constraints>},
    {"constraint_joint",
     "Constraint_Joint",
     S,
     M,
     build_constraint_joint,
     "ideal joint between two markers (all types; FREE adds no equation)",
     "type i_marker_id j_marker_id",
     ids<&ModelDraft::joints>,
     nullptr,
     {"JOINT", L::kJoint}},
    {"constraint_jprim", "Constraint_Jprim", S, M, build_constraint_jprim,
     "joint primitive (ATPOINT, INLINE, INPLANE, ORIENTATION, PARALLEL_AXES, PERPENDICULAR)",
     "type i_marker_id j_marker_id", ids<&ModelDraft::jprims>},
    {"constraint_mate", "Constraint_Mate", N, M, nullptr, "mate constraint"},
    {"constraint_ptcv", "Constraint_PTCV", S, M, build_constraint_ptcv,
     "point of marker I on a curve fixed in marker J's frame (alpha an extra unknown)",
     "i_marker_id j_marker_id curve_id", ids<&ModelDraft::point_curves>},
    {"constraint_ptsf", "Constraint_PTSF", N, M, nullptr, "point-on-surface constraint"},
    {"constraint_sfsf", "Constraint_SFSF", N, M, nullptr, "surface-on-surface constraint"},
    {"constraint_userconstr", "Constraint_UserConstr", N, M, nullptr, "user-written constraint"},
    {"control_diff", "Control_Diff", S, M, build_control_diff,
     "user differential equation (EXPRESSION or DIFSUB; explicit or implicit)"},
    {"control_plantinput", "Control_PlantInput", S, M, build_control_plantinput,
     "plant inputs (read by PINVAL; linearisation not yet)",
     "num_element|num_variable variable_id_list"},
    {"control_plantoutput", "Control_PlantOutput", S, M, build_control_plantoutput,
     "plant outputs (read by POUVAL; linearisation not yet)",
     "num_element|num_variable variable_id_list"},
    {"control_siso", "Control_SISO", S, M, build_control_siso,
     "single-input single-output transfer function",
     "u_array_id|u_solver_array_id numerator_coef denominator_coef"},
    {"control_stateeqn", "Control_StateEqn", S, M, build_control_stateeqn,
     "state equations (LINEAR or GSESUB)", "type"},
    {"deactivate", "Deactivate", S, C, nullptr,
     "turn an element off (JOINT, MOTION, forces, CONTACT, SENSOR)"},
    {"debugoutput", "DebugOutput", N, C, nullptr, "extra solver diagnostics"},
    {"force_beam",
     "Force_Beam",
     S,
     B,
     build_force_beam,
     "massless Timoshenko beam",
     "i_marker_id j_marker_id length e g area ixx iyy izz asy asz",
     ids<&ModelDraft::beams>,
     &kBeamEdit,
     {"BEAM", L::kBeam}},
    {"force_bushing",
     "Force_Bushing",
     S,
     B,
     build_force_bushing,
     "linear 6-axis bushing",
     "i_marker_id j_marker_id",
     ids<&ModelDraft::bushings>,
     &kBushingEdit,
     {"BUSH", L::kBushing}},
    {"force_contact",
     "Force_Contact",
     S,
     M,
     build_force_contact,
     "3-D contact between analytic geometries (IMPACT or POISSON, Coulomb friction)",
     "i_graphics_id j_graphics_id cnf_type",
     nullptr,
     nullptr,
     {"CONTACT", L::kContact}},
    {"force_field",
     "Force_Field",
     S,
     B,
     build_force_field,
     "general linear 6x6 field",
     "i_marker_id j_marker_id",
     ids<&ModelDraft::fields>,
     &kFieldEdit,
     {"FIELD", L::kField}},
    {"force_flexmodal", "Force_FlexModal", N, M, nullptr, "modal force on a flexible body"},
    {"force_gravity",
     "Force_Gravity",
     S,
     B,
     build_force_gravity,
     "uniform gravity",
     {},
     nullptr,
     &kGravityEdit},
    {"force_jointfriction", "Force_JointFriction", S, M, build_force_jointfriction,
     "Coulomb friction with stiction in a REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL, "
     "UNIVERSAL or HOOKE joint",
     "joint_id mu_static mu_dynamic"},
    {"force_multipoint", "Force_MultiPoint", N, M, nullptr, "multi-point force (NFORCE)"},
    {"force_penalty", "Force_Penalty", N, M, nullptr, "penalty constraint force"},
    {"force_ptdcv", "Force_PTdCV", N, M, nullptr, "point-to-deformable-curve force"},
    {"force_ptdsf", "Force_PTdSF", N, M, nullptr, "point-to-deformable-surface force"},
    {"force_scalar_onebody", "Force_Scalar_OneBody", N, B, nullptr, "scalar action-only force"},
    {"force_scalar_twobody",
     "Force_Scalar_TwoBody",
     S,
     B,
     build_force_scalar_twobody,
     "scalar force or torque between two markers (expression or SFOSUB)",
     "type i_marker_id j_marker_id",
     ids<&ModelDraft::scalar_forces>,
     &kScalarForceEdit,
     {"SFORCE", L::kScalarForce}},
    {"force_springdamper",
     "Force_SpringDamper",
     S,
     B,
     build_force_springdamper,
     "translational or rotational spring-damper (linear law or force_expression)",
     "type i_marker_id j_marker_id stiffness|force_expression damping|force_expression "
     "length|force_expression",
     ids<&ModelDraft::spring_dampers>,
     &kSpringDamperEdit,
     {"SPDP", L::kSpringDamper}},
    {"force_stateeqn", "Force_StateEqn", S, M, build_force_stateeqn,
     "force from a state-space system (LINEAR or YFOSUB)", "type"},
    {"force_vector_onebody",
     "Force_Vector_OneBody",
     S,
     B,
     build_force_vector_onebody,
     "vector force on one body (expressions or VFOSUB/VTOSUB/GFOSUB)",
     "marker_id|i_marker_id",
     nullptr,
     &kVectorForceEdit,
     {"GFORCE VFORCE VTORQUE", L::kVectorForce}},
    {"force_vector_twobody",
     "Force_Vector_TwoBody",
     S,
     B,
     build_force_vector_twobody,
     "vector force and/or torque between two bodies (expressions or VFOSUB/VTOSUB/GFOSUB)",
     "type i_marker_id j_floating_marker_id",
     nullptr,
     &kVectorForceEdit,
     {"GFORCE VFORCE VTORQUE", L::kVectorForce}},
    {"jointinitialvel_cyl", "JointInitialVel_Cyl", S, M, build_joint_initial_vel_cyl,
     "initial velocities of a cylindrical joint (trans_iv, rot_iv)", "joint_id"},
    {"jointinitialvel_rev", "JointInitialVel_Rev", S, M, build_joint_initial_vel_rev,
     "initial rotational velocity of a revolute joint", "joint_id iv"},
    {"jointinitialvel_trans", "JointInitialVel_Trans", S, M, build_joint_initial_vel_trans,
     "initial translational velocity of a translational joint", "joint_id iv"},
    {"load_model", "Load_Model", N, C, nullptr, "read another model and continue"},
    {"motion_joint",
     "Motion_Joint",
     S,
     B,
     build_motion_joint,
     "prescribed joint motion",
     "joint_id joint_type|motion_type",
     ids<&ModelDraft::motions>,
     &kMotionEdit,
     {"MOTION", L::kMotion}},
    {"motion_marker", "Motion_Marker", S, B, build_motion_marker,
     "prescribed motion between markers", "i_marker_id j_marker_id direction",
     ids<&ModelDraft::marker_motions>, &kMotionMarkerEdit},
    {"param_linear", "Param_Linear", S, B, build_param_linear, "linear analysis settings"},
    {"param_static", "Param_Static", S, B, build_param_static, "static analysis settings"},
    {"param_transient", "Param_Transient", S, B, build_param_transient, "integrator settings"},
    {"param_unit", "Param_Unit", S, M, build_param_unit, "unit system"},
    {"post_graphic", "Post_Graphic", S, M, build_post_graphic,
     "graphics; the analytic kinds are the geometry of Force_Contact"},
    {"post_request", "Post_Request", S, B, build_post_request,
     "output request (marker, EXPRESSION, ELEMENTAL_FORCE or REQSUB)", "type",
     ids<&ModelDraft::requests>, &kRequestEdit},
    {"reference_array", "Reference_Array", S, M, build_reference_array,
     "array of values, variables, states or ARYSUB inputs", "type num_element"},
    {"reference_frequencyinput", "Reference_FrequencyInput", N, M, nullptr,
     "input for frequency response"},
    {"reference_marker", "Reference_Marker", S, B, build_reference_marker,
     "coordinate frame fixed to a body", "body_id", ids<&ModelDraft::markers>},
    {"reference_matrix", "Reference_Matrix", S, M, build_reference_matrix, "matrix data",
     "nrow ncol"},
    {"reference_paramcurve", "Reference_ParamCurve", S, M, build_reference_paramcurve,
     "B-spline curve through or near the points of a matrix (CURVE function)"},
    {"reference_plantstate", "Reference_PlantState", N, M, nullptr, "plant states"},
    {"reference_spline", "Reference_Spline", S, M, build_reference_spline,
     "spline data for AKISPL/CUBSPL/LINSPL", "num_xy_pair"},
    {"reference_string", "Reference_String", S, M, build_reference_string,
     "text for user subroutines (c_gtstrg)", "string"},
    {"reference_surface", "Reference_Surface", N, M, nullptr, "surface data"},
    {"reference_variable",
     "Reference_Variable",
     S,
     B,
     build_reference_variable,
     "algebraic variable (expression or VARSUB)",
     {},
     nullptr,
     &kVariableEdit},
    {"resoutput", "ResOutput", S, C, build_resoutput,
     "output options (abf_unique_time; adams_res_file, adams_req_file; mrf/abf/plt not written)"},
    {"save", "Save", N, C, nullptr, "write the model block"},
    {"sensor_evaluate", "Sensor_Evaluate", S, M, build_sensor_evaluate,
     "value stored at a sensor event, read by SENVAL (expression or SEVSUB)",
     "expr|usrsub_param_string|script_name", ids<&ModelDraft::sensor_evaluates>},
    {"sensor_event",
     "Sensor_Event",
     S,
     B,
     build_sensor_event,
     "event sensor: root-found crossing of a function, then HALT, RETURN, PRINT, RESTART, "
     "STEPSIZE, HMAX",
     "expr|usrsub_param_string|script_name value",
     ids<&ModelDraft::sensors>,
     &kSensorEventEdit,
     {"SENSOR", L::kSensor}},
    {"sensor_proximity", "Sensor_Proximity", N, M, nullptr, "proximity sensor"},
    {"simulate", "Simulate", S, C, build_simulate, "run one analysis", "analysis_type"},
    {"stop", "Stop", S, C, build_stop, "end the command list"},
}};

}  // namespace

std::span<const ElementInfo> element_table() { return kElements; }

const ElementInfo* find_element(std::string_view tag) {
  for (const auto& e : kElements) {
    if (e.tag == tag) return &e;
  }
  return nullptr;
}

void check_unique_ids(const ModelDraft& draft, Diagnostics& diag) {
  for (const auto& e : kElements) {
    if (e.unique_ids) e.unique_ids(draft, e.name, diag);
  }
}

}  // namespace mb
