/* User subroutines for the usersub tests (built as a MODULE by tests/usersub/CMakeLists.txt).
 * Each routine has an expression twin in usersub_test.cpp; the two runs must agree. */
#include <math.h>
#include <mbsolve/usersub.h>
#include <stdlib.h>

/* SFOSUB: spring-damper along the line of sight.
 * par = (I, J, k, c, l0): F = -k (DM(I,J) - l0) - c VR(I,J). */
void SFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* result) {
  int ipar[3] = {(int)par[0], (int)par[1], 0};
  int err = 0;
  double dm = 0, vr = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("DM", ipar, 2, &dm, &err);
  c_sysfnc("VR", ipar, 2, &vr, &err);
  result[0] = -par[2] * (dm - par[4]) - par[3] * vr;
}

/* VFOSUB: a force that is a function of time and of the I marker's height.
 * par = (I, fx, kz): F = (fx * sin(time), 0, -kz * DZ(I)). */
void VFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* result) {
  int ipar[1] = {(int)par[0]};
  int err = 0;
  double dz = 0;
  (void)id;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("DZ", ipar, 1, &dz, &err);
  result[0] = par[1] * sin(*time);
  result[1] = 0.0;
  result[2] = -par[2] * dz;
}

/* GFOSUB: joint friction torque about the revolute joint's z axis from its reaction force,
 * T = -mu * |F| * tanh(WZ / w0) with |F| = JOINT(joint, 0, 1), WZ = WZ(I, J, J), where I and J
 * are the joint's markers (read with c_modfnc). par = (joint id, mu, w0). */
void GFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* result) {
  char imark[80], jmark[80];
  int err = 0, i;
  int joint = (int)par[0];
  double f = 0, wz = 0;
  int ipar[4];
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_modfnc("Constraint_Joint", joint, "i_marker_id", imark, &err);
  c_modfnc("constraint_joint", joint, "J_MARKER_ID", jmark, &err);
  ipar[0] = atoi(imark);
  ipar[1] = atoi(jmark);
  ipar[2] = ipar[1];
  c_sysfnc("WZ", ipar, 3, &wz, &err);
  ipar[0] = joint;
  ipar[1] = 0;
  ipar[2] = 1;
  ipar[3] = 0;
  c_sysfnc("JOINT", ipar, 4, &f, &err);
  for (i = 0; i < 6; ++i) result[i] = 0.0;
  result[5] = -par[1] * f * tanh(wz / par[2]);
}

/* SFOSUB_NAN: returns NaN once time passes par[0]. */
void SFOSUB_NAN(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                double* result) {
  (void)id;
  (void)npar;
  (void)dflag;
  (void)iflag;
  result[0] = *time > par[0] ? NAN : 0.0;
}

/* SFOSUB_EXIT: ends the process with exit(par[1]) once time passes par[0] (what mbsolve must
 * turn into a failed analysis naming the routine). */
void SFOSUB_EXIT(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                 double* result) {
  (void)id;
  (void)npar;
  (void)dflag;
  (void)iflag;
  if (*time > par[0]) exit((int)par[1]);
  result[0] = 0.0;
}

/* SFOSUB_ERRMES: reports a fatal error through c_errmes once time passes par[0]. */
void SFOSUB_ERRMES(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                   double* result) {
  int err = 1, end = 1;
  (void)npar;
  (void)dflag;
  (void)iflag;
  result[0] = 0.0;
  if (*time > par[0]) c_errmes(&err, "spring broke", id, &end);
}

/* SFOSUB_BADCALL: asks c_sysfnc for a function that does not exist. */
void SFOSUB_BADCALL(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                    double* result) {
  int ipar[1] = {(int)par[0]};
  int err = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("NOSUCH", ipar, 1, result, &err);
}

/* REQSUB: f2..f4 = DX, DY, DZ of par[0] relative to par[1]; f6 = WZ(par[0], par[1], par[1]);
 * f8 = the time from c_timget; the rest 0. */
void REQSUB(int* id, double* time, double* par, int* npar, int* iflag, double* result) {
  int ipar[3] = {(int)par[0], (int)par[1], (int)par[1]};
  int err = 0, nstates = 0, i;
  double disp[6];
  (void)id;
  (void)time;
  (void)npar;
  (void)iflag;
  for (i = 0; i < 8; ++i) result[i] = 0.0;
  c_sysary("TDISP", ipar, 3, disp, &nstates, &err);
  for (i = 0; i < 3; ++i) result[1 + i] = disp[i];
  c_sysfnc("WZ", ipar, 3, &result[5], &err);
  c_timget(&result[7]);
}

/* VARSUB: value = par[2] * DM(par[0], par[1]). */
void VARSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* value) {
  int ipar[2] = {(int)par[0], (int)par[1]};
  int err = 0;
  double dm = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("DM", ipar, 2, &dm, &err);
  *value = par[2] * dm;
}

/* VARSUB_GTSTRG: reads Reference_String par[0] with c_gtstrg; value = the number the text
 * starts with (par[1] = 0), its length (par[1] = 1) or the call's istat (par[1] = 2). */
void VARSUB_GTSTRG(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                   double* value) {
  char text[1025];
  int nchars = -1, istat = -1;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_gtstrg((int)par[0], text, &nchars, &istat);
  *value = par[1] == 0 ? strtod(text, NULL) : par[1] == 1 ? (double)nchars : (double)istat;
}

/* ---- State elements (tests/usersub/user_states_test.cpp) ---- */

/* GSESUB: the damped oscillator x1' = x2, x2' = -w^2 x1 - 2 z w x2 + u1, outputs
 * y1 = x1, y2 = x2 + d u1. par = (w, z, d). */
void GSESUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nstate,
            double* states, int* ninput, double* input, int* noutpt, double* stated,
            double* output) {
  const double w = par[0], z = par[1], d = par[2];
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  (void)nstate;
  (void)ninput;
  (void)noutpt;
  stated[0] = states[1];
  stated[1] = -w * w * states[0] - 2 * z * w * states[1] + input[0];
  output[0] = states[0];
  output[1] = states[1] + d * input[0];
}

/* Its partial derivatives, column-major: df/dx (2 x 2), df/du (2 x 1), dg/dx (2 x 2),
 * dg/du (2 x 1). */
void GSEXX(int* id, double* time, double* par, int* npar, int* iflag, int* nstate, double* states,
           int* ninput, double* input, int* noutpt, double* m) {
  (void)id, (void)time, (void)npar, (void)iflag, (void)nstate, (void)states, (void)ninput;
  (void)input, (void)noutpt;
  m[0] = 0.0;
  m[1] = -par[0] * par[0];
  m[2] = 1.0;
  m[3] = -2 * par[1] * par[0];
}
void GSEXU(int* id, double* time, double* par, int* npar, int* iflag, int* nstate, double* states,
           int* ninput, double* input, int* noutpt, double* m) {
  (void)id, (void)time, (void)par, (void)npar, (void)iflag, (void)nstate, (void)states;
  (void)ninput, (void)input, (void)noutpt;
  m[0] = 0.0;
  m[1] = 1.0;
}
void GSEYX(int* id, double* time, double* par, int* npar, int* iflag, int* nstate, double* states,
           int* ninput, double* input, int* noutpt, double* m) {
  (void)id, (void)time, (void)par, (void)npar, (void)iflag, (void)nstate, (void)states;
  (void)ninput, (void)input, (void)noutpt;
  m[0] = 1.0;
  m[1] = 0.0;
  m[2] = 0.0;
  m[3] = 1.0;
}
void GSEYU(int* id, double* time, double* par, int* npar, int* iflag, int* nstate, double* states,
           int* ninput, double* input, int* noutpt, double* m) {
  (void)id, (void)time, (void)npar, (void)iflag, (void)nstate, (void)states, (void)ninput;
  (void)input, (void)noutpt;
  m[0] = 0.0;
  m[1] = par[2];
}

/* YFOSUB: a first-order lag x' = -a x + u1 whose state pushes along the ref marker's x axis,
 * FX = c x (the other five outputs zero). par = (a, c). With par[2] = 1 it returns NaN after
 * t = 0.5; with par[2] = 2 it reports a fatal error through c_errmes after t = 0.5. */
void YFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nstate,
            double* states, int* ninput, double* input, int* noutpt, double* stated,
            double* output) {
  int k;
  (void)dflag;
  (void)iflag;
  (void)nstate;
  (void)ninput;
  (void)noutpt;
  stated[0] = -par[0] * states[0] + input[0];
  for (k = 0; k < 6; ++k) output[k] = 0.0;
  output[0] = par[1] * states[0];
  if (*npar > 2 && *time > 0.5) {
    if (par[2] == 1.0) output[0] = NAN;
    if (par[2] == 2.0) {
      int err = 1, end = 1;
      c_errmes(&err, "the lag diverged", id, &end);
    }
  }
}

/* DIFSUB: y' = -k y + sin(TIME) (explicit) or, with par[1] = 1, the implicit residual
 * DIF1 + k y - sin(TIME). par = (k, implicit). The state is read with c_sysfnc("DIF"). */
void DIFSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* value) {
  int ipar[1] = {*id};
  int err = 0;
  double y = 0, yd = 0;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("DIF", ipar, 1, &y, &err);
  if (par[1] != 0.0) {
    c_sysfnc("DIF1", ipar, 1, &yd, &err);
    *value = yd + par[0] * y - sin(*time);
  } else {
    *value = -par[0] * y + sin(*time);
  }
}

/* ARYSUB: U = (DX(I, J), VX(I, J)) of markers par = (I, J). */
void ARYSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nvalue,
            double* value) {
  int ipar[2] = {(int)par[0], (int)par[1]};
  int err = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  c_sysfnc("DX", ipar, 2, &value[0], &err);
  if (*nvalue > 1) c_sysfnc("VX", ipar, 2, &value[1], &err);
}

/* MOTSUB: f(t) = par[0] sin(par[1] t) and its time derivatives by iord (0, 1, 2). The
 * initialisation call (iflag = 1) returns a value that must not be used. */
void MOTSUB(int* id, double* time, double* par, int* npar, int* iord, int* iflag, double* value) {
  const double a = par[0], w = par[1], t = *time;
  (void)id;
  (void)npar;
  if (*iflag) {
    *value = -1.0;
    return;
  }
  if (*iord == 0) *value = a * sin(w * t);
  if (*iord == 1) *value = a * w * cos(w * t);
  if (*iord == 2) *value = -a * w * w * sin(w * t);
}

/* MOTSUB_READS_BODY: a motion that reads DX(par[0]) through c_sysfnc (refused: a motion is a
 * function of time). */
void MOTSUB_READS_BODY(int* id, double* time, double* par, int* npar, int* iord, int* iflag,
                       double* value) {
  int ipar[1] = {(int)par[0]};
  int err = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)iord;
  (void)iflag;
  c_sysfnc("DX", ipar, 1, value, &err);
}

/* YFOSUB_SPRING_LAG (tests/usersub/user_static_hold_test.cpp): the USERSUB twin of the LINEAR
 * Force_StateEqn of tests/states/static_hold_test.cpp, x' = -a x + b u1, FZ = -k u1 - x (the
 * other five outputs zero). par = (a, b, k). */
void YFOSUB_SPRING_LAG(int* id, double* time, double* par, int* npar, int* dflag, int* iflag,
                       int* nstate, double* states, int* ninput, double* input, int* noutpt,
                       double* stated, double* output) {
  int k;
  (void)id;
  (void)time;
  (void)npar;
  (void)dflag;
  (void)iflag;
  (void)nstate;
  (void)ninput;
  (void)noutpt;
  stated[0] = -par[0] * states[0] + par[1] * input[0];
  for (k = 0; k < 6; ++k) output[k] = 0.0;
  output[2] = -par[2] * input[0] - states[0];
}

/* COUSUB couplers. COUSUB_LINEAR: Phi = par[0] disp[0] + par[1] disp[1]; COUXX_LINEAR and
 * COUXX2_LINEAR its first and second partials. */
void COUSUB_LINEAR(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                   int* iflag, double* phi) {
  (void)id;
  (void)time;
  (void)npar;
  (void)ndisp;
  (void)iflag;
  *phi = par[0] * disp[0] + par[1] * disp[1];
}

void COUXX_LINEAR(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                  int* iflag, double* dfda) {
  (void)id;
  (void)time;
  (void)npar;
  (void)disp;
  (void)ndisp;
  (void)iflag;
  dfda[0] = par[0];
  dfda[1] = par[1];
}

void COUXX2_LINEAR(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                   int* iflag, double* d2fda2) {
  (void)id;
  (void)time;
  (void)par;
  (void)npar;
  (void)disp;
  (void)iflag;
  for (int k = 0; k < *ndisp; ++k) d2fda2[k] = 0.0;
}

/* COUSUB_SINE: Phi = disp[1] - par[0] sin(disp[0]), no partials (mbsolve differences it). */
void COUSUB_SINE(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                 int* iflag, double* phi) {
  (void)id;
  (void)time;
  (void)npar;
  (void)ndisp;
  (void)iflag;
  *phi = disp[1] - par[0] * sin(disp[0]);
}

/* COUSUB_TIME: Phi = disp[1] - par[0] time (refused: a coupler's Phi may not depend on time). */
void COUSUB_TIME(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                 int* iflag, double* phi) {
  (void)id;
  (void)npar;
  (void)ndisp;
  (void)iflag;
  *phi = disp[1] - par[0] * *time;
}

/* COUSUB_READS_BODY: a coupler that reads DX(par[0]) through c_sysfnc (refused: Phi depends on
 * the joint coordinates only). */
void COUSUB_READS_BODY(int* id, double* time, double* par, int* npar, double* disp, int* ndisp,
                       int* iflag, double* phi) {
  int ipar[1] = {(int)par[0]};
  int err = 0;
  (void)id;
  (void)time;
  (void)npar;
  (void)disp;
  (void)ndisp;
  (void)iflag;
  c_sysfnc("DX", ipar, 1, phi, &err);
}

/* c_sysfnc(name) of one marker: DZ, VZ, ... */
static double marker_function(const char* name, double marker) {
  int ipar[1] = {(int)marker};
  int err = 0;
  double value = 0.0;
  c_sysfnc(name, ipar, 1, &value, &err);
  return value;
}

/* SENSUB: result[0] = DZ(par[0]), the height of marker par[0] (the sensed function). */
void SENSUB(int* id, double* time, double* par, int* npar, int* iflag, double* result) {
  (void)id;
  (void)time;
  (void)npar;
  (void)iflag;
  result[0] = marker_function("DZ", par[0]);
}

/* SENSUB_INIT: DZ(par[0]) - h, where h = par[1] is taken in the initialisation call (iflag = 1)
 * only: a routine that is never called with iflag = 1 senses DZ(par[0]) + 1e6 (no crossing). */
static double sensub_init_height = -1e6;
void SENSUB_INIT(int* id, double* time, double* par, int* npar, int* iflag, double* result) {
  (void)id;
  (void)time;
  (void)npar;
  if (*iflag == 1) sensub_init_height = par[1];
  result[0] = marker_function("DZ", par[0]) - sensub_init_height;
}

/* SEVSUB: result[0] = par[1] VZ(par[0]), the scaled vertical velocity of marker par[0] (the value
 * stored at the event). */
void SEVSUB(int* id, double* time, double* par, int* npar, int* iflag, double* result) {
  (void)id;
  (void)time;
  (void)npar;
  (void)iflag;
  result[0] = par[1] * marker_function("VZ", par[0]);
}
