/* The GSESUB of the sampled-GSE tests (tests/usersub/discrete_gse_test.cpp): one continuous
 * state x1 and one discrete state xd (states = [x1, xd], stated = [x1', xd(k+1)]).
 *   par[0] = 0, a discrete integrator fed by u1:  xd(k+1) = xd(k) + par[1] * u1,
 *   par[0] = 1, a PD controller sampling u1 (position) and u2 (velocity):
 *               xd(k+1) = -par[1] * u1 - par[2] * u2.
 * Both: the lag x1' = xd - x1; outputs y1 = xd (held between samples), y2 = x1.
 *   par[0] = 2, a purely discrete integrator (no continuous state, states = [xd]):
 *               xd(k+1) = xd(k) + par[1] * u1, output y1 = xd. */

void GSESUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, int* nstate,
            double* states, int* ninput, double* input, int* noutpt, double* stated,
            double* output) {
  (void)id, (void)time, (void)npar, (void)dflag, (void)iflag, (void)nstate, (void)ninput;
  (void)noutpt;
  if (par[0] == 2.0) {
    stated[0] = states[0] + par[1] * input[0];
    output[0] = states[0];
    return;
  }
  const double x1 = states[0], xd = states[1];
  stated[0] = xd - x1;
  stated[1] = par[0] == 0.0 ? xd + par[1] * input[0] : -par[1] * input[0] - par[2] * input[1];
  output[0] = xd;
  output[1] = x1;
}
