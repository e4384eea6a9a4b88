/* LuGre friction in a revolute joint, as mbsolve user subroutines (see README.md here).
 *
 * ARYSUB fills the input array u of the Force_StateEqn:
 *   u[0]    = WZ(I, J, J), the joint's relative angular velocity about its axis,
 *   u[1..3] = the joint's reaction force on I, resolved in J's axes (JOINT comp 2..4),
 *   u[4..6] = the joint's reaction torque on I, resolved in J's axes (JOINT comp 6..8).
 * par = (1001, joint id). The joint's markers are read with c_modfnc.
 *
 * YFOSUB is the LuGre state equation with two bristle states, one for the pin's radial contact
 * (arm Rp) and one for the axial face (arm Rf). For a slip velocity v and bristle state z:
 *   g(v)  = (mu_d + (mu_s - mu_d) exp(-(v / v_s)^2)) / sigma0      (Stribeck curve)
 *   z'    = v - |v| z / g(v)
 *   f     = sigma0 z + sigma1 z' + sigma2 v                          (friction per unit load)
 * with v = w Rp (radial) and v = w Rf (axial). The loads are the radial reaction
 * Fr = |(Fx, Fy)| plus the bending load (Tx + Ty) / Rb plus a preload for the pin, and the axial
 * reaction Fz for the face. The friction torque about the joint axis opposes the slip:
 *   T = -[(Fr + Fb + preload) Rp f_r + |Fz| Rf f_a]
 * and is the only nonzero output (y[5] = TZ in the ref marker's axes).
 * par = (1001, sigma0, sigma1, sigma2, v_s, Rb, Rp, Rf, mu_s, mu_d, preload). */

#include <math.h>
#include <mbsolve/usersub.h>
#include <stdlib.h>

enum { kLuGreRevolute = 1001 };

void ARYSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nvalue,
            double* value) {
  char text[80];
  int err = 0, k;
  int joint, i_marker, j_marker;
  int ipar[4];
  static const int kComponents[6] = {2, 3, 4, 6, 7, 8};
  (void)time;
  (void)dflag;
  (void)iflag;
  if (*npar < 2 || (int)par[0] != kLuGreRevolute || *nvalue != 7) {
    int flag = 1, end = 1;
    c_errmes(&flag, "ARYSUB expects USER(1001, joint id) and an array of 7 values", id, &end);
    return;
  }
  joint = (int)par[1];
  c_modfnc("Constraint_Joint", joint, "i_marker_id", text, &err);
  i_marker = atoi(text);
  c_modfnc("Constraint_Joint", joint, "j_marker_id", text, &err);
  j_marker = atoi(text);

  ipar[0] = i_marker;
  ipar[1] = j_marker;
  ipar[2] = j_marker;
  c_sysfnc("WZ", ipar, 3, &value[0], &err);

  ipar[0] = joint;
  ipar[1] = 0; /* the reaction on the I marker */
  ipar[3] = j_marker;
  for (k = 0; k < 6; ++k) {
    ipar[2] = kComponents[k];
    c_sysfnc("JOINT", ipar, 4, &value[1 + k], &err);
  }
}

/* One LuGre contact: bristle state z, slip velocity v; returns f and sets *zdot. */
static double lugre(const double* p, double z, double v, double* zdot) {
  const double sigma0 = p[1], sigma1 = p[2], sigma2 = p[3], v_s = p[4];
  const double mu_s = p[8], mu_d = p[9];
  const double g = (mu_d + (mu_s - mu_d) * exp(-(v / v_s) * (v / v_s))) / sigma0;
  *zdot = v - fabs(v) * z / g;
  return sigma0 * z + sigma1 * (*zdot) + sigma2 * v;
}

void YFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nstate,
            double* states, int* ninput, double* input, int* noutpt, double* stated,
            double* output) {
  double w, Fr, Fb, Fa, f_r, f_a;
  double Rb, Rp, Rf, preload;
  int k;
  (void)time;
  (void)dflag;
  (void)iflag;
  if (*npar < 11 || (int)par[0] != kLuGreRevolute || *nstate != 2 || *ninput != 7 || *noutpt != 6) {
    int flag = 1, end = 1;
    c_errmes(&flag, "YFOSUB expects USER(1001, 10 LuGre parameters), 2 states, 7 inputs, 6 outputs",
             id, &end);
    return;
  }
  Rb = par[5];
  Rp = par[6];
  Rf = par[7];
  preload = par[10];
  w = input[0];
  Fr = sqrt(input[1] * input[1] + input[2] * input[2]);
  Fa = fabs(input[3]);
  Fb = (input[4] + input[5]) / Rb;

  f_r = lugre(par, states[0], w * Rp, &stated[0]);
  f_a = lugre(par, states[1], w * Rf, &stated[1]);

  for (k = 0; k < 6; ++k) output[k] = 0.0;
  output[5] = -((Fr + Fb + preload) * Rp * f_r + Fa * Rf * f_a);
}
