#pragma once
// ModelDraft: what the element builders read from the deck, before references are resolved.
// Pass 1 (the builders) fills it in file order; pass 2 (model_builder) resolves ids, which may
// point forward, and turns it into the immutable Model.

#include <array>
#include <deque>
#include <optional>
#include <vector>

#include "common/linalg.hpp"
#include "common/source_loc.hpp"
#include "models/model.hpp"
#include "parser/deck.hpp"

namespace mb {

struct DraftMarker {
  int id = 0;
  std::string subject;
  int body_id = 0;
  SourceLoc body_loc;
  std::optional<int> rm_id;
  SourceLoc rm_loc;
  Vec3 pos = Vec3::Zero();  ///< in rm's frame, or global
  Mat3 axes = Mat3::Identity();
  SourceLoc loc;
};

struct DraftBody {
  int id = 0;
  std::string subject;
  bool ground = false;
  bool point = false;  ///< Body_Point
  double mass = 0;
  double ixx = 0, iyy = 0, izz = 0, ixy = 0, iyz = 0, ixz = 0;
  std::optional<int> cg_id, im_id;
  SourceLoc cg_loc, im_loc, inertia_loc;
  bool inertia_read = true;  ///< false when an inertia value was unreadable (already reported)
  Vec3 v0 = Vec3::Zero(), w0 = Vec3::Zero();
  std::array<bool, 6> velocity_given{};  ///< Body::velocity_given
  std::array<bool, 6> exact{};           ///< Body::exact
  /// part_frame (from Adams PART QG/REULER): origin, then the axes matrix row by row (columns:
  /// the axes), in ground at t = 0.
  std::optional<std::array<double, 12>> part_frame;
  SourceLoc loc;
};

struct DraftJoint {
  int id = 0;
  std::string subject;
  JointType type = JointType::kRevolute;
  bool primitive = false;  ///< Constraint_Jprim
  double pitch = 0;        ///< SCREW pitch, RACK_PINION pitch diameter
  std::array<std::optional<double>, 2> ic_disp{}, ic_vel{};  ///< Joint::ic_disp, ic_vel
  int i_id = 0, j_id = 0;
  SourceLoc i_loc, j_loc;
  SourceLoc loc;
};

/// JointInitialVel_Trans / _Rev / _Cyl before its joint is resolved (Joint::ic_vel).
struct DraftJointInitialVelocity {
  std::string subject;
  SourceLoc loc, joint_loc;
  JointType type = JointType::kRevolute;  ///< the joint type the element is for
  int joint_id = 0;
  std::array<std::optional<double>, 2> vel{};  ///< translation, rotation
};

/// Constraint_Coupler (joints, freedoms, coefficients) or Constraint_Gear (two joints and the
/// CV marker) before its ids are resolved.
struct DraftCoupler {
  int id = 0;
  std::string subject;
  bool gear = false;
  std::vector<int> joint_ids;  ///< 2 or 3
  std::vector<SourceLoc> joint_locs;
  std::vector<char> freedoms;  ///< per joint: 'T', 'R' or 0 (not given)
  std::vector<SourceLoc> freedom_locs;
  std::vector<double> scales;          ///< coupler coefficients (as many as joints)
  std::optional<UserSubroutine> user;  ///< a COUSUB coupler (then no scales)
  int cv_id = 0;                       ///< gear
  SourceLoc cv_loc;
  SourceLoc loc;
};

/// An element whose expressions are compiled in pass 2, once every id is known.
struct DraftExpressionElement {
  const DeckNode* node = nullptr;
  std::string subject;
  int id = 0;
  SourceLoc loc;
  std::string type;             ///< upper-cased keyword (element specific)
  bool flag = false;            ///< element specific: is_action_only, ...
  std::vector<int> marker_ids;  ///< element specific order, 0 = none
  std::vector<SourceLoc> marker_locs;
  std::vector<double> values;                     ///< element specific numbers
  std::vector<const DeckAttribute*> expressions;  ///< element specific order, nullptr = absent
  std::optional<UserSubroutine> user;             ///< the element's user subroutine, if any
  /// Post_Request column_names / column_units: one entry per Adams request column 1..8 (empty:
  /// the default name or unit).
  std::vector<std::string> column_names, column_units;
};

/// An id reference read in pass 1 (0 = absent), with where it was written.
struct DraftRef {
  int id = 0;
  SourceLoc loc;
  std::string spelled;  ///< the attribute as written ("A" in an Adams LSE, "a_matrix_id" in XML)
};

/// Sensor_Event / SENSOR as read: its settings, and its function compiled in pass 2.
struct DraftSensor {
  int id = 0;
  std::string subject;
  SourceLoc loc;
  DraftExpressionElement function;
  Sensor settings;
  DraftRef evaluate;  ///< evaluate_id (Adams EVALUATE: the sensor's own implicit evaluate)
};

/// Sensor_Evaluate (or an Adams SENSOR's EVALUATE) as read; its expression compiled in pass 2.
struct DraftSensorEvaluate {
  int id = 0;
  std::string subject;
  SourceLoc loc;
  DraftExpressionElement function;
};

/// Reference_Array before its variables and owner are resolved.
/// Reference_ParamCurve as read: its matrix is looked up in pass 2 (resolve_state_data).
struct DraftCurve {
  int id = 0;
  int matrix_id = 0;
  expr::CurveData data;  ///< order, closed, through_points; points filled from the matrix
  std::string subject;
  SourceLoc loc, matrix_loc;
};

/// Constraint_PTCV before its ids are resolved.
struct DraftPointCurve {
  int id = 0;
  std::string subject;
  int i_marker_id = 0, j_marker_id = 0, curve_id = 0;
  std::optional<Vec3> guess;  ///< disp_x0..z0: a guess of the initial contact point
  bool guess_in_j = false;    ///< disp_frame RM (Adams DISP): guess in J axes, else global
  int guess_marker_id = 0;    ///< disp_marker_id (Adams ICM): the guess in this marker's frame
  SourceLoc guess_marker_loc;
  bool adm = false;         ///< read from an Adams PTCV statement
  int float_marker_id = 0;  ///< Adams JFLOAT (j_floating_marker_id)
  SourceLoc float_loc;
  std::optional<double> vel0;
  SourceLoc loc, i_loc, j_loc, curve_loc;
};

/// Constraint_CVCV before its ids are resolved: per side (0 = I, 1 = J) the marker, the curve,
/// the guess of the initial contact point (i_disp_*, j_disp_*; in the marker's axes) and the
/// initial sliding speed.
struct DraftCurveCurve {
  int id = 0;
  std::string subject;
  bool adm = false;  ///< read from an Adams CVCV statement
  std::array<int, 2> marker_id{}, curve_id{};
  std::array<std::optional<Vec3>, 2> guess;
  std::array<std::optional<double>, 2> vel0;
  std::array<int, 2> float_marker_id{};  ///< Adams IFLOAT, JFLOAT (checked, not moved)
  /// i_disp_marker_id, j_disp_marker_id (Adams IICM, JICM): the guess in this marker's frame.
  std::array<int, 2> guess_marker_id{};
  std::array<SourceLoc, 2> marker_loc, curve_loc, float_loc, guess_marker_loc;
  SourceLoc loc;
};

struct DraftArray {
  int id = 0;
  std::string subject;
  ReferenceArray::Type type = ReferenceArray::Type::kIC;
  int size = 0;
  std::vector<double> values;          ///< IC
  std::vector<int> variable_ids;       ///< U
  std::optional<UserSubroutine> user;  ///< U filled by ARYSUB
  SourceLoc loc, list_loc;
};

/// A state element (Control_Diff, Control_StateEqn, Control_SISO, Force_StateEqn) before its
/// arrays, matrices and expressions are resolved. `base` holds id, subject, location, the
/// markers (Force_StateEqn: I, J, ref) and the expression (Control_Diff: expr).
struct DraftStateElement {
  DraftExpressionElement base;
  StateElement::Kind kind = StateElement::Kind::kDiff;
  StateElement::Form form = StateElement::Form::kExplicit;
  DraftRef x, y, u, ic, a, b, c, d;
  int num_states = 0;
  bool static_hold = false;
  double ic_value = 0, ic_dot = 0;
  std::vector<double> numerator, denominator;  ///< Control_SISO, ascending powers of s
  std::optional<UserSubroutine> user;          ///< USERSUB: GSESUB, YFOSUB or DIFSUB
  int num_outputs = -1;                        ///< USERSUB: num_output (-1: not given)
  /// USERSUB Control_StateEqn, sampled form (StateElement::num_discrete): the discrete states'
  /// count, XD and ICD arrays, sample period and offset.
  int num_discrete = 0;
  DraftRef xd, icd;
  double sample_period = 0, sample_offset = 0;
};

/// Force_JointFriction (Adams FRICTION) as read; pass 2 (expand_joint_frictions) turns it into
/// a friction force and its creep states once the joint's type is known.
struct DraftJointFriction {
  int id = 0;
  std::string subject;
  SourceLoc loc;
  const DeckNode* node = nullptr;
  DraftRef joint;
  double mu_static = 0, mu_dynamic = 0;
  double stiction_velocity = 0.1, transition_coefficient = 1.5, max_deformation = 0.01;
  enum class Effect { kAll, kStiction, kSliding } effect = Effect::kAll;
  /// INPUTS: preload, reaction force, bending moment, torsional moment.
  bool preload = true, reaction_force = true, bending_moment = true, torsional_moment = true;
  double force_preload = 0, torque_preload = 0;
  double friction_arm = 1, bending_reaction_arm = 1, pin_radius = 1, ball_radius = 1;
  double reaction_arm = 1, initial_overlap = 1000;
  int overlap_delta = 0;  ///< 0 CONSTANT, +1 INCREASE, -1 DECREASE
  bool inactive_static = false;
  /// UNIVERSAL and HOOKE joints: the yoke pins that carry friction (Adams I_YOKE / J_YOKE;
  /// both when neither is named), and where and how the deck named it (empty: not named).
  enum class Yoke { kBoth, kI, kJ } yoke = Yoke::kBoth;
  SourceLoc yoke_loc;
  std::string yoke_spelled;
};

/// A geometry before its marker id is resolved (pass 1).
struct DraftGraphic {
  ContactGeometry geometry;
  int marker_id = 0;
  SourceLoc marker_loc;
  std::string subject;
  bool draw_only = false;  ///< a kind no contact can use
  std::string missing;     ///< the first attribute a contact would need that is absent
};

/// A contact before its geometry ids are resolved.
struct DraftContact {
  Contact contact;
  std::vector<int> i_ids, j_ids;  ///< graphics ids
  std::vector<int> i_flip_ids, j_flip_ids;
  SourceLoc i_loc, j_loc, i_flip_loc, j_flip_loc;
  std::string i_word = "i_graphics_id", j_word = "j_graphics_id";  ///< as spelled
};

struct ModelDraft {
  Units units;
  bool has_units = false;
  std::optional<DraftExpressionElement> gravity;  ///< Force_Gravity: grav_x, grav_y, grav_z
  std::vector<DraftMarker> markers;
  std::vector<DraftBody> bodies;
  std::vector<DraftJoint> joints;
  std::vector<DraftJoint> jprims;                                   ///< Constraint_Jprim
  std::vector<DraftJointInitialVelocity> joint_initial_velocities;  ///< JointInitialVel_*
  std::vector<DraftCoupler> couplers;                  ///< Constraint_Coupler and _Gear
  std::vector<DraftPointCurve> point_curves;           ///< Constraint_PTCV
  std::vector<DraftCurveCurve> curve_curves;           ///< Constraint_CVCV
  std::vector<DraftExpressionElement> scalar_forces;   ///< Force_Scalar_TwoBody
  std::vector<DraftExpressionElement> vector_forces;   ///< Force_Vector_TwoBody / OneBody
  std::vector<DraftExpressionElement> spring_dampers;  ///< Force_SpringDamper
  std::vector<DraftExpressionElement> bushings;    ///< Force_Bushing (values: see linear_values)
  std::vector<DraftExpressionElement> fields;      ///< Force_Field
  std::vector<DraftExpressionElement> body_beams;  ///< Body_Beam
  std::vector<DraftExpressionElement> beams;       ///< Force_Beam
  std::vector<DraftExpressionElement> motions;     ///< Motion_Joint
  std::vector<DraftExpressionElement> marker_motions;       ///< Motion_Marker
  std::vector<DraftExpressionElement> general_constraints;  ///< Constraint_General
  std::vector<DraftExpressionElement> requests;             ///< Post_Request
  std::vector<DraftExpressionElement> variables;            ///< Reference_Variable
  std::vector<DraftArray> arrays;                           ///< Reference_Array
  std::vector<DraftArray> plant_inputs;                     ///< Control_PlantInput (type U)
  std::vector<DraftArray> plant_outputs;                    ///< Control_PlantOutput (type U)
  std::vector<ReferenceMatrix> matrices;                    ///< Reference_Matrix (read in pass 1)
  std::vector<ReferenceSpline> splines;                     ///< Reference_Spline (read in pass 1)
  std::vector<ReferenceString> strings;                     ///< Reference_String
  std::vector<DraftCurve> curves;                           ///< Reference_ParamCurve
  std::vector<DraftStateElement> state_elements;            ///< Control_Diff, ..., Force_StateEqn
  std::vector<DraftJointFriction> joint_frictions;          ///< Force_JointFriction
  std::vector<DraftGraphic> graphics;                       ///< Post_Graphic / GRAPHICS
  std::vector<DraftContact> contacts;                       ///< Force_Contact / CONTACT
  /// Sensor_Event / SENSOR: the settings read, the function compiled in pass 2.
  std::vector<DraftSensor> sensors;
  std::vector<DraftSensorEvaluate> sensor_evaluates;  ///< Sensor_Evaluate, SENSOR EVALUATE
  /// Expressions that pass 2 writes for an element (joint friction), addressed like the deck's.
  std::deque<DeckAttribute> generated_attributes;
  TransientParams transient;
  StaticParams statics;
  LinearParams linear;
  std::vector<Command> commands;
  ResultOptions results;  ///< ResOutput
};

/// An expression attribute pass 2 writes for an element (`text` in the deck's function language),
/// located at `loc`: kept in draft.generated_attributes, so the pointer stays valid.
inline const DeckAttribute* add_generated_attribute(ModelDraft& draft, const SourceLoc& loc,
                                                    std::string_view name, std::string text) {
  DeckAttribute a;
  a.name = std::string(name);
  a.spelled = a.name;
  a.value = std::move(text);
  a.loc = loc;
  a.value_loc = loc;
  draft.generated_attributes.push_back(std::move(a));
  return &draft.generated_attributes.back();
}

/// The settings a Param_* element starts from: the model section's (`draft.*deck`); inside the
/// command list, those of the last command of `kind` read so far, since a command changes the
/// settings in force at that point of the command list.
template <class Params>
Params settings_in_force(const ModelDraft& draft, bool in_command, Command::Kind kind,
                         Params ModelDraft::*deck, Params Command::*command) {
  if (in_command) {
    for (auto it = draft.commands.rbegin(); it != draft.commands.rend(); ++it) {
      if (it->kind == kind) return (*it).*command;
    }
  }
  return draft.*deck;
}

}  // namespace mb
