#pragma once
// Calling user subroutines (usersub/user_subroutine.hpp) and the callbacks they call back
// (include/mbsolve/usersub.h: c_sysfnc, c_sysary, c_modfnc, c_errmes, c_rcnvrt, c_timget,
// c_gtstrg), defined in user_call.cpp and exported by the executable.
//
// Every user call runs inside a UserCall: it binds the callbacks to the current evaluation (the
// system as a UserContext, the time and a state vector in the system's layout) through a
// thread-local pointer (the C callbacks take no context argument), so parallel runs (mbsweep)
// do not share it. A dependency call (iflag = 1, before the analysis)
// additionally records which bodies and which constraint multipliers the routine reads; the
// element then reads exactly those (its kernel inputs and Jacobian pattern). A later read of
// anything else is an error, as are a routine's c_errmes(..., endflg != 0), a failed callback,
// a NaN output and a Python exception: each stops the analysis (exit 1) naming the element and
// the library or script. Nothing here allocates on the success path (a Python script allocates
// its own objects).

#include <span>
#include <string>
#include <vector>

#include "usersub/user_context.hpp"
#include "usersub/user_subroutine.hpp"

namespace mb {

/// What a routine read during its dependency call (model body and constraint block indices).
struct UserDependencies {
  std::vector<int> bodies;
  std::vector<int> blocks;
  std::vector<int> states;  ///< state-block entries read by DIF (2 s) and DIF1 (2 s + 1)
};

/// The evaluation a user call sees through the callbacks.
struct UserCallState {
  const UserContext* context = nullptr;  ///< the system the routine reads
  double t = 0.0;
  const double* y = nullptr;           ///< state in the system's layout
  const double* yp = nullptr;          ///< its time derivative (nullptr: DIF1 is unavailable)
  UserDependencies* record = nullptr;  ///< set for the dependency call
  const char* known_bodies = nullptr;  ///< per model body: readable (nullptr = all)
  const char* known_blocks = nullptr;  ///< per constraint block: readable (nullptr = all)
  const char* known_states =
      nullptr;             ///< per DIF/DIF1 entry (2 s + deriv): readable (nullptr = all)
  bool time_only = false;  ///< a MOTSUB: reading any body or reaction is refused as such
};

/// The evaluation of a routine that depends on time and its own arguments only (MOTSUB,
/// COUSUB): no body and no block readable (`no_bodies`, `no_blocks`: all-zero flags, one per
/// body and per constraint block), reads refused as such.
inline UserCallState time_only_state(const UserContext& context, double t,
                                     const std::vector<char>& no_bodies,
                                     const std::vector<char>& no_blocks) {
  UserCallState state;
  state.context = &context;
  state.t = t;
  state.known_bodies = no_bodies.data();
  state.known_blocks = no_blocks.data();
  state.time_only = true;
  return state;
}

/// Binds the callbacks to `state` for the lifetime of the object (nests: restores the previous
/// binding on destruction).
class UserCall {
 public:
  UserCall(const UserSubroutine& sub, const UserCallState& state);
  ~UserCall();
  UserCall(const UserCall&) = delete;
  UserCall& operator=(const UserCall&) = delete;

  /// Calls the routine (a library entry point or a script function: UserSubroutine::call) and
  /// checks it: throws Error(kAnalysisFailed) if a callback failed, the routine reported a
  /// fatal error, a script raised or returned the wrong type, or an output (args.result and
  /// args.output) is not finite. `check_outputs` false skips the last check (a dependency
  /// call, whose outputs are not used).
  void run(const UserArgs& args, bool check_outputs = true);
  /// The checks of run(): throws if a callback or the routine failed or an output is not
  /// finite.
  void check(std::span<const double> outputs) const;

  // Used by the callbacks.
  const UserSubroutine& sub;
  const UserCallState& state;
  std::string error;  ///< first fatal problem (set only on failure)

 private:
  UserCall* previous_;
};

/// The bound call of the current thread, or nullptr outside user calls.
UserCall* current_user_call();

/// UserArgs with id, time and the PAR array `par` (the routine's copy, possibly empty) set.
UserArgs user_args(int id, double time, std::vector<double>& par);

}  // namespace mb
