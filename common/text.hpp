#pragma once
// Small text helpers shared by the readers: case folding, list splitting, strict number
// parsing and "did you mean" suggestions.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mb {

std::string to_lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
std::string_view trim(std::string_view s);

/// Splits a list attribute on commas and/or blanks; empty items are dropped.
std::vector<std::string> split_list(std::string_view s);

/// Parses a whole string as a finite double (leading/trailing blanks allowed, Fortran `D`
/// exponents accepted). Returns nothing for anything else, including NaN and inf.
std::optional<double> parse_real(std::string_view s);

/// Parses a whole string as an integer in [min, max].
std::optional<long long> parse_int(std::string_view s, long long min, long long max);

/// `s` with & < > " ' replaced by character references (valid in XML and HTML text and
/// attribute values).
std::string xml_escape(std::string_view s);

/// Case-insensitive Levenshtein distance.
int edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word` if it is close enough to be a likely typo, else "".
std::string closest_match(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace mb
