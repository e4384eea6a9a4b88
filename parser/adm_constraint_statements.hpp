#pragma once
// The Adams statements JOINT, JPRIM, GCON, COUPLER, GEAR, MOTION, PTCV, CVCV and FRICTION: their
// arguments and how each becomes a Deck node (the constraint statements; the mapping is the table
// at the top of parser/adm_reader.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

/// One row per statement, sorted by name.
std::span<const StatementRow> constraint_statements();

}  // namespace mb::adm
