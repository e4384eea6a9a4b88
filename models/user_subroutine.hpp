#pragma once
// User subroutines (MotionSolve / Adams style): an element with `usrsub_dll_name="X"` is
// evaluated by an entry point of a shared library the user built against
// include/mbsolve/usersub.h, one with `script_name="x.py" interpreter="PYTHON"` by a function of
// a Python script (models/python_script.hpp). This file finds and loads the library or the
// script, looks up the routine (exact names: SFOSUB, GFOSUB, ..., or `usrsub_fnc_name`) and
// parses `usrsub_param_string` ("USER(p1, p2, ...)") into the PAR array. UserSubroutine::call is
// the one call path for both kinds; the solver makes it inside a UserCall
// (solver/user_calls.hpp), which binds the solver callbacks.
//
// Libraries are found and opened by common/user_library.hpp; the solver callbacks (c_sysfnc,
// ...) resolve against the mbsolve executable, which exports them.
// A script is found the same way (the name as given, next to the deck, then in
// MBSOLVE_USERSUB_PATH); other interpreters (MATLAB, ...) are a deck error.

#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/user_library.hpp"

namespace mb {

class ElementReader;
class PythonFunction;

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

/// Parses "USER(p1, p2, ...)" (case-insensitive, blanks allowed, "USER()" is empty).
/// Returns nothing and sets `error` when the text is not of that form.
std::optional<std::vector<double>> parse_user_parameters(std::string_view text, std::string& error);

/// Reads the user-subroutine attributes of an element (usrsub_dll_name or script_name with
/// interpreter="PYTHON", usrsub_fnc_name, usrsub_param_string) and loads the routine
/// `default_routine` (renamed by usrsub_fnc_name). `extra_routines` are looked up by
/// exact name (renamed by `extra_attrs[k]` when given) and may be missing. Every problem is a
/// deck error at the attribute. Returns nothing when the element has no user-subroutine
/// attributes or after an error (`failed` tells which).
std::optional<UserSubroutine> read_user_subroutine(
    ElementReader& in, std::string_view default_routine, bool& failed,
    std::initializer_list<std::string_view> extra_routines = {},
    std::initializer_list<std::string_view> extra_attrs = {});

/// True when the element names a user subroutine or a script.
bool has_user_subroutine(ElementReader& in);

}  // namespace mb
