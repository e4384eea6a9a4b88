#pragma once
// User subroutines (MotionSolve / Adams style): an element with `usrsub_dll_name="X"` is
// evaluated by an entry point of a shared library the user built against
// include/mbsolve/usersub.h. This file finds and loads the library, looks up the entry points
// (exact C names: SFOSUB, GFOSUB, ..., or `usrsub_fnc_name`) and parses `usrsub_param_string`
// ("USER(p1, p2, ...)") into the PAR array. The solver calls the entries (solver/user_calls.hpp).
//
// Library search, first match wins: the name as given, libX.so and X.so, each relative to the
// deck's folder (an absolute name is used as is), then in each folder of MBSOLVE_USERSUB_PATH
// (colon-separated), then the system loader's own search (LD_LIBRARY_PATH, ...). Libraries are
// opened with RTLD_NOW | RTLD_LOCAL, so unresolved symbols are reported at load time; the
// solver callbacks (c_sysfnc, ...) resolve against the mbsolve executable, which exports them.

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mb {

class ElementReader;

/// One loaded entry point with its constant parameters.
struct UserSubroutine {
  std::string subject;  ///< "<Element> <id>" for messages
  std::string routine;  ///< the entry point's name, e.g. "SFOSUB"
  std::string library;  ///< the file that was loaded
  void* entry = nullptr;
  std::shared_ptr<void> handle;  ///< keeps the library loaded while the model lives
  std::vector<double> par;       ///< USER(...) parameters
  /// Optional extra entries (partial derivatives, ...); nullptr when the library lacks them.
  std::vector<void*> extras;

  template <class Fn>
  Fn function() const {
    return reinterpret_cast<Fn>(entry);
  }
  /// "SFOSUB in /path/libx.so" for messages.
  std::string describe() const { return routine + " in " + library; }
};

/// Parses "USER(p1, p2, ...)" (case-insensitive, blanks allowed, "USER()" is empty).
/// Returns nothing and sets `error` when the text is not of that form.
std::optional<std::vector<double>> parse_user_parameters(std::string_view text, std::string& error);

/// A loaded library, or the reasons it could not be loaded.
struct LoadedLibrary {
  std::shared_ptr<void> handle;
  std::string path;
  std::string error;  ///< when handle is null: every place tried and the loader's messages
};

/// Finds and opens `name` (see the search order above); `deck_dir` is the deck's folder.
LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir);

/// Reads the user-subroutine attributes of an element (usrsub_dll_name, usrsub_fnc_name,
/// usrsub_param_string; script_name/interpreter are reported as not supported) and loads the
/// entry point `default_routine` (renamed by usrsub_fnc_name). `extra_routines` are looked up by
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
