#pragma once
// A design CSV: one header row of parameter names (as for -p / --set), then one row of values
// per case, in case order. Lines starting with '#' and blank lines are skipped; fields follow
// sweep/csv_fields.hpp (quotes allowed). A UTF-8 byte order mark (Excel's "CSV UTF-8") is
// skipped; at most kMaxCases rows.
//
//   # stiffness and damping of the suspension
//   Force_SpringDamper[3].stiffness,Force_SpringDamper[3].damping
//   100,0.5
//   200,0.5
//
// Errors throw mb::Error(kDeckError) as `SOURCE:LINE: message` (kInputNotFound when the file is
// missing).

#include <string>
#include <string_view>

#include "sweep/design.hpp"

namespace mb::sweep {

Design parse_design_csv(std::string_view text, const std::string& source);
Design read_design_csv(const std::string& path);

}  // namespace mb::sweep
