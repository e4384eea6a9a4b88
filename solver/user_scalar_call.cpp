#include "solver/user_scalar_call.hpp"

#include "solver/user_context.hpp"
#include "usersub/user_call.hpp"

namespace mb {

double user_scalar_value(const System& sys, AngleHistory& angles, const UserSubroutine& sub, int id,
                         double t, const double* y, const double* yp, std::vector<double>& par,
                         int iflag) {
  par.assign(sub.par.begin(), sub.par.end());
  double value = 0.0;
  UserArgs args;
  args.id = id;
  args.time = t;
  args.par = par.data();
  args.npar = static_cast<int>(par.size());
  args.iflag = iflag;
  args.result = std::span<double>(&value, 1);
  const SystemUserContext context(sys, angles);
  UserCallState state;
  state.context = &context;
  state.t = t;
  state.y = y;
  state.yp = yp;
  UserCall call(sub, state);
  call.run(args);
  return value;
}

}  // namespace mb
