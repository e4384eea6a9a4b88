#include "sweep/design.hpp"

#include <fmt/format.h>

#include <random>
#include <set>

#include "common/error.hpp"

namespace mb::sweep {

Design full_factorial(const std::vector<Parameter>& params) {
  Design d;
  // The size first: the product of the counts, without overflow (a long double holds it).
  long double cases = 1;
  std::string factors;
  for (const auto& p : params) {
    if (p.kind != Parameter::Kind::kList && p.count == 0) {
      throw Error(ExitCode::kUsage, "-p " + p.name +
                                        ": a range needs a count (lin:LO:HI:N or log:LO:HI:N) "
                                        "unless --lhs is given");
    }
    const std::size_t n =
        p.kind == Parameter::Kind::kList ? p.values.size() : static_cast<std::size_t>(p.count);
    cases *= static_cast<long double>(n);
    factors += (factors.empty() ? "" : " x ") + std::to_string(n);
  }
  if (cases > static_cast<long double>(kMaxCases)) {
    throw Error(ExitCode::kUsage,
                fmt::format("the full factorial has {:.0f} cases ({}); a sweep has at most {} "
                            "cases: use fewer levels, or --lhs N for a sample of the ranges",
                            cases, factors, kMaxCases));
  }
  std::vector<std::vector<std::string>> levels;
  for (const auto& p : params) {
    d.names.push_back(p.name);
    levels.push_back(p.levels());
  }
  if (params.empty()) return d;
  std::vector<std::size_t> at(params.size(), 0);
  while (true) {
    std::vector<std::string> row;
    for (std::size_t k = 0; k < params.size(); ++k) row.push_back(levels[k][at[k]]);
    d.rows.push_back(std::move(row));
    // Odometer: the last parameter turns fastest.
    std::size_t k = params.size();
    while (k > 0) {
      --k;
      if (++at[k] < levels[k].size()) break;
      at[k] = 0;
      if (k == 0) return d;
    }
  }
}

Design latin_hypercube(const std::vector<Parameter>& params, int samples, std::uint64_t seed) {
  if (samples < 1) throw Error(ExitCode::kUsage, "--lhs: the number of samples must be >= 1");
  if (static_cast<std::size_t>(samples) > kMaxCases) {
    throw Error(ExitCode::kUsage,
                fmt::format("--lhs {}: a sweep has at most {} cases", samples, kMaxCases));
  }
  Design d;
  std::mt19937_64 rng(seed);
  const auto uniform01 = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  const auto n = static_cast<std::size_t>(samples);
  d.rows.assign(n, {});
  for (const auto& p : params) {
    if (p.kind == Parameter::Kind::kList) {
      throw Error(ExitCode::kUsage,
                  "--lhs: parameter " + p.name + " needs a range lin:LO:HI or log:LO:HI");
    }
    if (p.count != 0) {
      throw Error(ExitCode::kUsage, "--lhs: parameter " + p.name +
                                        ": the number of samples comes from --lhs; write the "
                                        "range without ':N'");
    }
    d.names.push_back(p.name);
    // Fisher-Yates with our own index draw, so that the design is the same on every platform.
    std::vector<std::size_t> stratum(n);
    for (std::size_t i = 0; i < n; ++i) stratum[i] = i;
    for (std::size_t i = n; i > 1; --i) std::swap(stratum[i - 1], stratum[rng() % i]);
    for (std::size_t i = 0; i < n; ++i) {
      const double u = (static_cast<double>(stratum[i]) + uniform01()) / static_cast<double>(n);
      d.rows[i].push_back(p.value_at(u));
    }
  }
  return d;
}

std::string case_id(std::size_t index, std::size_t total) {
  const std::size_t width = std::max<std::size_t>(4, std::to_string(total).size());
  return fmt::format("c{:0{}}", index + 1, width);
}

void validate_design(const Design& d) {
  std::set<std::string> seen;
  for (const auto& n : d.names) {
    if (!seen.insert(n).second) {
      throw Error(ExitCode::kUsage, "parameter " + n + " is given twice");
    }
    if (n.find_first_of("=\t\n ,") != std::string::npos || n.empty()) {
      throw Error(ExitCode::kUsage, "'" + n + "' is not a valid parameter name");
    }
  }
  for (std::size_t i = 0; i < d.rows.size(); ++i) {
    for (const auto& v : d.rows[i]) {
      if (v.find_first_of("\t\n\r") != std::string::npos) {
        throw Error(ExitCode::kUsage,
                    "case " + case_id(i, d.rows.size()) + ": a value holds a tab or a line break");
      }
    }
  }
}

}  // namespace mb::sweep
