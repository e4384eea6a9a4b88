#pragma once
// Before a sweep starts, its --set names are checked against the deck (reading the XML only,
// no model is built): every element path must name an element, every placeholder must appear
// in the deck and every ${name} in the deck must be given. Names are the same in every case, so
// the first case stands for all. A mistake is reported once instead of once per case.

#include "common/diagnostics.hpp"
#include "sweep/sweep_plan.hpp"

namespace mb::sweep {

/// Adds every problem to `diag`; throws Error(kInputNotFound) when the deck cannot be read.
void check_names_against_deck(const SweepPlan& plan, Diagnostics& diag);

}  // namespace mb::sweep
