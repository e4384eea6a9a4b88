#pragma once
// Model: the compiled, immutable description of a deck (docs/architecture.md section 2). Built by
// models/model_builder from a Deck; read by the solver; several runs may share one Model.
// All values are in the deck's units (see Units); angles in radians.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/linalg.hpp"
#include "common/source_loc.hpp"
#include "models/compiled_expression.hpp"
#include "models/contact_data.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

/// The deck's unit system (Param_Unit). The solver works in model units; only the inertia
/// scaling `mass_factor` (F = mass_factor * m * a) depends on it.
struct Units {
  std::string force = "newton", mass = "kilogram", length = "meter", time = "second";
  double mass_factor = 1.0;
};

struct Marker {
  int id = 0;
  int body = -1;                         ///< index into Model::bodies
  Vec3 pos_body = Vec3::Zero();          ///< origin in the body frame (the body's CM marker frame)
  Mat3 axes_body = Mat3::Identity();     ///< columns: marker axes in the body frame
  Vec3 pos_global0 = Vec3::Zero();       ///< origin in ground at t = 0 (as given by the deck)
  Mat3 axes_global0 = Mat3::Identity();  ///< axes in ground at t = 0
  SourceLoc loc;
};

struct Body {
  int id = 0;
  bool ground = false;
  bool point = false;  ///< Body_Point: no rotation (frame = global), no inertia
  double mass = 0;     ///< deck units (not scaled by mass_factor)
  Mat3 inertia_cm =
      Mat3::Zero();            ///< about the CM, in CM-marker axes (Adams product sign convention)
  int cm_marker = -1;          ///< index into Model::markers
  int im_marker = -1;          ///< the deck's inertia marker (im_id, default cg_id)
  Vec3 r0 = Vec3::Zero();      ///< CM position at t = 0 (ground)
  Vec4 p0 = Vec4(1, 0, 0, 0);  ///< Euler parameters of the CM frame at t = 0
  Vec3 v0 = Vec3::Zero();      ///< initial CM velocity, ground components
  Vec3 w0 = Vec3::Zero();      ///< initial angular velocity, ground components
  /// The components of (v0, w0) the deck gives (v_ic_*, w_ic_* present, their *_flag not FALSE):
  /// the velocity assembly keeps them exactly when the constraints allow it; the others are
  /// guesses it may change (solver/initial_conditions.hpp).
  std::array<bool, 6> velocity_given{};
  /// The coordinates the first initial-conditions assembly keeps at their deck values (Adams
  /// PART EXACT=; the `exact` attribute): x, y, z of the CM and the 3-1-3 angles psi, theta, phi
  /// of the CM frame (solver/held_coordinates.hpp).
  std::array<bool, 6> exact{};
  std::string subject;  ///< "Body_Rigid 2" (Adams: "PART 2") for messages
  /// The body's reference frame in its CM frame: an Adams PART's frame (QG, REULER), the frame
  /// Adams reports part results in (XRF entities <part>_XFORM); the CM frame itself (zero,
  /// identity) for a MotionSolve body.
  Vec3 ref_pos = Vec3::Zero();
  Mat3 ref_axes = Mat3::Identity();
  SourceLoc loc;
};

enum class JointType {
  kSpherical,
  kRevolute,
  kFixed,
  kTranslational,
  kCylindrical,
  kPlanar,
  kUniversal,
  kHooke,
  kConstantVelocity,
  kScrew,
  kRackPinion,
  // Joint primitives (Constraint_Jprim; Constraint_Joint accepts the names too).
  kAtPoint,
  kInline,
  kInplane,
  kOrientation,
  kParallelAxes,
  kPerpendicular,
  kFree,  ///< FREE: no equations (the bodies move independently)
};

/// Constraint_Joint or Constraint_Jprim (equations: solver/joint_kernel.hpp).
struct Joint {
  int id = 0;
  JointType type = JointType::kRevolute;
  bool primitive = false;  ///< a Constraint_Jprim (JPRIM() addresses it, not JOINT())
  double pitch = 0;        ///< SCREW: pitch; RACK_PINION: pitch diameter
  int i_marker = -1;       ///< index into Model::markers
  int j_marker = -1;
  bool active = true;  ///< false after a Deactivate command: no equations
  /// Initial conditions of the joint coordinates (Adams JOINT IC=, ICTRAN=, ICROT=; the
  /// ic_tran_* / ic_rot_* attributes): [0] the translation d . z_J, [1] the rotation AZ(I, J),
  /// displacement and velocity (its time derivative). The initial-conditions assembly of the
  /// first analysis holds them (solver/held_coordinates.hpp).
  std::array<std::optional<double>, 2> ic_disp{}, ic_vel{};
  SourceLoc loc;
};

/// Constraint_Coupler or Constraint_Gear (models/constraint_coupler.hpp): one equation
/// sum_k scale_k q_k = 0 over joint coordinates q_k measured from the input configuration
/// (solver/coupler_kernel.hpp).
struct Coupler {
  struct Term {
    int joint = -1;           ///< index into Model::joints
    bool rotational = false;  ///< q = rotation of I about z_J (rad), else translation along z_J
    double scale = 0;
  };
  int id = 0;
  bool gear = false;        ///< a Constraint_Gear (scales from the CV marker geometry)
  std::vector<Term> terms;  ///< 2 or 3 (a gear with a cylindrical joint: up to 4)
  /// type USERSUB: COUSUB(id, time, par, npar, disp, ndisp, iflag, phi) gives Phi(q) instead of
  /// sum scale_k q_k (extras: COUXX dPhi/dq, COUXX2 d2Phi/dq_k^2; the scales are unused).
  std::optional<UserSubroutine> user;
  bool active = true;  ///< false after a Deactivate command: no equation
  SourceLoc loc;
};

/// Force_Scalar_TwoBody: a force along the line of sight (positive repulsive; action-only:
/// along z_J) or a torque about z_J, on I with the reaction on J. exprs[0] is the magnitude.
struct ScalarForce {
  int id = 0;
  bool rotational = false;
  bool action_only = false;
  int i_marker = -1, j_marker = -1;
  ExpressionGroup expr;
  bool active = true;                  ///< false after a Deactivate command: applies nothing
  std::optional<UserSubroutine> user;  ///< SFOSUB instead of exprs[0]
  SourceLoc loc;
};

/// Force_Vector_TwoBody / Force_Vector_OneBody: F = A_ref [fx fy fz], T = A_ref [tx ty tz] on
/// I at R_I; for two bodies the reaction acts on the floating J marker's body at R_I.
/// exprs: fx, fy, fz, tx, ty, tz (absent components are the constant 0).
struct VectorForce {
  int id = 0;
  bool one_body = false;
  int i_marker = -1;
  int j_marker = -1;     ///< floating marker (body 2); -1 for one body
  int ref_marker = -1;   ///< -1 = ground axes
  bool reverse = false;  ///< one body, reverse_dir="TRUE": the applied vectors are negated
  ExpressionGroup expr;
  bool active = true;  ///< false after a Deactivate command: applies nothing
  /// VFOSUB (force only), VTOSUB (torque only) or GFOSUB (both) instead of the expressions.
  std::optional<UserSubroutine> user;
  bool user_force = true, user_torque = true;  ///< which components the routine returns
  /// The name in run-time messages when it is not "Force_Vector_TwoBody id": a joint
  /// friction's force (models/force_jointfriction.hpp) says "FRICTION 3".
  std::string subject;
  SourceLoc loc;
};

/// Force_SpringDamper. Translational: F = -k (l - length) - c (ldot - velocity_offset) + preload
/// along the line of sight (positive pushes I away from J). Rotational about z_J with
/// theta = AZ(I, J): T = -k (theta - length) - c WZ(I, J, J) + preload.
struct SpringDamper {
  int id = 0;
  bool rotational = false;
  int i_marker = -1, j_marker = -1;
  double stiffness = 0, damping = 0, length = 0, preload = 0, velocity_offset = 0;
  bool active = true;  ///< false after a Deactivate command: applies nothing
  std::optional<ExpressionGroup> force_expression;  ///< replaces the law: F (or T) = exprs[0]
  SourceLoc loc;
};

/// Force_Bushing, Force_Field and Force_Beam: a linear 6-axis law between I and J (laws in
/// models/force_bushing.hpp, force_field.hpp, force_beam.hpp). With x = [DX DY DZ a b c] of I
/// relative to J in J's axes (a, b, c = AX, AY, AZ-like angles) and xdot = [VX VY VZ](I,J,J,J),
/// [WX WY WZ](I,J,J):
///   [f; t] = -K (x - length) - C xdot + preload,  F = A_J f and T = A_J t on I at R_I;
///   -F and -T on J's body at R_I (that is -T - (R_I - R_J) x F about R_J).
/// A bushing with euler_xyz uses Simbody's LinearBushing coordinates instead (force_bushing.hpp).
struct LinearForce {
  enum class Element { kBushing, kField, kBeam };
  Element element = Element::kBushing;
  bool euler_xyz = false;
  int id = 0;
  int i_marker = -1, j_marker = -1;
  Mat6 K = Mat6::Zero();        ///< row i, column j: (x, y, z, tx, ty, tz)
  Mat6 C = Mat6::Zero();        ///< same layout as K
  Vec6 length = Vec6::Zero();   ///< free values of x
  Vec6 preload = Vec6::Zero();  ///< f, t at x = length (J axes)
  bool active = true;           ///< false after a Deactivate command: applies nothing
  SourceLoc loc;
};

/// Motion_Joint: the joint's free coordinate q (translation DZ(I, J, J) or rotation AZ(I, J))
/// follows f(t) (val_type D), or its velocity (V) or acceleration (A) does; exprs[0] = f. V and A
/// motions integrate q's target from ic_disp (and ic_vel) as added states (solver/system.hpp).
/// A Motion_Marker (on_markers) drives one component of I relative to J instead: `direction`
/// 0..2 = DX, DY, DZ(I, J, J), 3..5 = the Bryant angles B1, B2, B3 (models/motion_marker.hpp).
struct MotionJoint {
  enum class Level { kDisplacement, kVelocity, kAcceleration };
  int id = 0;
  int joint = -1;  ///< index into Model::joints (-1 for a Motion_Marker)
  bool rotational = false;
  bool on_markers = false;
  int direction = 0;                 ///< Motion_Marker only
  int i_marker = -1, j_marker = -1;  ///< the motion's markers (a Motion_Joint's are its joint's)
  Level level = Level::kDisplacement;
  double ic_disp = 0.0, ic_vel = 0.0;
  ExpressionGroup expr;
  /// type="USERSUB": MOTSUB(id, time, par, npar, iord, iflag, value) gives the motion instead of
  /// expr; iord = level (the val_type quantity), level + 1 and level + 2 its time derivatives.
  std::optional<UserSubroutine> user;
  bool active = true;  ///< false after a Deactivate command (or of its joint): no equation
  SourceLoc loc;
};

/// Constraint_General (Adams GCON): exprs[0] = f(measures, TIME) is held at zero. f may read
/// the pose measures DX, DY, DZ, DM, AX, AY, AZ and TIME. gradient[k] = df/dmeasure_k and
/// d_time = df/dTIME, each compiled with its partials and theirs, so that the constraint's
/// velocity row sum_k gradient[k] dm_k/dt + d_time has an exact Jacobian and so have its time
/// derivative (the acceleration row of the stabilised index-1 form) and that derivative's
/// Jacobian. Its reaction is reported on the I marker (-1: the global frame).
struct GeneralConstraint {
  int id = 0;
  int i_marker = -1;
  ExpressionGroup expr;
  std::vector<SecondOrderExpression> gradient;
  SecondOrderExpression d_time;
  SourceLoc loc;
};

/// Constraint_PTCV (Adams PTCV; models/constraint_ptcv.hpp): the origin of marker I stays on
/// curve `curve`, fixed in marker J's frame: R_I = R_J + A_J c(alpha), the curve parameter alpha
/// an unknown of the DAE (solver/ptcv_kernel.hpp). alpha0: the contact point's parameter at the
/// input configuration; vel0: the initial sliding speed along the curve (vel_0, Adams VEL).
struct PointCurveConstraint {
  int id = 0;
  int i_marker = -1, j_marker = -1;
  int curve = -1;  ///< index into Model::curves
  double alpha0 = 0.0;
  std::optional<double> vel0;
  SourceLoc loc;
};

/// Constraint_CVCV (Adams CVCV; models/constraint_cvcv.hpp): curve `i_curve`, fixed in marker
/// I's frame, touches curve `j_curve`, fixed in marker J's frame, both in the XY plane of their
/// marker: the contact points coincide, R_I + A_I c_i(alpha) = R_J + A_J c_j(beta), and the
/// tangents are parallel in J's XY plane; alpha and beta are unknowns of the DAE
/// (solver/cvcv_kernel.hpp). alpha0, beta0: the contact parameters at the input configuration;
/// i_vel0, j_vel0: the initial sliding speeds of the contact point along each curve, relative to
/// the curve's body (i_vel0 / j_vel0; Adams IVEL / JVEL).
struct CurveCurveConstraint {
  int id = 0;
  int i_marker = -1, j_marker = -1;
  int i_curve = -1, j_curve = -1;  ///< indices into Model::curves
  double alpha0 = 0.0, beta0 = 0.0;
  std::optional<double> i_vel0, j_vel0;
  SourceLoc loc;
};

/// Reference_Variable (explicit): VARVAL(id) = exprs[0], or the VARSUB routine `user`.
struct Variable {
  int id = 0;
  ExpressionGroup expr;
  std::optional<UserSubroutine> user;
  SourceLoc loc;
};

/// Reference_Array (format reference 2.5). X and Y arrays name the states and outputs of the
/// state element that uses them (`owner`); U arrays list Reference_Variables (ARYVAL = VARVAL of
/// entry k); IC arrays hold numbers.
struct ReferenceArray {
  enum class Type { kX, kU, kY, kIC };
  int id = 0;
  Type type = Type::kIC;
  int size = 0;                        ///< num_element
  std::vector<double> values;          ///< IC
  std::vector<int> variables;          ///< U: indices into Model::variables
  std::optional<UserSubroutine> user;  ///< U: the ARYSUB routine that fills it (no variables)
  /// X, Y: index into Model::state_elements, -1 when unused; U filled by ARYSUB: the first state
  /// element that uses it as u_array_id (it evaluates the routine for ARYVAL readers too).
  int owner = -1;
  /// X: the owner's state that entry 1 reads (its discrete states for a GSE's XD array).
  int first_owner_state = 0;
  SourceLoc loc;
};

/// Reference_Matrix (format reference 2.6), dense after reading.
struct ReferenceMatrix {
  int id = 0;
  Eigen::MatrixXd values;
  SourceLoc loc;
};

/// Reference_Spline (format reference 2.7): data for AKISPL/CUBSPL/LINSPL.
struct ReferenceSpline {
  int id = 0;
  std::vector<double> x, y, z;  ///< as expr::SplineData
  bool linear_extrapolation = false;
  SourceLoc loc;
};

/// Reference_ParamCurve (Adams CURVE) defined by the points of a matrix: read by
/// CURVE(alpha, iord, comp, id) (expr/param_curve.hpp).
struct ReferenceCurve {
  int id = 0;
  expr::CurveData data;  ///< the matrix's points, validated
  SourceLoc loc;
};

/// Reference_String (format reference 2.9; Adams STRING): text user subroutines read with
/// c_gtstrg (GTSTRG in Adams).
struct ReferenceString {
  int id = 0;
  std::string text;
  SourceLoc loc;
};

/// A block of differential states x (the state elements, solver/state_kernel.hpp):
///   Control_Diff explicit:  x' = f(x, t, ...)            (expr.exprs[0] = f)
///   Control_Diff implicit:  F(x, x', t, ...) = 0         (expr.exprs[0] = F)
///   LINEAR (Control_StateEqn, Control_SISO realised in controllable canonical form,
///   Force_StateEqn):        x' = A x + B u,  y = C x + D u,  u = VARVAL(inputs[k])
/// A Force_StateEqn applies its 6 outputs y as [FX FY FZ TX TY TZ] in ref_marker axes on I, with
/// the reaction on the floating J marker's body at R_I (as Force_Vector_TwoBody).
struct StateElement {
  enum class Kind { kDiff, kStateEqn, kSiso, kForce, kDissipation };
  enum class Form { kExplicit, kImplicit, kLinear, kUserSub };
  Kind kind = Kind::kDiff;
  Form form = Form::kExplicit;
  int id = 0;
  std::string subject;  ///< "<Element> <id>"
  int first_state = 0;  ///< index of x_1 within the state block (System::state_offset)
  int num_states = 0;
  bool static_hold = false;    ///< is_static_hold: states frozen in static/quasi-static analyses
  std::vector<double> ic;      ///< x(0), num_states values
  std::vector<double> ic_dot;  ///< implicit Control_Diff: x'(0) (empty = 0)
  std::vector<int> inputs;     ///< u: indices into Model::variables
  Eigen::MatrixXd A, B, C, D;  ///< LINEAR; absent matrices are zero of the right size
  ExpressionGroup expr;        ///< Control_Diff
  int x_array = -1, y_array = -1, u_array = -1;       ///< indices into Model::arrays
  int i_marker = -1, j_marker = -1, ref_marker = -1;  ///< Force_StateEqn
  int force_kernel = -1;  ///< kDissipation: E' = that force kernel's dissipated power
  /// A sampled GSE (Adams ND, XD, ICD, SAMPLE_PERIOD, SAMPLE_OFFSET): its last num_discrete
  /// states are the discrete states x_d, held constant between the sample times
  /// t_k = sample_offset + k sample_period (k >= 0), where the integrator stops and GSESUB's
  /// stated entries for them become their new values (solver/discrete_samples.hpp). Their
  /// residual rows are x_d' = 0; statics hold them.
  int num_discrete = 0;
  double sample_period = 0, sample_offset = 0;
  int xd_array = -1;  ///< index into Model::arrays (the XD array), -1: none
  /// USERSUB: GSESUB (Control_StateEqn), YFOSUB (Force_StateEqn; extras: the partials
  /// df/dx, df/du, dg/dx, dg/du, nullptr when absent) or DIFSUB (Control_Diff, form kExplicit or
  /// kImplicit). C and D are then zero matrices that only carry the output and input counts.
  std::optional<UserSubroutine> user;
  SourceLoc loc;
  int num_outputs() const { return static_cast<int>(C.rows()); }
  /// The continuous states x_c (the first ones).
  int num_continuous() const { return num_states - num_discrete; }
};

/// Post_Request: output channels `req<id>.<component>`.
struct Request {
  enum class Type {
    kDisplacement,
    kVelocity,
    kAcceleration,
    kForce,
    kExpression,
    kElementalForce,
    kUser
  };
  int id = 0;
  Type type = Type::kExpression;
  int i_marker = -1, j_marker = -1, ref_marker = -1;
  MeasureSpec element;   ///< ELEMENTAL_FORCE: the element's force query (kJoint or kElementForce)
  ExpressionGroup expr;  ///< EXPRESSION: one expression per present channel
  std::vector<std::string> channels;  ///< component names, e.g. "x" or "f2"
  /// Per channel: the user's column name (replaces the channel in `req<id>.<channel>`) and
  /// unit (an Adams unit type such as "force", resolved in the model's units, or a label);
  /// empty: the defaults.
  std::vector<std::string> column_names, column_units;
  std::optional<UserSubroutine> user;  ///< kUser: the REQSUB routine (channels f1..f8)
  SourceLoc loc;
};

/// Sensor_Event / Adams SENSOR (models/sensor.hpp): an event when expr.exprs[0] - value
/// crosses zero in the direction `compare` names, located by the integrator's root finding
/// (solver/sensor_events.hpp); then the actions.
struct Sensor {
  enum class Compare { kEq, kGe, kLe };
  int id = 0;
  Compare compare = Compare::kEq;
  double value = 0;
  double error = 1e-3;             ///< error_tol / ERROR: |f - value| allowed at the event
  ExpressionGroup expr;            ///< exprs[0]: the sensed function
  bool halt = false;               ///< end the run (status ok)
  bool ret = false;                ///< end the current Simulate; the next command runs
  bool print = false;              ///< a result row at the event time
  bool restart = false;            ///< the integrator restarts at the event (order 1)
  std::optional<double> stepsize;  ///< the first step after the event (restarts the integrator)
  std::optional<double> hmax;      ///< the largest step after the event
  std::optional<double> dt;        ///< DT: the output interval from the event on
  /// SENSUB (Adams FUNCTION=USER(..), MotionSolve type USERSUB) instead of exprs[0]
  std::optional<UserSubroutine> user;
  bool active = true;   ///< false after a Deactivate command: the sensor never fires
  int evaluate = -1;    ///< index into Model::sensor_evaluates of the value it stores, or -1
  std::string subject;  ///< "Sensor_Event 3" / "SENSOR 3"
  SourceLoc loc;
};

/// Sensor_Evaluate, or an Adams SENSOR's EVALUATE (models/sensor_evaluate.hpp): a value computed
/// when one of its sensors fires and held until one fires again; SENVAL(id) reads it (0 before
/// the first event). The value is a state of the state block with x' = 0 that the event sets
/// (solver/sensor_events.hpp), so every reader sees it through the state.
struct SensorEvaluate {
  int id = 0;
  int state = -1;                      ///< the held value: index into the state block
  ExpressionGroup expr;                ///< exprs[0]: evaluated at the event
  std::optional<UserSubroutine> user;  ///< SEVSUB instead of exprs[0]
  std::string subject;                 ///< "Sensor_Evaluate 2" / "SENSOR 3 EVALUATE"
  SourceLoc loc;
};

/// Param_Transient integrator_type, parsed once from the deck (models/param_transient.hpp; the
/// Adams INTEGRATOR types map onto these in parser/adm_build.cpp): DSTIFF, GSTIFF and HSTIFF run
/// the DAE form on IDA, VSTIFF and MSTIFF the ODE form on CVODE BDF, ABAM the ODE form on CVODE
/// Adams (or in joint coordinates on a tree of joints).
enum class Integrator { kDstiff, kGstiff, kHstiff, kVstiff, kMstiff, kAbam };
/// The deck's name of an integrator ("DSTIFF", ...), for the log and the JSON summary.
std::string_view integrator_name(Integrator integrator);

/// Param_Transient (model default or command): integrator settings.
struct TransientParams {
  Integrator integrator = Integrator::kDstiff;
  double integr_tol = 1e-3;  ///< absolute local error tolerance (model units)
  std::optional<double> h_max;
  std::optional<double> h_min;
  std::optional<double> h0;
  int max_order = 5;
  double rel_abs_tol_ratio = 1e-3;  ///< relative tolerance = ratio * integr_tol (>= 1e-12)
  /// dae_index: 2 (stabilised index-2, GGL), 3 (index-3, DaeForm::kIndex3) or 1 (stabilised
  /// index-1, DaeForm::kStabilisedIndex1; models/param_transient.hpp). The ODE form ignores it.
  int dae_index = 2;
  /// ABAM on a tree of joints integrates in joint coordinates (solver/tree/); false keeps the
  /// Cartesian ODE form. Not a deck attribute: tests and benchmarks compare the two forms.
  bool joint_coordinates = true;
  /// The deck names the integrator (integrator_type or dae_index; Adams INTEGRATOR with a type
  /// or I3/SI2/SI1). When it does not, the analysis runner picks the form from the model
  /// (solver/default_transient.hpp).
  bool integrator_named = false;
};

/// Param_Static (model default or command): static and quasi-static equilibrium settings.
struct StaticParams {
  /// FIM_S or FIM_D (both: Newton with a line search, solver/static_solver.hpp), or MKEAM
  /// (kinetic-energy attrition, solver/mkeam_static.hpp; static only, not quasi-static).
  std::string method = "FIM_D";
  double max_error = 1e-4;   ///< FIM: largest allowed force/torque imbalance (model units)
  int max_num_iter = 50;     ///< FIM: Newton iterations; MKEAM: kinetic-energy iterations
  double max_ke_tol = 1e-5;  ///< MKEAM: largest kinetic-energy peak at convergence (model units)
  double max_dq_tol = 1e-3;  ///< MKEAM: largest coordinate change between two iterations
  /// FIM: the fraction of the (translational) mass and damping matrices added to the Newton
  /// matrix, which keeps it regular where the model is neutrally stable; it changes the rate of
  /// convergence, not the equilibrium found (Adams EQUILIBRIUM/STABILITY). 0: plain Newton.
  double stability = 0;
};

/// Param_Linear (model default or command; Adams LINEAR/EIGENSOL, STATEMAT): linear analysis
/// settings (models/param_linear.hpp).
struct LinearParams {
  bool eigen = true;        ///< eigen_analysis: eigenvalues and mode shapes
  bool no_damping = false;  ///< disable_damping (Adams NODAMPING)
  /// pinput_id / poutput_id: deck ids of the Control_PlantInput / Control_PlantOutput for the
  /// state matrices (checked when the model is built), with where the deck names them.
  std::optional<int> plant_input, plant_output;
  SourceLoc plant_input_loc, plant_output_loc;
  std::string subject;  ///< "Param_Linear" or the Adams command, for messages
  std::string plant_input_name = "pinput_id", plant_output_name = "poutput_id";  ///< as spelled
  /// A range of mode numbers, 1-based and inclusive.
  struct ModeRange {
    int first = 1, last = 1;
    bool contains(int mode) const { return mode >= first && mode <= last; }
  };
  /// Adams COORDS= / KINETIC= (ENERGY= sets both lists): the modes whose body shapes and kinetic
  /// energy shares are reported (PREFIX_modes.csv, JSON); none: every mode.
  std::optional<ModeRange> shape_modes;
  /// Adams STRAIN= (or ENERGY=): the modes whose strain energy distribution is reported
  /// (PREFIX_energy.csv); none: every mode.
  std::optional<ModeRange> energy_modes;
  bool write_matrix_files = true;  ///< write_matlabfiles: PREFIX.a .. .d
  bool write_energy_file = true;   ///< write_energy_dist: PREFIX_energy.csv
  /// Adams STATEMAT FILE=: the state matrices' file name (its extension dropped), in place of
  /// the output prefix for PREFIX.a .. .d and PREFIX_statemat.csv; relative to the output folder.
  std::string matrix_file;
};

/// kKinematic: a zero-DOF system driven by motions, solved by position, velocity and
/// acceleration solves at every output time (no integration). kLinear: the equations linearised
/// at the state reached (solver/stages/run_linear.cpp).
enum class AnalysisType { kTransient, kStatic, kAssembly, kKinematic, kLinear };

/// One Simulate command.
struct Simulate {
  AnalysisType type = AnalysisType::kTransient;
  std::optional<double> start_time;
  std::optional<double> end_time;
  std::optional<double> duration;
  std::optional<int> num_steps;
  std::optional<double> print_interval;
  SourceLoc loc;
};

/// A Body_Rigid command's v_ic_* / w_ic_*: the velocity components (ground axes; CM velocity,
/// then angular velocity) the next Simulate starts from; the others carry over.
struct VelocityReset {
  int body = -1;  ///< index into Model::bodies
  std::array<std::optional<double>, 6> v;
};

/// What one edit command (Activate, Deactivate, an element modification) changes: a value,
/// applied to a model by apply_edit (models/model_edit.hpp), which gives the next model state.
struct ModelEdit {
  /// The element lists a command reaches.
  enum class List {
    kJoint,
    kMotion,
    kScalarForce,
    kVectorForce,
    kSpringDamper,
    kBushing,
    kField,
    kBeam,
    kCoupler,
    kVariable,
    kRequest,
    kContact,
    kSensor,
  };
  struct Target {
    List list;
    size_t index;
  };
  /// Activate / Deactivate: the `active` flag of every target.
  struct Activation {
    std::vector<Target> targets;
    bool active = true;
  };
  /// Body_Rigid: mass and inertia about the CM; v_ic / w_ic, if given, become the body's initial
  /// velocity (v0, w0) and the next Simulate's start (`velocity`).
  struct BodyInertia {
    size_t body = 0;
    double mass = 0;
    Mat3 inertia_cm = Mat3::Zero();
    std::optional<VelocityReset> velocity;
  };
  /// Force_SpringDamper: the given numbers of its linear law.
  struct SpringLaw {
    size_t index = 0;
    std::optional<double> stiffness, damping, length, preload;
  };
  /// The expression group of an expression element (force, motion, variable, request).
  struct Expressions {
    Target target;
    ExpressionGroup expr;
  };
  /// Force_Bushing / Force_Field / Force_Beam: K, C, length and preload (`law`).
  struct LinearLaw {
    Target target;
    LinearForce law;
  };
  /// Force_Gravity.
  struct Gravity {
    Vec3 constant = Vec3::Zero();
    std::optional<ExpressionGroup> expr;
  };
  /// Sensor_Event / Adams SENSOR command: the sensor as the command leaves it (its function,
  /// value, error, comparison and actions).
  struct SensorSettings {
    size_t index = 0;
    Sensor sensor;
  };
  std::variant<std::monostate, Activation, BodyInertia, SpringLaw, Expressions, LinearLaw, Gravity,
               SensorSettings>
      change;
};

struct Command {
  /// kEdit: Activate, Deactivate or an element modification (models/command_edits.hpp).
  enum class Kind {
    kSimulate,
    kParamTransient,
    kParamStatic,
    kParamLinear,
    kEdit,
    kStop
  } kind = Kind::kSimulate;
  Simulate simulate;
  TransientParams transient;
  StaticParams statics;
  LinearParams linear;
  ModelEdit edit;           ///< kEdit: the change for the next Simulate (empty if it failed)
  std::string description;  ///< kEdit: "Deactivate JOINT 3", for the log
  SourceLoc loc;
};

/// ResOutput: which of several result rows at one time the CSV keeps (abf_unique_time).
struct ResultOptions {
  enum class UniqueTime { kFirst, kLast, kAll };
  UniqueTime unique_time = UniqueTime::kFirst;
  /// The Adams files the deck asks for (RESULTS/: PREFIX.res; OUTPUT/REQSAVE: PREFIX.req;
  /// ResOutput adams_res_file, adams_req_file), written besides the CSV.
  bool adams_res = false, adams_req = false;
};

struct Model {
  std::string deck_path;
  Units units;
  Vec3 gravity = Vec3::Zero();  ///< model units (length / time^2), ground axes
  /// Force_Gravity components given as expressions of TIME (exprs[0..2] = grav_x, _y, _z);
  /// when set it replaces `gravity` (solver/gravity_field.hpp evaluates it).
  std::optional<ExpressionGroup> gravity_expr;
  std::vector<Body> bodies;  ///< index 0 is the ground body
  std::vector<Marker> markers;
  std::vector<Joint> joints;
  std::vector<ScalarForce> scalar_forces;
  std::vector<VectorForce> vector_forces;
  std::vector<SpringDamper> spring_dampers;
  std::vector<LinearForce> bushings;                ///< Force_Bushing
  std::vector<LinearForce> fields;                  ///< Force_Field
  std::vector<LinearForce> beams;                   ///< Force_Beam
  std::vector<ContactGeometry> contact_geometries;  ///< the geometries contacts use
  std::vector<Contact> contacts;                    ///< Force_Contact / CONTACT
  std::vector<LinearForce>
      body_beam_links;  ///< elastic links of Body_Beam segments (body_beam.hpp)
  std::vector<MotionJoint> motions;
  std::vector<GeneralConstraint> general_constraints;
  std::vector<Coupler> couplers;  ///< Constraint_Coupler, then Constraint_Gear elements
  std::vector<PointCurveConstraint> point_curves;  ///< Constraint_PTCV
  std::vector<CurveCurveConstraint> curve_curves;  ///< Constraint_CVCV
  std::vector<Request> requests;
  std::vector<Variable> variables;
  std::vector<ReferenceArray> arrays;
  std::vector<ReferenceArray> plant_inputs;   ///< Control_PlantInput (type U lists)
  std::vector<ReferenceArray> plant_outputs;  ///< Control_PlantOutput (type U lists)
  std::vector<ReferenceMatrix> matrices;
  std::vector<ReferenceSpline> splines;
  std::vector<ReferenceString> strings;
  std::vector<ReferenceCurve> curves;
  std::vector<StateElement> state_elements;
  std::vector<Sensor> sensors;                   ///< Sensor_Event / SENSOR
  std::vector<SensorEvaluate> sensor_evaluates;  ///< Sensor_Evaluate / SENSOR EVALUATE
  int num_states = 0;         ///< total size of the state block (sum of num_states)
  TransientParams transient;  ///< model-level default
  StaticParams statics;       ///< model-level default
  LinearParams linear;        ///< model-level default
  std::vector<Command> commands;
  ResultOptions results;  ///< ResOutput

  std::map<int, int> body_index;    ///< deck id -> index into bodies
  std::map<int, int> marker_index;  ///< deck id -> index into markers
};

}  // namespace mb
