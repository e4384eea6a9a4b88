#pragma once
// The Adams statements SFORCE, SPRINGDAMPER, BUSHING, FIELD, BEAM, GFORCE, VFORCE and VTORQUE:
// their arguments and how each becomes a Deck node (the force statements; the mapping is the table
// at the top of parser/adm_reader.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

/// One row per statement, sorted by name.
std::span<const StatementRow> force_statements();

}  // namespace mb::adm
