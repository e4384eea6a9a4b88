#pragma once
// A swept parameter from the command line: `-p NAME=SPEC`, NAME being a --set name (an element
// path such as Body_Rigid[2].mass or a ${placeholder} name) and SPEC one of
//   a,b,c            a list of values (any text without commas, e.g. DSTIFF,GSTIFF)
//   lin:LO:HI:N      N values evenly spaced from LO to HI (both included)
//   log:LO:HI:N      N values evenly spaced in log10 from LO to HI (LO, HI > 0)
//   lin:LO:HI        a range without a count: only for --lhs, which draws the samples
//   log:LO:HI
// Malformed specs throw mb::Error(kUsage) with a message that names the spec.

#include <string>
#include <string_view>
#include <vector>

namespace mb::sweep {

struct Parameter {
  enum class Kind { kList, kLinear, kLog };
  std::string name;
  Kind kind = Kind::kList;
  std::vector<std::string> values;  ///< kList only
  double lo = 0, hi = 0;            ///< ranges only
  int count = 0;                    ///< ranges: number of levels; 0 = none given (--lhs)

  /// The levels a full factorial design uses (a list's values, or the range's N values).
  std::vector<std::string> levels() const;
  /// The value at u in [0, 1] of a range (linear or logarithmic), formatted.
  std::string value_at(double u) const;
};

Parameter parse_parameter(std::string_view spec);

/// A generated number as text: 12 significant digits, shortest form (0.1, 250, 1e-06).
std::string format_number(double v);

}  // namespace mb::sweep
