#include "parser/adm_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>

#include "common/text.hpp"
#include "parser/adams_vocabulary.hpp"
#include "parser/adm_build.hpp"
#include "parser/adm_gse.hpp"
#include "parser/adm_lexer.hpp"
#include "parser/adm_lse.hpp"
#include "parser/adm_matrix.hpp"
#include "parser/adm_tfsiso.hpp"
#include "parser/adm_user_routine.hpp"
#include "parser/euler.hpp"
#include "parser/read_file.hpp"

// Statement -> Deck node mapping (Adams keyword -> MotionSolve attribute):
//
//   UNITS        param_unit          FORCE/MASS/LENGTH/TIME -> force_unit/mass_unit/length_unit/
//                                    time_unit; SYSTEM=MKS|MMKS|CGS|FPS|IPS -> the four units;
//                                    UCF -> mass_mult_factor = 1/UCF
//   PART         body_rigid          id; GROUND -> isground="TRUE"; MASS -> mass; CM -> cg_id;
//                                    IM -> im_id; IP -> inertia_xx,yy,zz[,xy,xz,yz];
//                                    VX..VZ (along VM's axes, default ground) -> v_ic_x..z and
//                                    WX..WZ (along WM's axes, default the CM marker's) ->
//                                    w_ic_x..z, both turned into ground axes here. EXACT ->
//                                    exact; no MASS: mass 0 (a massless part). QG/REULER or
//                                    QG/ZG/XG place the part frame (BCS) used for its markers.
//   MARKER       reference_marker    id; PART -> body_id (default: the preceding PART);
//                                    QP/REULER or QP/ZP/XP[/USEXP] (in the BCS, or in RM's frame)
//                                    -> global pos_x,y,z and a00..a22; FLOATING -> the BCS origin
//   JOINT        constraint_joint    type (CONVEL -> CONSTANT_VELOCITY, RACKPIN -> RACK_PINION,
//                                    others by name); I/J -> i_marker_id/j_marker_id;
//                                    PD -> pitch_diameter; PITCH -> pitch; IC=d,v (REVOLUTE:
//                                    ic_rot_disp/ic_rot_vel, TRANSLATIONAL: ic_tran_*),
//                                    ICTRAN/ICROT=d,v (CYLINDRICAL) -> ic_tran_*/ic_rot_*;
//                                    IC=,v (no d) gives the velocity only
//   JPRIM        constraint_jprim    type (ATPOINT, INLINE, INPLANE, ORIENTATION, PARALLEL_AXES,
//                                    PERPENDICULAR); I/J
//   GCON         constraint_general  I -> i_marker_id; FUNCTION -> expr
//   COUPLER      constraint_coupler  JOINTS=j1,j2[,j3] -> joint1_id..joint3_id; TYPE=T:R[:T] ->
//                                    freedom_1..3; SCALES=[r1,]r2[,r3] -> coefficients (r1 q1 +
//                                    r2 q2 + r3 q3 = 0; r1 = 1 when one value short);
//                                    FUNCTION=USER(..) -> usrsub_param_string; ROUTINE=
//                                    lib::cousub[,lib::couxx[,lib::couxx2]] -> usrsub_dll_name,
//                                    usrsub_fnc_name, usrsub_der1_name, usrsub_der2_name
//   GEAR         constraint_gear     JOINTS=j1,j2 -> joint1_id, joint2_id; CV -> cv_marker_id
//   MOTION       motion_joint        JOINT -> joint_id; TRANSLATION|ROTATION (also spelled
//                                    TRANSLATIONAL|ROTATIONAL) -> joint_type T|R;
//                                    DISPLACEMENT|VELOCITY|ACCELERATION -> val_type D|V|A;
//                                    FUNCTION -> type EXPRESSION + expr (USER(..) -> USERSUB +
//                                    usrsub_param_string); ICDISP/ICVEL -> ic_disp/ic_vel
//                motion_marker       I/J + X|Y|Z|B1|B2|B3 -> direction
//   SFORCE       force_scalar_twobody  TRANSLATION|ROTATION -> type Force|Torque; I/J;
//                                    ACTIONONLY -> is_action_only; FUNCTION -> val_expression
//   SPRINGDAMPER force_springdamper  type TRANSLATIONAL|ROTATIONAL; K|KT -> stiffness,
//                                    C|CT -> damping, LENGTH|ANGLE -> length, FORCE|TORQUE ->
//                                    preload
//   BUSHING      force_bushing       K/C/KT/CT -> kx..kz/cx..cz/ktx..ktz/ctx..ctz;
//                                    FORCE/TORQUE -> preload_x..z/preload_tx..tz
//   FIELD        force_field         KMATRIX/CMATRIX (36 values by columns) -> k11..k66/c11..c66;
//                                    CRATIO -> cratio; LENGTH -> length_x..length_tz;
//                                    FORCE -> preload_x..preload_tz
//   BEAM         force_beam          LENGTH, IXX, IYY, IZZ, AREA, ASY, ASZ -> same names;
//                                    EMODULUS -> e; GMODULUS -> g; CRATIO -> cratio;
//                                    FORMULATION=LINEAR (what Force_Beam is); STRING, NONLINEAR
//                                    run as LINEAR with a warning
//   GFORCE       force_vector_twobody  type ForceAndTorque; I -> i_marker_id; JFLOAT ->
//   VFORCE                           j_floating_marker_id; RM -> ref_marker_id;
//   VTORQUE                          FX..TZ -> fx_expression..tz_expression (ForceOnly/TorqueOnly)
//   VARIABLE     reference_variable  FUNCTION -> type EXPRESSION + expr; IC -> ic (unused: one
//                                    warning, models/reference_variable.cpp)
//   ROUTINE      (SFORCE, GFORCE, VFORCE, VTORQUE, VARIABLE, DIFF, MOTION, REQUEST, GSE with
//                FUNCTION=USER(..)) library::routine -> usrsub_dll_name + usrsub_fnc_name; the
//                library must be there (parser/adm_user_routine.hpp)
//   ARRAY        reference_array     IC|U|X|Y -> type; SIZE -> num_element; NUMBERS -> text;
//                                    VARIABLES -> variable_id
//   SPLINE       reference_spline    X/Y -> num_xy_pair + "x y" rows as text;
//                                    LINEAR_EXTRAPOLATE -> linear_extrap
//   CURVE        reference_paramcurve  CLOSED -> is_u_closed; CURVE_POINTS -> is_curve_points;
//                                    MATRIX -> matrix_id; ORDER -> order; MINPAR/MAXPAR ->
//                                    u_start/u_end; FUNCTION=USER(..) -> usrsub_param_string
//                                    (CURSUB curves: not supported, reported by the model)
//   STRING       reference_string    STRING -> string (read by user subroutines with c_gtstrg)
//   DIFF         control_diff        FUNCTION -> expr; IC -> ic[, ic_dot]; IMPLICIT ->
//                                    is_implicit; STATIC_HOLD -> is_static_hold
//   LSE          control_stateeqn    type LINEAR; X/U/Y/IC -> x/u/y/ic_array_id; A/B/C/D ->
//                                    a/b/c/d_matrix_id; STATIC_HOLD (parser/adm_lse.hpp)
//   TFSISO       control_siso        NUMERATOR/DENOMINATOR -> numerator_coef/denominator_coef;
//                                    X/U/Y -> x/u/y_array_id; STATIC_HOLD (parser/adm_tfsiso.hpp)
//   MATRIX       reference_matrix    FULL=RORDER|CORDER, ROWS, COLUMNS, VALUES -> nrow, ncol,
//                                    isroworder, values; SPARSE, I, J, VALUES -> issparse, nval,
//                                    triplets (parser/adm_matrix.hpp)
//   GSE          control_stateeqn    type USERSUB; NS/NO -> num_state/num_output; X/U/Y/IC ->
//                                    x/u/y/ic_solver_array_id; FUNCTION -> usrsub_param_string;
//                                    ND/XD/ICD/SAMPLE_PERIOD/SAMPLE_OFFSET (discrete form) and
//                                    INTERFACE: not supported, once each (parser/adm_gse.hpp)
//   REQUEST      post_request        D|V|A|F + I/J/RM -> MARKER_DISPLACEMENT.. + i/j/ref_marker_id;
//                                    F1..F8 -> EXPRESSION expr1..expr8 (NULL when absent);
//                                    FUNCTION=USER(..) -> USERSUB; COMMENT (C) -> comment;
//                                    CNAMES (else TITLE t1:t2..) -> column_names, CUNITS (else
//                                    CLABELS) -> column_units: the CSV columns req<id>.<name>
//                                    and their units (mbsolve extension attributes)
//   PINPUT       control_plantinput  VARIABLES=id1[,id2..] -> variable_id_list + num_element
//   POUTPUT      control_plantoutput (read by PINVAL/POUVAL)
//   ACCGRAV      force_gravity       IGRAV/JGRAV/KGRAV -> grav_x/grav_y/grav_z
//   INTEGRATOR   param_transient     GSTIFF.. -> integrator_type; I3|SI2|SI1 -> dae_index;
//                                    ERROR -> integr_tol; HMAX/HMIN/HINIT -> h_max/h_min/h0_max;
//                                    KMAX -> max_order; MAXIT -> dae_corrector_maxit;
//                                    INTERPOLATE=ON|OFF -> dae_interpolation
//   EQUILIBRIUM  param_static        IMBALANCE -> max_error; MAXIT -> max_num_iter; the rest
//                                    (ALIMIT, ERROR, PATTERN, STABILITY, TLIMIT, METHOD..): one
//                                    warning per statement
//   KINEMATICS, PREFERENCES, DEBUG, LIST, NOLIST, OUTPUT, RESULTS: no mbsolve setting; one
//                                    warning per statement naming what is ignored (OUTPUT's
//                                    REQSAVE/GRSAVE and RESULTS' XRF/FORMATTED: mbsolve writes
//                                    its results anyway, no warning)
//   GRAPHICS, MATERIAL               not used by mbsolve (MATERIAL: Adams/View only): skipped
//                                    (one info each)
//   END                              ends the dataset

namespace mb {

namespace {

using adm::Arg;
using adm::ArgKind;
using adm::ArgSpec;
using adm::Mat3;
using adm::NodeBuilder;
using adm::Statement;
using adm::Vec3;

constexpr ArgKind F = ArgKind::kFlag;
constexpr ArgKind I = ArgKind::kInt;
constexpr ArgKind IS = ArgKind::kInts;
constexpr ArgKind R = ArgKind::kReal;
constexpr ArgKind RS = ArgKind::kReals;
constexpr ArgKind W = ArgKind::kWord;
constexpr ArgKind E = ArgKind::kExpr;
constexpr ArgKind T = ArgKind::kText;

constexpr ArgSpec kUnitsArgs[] = {{"FORCE", W}, {"MASS", W}, {"LENGTH", W},
                                  {"TIME", W},  {"UCF", R},  {"SYSTEM", W}};
constexpr ArgSpec kPartArgs[] = {
    {"GROUND", F}, {"MASS", R}, {"CM", I}, {"IM", I},    {"IP", RS},   {"QG", RS}, {"REULER", RS},
    {"XG", RS},    {"ZG", RS},  {"VX", R}, {"VY", R},    {"VZ", R},    {"WX", R},  {"WY", R},
    {"WZ", R},     {"VM", I},   {"WM", I}, {"EXACT", W}, {"PLANAR", F}};
constexpr ArgSpec kMarkerArgs[] = {{"PART", I},       {"QP", RS},       {"REULER", RS},  {"ZP", RS},
                                   {"XP", RS},        {"USEXP", F},     {"FLOATING", F}, {"RM", I},
                                   {"POINT_MASS", I}, {"FLEX_BODY", I}, {"NODE", I}};
constexpr ArgSpec kJointArgs[] = {{"CONVEL", F},
                                  {"CYLINDRICAL", F},
                                  {"FIXED", F},
                                  {"HOOKE", F},
                                  {"PLANAR", F},
                                  {"RACKPIN", F},
                                  {"RACK_PINION", F, "RACKPIN"},
                                  {"REVOLUTE", F},
                                  {"SCREW", F},
                                  {"SPHERICAL", F},
                                  {"TRANSLATIONAL", F},
                                  {"UNIVERSAL", F},
                                  {"I", I},
                                  {"J", I},
                                  {"PD", R},
                                  {"PITCH", R},
                                  {"IC", RS},
                                  {"ICTRANSLATIONAL", RS},
                                  {"ICROTATIONAL", RS}};
constexpr ArgSpec kJprimArgs[] = {
    {"ATPOINT", F},       {"INLINE", F},        {"INPLANE", F}, {"ORIENTATION", F},
    {"PARALLEL_AXES", F}, {"PERPENDICULAR", F}, {"I", I},       {"J", I}};
constexpr ArgSpec kGconArgs[] = {{"I", I}, {"FUNCTION", E}};
constexpr ArgSpec kCouplerArgs[] = {
    {"JOINTS", IS}, {"TYPE", T}, {"SCALES", RS}, {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kGearArgs[] = {{"JOINTS", IS}, {"CV", I}};
constexpr ArgSpec kFrictionArgs[] = {{"JOINT", I},
                                     {"MU_STATIC", R},
                                     {"MU_DYNAMIC", R},
                                     {"STICTION_TRANSITION_VELOCITY", R},
                                     {"TRANSITION_VELOCITY_COEFFICIENT", R},
                                     {"MAX_STICTION_DEFORMATION", R},
                                     {"FRICTION_FORCE_PRELOAD", R},
                                     {"FRICTION_TORQUE_PRELOAD", R},
                                     {"FRICTION_ARM", R},
                                     {"BENDING_REACTION_ARM", R},
                                     {"BENDING_REFLECTION_ARM", R, "BENDING_REACTION_ARM"},
                                     {"PIN_RADIUS", R},
                                     {"BALL_RADIUS", R},
                                     {"REACTION_ARM", R},
                                     {"INITIAL_OVERLAP", R},
                                     {"OVERLAP_DELTA", W},
                                     {"EFFECT", W},
                                     {"INPUTS", T},
                                     {"INACTIVE_DURING", W},
                                     {"INACTIVE", W, "INACTIVE_DURING"}};
constexpr ArgSpec kMotionArgs[] = {{"JOINT", I},
                                   {"TRANSLATION", F},
                                   {"ROTATION", F},
                                   {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATIONAL", F, "ROTATION"},
                                   {"I", I},
                                   {"J", I},
                                   {"X", F},
                                   {"Y", F},
                                   {"Z", F},
                                   {"B1", F},
                                   {"B2", F},
                                   {"B3", F},
                                   {"DISPLACEMENT", F},
                                   {"VELOCITY", F},
                                   {"ACCELERATION", F},
                                   {"FUNCTION", E},
                                   {"ROUTINE", T},
                                   {"ICDISP", R},
                                   {"ICVEL", R}};
constexpr ArgSpec kSforceArgs[] = {{"I", I},           {"J", I},
                                   {"TRANSLATION", F}, {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATION", F},    {"ROTATIONAL", F, "ROTATION"},
                                   {"ACTIONONLY", F},  {"FUNCTION", E},
                                   {"ROUTINE", T}};
constexpr ArgSpec kSpringArgs[] = {{"I", I},           {"J", I},
                                   {"TRANSLATION", F}, {"TRANSLATIONAL", F, "TRANSLATION"},
                                   {"ROTATION", F},    {"ROTATIONAL", F, "ROTATION"},
                                   {"K", R},           {"C", R},
                                   {"LENGTH", R},      {"FORCE", R},
                                   {"KT", R},          {"CT", R},
                                   {"ANGLE", R},       {"TORQUE", R}};
constexpr ArgSpec kBushingArgs[] = {{"I", I},   {"J", I},   {"K", RS},     {"C", RS},
                                    {"KT", RS}, {"CT", RS}, {"FORCE", RS}, {"TORQUE", RS}};
constexpr ArgSpec kFieldArgs[] = {{"I", I},        {"J", I},
                                  {"KMATRIX", RS}, {"K", RS, "KMATRIX"},
                                  {"CMATRIX", RS}, {"C", RS, "CMATRIX"},
                                  {"CRATIO", R},   {"LENGTH", RS},
                                  {"FORCE", RS},   {"FUNCTION", E}};
constexpr ArgSpec kBeamArgs[] = {{"I", I},        {"J", I},          {"LENGTH", R},   {"IXX", R},
                                 {"IYY", R},      {"IZZ", R},        {"AREA", R},     {"ASY", R},
                                 {"ASZ", R},      {"EMODULUS", R},   {"GMODULUS", R}, {"CRATIO", R},
                                 {"CMATRIX", RS}, {"FORMULATION", W}};
constexpr ArgSpec kGforceArgs[] = {{"I", I},  {"JFLOAT", I},   {"RM", I},     {"FX", E},
                                   {"FY", E}, {"FZ", E},       {"TX", E},     {"TY", E},
                                   {"TZ", E}, {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kVforceArgs[] = {{"I", I},  {"JFLOAT", I}, {"RM", I},       {"FX", E},
                                   {"FY", E}, {"FZ", E},     {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kVtorqueArgs[] = {{"I", I},  {"JFLOAT", I}, {"RM", I},       {"TX", E},
                                    {"TY", E}, {"TZ", E},     {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kVariableArgs[] = {{"FUNCTION", E}, {"ROUTINE", T}, {"IC", R}};
constexpr ArgSpec kArrayArgs[] = {{"IC", F},   {"U", F},        {"X", F},         {"Y", F},
                                  {"SIZE", I}, {"NUMBERS", RS}, {"VARIABLES", IS}};
constexpr ArgSpec kSplineArgs[] = {{"X", RS}, {"Y", RS}, {"LINEAR_EXTRAPOLATE", F}};
constexpr ArgSpec kStringArgs[] = {{"STRING", T}};
constexpr ArgSpec kCurveArgs[] = {{"CLOSED", F},       {"OPEN", F},     {"MATRIX", I},
                                  {"CURVE_POINTS", F}, {"ORDER", I},    {"MINPAR", R},
                                  {"MAXPAR", R},       {"FUNCTION", E}, {"ROUTINE", T}};
constexpr ArgSpec kDiffArgs[] = {
    {"FUNCTION", E}, {"ROUTINE", T}, {"IC", RS}, {"IMPLICIT", F}, {"STATIC_HOLD", F}};
constexpr ArgSpec kRequestArgs[] = {{"DISPLACEMENT", F},
                                    {"D", F, "DISPLACEMENT"},
                                    {"VELOCITY", F},
                                    {"V", F, "VELOCITY"},
                                    {"ACCELERATION", F},
                                    {"A", F, "ACCELERATION"},
                                    {"FORCE", F},
                                    {"F", F, "FORCE"},
                                    {"I", I},
                                    {"J", I},
                                    {"RM", I},
                                    {"F1", E},
                                    {"F2", E},
                                    {"F3", E},
                                    {"F4", E},
                                    {"F5", E},
                                    {"F6", E},
                                    {"F7", E},
                                    {"F8", E},
                                    {"FUNCTION", E},
                                    {"ROUTINE", T},
                                    {"COMMENT", T},
                                    {"C", T, "COMMENT"},
                                    {"TITLE", T},
                                    {"CNAMES", T},
                                    {"CLABELS", T},
                                    {"CUNITS", T},
                                    {"RESULTS_NAME", T}};
constexpr ArgSpec kEquilibriumArgs[] = {{"IMBALANCE", R},
                                        {"MAXIT", I},
                                        {"ALIMIT", R},
                                        {"ERROR", R},
                                        {"PATTERN", W},
                                        {"STABILITY", R},
                                        {"TLIMIT", R},
                                        {"METHOD", W},
                                        {"ATOL", R},
                                        {"RTOL", R},
                                        {"MAXITL", I},
                                        {"ETAMAX", R},
                                        {"ETA", R},
                                        {"STATIC", F},
                                        {"DYNAMIC", F},
                                        {"SETTLING_TIME", R},
                                        {"GLOBAL_DAMPING", R},
                                        {"ACCELERATION_ERROR", R},
                                        {"KINETIC_ENERGY_ERROR", R}};
constexpr ArgSpec kKinematicsArgs[] = {{"AERROR", R},   {"ALIMIT", R},  {"AMAXIT", I},
                                       {"APATTERN", W}, {"ERROR", R},   {"HMAX", R},
                                       {"MAXIT", I},    {"PATTERN", W}, {"TLIMIT", R}};
constexpr ArgSpec kPreferencesArgs[] = {{"CONTACT_FACETING_TOLERANCE", R},
                                        {"CONTACT_GEOMETRY_LIBRARY", W},
                                        {"FLEX_LIMIT_CHECK", W},
                                        {"FLEX_LIMIT_CHECK_ACTION", W},
                                        {"NTHREADS", I},
                                        {"SIMFAIL", W},
                                        {"SOLVERBIAS", W},
                                        {"STATUS_MESSAGE", W},
                                        {"LIBPATH", T}};
constexpr ArgSpec kDebugArgs[] = {{"DOF", F},     {"DUMP", F},    {"EPRINT", F},   {"JMDUMP", F},
                                  {"REQDUMP", F}, {"RHSDUMP", F}, {"TOPOLOGY", F}, {"VERBOSE", F}};
constexpr ArgSpec kOutputArgs[] = {
    {"REQSAVE", F}, {"GRSAVE", F},   {"NOPRINT", F},  {"NOSEPARATOR", F}, {"SEPARATOR", F},
    {"DSCALE", R},  {"OSFORMAT", F}, {"TELETYPE", F}, {"YPR", F},         {"DAC", F},
    {"RPCIII", F},  {"CHART", F},    {"DACSAVE", F},  {"RPCSAVE", F}};
constexpr ArgSpec kResultsArgs[] = {{"XRF", F},
                                    {"FORMATTED", F},
                                    {"COMMENT", T},
                                    {"DECIMALS", I},
                                    {"NOACCELERATIONS", F},
                                    {"NOAPPLIEDFORCES", F},
                                    {"NOCONTACTS", F},
                                    {"NODATASTRUCTURES", F},
                                    {"NODISPLACEMENTS", F},
                                    {"NOFLOATINGMARKERS", F},
                                    {"NOLINEAR", F},
                                    {"NOREACTIONFORCES", F},
                                    {"NOREQUESTS", F},
                                    {"NOSYSTEMELEMENTS", F},
                                    {"NOTIRES", F},
                                    {"NOVELOCITIES", F},
                                    {"ROUNDOFF", F},
                                    {"SCIENTIFIC", RS},
                                    {"SIGNIFICANT_FIGURES", I},
                                    {"TRAILING_ZEROS", F},
                                    {"ZERO_THRESHOLD", R}};
constexpr ArgSpec kPlantArgs[] = {{"VARIABLES", IS}};
constexpr ArgSpec kAccgravArgs[] = {{"IGRAV", R}, {"JGRAV", R}, {"KGRAV", R}};
/// Adams statements mbsolve recognises but does not support.
constexpr std::string_view kUnsupported[] = {
    "CLEARANCE", "CONTACT",    "CVCV",        "FLEX_BODY", "LSE",        "MFORCE",
    "NFORCE",    "POINT_MASS", "PTCV",        "SENSOR",    "SURFACE",    "UCON",
    "CONTROL",   "DEBUG",      "EQUILIBRIUM", "IC",        "KINEMATICS", "LSOLVER",
    "FEMDATA",   "MREQUEST",   "PREFERENCES", "SFSF",      "PTSF",       "CVSF"};

struct PartFrame {
  Vec3 origin{0, 0, 0};
  Mat3 axes = adm::identity3();
};

/// A marker whose global pose is computed once every PART is known.
struct PendingMarker {
  size_t node = 0;  ///< index into deck.model
  long long id = 0;
  long long part = -1;
  SourceLoc part_loc;
  long long rm = -1;
  SourceLoc rm_loc;
  std::string subject;
  Vec3 qp{0, 0, 0};
  std::optional<Mat3> axes;     ///< from REULER or ZP/XP, relative to the BCS or RM
  const Arg* qp_arg = nullptr;  ///< for locations (points into Reader::statements_)
  const Arg* orient_arg = nullptr;
  // Resolution state.
  int state = 0;    ///< 0 not yet, 1 in progress, 2 done
  PartFrame local;  ///< pose in the part BCS
  bool ok = true;
  std::optional<Mat3> global_axes;  ///< set by finish_markers()
};

/// A PART's initial velocities, turned into ground axes once every marker is placed: VX..VZ
/// are along the VM marker's axes (default: ground), WX..WZ along the WM marker's (default: the
/// CM marker's).
struct PendingVelocity {
  size_t node = 0;
  long long part = 0;
  std::string subject;
  Vec3 v{0, 0, 0}, w{0, 0, 0};
  const Arg* v_arg = nullptr;  ///< the first of VX..VZ given (nullptr: none)
  const Arg* w_arg = nullptr;
  const Arg* vm = nullptr;
  const Arg* wm = nullptr;
  long long cm = -1;
};

class Reader {
 public:
  Reader(Deck& deck, Diagnostics& diag, const std::string* file)
      : deck_(deck), diag_(diag), file_(file) {}

  void run(const std::string& text) {
    raws_ = adm::split_statements(text, file_, 1, "END", diag_);
    warn_if_truncated();
    statements_.reserve(raws_.size());
    for (const auto& raw : raws_) read_statement(raw);
    finish_markers();
    finish_velocities();
  }

 private:
  using Handler = void (Reader::*)(NodeBuilder&);
  /// The builder of a statement that needs none of the reader's state (its own file pair,
  /// parser/adm_<statement>.hpp).
  using Builder = void (*)(NodeBuilder&);
  struct StatementSpec {
    std::string_view name;
    std::span<const ArgSpec> args;
    std::string_view tag;  ///< Deck node tag ("" = no node)
    Handler handler = nullptr;
    Builder build = nullptr;  ///< instead of `handler`
  };
  static std::span<const StatementSpec> table();

  void read_statement(const adm::RawStatement& raw) {
    size_t pos = 0;
    Statement st = adm::parse_head(raw, pos);
    std::vector<std::string_view> names;
    for (const auto& s : table()) names.push_back(s.name);
    int k = st.name.size() >= 3 ? adm::resolve_keyword(st.name, names) : -1;
    if (k == -1 && st.name.size() < 3) {
      for (size_t i = 0; i < names.size(); ++i) {
        if (names[i] == st.name) k = static_cast<int>(i);
      }
    }
    if (k < 0) {
      report_unknown(st);
      return;
    }
    const StatementSpec& spec = table()[static_cast<size_t>(k)];
    st.name = std::string(spec.name);
    if (spec.name == "END") return;
    if (spec.name == "GRAPHICS" || spec.name == "MATERIAL") {
      if (skipped_.insert(std::string(spec.name)).second) {
        diag_.info(st.loc, "",
                   std::string(spec.name) +
                       (spec.name == "MATERIAL"
                            ? " statements are used by Adams/View only (parts carry their "
                              "MASS and IP); skipped"
                            : " statements are not used by mbsolve; skipped"));
      }
      return;
    }
    const std::string subject = adm::subject_of(st);
    adm::parse_args(raw, pos, spec.args, st, subject, diag_);
    statements_.push_back(std::move(st));
    NodeBuilder b(spec.tag, statements_.back(), subject, diag_);
    if (spec.build) {
      spec.build(b);
    } else {
      (this->*spec.handler)(b);
    }
    if (!b.node().tag.empty()) deck_.model.push_back(b.finish());
  }

  /// A dataset ends with END; without it the file may have been cut short.
  void warn_if_truncated() {
    size_t pos = 0;
    if (!raws_.empty() && iequals(adm::parse_head(raws_.back(), pos).name, "END")) return;
    if (raws_.empty()) {
      diag_.warning({file_, 1, 0}, "", "the dataset has no statements and no END");
      return;
    }
    pos = 0;
    const Statement last = adm::parse_head(raws_.back(), pos);
    diag_.warning(last.loc, "",
                  "the dataset has no END statement: it may be cut short; the last statement read "
                  "is " +
                      adm::subject_of(last) + " (a complete dataset ends with END)");
  }

  void report_unknown(const Statement& st) {
    if (st.name.empty()) {
      diag_.error(st.loc, "",
                  "expected a statement name (a line that is not a statement, a "
                  "comment or a continuation line)");
      return;
    }
    // One error per statement kind, with the count and the first occurrence.
    const bool known = adm::is_adams_statement(st.name) ||
                       std::find(std::begin(kUnsupported), std::end(kUnsupported), st.name) !=
                           std::end(kUnsupported);
    if (known) {
      diag_.error_grouped("adm-statement:" + st.name, st.loc, "",
                          "Adams statement " + st.name + " is not supported by mbsolve");
      return;
    }
    std::vector<std::string_view> names;
    for (const auto& s : table()) names.push_back(s.name);
    std::string msg = "unknown statement '" + st.spelled + "'";
    const std::string best = closest_match(st.name, names);
    if (!best.empty() && adm::is_misspelling_of(st.name, best))
      msg += " (did you mean " + best + "?)";
    diag_.error_grouped("adm-statement:" + st.name, st.loc, "", msg);
  }

  // ---- handlers -------------------------------------------------------------------------

  void units(NodeBuilder& b) {
    if (const Arg* a = b.arg("SYSTEM"); a && !a->values.empty()) {
      static constexpr std::array<std::array<std::string_view, 5>, 5> kSystems = {{
          {"MKS", "NEWTON", "KILOGRAM", "METER", "SECOND"},
          {"MMKS", "NEWTON", "KILOGRAM", "MILLIMETER", "SECOND"},
          {"CGS", "DYNE", "GRAM", "CENTIMETER", "SECOND"},
          {"FPS", "POUND_FORCE", "SLUG", "FOOT", "SECOND"},
          {"IPS", "POUND_FORCE", "POUND_MASS", "INCH", "SECOND"},
      }};
      bool found = iequals(a->values[0].text, "NONE");
      for (const auto& s : kSystems) {
        if (iequals(a->values[0].text, s[0])) {
          b.set_from("force_unit", std::string(s[1]), *a);
          b.set_from("mass_unit", std::string(s[2]), *a);
          b.set_from("length_unit", std::string(s[3]), *a);
          b.set_from("time_unit", std::string(s[4]), *a);
          found = true;
        }
      }
      if (!found) {
        b.diag().error(a->values[0].loc, b.subject(),
                       "SYSTEM: unknown unit system '" + a->values[0].text +
                           "' (expected MKS, MMKS, CGS, FPS, IPS or NONE)");
      }
    }
    b.copy_word("FORCE", "force_unit");
    b.copy_word("MASS", "mass_unit");
    b.copy_word("LENGTH", "length_unit");
    b.copy_word("TIME", "time_unit");
    if (const Arg* a = b.arg("UCF"); a && !a->values.empty()) {
      if (auto v = b.real(*a, a->values[0])) {
        if (*v == 0) {
          b.diag().error(a->values[0].loc, b.subject(), "UCF must not be 0");
        } else {
          b.set("mass_mult_factor", adm::format_real(1.0 / *v), a->loc, a->values[0].loc,
                a->spelled);
        }
      }
    }
  }

  void part(NodeBuilder& b) {
    const auto id = b.set_id();
    if (b.has("GROUND")) b.set_from("isground", "TRUE", *b.arg("GROUND"));
    // Adams's MASS defaults to 0: a massless part (solver/massless_bodies.hpp says when it may).
    if (b.has("MASS") || b.has("GROUND"))
      b.copy_real("MASS", "mass");
    else
      b.set_fixed("mass", "0");
    b.copy_int("CM", "cg_id");
    b.copy_int("IM", "im_id");
    if (const Arg* a = b.arg("IP")) {
      if (b.reals(*a, 3, 6)) {
        if (a->values.size() != 3 && a->values.size() != 6) {
          b.diag().error(a->loc, b.subject(),
                         "IP: expected 3 or 6 values, got " + std::to_string(a->values.size()));
        } else {
          static constexpr std::string_view kNames[] = {"inertia_xx", "inertia_yy", "inertia_zz",
                                                        "inertia_xy", "inertia_xz", "inertia_yz"};
          for (size_t k = 0; k < a->values.size(); ++k) {
            std::string text;
            b.real(*a, a->values[k], &text);
            b.set(kNames[k], text, a->loc, a->values[k].loc, a->spelled);
          }
        }
      }
    }
    // Initial velocities: resolved in ground axes by finish_velocities().
    PendingVelocity pv;
    pv.node = deck_.model.size();
    pv.part = id.value_or(0);
    pv.subject = b.subject();
    static constexpr std::string_view kV[] = {"VX", "VY", "VZ"};
    static constexpr std::string_view kW[] = {"WX", "WY", "WZ"};
    for (int k = 0; k < 3; ++k) {
      for (auto [name, vec, first] :
           {std::tuple{kV[k], &pv.v, &pv.v_arg}, std::tuple{kW[k], &pv.w, &pv.w_arg}}) {
        const Arg* a = b.arg(name);
        if (!a || a->values.empty()) continue;
        if (auto v = b.real(*a, a->values[0])) (*vec)[k] = *v;
        if (!*first) *first = a;
      }
    }
    pv.vm = b.arg("VM");
    pv.wm = b.arg("WM");
    if (const DeckAttribute* cm = b.node().find("cg_id")) pv.cm = std::stoll(cm->value);
    if (!b.has("GROUND") && (pv.v_arg || pv.w_arg)) velocities_.push_back(pv);
    // The part frame (BCS) for its markers.
    PartFrame frame;
    if (const Arg* a = b.arg("QG")) {
      if (auto v = b.reals(*a, 3, 3)) frame.origin = {(*v)[0], (*v)[1], (*v)[2]};
    }
    const Arg* reuler = b.arg("REULER");
    const Arg* zg = b.arg("ZG");
    const Arg* xg = b.arg("XG");
    if (reuler) {
      if (auto v = b.reals(*reuler, 3, 3)) frame.axes = adm::reuler_313((*v)[0], (*v)[1], (*v)[2]);
      if (zg || xg)
        b.diag().error((zg ? zg : xg)->loc, b.subject(), "give REULER or ZG/XG, not both");
    } else if (zg || xg) {
      orient_from_points(b, frame.origin, zg, xg, false, frame.axes);
    }
    part_exact(b);
    if (id) {
      parts_[*id] = frame;
      last_part_ = *id;
    }
  }

  /// EXACT=c1:..:c6 (X, Y, Z, PSI, THETA, PHI) -> exact (the same list, colon-separated).
  void part_exact(NodeBuilder& b) {
    const Arg* a = b.arg("EXACT");
    if (!a) return;
    std::string list;
    bool ok = true;
    for (const adm::Token& t : a->values) {
      std::string colons = t.text;
      std::replace(colons.begin(), colons.end(), ':', ' ');
      for (const std::string& w : split_list(colons)) {
        static constexpr std::string_view kNames[] = {"X", "Y", "Z", "PSI", "THETA", "PHI"};
        if (std::none_of(std::begin(kNames), std::end(kNames),
                         [&](std::string_view n) { return iequals(w, n); })) {
          b.diag().error(t.loc, b.subject(),
                         fmt::format("EXACT: unknown coordinate '{}' (expected X, Y, Z, PSI, "
                                     "THETA or PHI, separated by ':')",
                                     w));
          ok = false;
        }
        list += (list.empty() ? "" : ":") + w;
      }
    }
    if (ok && !list.empty()) b.set("exact", list, a->loc, a->values.front().loc, a->spelled);
  }

  /// ZP/XP (or ZG/XG) orientation about `origin`; both points in the same frame.
  bool orient_from_points(NodeBuilder& b, const Vec3& origin, const Arg* zp, const Arg* xp,
                          bool use_xp, Mat3& out) {
    std::optional<std::vector<double>> z, x;
    if (zp) z = b.reals(*zp, 3, 3);
    if (xp) x = b.reals(*xp, 3, 3);
    if ((zp && !z) || (xp && !x)) return false;
    const SourceLoc loc = (zp ? zp : xp)->loc;
    if (!zp) {
      b.diag().error(loc, b.subject(), xp->name + " needs " + (xp->name == "XG" ? "ZG" : "ZP"));
      return false;
    }
    const Vec3 zv{(*z)[0], (*z)[1], (*z)[2]};
    if (!x) {
      const Vec3 dz = adm::sub(zv, origin);
      const double n = adm::norm(dz);
      if (!(n > 0)) {
        b.diag().error(loc, b.subject(), zp->name + " coincides with the origin");
        return false;
      }
      const Vec3 uz = adm::scale(dz, 1.0 / n);
      const Vec3 ux = adm::any_normal(uz);
      out = adm::from_columns(ux, adm::cross(uz, ux), uz);
      return true;
    }
    const Vec3 xv{(*x)[0], (*x)[1], (*x)[2]};
    if (!adm::frame_from_points(origin, zv, xv, use_xp, out)) {
      b.diag().error(loc, b.subject(),
                     zp->name + "/" + xp->name +
                         ": the points are coincident or collinear with "
                         "the origin");
      return false;
    }
    return true;
  }

  void marker(NodeBuilder& b) {
    const auto id = b.set_id();
    PendingMarker m;
    m.id = id.value_or(0);
    m.subject = b.subject();
    m.node = deck_.model.size();
    for (auto name : {"POINT_MASS", "FLEX_BODY", "NODE"}) {
      if (const Arg* a = b.arg(name)) {
        b.diag().error(a->loc, b.subject(),
                       a->name +
                           ": markers on point masses and flexible "
                           "bodies are not supported");
      }
    }
    if (const Arg* a = b.arg("PART"); a && !a->values.empty()) {
      if (auto v = b.integer(*a, a->values[0])) m.part = *v;
      m.part_loc = a->values[0].loc;
      b.set("body_id", std::to_string(m.part), a->loc, a->values[0].loc, a->spelled);
    } else if (last_part_ >= 0) {
      m.part = last_part_;
      m.part_loc = b.statement().loc;
      b.set_fixed("body_id", std::to_string(m.part));
    } else {
      b.diag().error(b.statement().loc, b.subject(), "missing PART= (no PART precedes it)");
    }
    if (const Arg* a = b.arg("RM"); a && !a->values.empty()) {
      if (auto v = b.integer(*a, a->values[0])) m.rm = *v;
      m.rm_loc = a->values[0].loc;
    }
    const bool floating = b.has("FLOATING");
    m.qp_arg = b.arg("QP");
    if (m.qp_arg) {
      if (auto v = b.reals(*m.qp_arg, 3, 3))
        m.qp = {(*v)[0], (*v)[1], (*v)[2]};
      else
        m.ok = false;
    }
    const Arg* reuler = b.arg("REULER");
    const Arg* zp = b.arg("ZP");
    const Arg* xp = b.arg("XP");
    const bool use_xp = b.has("USEXP");
    if (reuler) {
      m.orient_arg = reuler;
      if (auto v = b.reals(*reuler, 3, 3))
        m.axes = adm::reuler_313((*v)[0], (*v)[1], (*v)[2]);
      else
        m.ok = false;
      if (zp || xp) {
        b.diag().error((zp ? zp : xp)->loc, b.subject(), "give REULER or ZP/XP, not both");
      }
    } else if (zp || xp) {
      m.orient_arg = zp ? zp : xp;
      Mat3 axes;
      if (orient_from_points(b, m.qp, zp, xp, use_xp, axes))
        m.axes = axes;
      else
        m.ok = false;
    }
    if (floating && (m.qp_arg || m.orient_arg)) {
      b.diag().warning(b.arg("FLOATING")->loc, b.subject(),
                       "a FLOATING marker has no fixed position; QP/orientation ignored");
    }
    if (id) {
      marker_index_[*id] = pending_.size();
    }
    pending_.push_back(m);
  }

  static std::string_view joint_type(std::string_view flag) {
    if (flag == "CONVEL") return "CONSTANT_VELOCITY";
    if (flag == "RACKPIN") return "RACK_PINION";
    return flag;
  }

  void joint(NodeBuilder& b) {
    b.set_id();
    static constexpr std::string_view kTypes[] = {"CONVEL",    "CYLINDRICAL",   "FIXED",    "HOOKE",
                                                  "PLANAR",    "RACKPIN",       "REVOLUTE", "SCREW",
                                                  "SPHERICAL", "TRANSLATIONAL", "UNIVERSAL"};
    const int k = b.pick_flag({kTypes[0], kTypes[1], kTypes[2], kTypes[3], kTypes[4], kTypes[5],
                               kTypes[6], kTypes[7], kTypes[8], kTypes[9], kTypes[10]},
                              true);
    if (k >= 0) {
      b.set_from("type", std::string(joint_type(kTypes[k])), *b.arg(kTypes[k]));
    }
    markers_ij(b);
    b.copy_real("PD", "pitch_diameter");
    b.copy_real("PITCH", "pitch");
    if (k == 5 && !b.node().find("pitch_diameter")) b.require("PD");
    if (k == 7 && !b.node().find("pitch")) b.require("PITCH");
    joint_initial_conditions(b, k >= 0 ? kTypes[k] : std::string_view());
  }

  /// IC=disp,vel (REVOLUTE: rotation, TRANSLATIONAL: translation), ICTRAN=disp,vel and
  /// ICROT=disp,vel (CYLINDRICAL) -> ic_tran_disp/ic_tran_vel, ic_rot_disp/ic_rot_vel.
  void joint_initial_conditions(NodeBuilder& b, std::string_view type) {
    const bool cylindrical = type == "CYLINDRICAL";
    struct Form {
      std::string_view arg, attr;
      bool allowed;
      std::string_view joints;
    };
    const Form forms[] = {
        {"IC", type == "TRANSLATIONAL" ? "ic_tran" : "ic_rot",
         type == "REVOLUTE" || type == "TRANSLATIONAL", "REVOLUTE and TRANSLATIONAL"},
        {"ICTRANSLATIONAL", "ic_tran", cylindrical, "CYLINDRICAL"},
        {"ICROTATIONAL", "ic_rot", cylindrical, "CYLINDRICAL"}};
    for (const Form& f : forms) {
      const Arg* a = b.arg(f.arg);
      if (!a || type.empty()) continue;
      if (!f.allowed) {
        b.diag().error(
            a->loc, b.subject(),
            fmt::format("{} applies to {} joints only (this JOINT is {}){}", a->name, f.joints,
                        type,
                        cylindrical ? "; use ICTRAN= and ICROT= on a CYLINDRICAL joint" : ""));
        continue;
      }
      if (a->values.empty() || a->values.size() > 2) {
        b.diag().error(a->loc, b.subject(),
                       fmt::format("{}: expected a displacement and a velocity (e.g. {}=0.1, 2)",
                                   a->name, a->spelled));
        continue;
      }
      static constexpr std::string_view kLevel[] = {"_disp", "_vel"};
      for (size_t v = 0; v < a->values.size(); ++v) {
        // IC=,vel: the velocity alone (the displacement is left to the assembly).
        if (v == 0 && a->values.size() == 2 && a->values[0].text.empty()) continue;
        std::string text;
        if (b.real(*a, a->values[v], &text)) {
          b.set(std::string(f.attr) + std::string(kLevel[v]), text, a->loc, a->values[v].loc,
                a->spelled);
        }
      }
    }
  }

  void markers_ij(NodeBuilder& b) {
    if (b.require("I")) b.copy_int("I", "i_marker_id");
    if (b.require("J")) b.copy_int("J", "j_marker_id");
  }

  void jprim(NodeBuilder& b) {
    b.set_id();
    static constexpr std::string_view kTypes[] = {"ATPOINT",     "INLINE",        "INPLANE",
                                                  "ORIENTATION", "PARALLEL_AXES", "PERPENDICULAR"};
    const int k =
        b.pick_flag({kTypes[0], kTypes[1], kTypes[2], kTypes[3], kTypes[4], kTypes[5]}, true);
    if (k >= 0) b.set_from("type", std::string(kTypes[k]), *b.arg(kTypes[k]));
    markers_ij(b);
  }

  void gcon(NodeBuilder& b) {
    b.set_id();
    if (b.require("I")) b.copy_int("I", "i_marker_id");
    if (b.require("FUNCTION")) b.copy_text("FUNCTION", "expr");
  }

  /// JOINTS=j1,j2[,j3] -> joint1_id..; the number of joints (0 after an error).
  size_t coupled_joints(NodeBuilder& b, size_t max) {
    const Arg* a = b.arg("JOINTS");
    if (!a) {
      b.require("JOINTS");
      return 0;
    }
    if (a->values.size() < 2 || a->values.size() > max) {
      b.diag().error(a->loc, b.subject(),
                     fmt::format("JOINTS: expected {} joint ids, got {}", max == 2 ? "2" : "2 or 3",
                                 a->values.size()));
      return 0;
    }
    for (size_t k = 0; k < a->values.size(); ++k) {
      const auto id = b.integer(*a, a->values[k]);
      if (!id) return 0;
      b.set(fmt::format("joint{}_id", k + 1), std::to_string(*id), a->loc, a->values[k].loc,
            a->spelled);
    }
    return a->values.size();
  }

  void coupler(NodeBuilder& b) {
    b.set_id();
    const size_t n = coupled_joints(b, 3);
    if (const Arg* a = b.arg("TYPE"); a && n > 0) {
      std::vector<std::string> kinds;
      for (std::string_view rest = a->value;;) {
        const size_t colon = rest.find(':');
        kinds.emplace_back(trim(rest.substr(0, colon)));
        if (colon == std::string_view::npos) break;
        rest.remove_prefix(colon + 1);
      }
      if (kinds.size() != n) {
        b.diag().error(a->value_loc, b.subject(),
                       fmt::format("TYPE: expected {} freedoms (one per joint, e.g. T:R), got {}",
                                   n, kinds.size()));
      } else {
        for (size_t k = 0; k < n; ++k) {
          const bool t = iequals(kinds[k], "T") || iequals(kinds[k], "TRANSLATIONAL");
          const bool r = iequals(kinds[k], "R") || iequals(kinds[k], "ROTATIONAL");
          if (!t && !r) {
            b.diag().error(
                a->value_loc, b.subject(),
                fmt::format("TYPE: freedom {} is '{}' (expected T or R)", k + 1, kinds[k]));
            continue;
          }
          b.set(fmt::format("freedom_{}", k + 1), t ? "T" : "R", a->loc, a->value_loc, a->spelled);
        }
      }
    }
    if (b.arg("FUNCTION")) {
      user_coupler(b);
      return;
    }
    if (const Arg* r = b.arg("ROUTINE")) {
      b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
    }
    const Arg* s = b.arg("SCALES");
    if (!s) {
      b.require("SCALES");
      return;
    }
    const auto scales = b.reals(*s, 1, 3);
    if (!scales || n == 0) return;
    if (scales->size() != n && scales->size() != n - 1) {
      b.diag().error(s->loc, b.subject(),
                     fmt::format("SCALES: expected {0} values (r1 to r{0}) or {1} (r2 to r{0}, "
                                 "r1 = 1), got {2}",
                                 n, n - 1, scales->size()));
      return;
    }
    // SCALES=[r1,]r2[,r3]: one value short means r1 = 1.
    std::string text = scales->size() == n ? "" : "1";
    for (size_t k = 0; k < scales->size(); ++k) {
      std::string v;
      b.real(*s, s->values[k], &v);
      text += (text.empty() ? "" : ", ") + v;
    }
    b.set("coefficients", text, s->loc, s->values[0].loc, s->spelled);
  }

  /// COUPLER FUNCTION=USER(..) -> usrsub_param_string; ROUTINE=lib::cousub[, lib::couxx[,
  /// lib::couxx2]] -> usrsub_dll_name, usrsub_fnc_name, usrsub_der1_name, usrsub_der2_name.
  void user_coupler(NodeBuilder& b) {
    const Arg* f = b.arg("FUNCTION");
    if (!adm::is_user_call(f->value)) {
      b.diag().error(f->value_loc, b.subject(),
                     "FUNCTION must be USER(...) (a COUSUB user coupler); a linear coupler "
                     "gives SCALES");
      return;
    }
    b.copy_text("FUNCTION", "usrsub_param_string");
    if (const Arg* s = b.arg("SCALES")) {
      b.diag().error(s->loc, b.subject(), "give SCALES or FUNCTION=USER(...), not both");
    }
    const Arg* r = b.arg("ROUTINE");
    if (!r) {
      b.diag().error(f->loc, b.subject(),
                     "FUNCTION=USER(...) needs ROUTINE=library::COUSUB (mbsolve has no default "
                     "user library)");
      return;
    }
    static constexpr std::string_view kAttrs[] = {"usrsub_fnc_name", "usrsub_der1_name",
                                                  "usrsub_der2_name"};
    std::string library;
    size_t k = 0;
    for (std::string_view rest = r->value; k < 3; ++k) {
      const size_t comma = rest.find(',');
      const std::string_view entry = trim(rest.substr(0, comma));
      const std::optional<adm::RoutineName> name = adm::split_routine(entry);
      if (!name) {
        b.diag().error(r->value_loc, b.subject(),
                       fmt::format("ROUTINE: '{}' is not of the form library::routine", entry));
        return;
      }
      if (k == 0) {
        library = name->library;
        b.set("usrsub_dll_name", library, r->loc, r->value_loc, r->spelled);
      } else if (name->library != library) {
        b.diag().error(r->value_loc, b.subject(),
                       fmt::format("ROUTINE: the partials must come from the COUSUB's library "
                                   "'{}', not '{}'",
                                   library, name->library));
        return;
      }
      b.set(kAttrs[k], name->routine, r->loc, r->value_loc, r->spelled);
      if (comma == std::string_view::npos) {
        adm::check_user_library(b, *r, library);
        return;
      }
      rest.remove_prefix(comma + 1);
    }
    b.diag().error(r->value_loc, b.subject(),
                   "ROUTINE: at most 3 routines (COUSUB, COUXX, COUXX2)");
  }

  void gear(NodeBuilder& b) {
    b.set_id();
    coupled_joints(b, 2);
    if (b.require("CV")) b.copy_int("CV", "cv_marker_id");
  }

  /// FRICTION -> Force_JointFriction (models/force_jointfriction.hpp), Adams names mapped
  /// one-to-one onto its attributes.
  void friction(NodeBuilder& b) {
    b.set_id();
    if (b.require("JOINT")) b.copy_int("JOINT", "joint_id");
    b.require("MU_STATIC");
    b.require("MU_DYNAMIC");
    for (auto [arg, attr] : {std::pair{"MU_STATIC", "mu_static"},
                             {"MU_DYNAMIC", "mu_dynamic"},
                             {"STICTION_TRANSITION_VELOCITY", "stiction_trans_vel"},
                             {"TRANSITION_VELOCITY_COEFFICIENT", "trans_vel_coeff"},
                             {"MAX_STICTION_DEFORMATION", "max_stiction_deform"},
                             {"FRICTION_FORCE_PRELOAD", "force_preload"},
                             {"FRICTION_TORQUE_PRELOAD", "torque_preload"},
                             {"FRICTION_ARM", "friction_arm"},
                             {"BENDING_REACTION_ARM", "bending_reaction_arm"},
                             {"PIN_RADIUS", "pin_radius"},
                             {"BALL_RADIUS", "ball_radius"},
                             {"REACTION_ARM", "reaction_arm"},
                             {"INITIAL_OVERLAP", "initial_overlap"}}) {
      b.copy_real(arg, attr);
    }
    b.copy_word("OVERLAP_DELTA", "overlap_delta");
    b.copy_word("EFFECT", "effect");
    b.copy_text("INPUTS", "inputs");
    b.copy_word("INACTIVE_DURING", "inactive");
  }

  /// FUNCTION=expr -> type EXPRESSION + `attr`; FUNCTION=USER(...) -> type USERSUB with
  /// ROUTINE (parser/adm_user_routine.hpp; `routine` is what Adams calls without ROUTINE).
  void function_or_user(NodeBuilder& b, std::string_view attr, std::string_view routine,
                        bool set_type = true) {
    const Arg* a = b.arg("FUNCTION");
    if (!a) {
      b.require("FUNCTION");
      return;
    }
    if (adm::is_user_call(a->value)) {
      if (set_type) b.set_from("type", "USERSUB", *a);
    } else {
      if (set_type) b.set_from("type", "EXPRESSION", *a);
      b.copy_text("FUNCTION", attr);
    }
    adm::user_routine(b, routine);
  }

  void motion(NodeBuilder& b) {
    b.set_id();
    const bool on_joint = b.has("JOINT");
    if (on_joint) {
      b.node().tag = "motion_joint";
      b.copy_int("JOINT", "joint_id");
      const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
      if (k >= 0)
        b.set_from("joint_type", k == 0 ? "T" : "R", *b.arg(k == 0 ? "TRANSLATION" : "ROTATION"));
    } else {
      b.node().tag = "motion_marker";
      markers_ij(b);
      static constexpr std::string_view kDirs[] = {"X", "Y", "Z", "B1", "B2", "B3"};
      const int k = b.pick_flag({"X", "Y", "Z", "B1", "B2", "B3"}, true);
      if (k >= 0) b.set_from("direction", std::string(kDirs[k]), *b.arg(kDirs[k]));
    }
    const int v = b.pick_flag({"DISPLACEMENT", "VELOCITY", "ACCELERATION"}, false);
    static constexpr std::string_view kVal[] = {"D", "V", "A"};
    static constexpr std::string_view kValArg[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION"};
    if (v >= 0) {
      b.set_from("val_type", std::string(kVal[v]), *b.arg(kValArg[v]));
    } else {
      b.set_fixed("val_type", "D");
    }
    function_or_user(b, "expr", "MOTSUB");
    b.copy_real("ICDISP", "ic_disp");
    b.copy_real("ICVEL", "ic_vel");
  }

  void sforce(NodeBuilder& b) {
    b.set_id();
    const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
    if (k >= 0) {
      b.set_from("type", k == 0 ? "Force" : "Torque", *b.arg(k == 0 ? "TRANSLATION" : "ROTATION"));
    }
    markers_ij(b);
    if (const Arg* a = b.arg("ACTIONONLY")) b.set_from("is_action_only", "TRUE", *a);
    const Arg* f = b.arg("FUNCTION");
    if (!f) {
      b.require("FUNCTION");
    } else if (!adm::is_user_call(f->value)) {
      b.copy_text("FUNCTION", "val_expression");
    }
    adm::user_routine(b, "SFOSUB");
  }

  void springdamper(NodeBuilder& b) {
    b.set_id();
    const int k = b.pick_flag({"TRANSLATION", "ROTATION"}, true);
    markers_ij(b);
    if (k == 0) {
      b.set_from("type", "TRANSLATIONAL", *b.arg("TRANSLATION"));
      b.copy_real("K", "stiffness");
      b.copy_real("C", "damping");
      b.copy_real("LENGTH", "length");
      b.copy_real("FORCE", "preload");
    } else if (k == 1) {
      b.set_from("type", "ROTATIONAL", *b.arg("ROTATION"));
      b.copy_real("KT", "stiffness");
      b.copy_real("CT", "damping");
      b.copy_real("ANGLE", "length");
      b.copy_real("TORQUE", "preload");
    }
  }

  void bushing(NodeBuilder& b) {
    b.set_id();
    markers_ij(b);
    b.copy_reals("K", {"kx", "ky", "kz"});
    b.copy_reals("C", {"cx", "cy", "cz"});
    b.copy_reals("KT", {"ktx", "kty", "ktz"});
    b.copy_reals("CT", {"ctx", "cty", "ctz"});
    b.copy_reals("FORCE", {"preload_x", "preload_y", "preload_z"});
    b.copy_reals("TORQUE", {"preload_tx", "preload_ty", "preload_tz"});
  }

  void field(NodeBuilder& b) {
    b.set_id();
    markers_ij(b);
    // 6x6 matrices are entered by columns: value n is row n % 6, column n / 6.
    for (auto [arg, prefix] : {std::pair{"KMATRIX", 'k'}, std::pair{"CMATRIX", 'c'}}) {
      const Arg* a = b.arg(arg);
      if (!a || !b.reals(*a, 36, 36)) continue;
      for (size_t n = 0; n < 36; ++n) {
        std::string name{prefix, static_cast<char>('1' + n % 6), static_cast<char>('1' + n / 6)};
        std::string text;
        b.real(*a, a->values[n], &text);
        b.set(name, text, a->loc, a->values[n].loc, a->spelled);
      }
    }
    b.copy_real("CRATIO", "cratio");
    b.copy_reals("LENGTH",
                 {"length_x", "length_y", "length_z", "length_tx", "length_ty", "length_tz"});
    b.copy_reals("FORCE",
                 {"preload_x", "preload_y", "preload_z", "preload_tx", "preload_ty", "preload_tz"});
    if (b.statement().args.end() !=
        std::find_if(b.statement().args.begin(), b.statement().args.end(),
                     [](const Arg& a) { return a.name == "FUNCTION"; })) {
      function_or_user(b, "expr", "FIESUB");
    }
  }

  void beam(NodeBuilder& b) {
    b.set_id();
    markers_ij(b);
    for (auto [arg, attr] :
         {std::pair{"LENGTH", "length"}, std::pair{"IXX", "ixx"}, std::pair{"IYY", "iyy"},
          std::pair{"IZZ", "izz"}, std::pair{"AREA", "area"}, std::pair{"ASY", "asy"},
          std::pair{"ASZ", "asz"}, std::pair{"EMODULUS", "e"}, std::pair{"GMODULUS", "g"},
          std::pair{"CRATIO", "cratio"}}) {
      b.copy_real(arg, attr);
    }
    if (const Arg* a = b.arg("CMATRIX")) {
      b.diag().error(a->loc, b.subject(), "CMATRIX is not supported; use CRATIO");
    }
    // mbsolve's beam is Adams' default LINEAR formulation (small deflections about the
    // undeformed beam); STRING and NONLINEAR run as LINEAR, with a warning.
    if (const Arg* a = b.arg("FORMULATION"); a && !a->values.empty()) {
      const std::string& f = a->values[0].text;
      if (iequals(f, "STRING") || iequals(f, "NONLINEAR")) {
        b.diag().warning_grouped(
            "adm-beam-formulation:" + to_lower(f), a->values[0].loc, b.subject(),
            "FORMULATION=" + std::string(iequals(f, "STRING") ? "STRING" : "NONLINEAR") +
                " is not available in mbsolve; the beam runs with the LINEAR "
                "formulation (exact for small deflections only)");
      } else if (!iequals(f, "LINEAR")) {
        b.diag().error(a->values[0].loc, b.subject(),
                       "FORMULATION: expected LINEAR, STRING or NONLINEAR, got '" + f + "'");
      }
    }
  }

  void vector_force(NodeBuilder& b, std::string_view type, std::string_view routine,
                    std::initializer_list<std::string_view> components) {
    b.set_id();
    b.set_fixed("type", std::string(type));
    if (b.require("I")) b.copy_int("I", "i_marker_id");
    if (b.require("JFLOAT")) b.copy_int("JFLOAT", "j_floating_marker_id");
    if (!b.copy_int("RM", "ref_marker_id")) b.require("RM");
    if (const Arg* f = b.arg("FUNCTION")) {
      b.set_from("type", std::string(type), *f);
      if (!adm::is_user_call(f->value)) {
        b.diag().error(f->value_loc, b.subject(),
                       "FUNCTION must be USER(...) (a user subroutine); expressions go in " +
                           std::string(*components.begin()) + "..");
        return;
      }
      adm::user_routine(b, routine);
      return;
    }
    if (const Arg* r = b.arg("ROUTINE")) {
      b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
    }
    for (auto c : components) {
      const std::string attr = to_lower(c) + "_expression";
      if (!b.copy_text(c, attr)) b.require(c);
    }
  }
  void gforce(NodeBuilder& b) {
    vector_force(b, "ForceAndTorque", "GFOSUB", {"FX", "FY", "FZ", "TX", "TY", "TZ"});
  }
  void vforce(NodeBuilder& b) { vector_force(b, "ForceOnly", "VFOSUB", {"FX", "FY", "FZ"}); }
  void vtorque(NodeBuilder& b) { vector_force(b, "TorqueOnly", "VTOSUB", {"TX", "TY", "TZ"}); }

  void variable(NodeBuilder& b) {
    b.set_id();
    function_or_user(b, "expr", "VARSUB");
    b.copy_real("IC", "ic");
  }

  void array(NodeBuilder& b) {
    b.set_id();
    static constexpr std::string_view kTypes[] = {"IC", "U", "X", "Y"};
    const int k = b.pick_flag({"IC", "U", "X", "Y"}, false);
    b.set_fixed("type", k >= 0 ? std::string(kTypes[k]) : std::string("IC"));
    const Arg* size = b.arg("SIZE");
    size_t count = 0;
    if (const Arg* a = b.arg("NUMBERS")) {
      std::string text;
      for (const auto& t : a->values) {
        std::string v;
        if (b.real(*a, t, &v)) text += (text.empty() ? "" : " ") + v;
      }
      b.node().text = text;
      b.node().text_loc = a->loc;
      count = a->values.size();
    }
    if (const Arg* a = b.arg("VARIABLES")) {
      std::string ids;
      for (const auto& t : a->values) {
        if (auto v = b.integer(*a, t)) ids += (ids.empty() ? "" : " ") + std::to_string(*v);
      }
      b.set("variable_id", ids, a->loc, a->values.front().loc, a->spelled);
      count = a->values.size();
    }
    if (size) {
      if (b.copy_int("SIZE", "num_element") && count > 0 &&
          b.node().find("num_element")->value != std::to_string(count)) {
        b.diag().error(size->loc, b.subject(),
                       fmt::format("SIZE is {} but {} gives {} values", size->values[0].text,
                                   k == 1 ? "VARIABLES" : "NUMBERS", count));
      }
    } else {
      b.set_fixed("num_element", std::to_string(count));
    }
  }

  void spline(NodeBuilder& b) {
    b.set_id();
    const Arg* x = b.arg("X");
    const Arg* y = b.arg("Y");
    if (!b.require("X") || !b.require("Y")) return;
    auto xs = b.reals(*x, 2, 1u << 30);
    auto ys = b.reals(*y, 2, 1u << 30);
    if (!xs || !ys) return;
    if (xs->size() != ys->size()) {
      b.diag().error(y->loc, b.subject(),
                     "Y: expected " + std::to_string(xs->size()) + " values (one per X), got " +
                         std::to_string(ys->size()) +
                         " (surface splines with several Y= are not supported)");
      return;
    }
    b.set_from("num_xy_pair", std::to_string(xs->size()), *x);
    std::string text;
    for (size_t i = 0; i < xs->size(); ++i) {
      std::string xv, yv;
      b.real(*x, x->values[i], &xv);
      b.real(*y, y->values[i], &yv);
      text += xv + " " + yv + "\n";
    }
    b.node().text = text;
    b.node().text_loc = x->loc;
    if (const Arg* a = b.arg("LINEAR_EXTRAPOLATE")) {
      b.set_from("linear_extrap", "TRUE", *a);
    } else {
      b.set_fixed("linear_extrap", "FALSE");
    }
  }

  void string_statement(NodeBuilder& b) {
    b.set_id();
    if (b.require("STRING")) b.copy_text("STRING", "string");
  }

  void curve(NodeBuilder& b) {
    b.set_id();
    if (b.pick_flag({"CLOSED", "OPEN"}, false) == 0)
      b.set_from("is_u_closed", "TRUE", *b.arg("CLOSED"));
    if (const Arg* a = b.arg("CURVE_POINTS")) b.set_from("is_curve_points", "TRUE", *a);
    b.copy_int("MATRIX", "matrix_id");
    if (const Arg* a = b.arg("ORDER"); a && a->values.size() == 1) {
      const auto v = parse_int(a->values[0].text, 0, 1000);
      if (v && *v >= 2 && *v <= 4) {
        b.set("order", std::to_string(*v), a->loc, a->values[0].loc, a->spelled);
      } else {
        b.diag().error(a->values[0].loc, b.subject(),
                       "ORDER: expected 2, 3 or 4 (the B-spline order: 2 a polyline, 4 a cubic), "
                       "got '" +
                           a->values[0].text + "'");
      }
    } else {
      b.copy_int("ORDER", "order");
    }
    b.copy_real("MINPAR", "u_start");
    b.copy_real("MAXPAR", "u_end");
    if (b.has("FUNCTION")) b.copy_text("FUNCTION", "usrsub_param_string");
    b.copy_text("ROUTINE", "usrsub_fnc_name");
    if (!b.has("MATRIX") && !b.has("FUNCTION")) {
      b.diag().error(b.statement().loc, b.subject(), "missing MATRIX= (or FUNCTION=USER(...))");
    }
  }

  void diff(NodeBuilder& b) {
    b.set_id();
    function_or_user(b, "expr", "DIFSUB");
    if (const Arg* a = b.arg("IC")) {
      if (b.reals(*a, 1, 2)) {
        std::string text;
        b.real(*a, a->values[0], &text);
        b.set("ic", text, a->loc, a->values[0].loc, a->spelled);
        if (a->values.size() == 2) {
          b.real(*a, a->values[1], &text);
          b.set("ic_dot", text, a->loc, a->values[1].loc, a->spelled);
        }
      }
    }
    if (const Arg* a = b.arg("IMPLICIT")) b.set_from("is_implicit", "TRUE", *a);
    if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
  }

  void request(NodeBuilder& b) {
    b.set_id();
    static constexpr std::string_view kKinds[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION",
                                                  "FORCE"};
    const int k = b.pick_flag({"DISPLACEMENT", "VELOCITY", "ACCELERATION", "FORCE"}, false);
    bool any_f = false;
    for (const auto& a : b.statement().args) {
      any_f =
          any_f || (a.name.size() == 2 && a.name[0] == 'F' && a.name[1] >= '1' && a.name[1] <= '8');
    }
    const bool user = b.has("FUNCTION");
    if (int(k >= 0) + int(any_f) + int(user) > 1) {
      b.diag().error(b.statement().loc, b.subject(),
                     "give one of D/V/A/F with I=, F1..F8 expressions, or FUNCTION=USER(...)");
    }
    if (const Arg* r = user ? nullptr : b.arg("ROUTINE")) {
      b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
    }
    if (k >= 0) {
      b.set_from("type", "MARKER_" + std::string(kKinds[k]), *b.arg(kKinds[k]));
      if (b.require("I")) b.copy_int("I", "i_marker_id");
      b.copy_int("J", "j_marker_id");
      b.copy_int("RM", "ref_marker_id");
    } else if (user) {
      function_or_user(b, "expr1", "REQSUB");
    } else if (any_f) {
      b.set_fixed("type", "EXPRESSION");
      for (char c = '1'; c <= '8'; ++c) {
        const std::string name{'F', c};
        if (!b.copy_text(name, "expr" + std::string(1, c)))
          b.set_fixed("expr" + std::string(1, c), "NULL");
      }
    } else {
      b.diag().error(b.statement().loc, b.subject(),
                     "missing the request kind: D/V/A/F with I=, F1..F8 expressions, or "
                     "FUNCTION=USER(...)");
    }
    b.copy_text("COMMENT", "comment");
    column_list(b, "column_names", {"CNAMES", "TITLE"});
    column_list(b, "column_units", {"CUNITS", "CLABELS"});
    b.ignore_rest("the columns are named req<id>.<CNAMES entry>");
  }

  /// REQUEST CNAMES (or TITLE), CUNITS (or CLABELS): up to 8 entries, one per Adams column, as
  /// "quoted", "strings" or words separated by commas or colons -> `attr` (comma-separated;
  /// commas, quotes and blanks inside an entry become '_'). The first argument of `args` given
  /// wins; a second one is reported as ignored.
  void column_list(NodeBuilder& b, std::string_view attr,
                   std::initializer_list<std::string_view> args) {
    const Arg* a = nullptr;
    for (auto name : args) {
      if (!a) a = b.arg(name);
    }
    if (!a) return;
    std::vector<std::string> entries;
    const std::string& v = a->value;
    if (v.find('"') != std::string::npos) {
      for (size_t q = v.find('"'); q != std::string::npos; q = v.find('"', q)) {
        const size_t e = v.find('"', q + 1);
        entries.push_back(v.substr(q + 1, e == std::string::npos ? e : e - q - 1));
        if (e == std::string::npos) break;
        q = e + 1;
      }
    } else {
      std::string cur;
      for (char c : v + ",") {
        if (c == ',' || c == ':') {
          entries.emplace_back(trim(cur));
          cur.clear();
        } else {
          cur += c;
        }
      }
    }
    if (entries.size() > 8) {
      // Adams/View writes more entries than a request has columns (REQSUB fills 8): those
      // name no column; one warning for all the requests that have them.
      b.diag().warning_grouped(
          "adm-request-columns:" + a->name, a->value_loc, b.subject(),
          fmt::format("{}: a request has 8 columns; the entries after the 8th name none and are "
                      "ignored",
                      a->name));
      entries.resize(8);
    }
    std::string text;
    for (size_t k = 0; k < entries.size(); ++k) {
      std::string e(trim(entries[k]));
      for (char& c : e) {
        if (c == ',' || c == '"' || c == ' ' || c == '\t') c = '_';
      }
      text += (k ? "," : "") + e;
    }
    b.set(attr, text, a->loc, a->value_loc, a->spelled);
  }

  /// PINPUT/POUTPUT VARIABLES=id1[, id2..] -> num_element + variable_id_list.
  void plant_io(NodeBuilder& b) {
    b.set_id();
    const Arg* a = b.arg("VARIABLES");
    if (!a) {
      b.require("VARIABLES");
      return;
    }
    std::string ids;
    for (const auto& t : a->values) {
      if (auto v = b.integer(*a, t)) ids += (ids.empty() ? "" : " ") + std::to_string(*v);
    }
    if (a->values.empty()) return;
    b.set("variable_id_list", ids, a->loc, a->values.front().loc, a->spelled);
    b.set_from("num_element", std::to_string(a->values.size()), *a);
  }

  void accgrav(NodeBuilder& b) {
    b.copy_real("IGRAV", "grav_x");
    b.copy_real("JGRAV", "grav_y");
    b.copy_real("KGRAV", "grav_z");
  }

  void integrator(NodeBuilder& b) { adm::build_integrator(b); }

  /// EQUILIBRIUM -> param_static: IMBALANCE (largest force/torque imbalance) -> max_error;
  /// MAXIT -> max_num_iter. The rest (ALIMIT, ERROR, PATTERN, STABILITY, TLIMIT, METHOD, ..) tunes
  /// Adams' own static methods: one warning.
  void equilibrium(NodeBuilder& b) {
    if (const Arg* a = b.arg("IMBALANCE"); a && !a->values.empty()) {
      std::string text;
      if (auto v = b.real(*a, a->values[0], &text)) {
        if (*v > 0) {
          b.set("max_error", text, a->loc, a->values[0].loc, a->spelled);
        } else {
          b.diag().error(a->values[0].loc, b.subject(), "IMBALANCE must be > 0, got " + text);
        }
      }
    }
    if (const Arg* a = b.arg("MAXIT"); a && !a->values.empty()) {
      if (auto v = b.integer(*a, a->values[0])) {
        if (*v >= 1 && *v <= 100000) {
          b.set("max_num_iter", std::to_string(*v), a->loc, a->values[0].loc, a->spelled);
        } else {
          b.diag().error(a->values[0].loc, b.subject(), "MAXIT must be from 1 to 100000");
        }
      }
    }
    b.ignore_rest(
        "mbsolve's static analysis is a Newton iteration on the force imbalance, controlled by "
        "IMBALANCE and MAXIT");
  }

  /// Solver statements with no mbsolve setting: one warning naming what is ignored.
  void kinematics(NodeBuilder& b) {
    b.ignore_rest(
        "its kinematic analysis solves positions, velocities and accelerations to "
        "fixed tight tolerances");
  }
  void preferences(NodeBuilder& b) { b.ignore_rest("Adams/Solver preferences"); }
  void debug(NodeBuilder& b) { b.ignore_rest("Adams/Solver diagnostics; see the .log file"); }
  void listing(NodeBuilder& b) {
    b.diag().warning(b.statement().loc, "",
                     b.statement().name +
                         " (the Adams listing of the dataset) is not used by "
                         "mbsolve; ignored");
  }
  void output(NodeBuilder& b) {
    b.arg("REQSAVE");  // mbsolve always writes the requests (CSV columns req<id>.*)
    b.arg("GRSAVE");   // and the parts' poses (body<id>.*)
    b.ignore_rest("Adams output-file options; mbsolve writes its CSV, JSON and log files");
  }
  void results(NodeBuilder& b) {
    b.arg("XRF");
    b.arg("FORMATTED");
    b.ignore_rest("Adams results-file options; mbsolve writes its CSV, JSON and log files");
  }

  void nothing(NodeBuilder&) {}

  // ---- markers ---------------------------------------------------------------------------

  /// The pose of marker `m` in its part's BCS (resolving RM chains).
  bool resolve_local(PendingMarker& m, int depth = 0) {
    if (m.state == 2) return m.ok;
    if (depth > 1000) {
      diag_.error(m.rm_loc, m.subject, "RM markers are chained more than 1000 deep");
      m.ok = false;
      m.state = 2;
      return false;
    }
    if (m.state == 1) {
      diag_.error(m.rm_loc, m.subject, "RM markers refer to each other in a cycle");
      m.ok = false;
      return false;
    }
    m.state = 1;
    PartFrame ref;  // identity: the BCS
    if (m.rm > 0) {
      auto it = marker_index_.find(m.rm);
      if (it == marker_index_.end()) {
        diag_.error(m.rm_loc, m.subject, "RM: MARKER " + std::to_string(m.rm) + " is not defined");
        m.ok = false;
      } else {
        PendingMarker& r = pending_[it->second];
        if (!resolve_local(r, depth + 1)) {
          m.ok = false;
        } else if (r.part != m.part) {
          diag_.error(m.rm_loc, m.subject,
                      "RM: MARKER " + std::to_string(m.rm) + " is on PART " +
                          std::to_string(r.part) + ", not on PART " + std::to_string(m.part));
          m.ok = false;
        } else {
          ref = r.local;
        }
      }
    }
    m.local.origin = adm::add(ref.origin, adm::mul(ref.axes, m.qp));
    m.local.axes = adm::mul(ref.axes, m.axes.value_or(adm::identity3()));
    m.state = 2;
    return m.ok;
  }

  void finish_markers() {
    for (auto& m : pending_) {
      if (!resolve_local(m) || m.part < 0) continue;
      auto it = parts_.find(m.part);
      if (it == parts_.end()) {
        diag_.error(m.part_loc, m.subject, "PART " + std::to_string(m.part) + " is not defined");
        continue;
      }
      const PartFrame& p = it->second;
      const Vec3 r = adm::add(p.origin, adm::mul(p.axes, m.local.origin));
      const Mat3 a = adm::mul(p.axes, m.local.axes);
      m.global_axes = a;
      DeckNode& node = deck_.model[m.node];
      auto put = [&](std::string_view name, double v, const Arg* from, size_t k) {
        DeckAttribute at;
        at.name = std::string(name);
        at.value = adm::format_real(v);
        if (from) {
          at.spelled = from->spelled;
          at.loc = from->loc;
          at.value_loc = k < from->values.size() ? from->values[k].loc : from->loc;
        } else {
          at.spelled = node.spelled;
          at.loc = at.value_loc = node.loc;
        }
        node.attributes.push_back(std::move(at));
      };
      put("pos_x", r[0], m.qp_arg, 0);
      put("pos_y", r[1], m.qp_arg, 1);
      put("pos_z", r[2], m.qp_arg, 2);
      for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) {
          const std::string name{'a', static_cast<char>('0' + row), static_cast<char>('0' + col)};
          put(name, a[row][col], m.orient_arg, 99);
        }
      }
    }
  }

  /// The axes (in ground) of the marker `arg` names, for VM/WM; reports a bad one.
  std::optional<Mat3> marker_axes(const Arg& arg, const std::string& subject) {
    if (arg.values.empty()) return std::nullopt;
    const auto id = parse_int(arg.values[0].text, 1, (1LL << 31) - 1);
    if (!id) {
      diag_.error(arg.values[0].loc, subject,
                  arg.name + ": bad marker id '" + arg.values[0].text + "'");
      return std::nullopt;
    }
    auto it = marker_index_.find(*id);
    if (it == marker_index_.end()) {
      diag_.error(arg.values[0].loc, subject,
                  arg.name + ": MARKER " + std::to_string(*id) + " is not defined");
      return std::nullopt;
    }
    return pending_[it->second].global_axes;
  }

  void finish_velocities() {
    for (const auto& pv : velocities_) {
      DeckNode& node = deck_.model[pv.node];
      auto put = [&](std::string_view name, double v, const Arg& from) {
        DeckAttribute at;
        at.name = std::string(name);
        at.value = adm::format_real(v);
        at.spelled = from.spelled;
        at.loc = from.loc;
        at.value_loc = from.values.empty() ? from.loc : from.values[0].loc;
        node.attributes.push_back(std::move(at));
      };
      if (pv.v_arg) {
        std::optional<Mat3> axes = adm::identity3();
        if (pv.vm) axes = marker_axes(*pv.vm, pv.subject);
        if (axes) {
          const Vec3 v = adm::mul(*axes, pv.v);
          put("v_ic_x", v[0], *pv.v_arg);
          put("v_ic_y", v[1], *pv.v_arg);
          put("v_ic_z", v[2], *pv.v_arg);
        }
      }
      if (pv.w_arg) {
        std::optional<Mat3> axes;
        if (pv.wm) {
          axes = marker_axes(*pv.wm, pv.subject);
        } else if (auto it = marker_index_.find(pv.cm); it != marker_index_.end()) {
          axes = pending_[it->second].global_axes;  // WX..WZ default to the CM marker's axes
        } else if (auto p = parts_.find(pv.part); p != parts_.end()) {
          axes = p->second.axes;  // no CM marker (reported elsewhere): the part's axes
        }
        if (axes) {
          const Vec3 w = adm::mul(*axes, pv.w);
          put("w_ic_x", w[0], *pv.w_arg);
          put("w_ic_y", w[1], *pv.w_arg);
          put("w_ic_z", w[2], *pv.w_arg);
        }
      }
    }
  }

  Deck& deck_;
  Diagnostics& diag_;
  const std::string* file_;
  std::vector<adm::RawStatement> raws_;
  std::vector<Statement> statements_;  ///< reserved up front: PendingMarker points into it
  std::map<long long, PartFrame> parts_;
  std::map<long long, size_t> marker_index_;
  std::vector<PendingMarker> pending_;
  std::vector<PendingVelocity> velocities_;
  long long last_part_ = -1;
  std::set<std::string> skipped_;
};

std::span<const Reader::StatementSpec> Reader::table() {
  // Sorted by name; one row per statement.
  static const StatementSpec kTable[] = {
      {"ACCGRAV", kAccgravArgs, "force_gravity", &Reader::accgrav},
      {"ARRAY", kArrayArgs, "reference_array", &Reader::array},
      {"BEAM", kBeamArgs, "force_beam", &Reader::beam},
      {"BUSHING", kBushingArgs, "force_bushing", &Reader::bushing},
      {"COUPLER", kCouplerArgs, "constraint_coupler", &Reader::coupler},
      {"CURVE", kCurveArgs, "reference_paramcurve", &Reader::curve},
      {"DEBUG", kDebugArgs, "", &Reader::debug},
      {"DIFF", kDiffArgs, "control_diff", &Reader::diff},
      {"END", {}, "", &Reader::nothing},
      {"EQUILIBRIUM", kEquilibriumArgs, "param_static", &Reader::equilibrium},
      {"FIELD", kFieldArgs, "force_field", &Reader::field},
      {"FRICTION", kFrictionArgs, "force_jointfriction", &Reader::friction},
      {"GCON", kGconArgs, "constraint_general", &Reader::gcon},
      {"GEAR", kGearArgs, "constraint_gear", &Reader::gear},
      {"GFORCE", kGforceArgs, "force_vector_twobody", &Reader::gforce},
      {"GRAPHICS", {}, "", &Reader::nothing},
      {"GSE", adm::kGseArgs, "control_stateeqn", nullptr, adm::build_gse},
      {"INTEGRATOR", adm::kIntegratorArgs, "param_transient", &Reader::integrator},
      {"JOINT", kJointArgs, "constraint_joint", &Reader::joint},
      {"JPRIM", kJprimArgs, "constraint_jprim", &Reader::jprim},
      {"KINEMATICS", kKinematicsArgs, "", &Reader::kinematics},
      {"LIST", {}, "", &Reader::listing},
      {"LSE", adm::kLseArgs, "control_stateeqn", nullptr, adm::build_lse},
      {"MARKER", kMarkerArgs, "reference_marker", &Reader::marker},
      {"MATERIAL", {}, "", &Reader::nothing},
      {"MATRIX", adm::kMatrixArgs, "reference_matrix", nullptr, adm::build_matrix},
      {"MOTION", kMotionArgs, "motion_joint", &Reader::motion},
      {"NOLIST", {}, "", &Reader::listing},
      {"OUTPUT", kOutputArgs, "", &Reader::output},
      {"PART", kPartArgs, "body_rigid", &Reader::part},
      {"PINPUT", kPlantArgs, "control_plantinput", &Reader::plant_io},
      {"POUTPUT", kPlantArgs, "control_plantoutput", &Reader::plant_io},
      {"PREFERENCES", kPreferencesArgs, "", &Reader::preferences},
      {"REQUEST", kRequestArgs, "post_request", &Reader::request},
      {"RESULTS", kResultsArgs, "", &Reader::results},
      {"SFORCE", kSforceArgs, "force_scalar_twobody", &Reader::sforce},
      {"SPLINE", kSplineArgs, "reference_spline", &Reader::spline},
      {"SPRINGDAMPER", kSpringArgs, "force_springdamper", &Reader::springdamper},
      {"STRING", kStringArgs, "reference_string", &Reader::string_statement},
      {"TFSISO", adm::kTfsisoArgs, "control_siso", nullptr, adm::build_tfsiso},
      {"UNITS", kUnitsArgs, "param_unit", &Reader::units},
      {"VARIABLE", kVariableArgs, "reference_variable", &Reader::variable},
      {"VFORCE", kVforceArgs, "force_vector_twobody", &Reader::vforce},
      {"VTORQUE", kVtorqueArgs, "force_vector_twobody", &Reader::vtorque},
  };
  return kTable;
}

}  // namespace

Deck read_adm_deck_text(const std::string& text, const std::string& path, Diagnostics& diag) {
  Deck deck;
  deck.path = path;
  deck.root_tag = "adm";
  Reader(deck, diag, intern_path(path)).run(text);
  return deck;
}

Deck read_adm_deck_file(const std::string& path, Diagnostics& diag) {
  return read_adm_deck_text(read_text_file(path), path, diag);
}

}  // namespace mb
