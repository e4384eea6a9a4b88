#pragma once
// User subroutines (MotionSolve / Adams style): a routine of a shared library the user built
// against include/mbsolve/usersub.h, or a function of a Python script
// (usersub/python_script.hpp), with its PAR array. UserSubroutine::call is the one call path for
// both kinds; the solver makes it inside a UserCall (usersub/user_call.hpp), which binds the
// callbacks (c_sysfnc, ...) to the system the solver hands over as a UserContext.
//
// Reading a routine from an element's attributes (and loading it) is models/user_subroutine.hpp.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "usersub/user_args.hpp"

namespace mb {

class PythonFunction;

/// One loaded routine (a library entry point or a script function) with its parameters.
struct UserSubroutine {
  std::string subject;  ///< "<Element> <id>" for messages
  std::string routine;  ///< the entry point's name, e.g. "SFOSUB"
  std::string library;  ///< the file that was loaded (library or script)
  UserSignature signature = UserSignature::kForce;
  void* entry = nullptr;                         ///< the library entry point (null for a script)
  std::shared_ptr<void> handle;                  ///< keeps the library loaded while the model lives
  std::shared_ptr<const PythonFunction> script;  ///< the script function (null for a library)
  std::vector<double> par;                       ///< USER(...) parameters
  /// Optional extra entries (partial derivatives, ...); nullptr when the library lacks them
  /// (always for scripts).
  std::vector<void*> extras;
  /// The same for a script: its functions of those names (null when it does not define one).
  std::vector<std::shared_ptr<const PythonFunction>> extra_scripts;

  /// True when extra routine `k` exists (in the library or the script).
  bool has_extra(size_t k) const {
    return (k < extras.size() && extras[k]) || (k < extra_scripts.size() && extra_scripts[k]);
  }

  /// Calls the routine (or its extra routine args.extra, which must exist) once, with the
  /// arguments of its signature. False when a script raised or returned something other than
  /// the outputs it must; `error` then says what (with the Python traceback). Outputs are
  /// not checked for NaN here (UserCall::check does, for both kinds).
  bool call(const UserArgs& args, std::string& error) const;
  /// "SFOSUB in /path/libx.so" for messages.
  std::string describe() const { return routine + " in " + library; }
};

/// The calling convention of routine `name` (its default name, before usrsub_fnc_name).
UserSignature user_signature(std::string_view name);

/// The Python signature of `s`'s routine ("def SFOSUB(id, time, par, npar, dflag, iflag)"), for
/// messages.
std::string python_signature(const UserSubroutine& s);

}  // namespace mb
