/* LuGre (Lund-Grenoble) friction in a revolute joint, as user subroutines for
 * examples/lugre_pendulum.xml: an ARYSUB that gathers the joint's slip rate and reaction, and a
 * YFOSUB (Force_StateEqn) whose two bristle states give the friction torque.
 *
 * ARYSUB, par = (1001, joint id): U = (WZ(I, J, J), Fx, Fy, Fz, Tx, Ty, Tz), the joint's
 * relative rotation rate about J's z axis and its reaction on the I marker in J's axes
 * (c_sysfnc("JOINT", {joint, 0, comp, J})), with I and J the joint's markers (c_modfnc).
 *
 * YFOSUB, par = (1001, sigma0, sigma1, sigma2, vS, Rb, Rp, Rf, muS, muD, preload):
 *   slip rates     v_r = w Rp (pin surface), v_a = w Rf (axial face), w = U1
 *   normal loads   N_r = sqrt(Fx^2 + Fy^2) + (Tx + Ty) / Rb + preload, N_a = Fz
 *   bristles       z' = v - |v| z / g(v),  g(v) = (muD + (muS - muD) exp(-(v / vS)^2)) / sigma0
 *   coefficients   mu = sigma0 z + sigma1 z' + sigma2 v          (for z_r and z_a)
 *   torque         TZ = -(N_r Rp mu_r + N_a Rf mu_a)             (about J's z axis)
 * The torque keeps its sign from the bristle state, so it is continuous through v = 0 and holds
 * the joint in the pre-sliding (stiction) regime. The other five outputs are zero.
 * Units follow the deck (here N, mm, s: sigma0 in 1/mm, sigma1 and sigma2 in s/mm, vS in mm/s). */
#include <math.h>
#include <mbsolve/usersub.h>
#include <stdlib.h>

enum { kRevoluteFriction = 1001 };

/* z' of one bristle state at slip rate v. */
static double bristle_rate(double z, double v, double sigma0, double vS, double muS, double muD) {
  const double g = (muD + (muS - muD) * exp(-(v / vS) * (v / vS))) / sigma0;
  return v - fabs(v) * z / g;
}

void YFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nstate,
            double* states, int* ninput, double* input, int* noutpt, double* stated,
            double* output) {
  int k;
  (void)time;
  (void)dflag;
  (void)iflag;
  (void)noutpt;
  for (k = 0; k < 6; ++k) output[k] = 0.0;
  if (*npar < 11 || (int)par[0] != kRevoluteFriction || *nstate != 2 || *ninput != 7) {
    int err = 1, end = 1;
    c_errmes(&err,
             "YFOSUB expects USER(1001, sigma0, sigma1, sigma2, vS, Rb, Rp, Rf, muS, muD, "
             "preload), 2 states and 7 inputs",
             id, &end);
    return;
  }
  {
    const double sigma0 = par[1], sigma1 = par[2], sigma2 = par[3], vS = par[4];
    const double Rb = par[5], Rp = par[6], Rf = par[7], muS = par[8], muD = par[9];
    const double preload = par[10];
    const double w = input[0];
    const double Nr =
        sqrt(input[1] * input[1] + input[2] * input[2]) + (input[4] + input[5]) / Rb + preload;
    const double Na = input[3];
    const double vr = w * Rp, va = w * Rf;
    stated[0] = bristle_rate(states[0], vr, sigma0, vS, muS, muD);
    stated[1] = bristle_rate(states[1], va, sigma0, vS, muS, muD);
    {
      const double mu_r = sigma0 * states[0] + sigma1 * stated[0] + sigma2 * vr;
      const double mu_a = sigma0 * states[1] + sigma1 * stated[1] + sigma2 * va;
      output[5] = -(Nr * Rp * mu_r + Na * Rf * mu_a);
    }
  }
}

void ARYSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nvalue,
            double* value) {
  char imark[80], jmark[80];
  int ipar[4], err = 0, comp, k;
  static const int kComponents[6] = {2, 3, 4, 6, 7, 8}; /* Fx Fy Fz Tx Ty Tz */
  (void)time;
  (void)dflag;
  (void)iflag;
  if (*npar < 2 || (int)par[0] != kRevoluteFriction || *nvalue != 7) {
    int end = 1;
    err = 1;
    c_errmes(&err, "ARYSUB expects USER(1001, joint id) and a U array of 7 entries", id, &end);
    return;
  }
  {
    const int joint = (int)par[1];
    c_modfnc("Constraint_Joint", joint, "i_marker_id", imark, &err);
    c_modfnc("Constraint_Joint", joint, "j_marker_id", jmark, &err);
    ipar[0] = atoi(imark);
    ipar[1] = atoi(jmark);
    ipar[2] = ipar[1];
    c_sysfnc("WZ", ipar, 3, &value[0], &err);
    for (k = 0; k < 6; ++k) {
      comp = kComponents[k];
      ipar[0] = joint;
      ipar[1] = 0;
      ipar[2] = comp;
      ipar[3] = atoi(jmark);
      c_sysfnc("JOINT", ipar, 4, &value[1 + k], &err);
    }
  }
}
