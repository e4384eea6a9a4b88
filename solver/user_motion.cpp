// MOTSUB motions: the JointKernel member that calls a Motion_Joint's or Motion_Marker's user
// subroutine (include/mbsolve/usersub.h, or a Python script's MOTSUB). A motion is a function of
// time: the routine may call c_timget, c_errmes and the like, but reading a body or a reaction
// through c_sysfnc is an error (the kernel declares no body and no block readable).

#include <span>

#include "solver/joint_kernel.hpp"
#include "solver/user_context.hpp"
#include "usersub/user_call.hpp"

namespace mb {

double JointKernel::call_motsub(int iord, double t, int iflag, const System& sys,
                                AngleHistory& angles, std::vector<double>& par) const {
  double value = 0.0;
  UserArgs args = user_args(user_id, t, par);
  args.iord = iord;
  args.iflag = iflag;
  args.result = std::span<double>(&value, 1);
  const SystemUserContext context(sys, angles);
  const UserCallState state = time_only_state(context, t, no_bodies, no_blocks);
  UserCall call(*user_drive, state);
  call.run(args);
  return value;
}

}  // namespace mb
