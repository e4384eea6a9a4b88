#pragma once
// A design: the parameter names and one row of values (as text, passed to --set) per case.
// Case i (0-based) has the id `case_id(i, rows)`: c0001, c0002, ... (wider when needed).
// A sweep has at most kMaxCases cases, whatever made the design (full factorial, --lhs, CSV):
// the design is held in memory and every case gets a directory.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sweep/parameter.hpp"

namespace mb::sweep {

struct Design {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> rows;  ///< rows[i][k]: value of names[k] in case i
};

inline constexpr std::size_t kMaxCases = 100000;

/// Every combination of the parameters' levels; the first parameter varies slowest.
/// Throws Error(kUsage) for a range without a count, or when the product of the counts exceeds
/// kMaxCases (the message names the product), before anything is generated.
Design full_factorial(const std::vector<Parameter>& params);

/// A Latin hypercube of `samples` cases: each range parameter is cut into `samples` equal strata
/// (in log10 for log ranges) and every stratum gets exactly one case, at a random point inside
/// it. Deterministic for a given seed on every platform (mt19937_64, own shuffling). Lists,
/// ranges with a count and more than kMaxCases samples are rejected (Error kUsage).
Design latin_hypercube(const std::vector<Parameter>& params, int samples, std::uint64_t seed);

/// The id of case `index` (0-based) among `total`: "c" + 1-based number, at least 4 digits.
std::string case_id(std::size_t index, std::size_t total);

/// Checks the names (unique, valid --set names) and values (no tab or newline: they travel in
/// tab-separated lines). Throws Error(kUsage).
void validate_design(const Design& d);

}  // namespace mb::sweep
