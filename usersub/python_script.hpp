#pragma once
// User subroutines written in Python (`script_name="x.py" interpreter="PYTHON"`), MotionSolve's
// convention: the script defines a function named after the routine, called with plain Python
// values and returning the outputs, e.g.
//
//   def SFOSUB(id, time, par, npar, dflag, iflag):
//       [dm, errflg] = py_sysfnc("DM", [int(par[0]), int(par[1])])
//       return -par[2] * (dm - par[4])
//
// One CPython interpreter per process (Debian's libpython3, embedded), initialised on the first
// script; it is never finalised (extension modules cannot be unloaded safely), so its memory is
// reclaimed by the operating system at exit. Every script is loaded once per element, as its own
// module (module-level state is per element). The solver callbacks are builtins of the
// interpreter: py_sysfnc, py_sysary, py_modfnc, py_errmes, py_rcnvrt, py_timget, py_gtstrg
// (usersub/python_callbacks.cpp).
//
// Calls take the GIL, so scripts may be evaluated from several threads (one at a time). Python
// allocates its objects; the solver's own buffers are not reallocated by a call.

#include <memory>
#include <string>

#include "usersub/user_args.hpp"

namespace mb {

class PythonFunction;

/// A script loaded for one element, or why it could not be.
struct LoadedScript {
  std::shared_ptr<PythonFunction> function;  ///< null on failure
  /// On failure: the reason ("failed to load: ..." with the Python exception, or "defines no
  /// function 'X'"); `missing_function` tells the second case.
  std::string error;
  bool missing_function = false;
};

/// Loads the script at `path` (already resolved) as a fresh module and looks up `function`.
LoadedScript load_python_script(const std::string& path, const std::string& function);

/// Another function of the module `loaded` was found in (a routine's partials: GSEXX, ...),
/// or null when the script defines no callable of that name.
std::shared_ptr<const PythonFunction> find_python_function(const PythonFunction& loaded,
                                                           const std::string& name);

/// Calls the function with the arguments of its signature, as plain Python values (int, float,
/// lists of floats), and reads what it returns into `args`:
///
///   SFOSUB, VARSUB, DIFSUB  f(id, time, par, npar, dflag, iflag) -> a number
///   VFOSUB, VTOSUB, GFOSUB  f(id, time, par, npar, dflag, iflag) -> 3 or 6 numbers
///   REQSUB                  f(id, time, par, npar, iflag) -> 8 numbers
///   SENSUB, SEVSUB          f(id, time, par, npar, iflag) -> a number
///   ARYSUB                  f(id, time, par, npar, dflag, iflag, nvalue) -> nvalue numbers
///   MOTSUB                  f(id, time, par, npar, iord, iflag) -> a number
///   GSESUB, YFOSUB          f(id, time, par, npar, dflag, iflag, nstate, states, ninput,
///                             input, noutpt) -> [stated, output], nstate and noutpt numbers
///   GSEXX.., YFOXX..        f(id, time, par, npar, iflag, nstate, states, ninput, input,
///                             noutpt) -> the rows x cols matrix as a list of rows (M[i][j] =
///                             d row i / d column j), or one flat list of rows * cols numbers
///                             in column-major order (the C routine's layout)
///
/// "A number" may also be a one-element sequence; "n numbers" is any sequence of exactly n
/// numbers (list, tuple, ...). args.extra >= 0 calls a partial (this function is it). False
/// when it raised or returned anything else, with `error` set to the reason (a raise: a first
/// line, then the Python traceback).
bool call_python_function(const PythonFunction& f, const UserArgs& args, UserSignature signature,
                          std::string& error);

}  // namespace mb
