// MOTSUB motions: the JointKernel member that calls a Motion_Joint's or Motion_Marker's user
// subroutine (include/mbsolve/usersub.h). A motion is a function of time: the routine may call
// c_timget, c_errmes and the like, but reading a body or a reaction through c_sysfnc is an error
// (the kernel declares no body and no block readable).

#include <span>

#include "include/mbsolve/usersub.h"
#include "solver/joint_kernel.hpp"
#include "solver/system.hpp"
#include "solver/user_calls.hpp"

namespace mb {

double JointKernel::call_motsub(int iord, double t, int iflag) const {
  int id = user_id, npar = static_cast<int>(par.size());
  double time = t, value = 0.0;
  double* p = par.empty() ? nullptr : par.data();
  const UserCallState state = time_only_state(sys, t, no_bodies, no_blocks);
  UserCall call(*user_drive, state);
  user_drive->function<mbsolve_motsub>()(&id, &time, p, &npar, &iord, &iflag, &value);
  call.check(std::span<const double>(&value, 1));
  return value;
}

}  // namespace mb
