#pragma once
// A design: the parameter names and one row of values (as text, passed to --set) per case.
// Case i (0-based) has the id `case_id(i, rows)`: c0001, c0002, ... (wider when needed).

#include <cstdint>
#include <string>
#include <vector>

#include "sweep/parameter.hpp"

namespace mb::sweep {

struct Design {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> rows;  ///< rows[i][k]: value of names[k] in case i
};

/// Every combination of the parameters' levels; the first parameter varies slowest.
/// Throws Error(kUsage) for a range without a count.
Design full_factorial(const std::vector<Parameter>& params);

/// A Latin hypercube of `samples` cases: each range parameter is cut into `samples` equal strata
/// (in log10 for log ranges) and every stratum gets exactly one case, at a random point inside
/// it. Deterministic for a given seed on every platform (mt19937_64, own shuffling). Lists and
/// ranges with a count are rejected (Error kUsage).
Design latin_hypercube(const std::vector<Parameter>& params, int samples, std::uint64_t seed);

/// The id of case `index` (0-based) among `total`: "c" + 1-based number, at least 4 digits.
std::string case_id(std::size_t index, std::size_t total);

/// Checks the names (unique, valid --set names) and values (no tab or newline: they travel in
/// tab-separated lines). Throws Error(kUsage).
void validate_design(const Design& d);

}  // namespace mb::sweep
