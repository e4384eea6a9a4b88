#pragma once
// Reads an Adams/Solver dataset (.adm) into a Deck in the MotionSolve XML vocabulary, so that
// the rest of mbsolve sees one format: PART -> body_rigid, MARKER -> reference_marker (global
// pos_x.. and a00..a22), JOINT -> constraint_joint, REQUEST -> post_request, ... (the full
// mapping is the table below). The first line of a dataset is its title and is not
// read; END ends the dataset. Every problem goes to `diag` as `file:line:col`; the Deck holds
// what could be read. A dataset has no commands (deck.commands stays empty).
//
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
//                                    The part frame is kept as part_frame="x y z a00 a01 .. a22"
//                                    (origin, axes as columns, ground) for the .res part results.
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
//   PTCV         constraint_ptcv     I -> i_marker_id; RM -> j_marker_id; CURVE -> curve_id;
//                                    JFLOAT -> j_floating_marker_id; DISP=x,y,z (RM axes) ->
//                                    disp_x0..z0, disp_frame RM; ICM -> disp_marker_id; VEL ->
//                                    vel_0
//   CVCV         constraint_cvcv     IRM, JRM -> i_marker_id, j_marker_id; ICURVE, JCURVE ->
//                                    i_curve_id, j_curve_id; IFLOAT, JFLOAT ->
//                                    i_floating_marker_id, j_floating_marker_id; IDISP, JDISP
//                                    (IRM, JRM axes) -> i_disp_*, j_disp_*; IICM, JICM ->
//                                    i_disp_marker_id, j_disp_marker_id; IVEL, JVEL -> i_vel0,
//                                    j_vel0
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
//   SENSOR       sensor_event        FUNCTION, VALUE, EQ/GE/LE, ERROR, actions
//   (parser/adm_sensor.hpp) TFSISO       control_siso        NUMERATOR/DENOMINATOR ->
//   numerator_coef/denominator_coef;
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
//   OUTPUT, RESULTS  resoutput           REQSAVE -> adams_req_file (PREFIX.req); RESULTS/ ->
//                                    adams_res_file (PREFIX.res, XML); GRSAVE, XRF, FORMATTED:
//                                    no warning; the other options: one warning per statement
//   KINEMATICS, PREFERENCES, DEBUG, LIST, NOLIST: no mbsolve setting; one
//                                    warning per statement naming what is ignored
//                                    (PREFERENCES' LIBPATH: folders for user libraries, read
//                                    before all statements)
//   CONTACT      force_contact       (parser/adm_contact.hpp)
//   GRAPHICS     post_graphic        the kinds a contact or the animation uses (BOX, CYLINDER,
//                                    ELLIPSOID, FRUSTUM, CIRCLE, PLANE, EXTERNAL, OUTLINE;
//                                    parser/adm_contact.hpp); the others skipped (one info)
//   MATERIAL                         Adams/View only: skipped (one info)
//   END                              ends the dataset

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Parses dataset text that came from `path` (used for locations only).
Deck read_adm_deck_text(const std::string& text, const std::string& path, Diagnostics& diag);

/// Reads the file; throws Error(kInputNotFound) if it cannot be opened.
Deck read_adm_deck_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
