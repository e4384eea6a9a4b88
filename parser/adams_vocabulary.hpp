#pragma once
// The words Adams/Solver has (its dataset statements, command-file commands and the argument
// keywords they take), so that a word mbsolve does not read is reported as "not supported" when
// Adams has it and as "unknown" only when it does not, and a "did you mean" is offered only for
// a misspelling of the same word, never for a keyword of another meaning.

#include <string_view>

namespace mb::adm {

/// True if `upper_name` is an Adams/Solver dataset statement (PART, CONTACT, FE_PART, ...).
bool is_adams_statement(std::string_view upper_name);

/// True if `upper_name` is an Adams/Solver command (SIMULATE, SENSOR, CONTROL, ...).
bool is_adams_command(std::string_view upper_name);

/// True if `upper_name` is an argument keyword of some Adams/Solver statement or command
/// (FORMULATION, CNAMES, ROUTINE, ...).
bool is_adams_argument(std::string_view upper_name);

/// True if `candidate` is a plausible correction of the misspelt `word`: the same word with a
/// typo (one edit, both at least 4 letters) or with a different ending (one is a prefix of the
/// other and the shorter has at least 6 letters: TRANSLATIONAL -> TRANSLATION). Short keywords
/// that merely look alike (XD -> X, ICD -> IC, ND -> NS) are other words, not misspellings.
bool is_misspelling_of(std::string_view word, std::string_view candidate);

}  // namespace mb::adm
