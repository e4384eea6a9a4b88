#include "models/param_unit.hpp"

#include <array>

#include "common/text.hpp"

namespace mb {

namespace {

struct UnitRow {
  std::string_view kind, name;
  double si;
};

// Exact or standard conversion factors to SI (kg, m, N, s).
constexpr std::array<UnitRow, 47> kUnits = {{
    {"force", "centinewton", 1e-2},
    {"force", "dyne", 1e-5},
    {"force", "kilogram_force", 9.80665},
    {"force", "knewton", 1e3},
    {"force", "kpound_force", 4448.2216152605},
    {"force", "meganewton", 1e6},
    {"force", "micronewton", 1e-6},
    {"force", "millinewton", 1e-3},
    {"force", "nanonewton", 1e-9},
    {"force", "newton", 1.0},
    {"force", "ounce_force", 0.27801385095378125},
    {"force", "pound_force", 4.4482216152605},
    {"force", "poundal", 0.138254954376},
    {"length", "angstrom", 1e-10},
    {"length", "centimeter", 1e-2},
    {"length", "foot", 0.3048},
    {"length", "inch", 0.0254},
    {"length", "kilometer", 1e3},
    {"length", "meter", 1.0},
    {"length", "micrometer", 1e-6},
    {"length", "microinch", 2.54e-8},
    {"length", "mile", 1609.344},
    {"length", "milliinch", 2.54e-5},
    {"length", "millimeter", 1e-3},
    {"length", "mils", 2.54e-5},
    {"length", "nanometer", 1e-9},
    {"length", "yard", 0.9144},
    {"mass", "gram", 1e-3},
    {"mass", "kilogram", 1.0},
    {"mass", "kpound_mass", 453.59237},
    {"mass", "megagram", 1e3},
    {"mass", "microgram", 1e-9},
    {"mass", "milligram", 1e-6},
    {"mass", "nanogram", 1e-12},
    {"mass", "ounce_mass", 0.028349523125},
    {"mass", "pound_mass", 0.45359237},
    {"mass", "slinch", 175.12683524647636},
    {"mass", "slug", 14.593902937206364},
    {"mass", "tonne", 1e3},
    {"mass", "us_ton", 907.18474},
    {"time", "day", 86400.0},
    {"time", "hour", 3600.0},
    {"time", "microsecond", 1e-6},
    {"time", "millisecond", 1e-3},
    {"time", "minute", 60.0},
    {"time", "nanosecond", 1e-9},
    {"time", "second", 1.0},
}};

std::vector<std::string_view> names_of(std::string_view kind) {
  std::vector<std::string_view> out;
  for (const auto& u : kUnits) {
    if (u.kind == kind) out.push_back(u.name);
  }
  return out;
}

}  // namespace

double unit_in_si(std::string_view kind, std::string_view lower_name) {
  for (const auto& u : kUnits) {
    if (u.kind == kind && u.name == lower_name) return u.si;
  }
  return 0.0;
}

void build_param_unit(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  if (draft.has_units) in.warning_here("a second Param_Unit replaces the first");
  draft.has_units = true;
  Units u;
  const bool named =
      in.has("force_unit") || in.has("mass_unit") || in.has("length_unit") || in.has("time_unit");
  if (in.has("mass_mult_factor")) {
    if (named) {
      in.error("mass_mult_factor", "give either mass_mult_factor or named units, not both");
    }
    if (auto f = in.real("mass_mult_factor")) {
      if (*f <= 0) in.error("mass_mult_factor", "mass_mult_factor must be > 0");
      u.mass_factor = *f;
      u.force = u.mass = u.length = u.time = "";
    }
    draft.units = u;
    return;
  }
  double si[4] = {1, 1, 1, 1};
  const std::string_view kinds[4] = {"force", "mass", "length", "time"};
  std::string* fields[4] = {&u.force, &u.mass, &u.length, &u.time};
  for (int k = 0; k < 4; ++k) {
    const std::string attr = std::string(kinds[k]) + "_unit";
    if (!in.has(attr)) continue;
    auto allowed = names_of(kinds[k]);
    if (auto v = in.keyword(attr, allowed)) {
      *fields[k] = to_lower(*v);
      si[k] = unit_in_si(kinds[k], *fields[k]);
    }
  }
  const double ucf = si[0] / (si[1] * si[2] / (si[3] * si[3]));
  u.mass_factor = 1.0 / ucf;
  draft.units = u;
}

}  // namespace mb
