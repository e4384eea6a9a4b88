#pragma once
// FUNCTION=USER(...) and ROUTINE= of the Adams statements that call a user subroutine (SFORCE,
// GFORCE, VFORCE, VTORQUE, VARIABLE, DIFF, MOTION, REQUEST, GSE, COUPLER):
//   FUNCTION=USER(p1, ...)      -> usrsub_param_string
//   ROUTINE=library::routine    -> usrsub_dll_name, usrsub_fnc_name
// The library is looked for here, as the model will load it (common/user_library.hpp: the
// dataset's folder, then the folders of PREFERENCES/LIBPATH, then MBSOLVE_USERSUB_PATH, then the
// system library path; `lib` is also found as liblib.so and lib.so; one found with LIBPATH is
// handed to the model by its full path), so that a missing library is one error for all the
// statements that name it (with their count and the first one), before anything is built.
// Without ROUTINE (or with a routine name alone), Adams calls the routine in the user library
// Adams Solver was started with; mbsolve has no such default library: one error for all.

#include <optional>
#include <string>
#include <string_view>

#include "parser/adm_build.hpp"

namespace mb::adm {

/// True when an expression argument's value is a user call, USER(...).
bool is_user_call(std::string_view value);

/// One ROUTINE entry: "library::routine".
struct RoutineName {
  std::string library;
  std::string routine;
};

/// Splits "library::routine" (blanks around either part allowed); nothing when `entry` is not of
/// that form (no "::", or an empty part).
std::optional<RoutineName> split_routine(std::string_view entry);

/// Reports once per library that `library` (named by argument `a` of the statement) is not
/// found. True when it is (whether it loads, the model checks when it loads the routine).
bool check_user_library(NodeBuilder& b, const Arg& a, const std::string& library);

/// For a statement whose FUNCTION is USER(...): copies it to usrsub_param_string and ROUTINE
/// to usrsub_dll_name and usrsub_fnc_name (see above); `default_routine` (SFOSUB, ...) names
/// what Adams would call without ROUTINE. ROUTINE without FUNCTION=USER(...) is an error.
void user_routine(NodeBuilder& b, std::string_view default_routine);

/// FUNCTION=expr -> type EXPRESSION + `attr`; FUNCTION=USER(...) -> type USERSUB with ROUTINE
/// (user_routine above; `routine` is what Adams calls without ROUTINE). `set_type` false leaves
/// the node's type alone (statements whose type says something else).
void function_or_user(NodeBuilder& b, std::string_view attr, std::string_view routine,
                      bool set_type = true);

}  // namespace mb::adm
