#include "results/curve_table.hpp"

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb::results {

std::optional<std::size_t> CurveTable::find(std::string_view name) const {
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (iequals(names[c], name)) return c;
  }
  return std::nullopt;
}

void CurveTable::add_channel(std::string name, std::vector<double> values, std::string unit) {
  MB_ASSERT(values.size() == time.size());
  names.push_back(std::move(name));
  units.push_back(std::move(unit));
  columns.push_back(std::move(values));
}

}  // namespace mb::results
