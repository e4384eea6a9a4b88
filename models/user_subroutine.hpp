#pragma once
// Reading an element's user subroutine (usersub/user_subroutine.hpp): an element with
// `usrsub_dll_name="X"` is evaluated by an entry point of a shared library the user built
// against include/mbsolve/usersub.h, one with `script_name="x.py" interpreter="PYTHON"` by a
// function of a Python script (usersub/python_script.hpp). This file finds and loads the
// library or the script, looks up the routine (exact names: SFOSUB, GFOSUB, ..., or
// `usrsub_fnc_name`) and parses `usrsub_param_string` ("USER(p1, p2, ...)") into the PAR array.
//
// Libraries are found and opened by common/user_library.hpp; the callbacks they call (c_sysfnc,
// ...) resolve against the mbsolve executable, which exports them (usersub/user_call.cpp).
// A script is found the same way (the name as given, next to the deck, then in
// MBSOLVE_USERSUB_PATH); other interpreters (MATLAB, ...) are a deck error.

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/user_library.hpp"
#include "usersub/user_subroutine.hpp"

namespace mb {

class ElementReader;

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
