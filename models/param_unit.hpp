#pragma once
// Param_Unit: the deck's unit system. Either mass_mult_factor (F = factor * m * a) or the named
// force_unit, mass_unit, length_unit, time_unit (default Newton, Kilogram, Meter, Second). The
// solver works in deck units; the inertia factor is 1 / ucf with
// ucf = (force unit in N) / ((mass unit in kg) (length unit in m) / (time unit in s)^2).

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_param_unit(ElementReader& in, ModelDraft& draft, bool in_command);

/// SI value of one named unit (lower-case name) of the given kind, or 0 if unknown.
double unit_in_si(std::string_view kind, std::string_view lower_name);
}  // namespace mb
