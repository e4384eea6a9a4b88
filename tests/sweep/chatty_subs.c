/* A user subroutine that prints to stdout, as user code does (built as a MODULE by
 * tests/sweep/CMakeLists.txt for mbsweep_hardening_e2e.sh). In a worker, stdout is the channel
 * of the worker's replies: this routine prints a line that looks like a reply, then text
 * without a line end, at the start of every case, and flushes it (so it reaches the worker's
 * pipe while the case runs, before the worker's own reply).
 * SFOSUB: spring-damper along the line of sight, par = (I, J, k, c, l0):
 * F = -k (DM(I,J) - l0) - c VR(I,J). */
#include <mbsolve/usersub.h>
#include <stdio.h>

void SFOSUB(int* id, double* time, double* par, int* npar, int* dflag, int* iflag, double* result) {
  int ipar[3] = {(int)par[0], (int)par[1], 0};
  int err = 0;
  double dm = 0, vr = 0;
  (void)id;
  (void)npar;
  if (*time == 0.0 && !*dflag && !*iflag) {
    printf("done\tnot-a-reply\t0\nchatty user routine says hello without a line end ");
    fflush(stdout); /* as user code that logs does: the text reaches the pipe mid-case */
  }
  c_sysfnc("DM", ipar, 2, &dm, &err);
  c_sysfnc("VR", ipar, 2, &vr, &err);
  result[0] = -par[2] * (dm - par[4]) - par[3] * vr;
}
