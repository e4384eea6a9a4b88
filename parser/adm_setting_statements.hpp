#pragma once
// The Adams statements EQUILIBRIUM, KINEMATICS, PREFERENCES, DEBUG, LIST, NOLIST, OUTPUT and
// RESULTS: their arguments and how each becomes a Deck node (the solver-setting statements; the
// mapping is the table at the top of parser/adm_reader.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

/// One row per statement, sorted by name.
std::span<const StatementRow> setting_statements();

}  // namespace mb::adm
