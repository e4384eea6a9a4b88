#pragma once
// The Adams statements VARIABLE, ARRAY, SPLINE, STRING, CURVE, DIFF, REQUEST, PINPUT, POUTPUT and
// ACCGRAV: their arguments and how each becomes a Deck node (the data, state, output and gravity
// statements; the mapping is the table at the top of parser/adm_reader.cpp).

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

/// One row per statement, sorted by name.
std::span<const StatementRow> data_statements();

}  // namespace mb::adm
