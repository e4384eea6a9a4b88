#pragma once
// CSV fields as the sweep files use them (design CSV, cases.csv, summary.csv): comma-separated,
// a field that holds a comma, a quote or surrounding blanks is quoted with '"' and inner quotes
// doubled (RFC 4180). Newlines never appear inside a field: they are folded to blanks.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mb::sweep {

/// The field as written into a CSV line.
std::string csv_field(std::string_view value);

/// The fields joined with commas, without a line end.
std::string csv_line(const std::vector<std::string>& fields);

/// Splits one line into fields (unquoting them; unquoted fields are trimmed). Returns nothing
/// for an unterminated quote.
std::optional<std::vector<std::string>> split_csv_line(std::string_view line);

}  // namespace mb::sweep
