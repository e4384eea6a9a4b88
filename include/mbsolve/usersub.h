/* mbsolve user subroutines: the entry points a user library may define and the solver
 * callbacks it may call. C and C++; build a library with e.g.
 *   cc -shared -fPIC -I<prefix>/include -o libmysubs.so mysubs.c
 * No -l flags are needed: the callbacks are exported by the mbsolve executable.
 *
 * A deck element names the library with usrsub_dll_name="mysubs" (found as mysubs, libmysubs.so
 * or mysubs.so next to the deck, then in the folders of MBSOLVE_USERSUB_PATH, then on the
 * system library path), its parameters with usrsub_param_string="USER(p1, p2, ...)" (passed as
 * par[0..npar-1]) and optionally the entry point with usrsub_fnc_name (default: the routine
 * name below). Entry points must have C linkage (extern "C" in C++).
 *
 * Every routine is called with iflag != 0 once before the analysis: the solver then records
 * which quantities the routine reads through c_sysfnc / c_sysary (its dependencies, used for
 * the Jacobian's sparsity). Later calls have iflag == 0. A routine must read the same
 * quantities in both kinds of call. dflag is nonzero while the solver differentiates the
 * routine by finite differences.
 *
 * A routine reports failure by calling c_errmes with endflg != 0; a NaN in its outputs also
 * stops the analysis (exit code 1) with a message naming the element and the library. */
#ifndef MBSOLVE_USERSUB_H
#define MBSOLVE_USERSUB_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Entry points (user code defines these) --------------------------------------------- */

/* Force_Scalar_TwoBody: result[0] = force or torque magnitude. */
typedef void (*mbsolve_sfosub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, double* result);
/* Force_Vector_*: VFOSUB result[0..2] = force, VTOSUB result[0..2] = torque, GFOSUB
 * result[0..5] = force and torque, components in the element's ref marker axes. */
typedef void (*mbsolve_vfosub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, double* result);
typedef mbsolve_vfosub mbsolve_vtosub;
typedef mbsolve_vfosub mbsolve_gfosub;
/* Reference_Variable: value[0] = VARVAL(id). */
typedef void (*mbsolve_varsub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, double* value);
/* Post_Request: result[0..7] = channels f1..f8. */
typedef void (*mbsolve_reqsub)(int* id, double* time, double* par, int* npar, int* iflag,
                               double* result);
/* Sensor_Event (SENSUB): result[0] = the sensed function, compared with the sensor's value;
 * Sensor_Evaluate (SEVSUB): result[0] = the value stored at the event, read by SENVAL. */
typedef mbsolve_reqsub mbsolve_sensub;
typedef mbsolve_reqsub mbsolve_sevsub;
/* Motion_Joint / Motion_Marker (type="USERSUB"): value[0] = displacement (iord 0), velocity (1)
 * or acceleration (2) of I relative to J at `time`. A val_type D motion is called with iord 0, 1
 * and 2, V with 1 and 2, A with 2; iflag = 1 once before the analysis. A motion depends on time
 * only: reading bodies or reactions through c_sysfnc is an error. */
typedef void (*mbsolve_motsub)(int* id, double* time, double* par, int* npar, int* iord, int* iflag,
                               double* value);
/* Constraint_Coupler (COUSUB): phi[0] = Phi(disp), the coupler's constraint value, held at
 * zero; disp[0..ndisp) are the coupled joint coordinates in joint order (rotations in radians,
 * counting turns, and translations, both from the input configuration). Optional partials:
 * COUXX dfda[k] = dPhi/ddisp[k], COUXX2 d2fda2[k] = d2Phi/ddisp[k]^2 (renamed by
 * usrsub_der1_name, usrsub_der2_name); mbsolve differences what is missing (and the mixed
 * second partials). iflag = 1 once before the analysis. Phi depends on disp only: a routine
 * whose value changes with time is refused, and reading bodies or reactions through c_sysfnc
 * is an error. */
typedef void (*mbsolve_cousub)(int* id, double* time, double* par, int* npar, double* disp,
                               int* ndisp, int* iflag, double* phi);
typedef mbsolve_cousub mbsolve_couxx;
typedef mbsolve_cousub mbsolve_couxx2;
/* Control_Diff: value[0] = the state derivative y' (is_implicit FALSE) or the implicit residual
 * F(y, y', ...) (TRUE). The routine reads y and y' with c_sysfnc("DIF"/"DIF1", {id}). */
typedef void (*mbsolve_difsub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, double* value);
/* Reference_Array (type U): value[0..nvalue-1] = the inputs. */
typedef void (*mbsolve_arysub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, int* nvalue, double* value);
/* Control_StateEqn (GSESUB) and Force_StateEqn (YFOSUB): x' = f(x, u, t) into stated[0..nstate),
 * y = g(x, u, t) into output[0..noutpt) (a Force_StateEqn: FX FY FZ TX TY TZ in its ref marker's
 * axes). states = x, input = u (the U array: variables or its ARYSUB). */
typedef void (*mbsolve_gsesub)(int* id, double* time, double* par, int* npar, int* dflag,
                               int* iflag, int* nstate, double* states, int* ninput, double* input,
                               int* noutpt, double* stated, double* output);
typedef mbsolve_gsesub mbsolve_yfosub;
/* Optional partial derivatives at (x, u), column-major (mat[i + j * rows]):
 * GSEXX / YFOXX df/dx (nstate x nstate), GSEXU / YFOXU df/du (nstate x ninput),
 * GSEYX / YFOYX dg/dx (noutpt x nstate), GSEYU / YFOYU dg/du (noutpt x ninput).
 * Renamed by usrsub_der1_name..usrsub_der4_name; when absent, mbsolve differences the routine
 * (calls with dflag = 1). */
typedef void (*mbsolve_gsexx)(int* id, double* time, double* par, int* npar, int* iflag,
                              int* nstate, double* states, int* ninput, double* input, int* noutpt,
                              double* mat);
typedef mbsolve_gsexx mbsolve_gsexu;
typedef mbsolve_gsexx mbsolve_gseyx;
typedef mbsolve_gsexx mbsolve_gseyu;
typedef mbsolve_gsexx mbsolve_yfoxx;
typedef mbsolve_gsexx mbsolve_yfoxu;
typedef mbsolve_gsexx mbsolve_yfoyx;
typedef mbsolve_gsexx mbsolve_yfoyu;

/* ---- Solver callbacks (mbsolve defines these) ------------------------------------------- */

/* One value of a measure or force function by name (case-insensitive), ipar[0..nsize-1] its
 * integer arguments (marker ids, 0 = ground):
 *   DX DY DZ (I[,J[,K]]), DM (I[,J]), AX AY AZ PSI THETA PHI YAW PITCH ROLL (I[,J]),
 *   VX VY VZ (I[,J[,K[,L]]]), VM VR (I[,J[,L]]), WX WY WZ (I[,J[,K]]), WM (I[,J]),
 *   JOINT (id, jflag, comp[, RM]): the current reaction of Constraint_Joint id on its I
 *     (jflag 0) or J (jflag 1) marker resolved in RM's axes (0 = ground); comp 1 = |F|,
 *     2..4 = Fx Fy Fz, 5 = |T|, 6..8 = Tx Ty Tz (torque about the marker origin),
 *   DIF DIF1 (id): the state y and its derivative y' of Control_Diff id,
 *   TIME ().
 * *errflg = 0 on success, nonzero on an unknown name or bad arguments. */
void c_sysfnc(const char* fncnam, int* ipar, int nsize, double* value, int* errflg);

/* Vector forms: DISP (I[,J[,K]]) -> 6 values (DX DY DZ in K, then PSI THETA PHI of I relative
 * to J), VEL (I[,J[,K[,L]]]) -> 6 values (VX VY VZ, then WX WY WZ in K), TDISP, RDISP, TVEL,
 * RVEL -> the 3 values of each half. *nstates gets the count. */
void c_sysary(const char* fncnam, int* ipar, int nsize, double* states, int* nstates, int* errflg);

/* An attribute of a model element as text (at most 80 bytes with the terminating NUL),
 * e.g. c_modfnc("Constraint_Joint", 5, "i_marker_id", buf, &err). Names are
 * case-insensitive; *errflg = 0 on success. */
void c_modfnc(const char* element, int id, const char* attribute, char* value, int* errflg);

/* Reports an error: when *errflg != 0 the message is recorded, and with *endflg != 0 the
 * analysis stops (exit code 1) after the routine returns. */
void c_errmes(int* errflg, const char* mesage, int* id, int* endflg);

/* Converts a rotation between coordinate kinds: sys1/sys2 are "EULER" (3-1-3 angles, radians),
 * "EULPAR" (Euler parameters), "RMATRIX" (9 values, column-major direction cosines).
 * *istat = 0 on success. */
void c_rcnvrt(const char* sys1, double* coord1, const char* sys2, double* coord2, int* istat);

/* The current simulation time. */
void c_timget(double* time);

/* The text of Reference_String id (Adams STRING/id, STRING=...; GTSTRG in Adams), copied into
 * `string` with a terminating NUL: the buffer must hold 1025 bytes (texts have at most 1024
 * characters). *nchars gets the length, *istat 0 on success, nonzero when the string does not
 * exist (then string is "" and *nchars 0). */
void c_gtstrg(int id, char* string, int* nchars, int* istat);

#ifdef __cplusplus
}
#endif

#endif /* MBSOLVE_USERSUB_H */
