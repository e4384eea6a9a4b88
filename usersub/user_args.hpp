#pragma once
// The arguments of one user-subroutine call and the calling conventions they follow
// (include/mbsolve/usersub.h), shared by library routines (usersub/user_subroutine.hpp) and
// Python functions (usersub/python_script.hpp).

#include <span>

namespace mb {

/// The calling convention of a routine: the arguments after (id, time, par, npar).
enum class UserSignature {
  kForce,          ///< (dflag, iflag, result): SFOSUB, VFOSUB, VTOSUB, GFOSUB, VARSUB, DIFSUB
  kRequest,        ///< (iflag, result): REQSUB
  kArray,          ///< (dflag, iflag, nvalue, value): ARYSUB
  kMotion,         ///< (iord, iflag, value): MOTSUB
  kStateEquation,  ///< (dflag, iflag, nstate, states, ninput, input, noutpt, stated, output):
                   ///< GSESUB, YFOSUB; their partials (GSEXX.., YFOXX..) are its extras
  kCoupler,        ///< (disp, ndisp, iflag, phi): COUSUB; its partials COUXX, COUXX2 (same
                   ///< arguments, ndisp outputs) are its extras
};

/// The arguments of one routine call (include/mbsolve/usersub.h): SFOSUB, VFOSUB, VTOSUB,
/// GFOSUB, VARSUB and DIFSUB take (id, time, par, npar, dflag, iflag, result), REQSUB the same
/// without dflag, ARYSUB adds nvalue = result.size(), MOTSUB takes iord instead of dflag.
/// `result` holds the routine's outputs: 1 (SFOSUB, VARSUB, DIFSUB, MOTSUB), 3 (VFOSUB,
/// VTOSUB), 6 (GFOSUB), 8 (REQSUB), nvalue (ARYSUB), nstate state derivatives (GSESUB,
/// YFOSUB, whose outputs go to `output`), or a partial's matrix, column-major (`extra`). A
/// compiled routine writes through result.data(): the buffer behind it must hold what the
/// routine writes (6 for force routines, 8 for REQSUB).
struct UserArgs {
  int id = 0;
  double time = 0.0;
  double* par = nullptr;  ///< npar values the routine may overwrite (a per-call copy)
  int npar = 0;
  int dflag = 0;
  int iflag = 0;
  std::span<double> result;
  int iord = 0;  ///< MOTSUB: the order of the time derivative (0, 1, 2)
  // GSESUB / YFOSUB and their partials:
  std::span<double> states;  ///< x (nstate), a per-call copy the routine may overwrite; for
                             ///< COUSUB and its partials the joint coordinates disp (ndisp)
  std::span<double> inputs;  ///< u (ninput), a per-call copy the routine may overwrite
  std::span<double> output;  ///< GSESUB / YFOSUB: the outputs y (noutpt)
  int noutpt = 0;
  /// -1: the routine itself; k >= 0: its extra routine k, a partial (GSEXX, GSEXU, GSEYX,
  /// GSEYU or the YFO.. ones) writing its (nstate or noutpt) x (nstate or ninput) matrix into
  /// `result`, column-major.
  int extra = -1;
};

}  // namespace mb
