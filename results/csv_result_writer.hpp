#pragma once
// Writes the result CSV of the contract (docs/architecture.md section 4): exactly
// kCsvPreambleLines `#` comment lines (version, deck, date, units, column units), one header
// row, then one row per output time with 17 significant digits. The fixed preamble length is
// what numpy.genfromtxt(skip_header=5) relies on (README.md, CSV). The file appears under its
// final name only when finish() is called; rows written before a failure are kept by calling
// finish() on the failure path too.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "results/atomic_file.hpp"

namespace mb {

/// The number of `#` lines before the header row: the comments given, then the column units.
inline constexpr size_t kCsvPreambleLines = 5;

struct ResultColumn {
  std::string name;  ///< e.g. "body2.x"
  std::string unit;  ///< e.g. "meter"
};

/// The column units of a `# column units: u1,u2,..` preamble line (the leading '#' optional),
/// one entry per column, time's first (empty entries kept); nothing when it is not that line.
std::optional<std::vector<std::string>> parse_column_units(std::string_view line);

class CsvResultWriter {
 public:
  /// `comments`: kCsvPreambleLines - 1 lines (a line break inside one becomes a blank).
  CsvResultWriter(const std::string& path, const std::vector<std::string>& comments,
                  std::vector<ResultColumn> columns);
  void write_row(std::span<const double> values);
  void finish();
  size_t rows() const { return rows_; }

 private:
  AtomicFile file_;
  std::vector<ResultColumn> columns_;
  size_t rows_ = 0;
};

}  // namespace mb
