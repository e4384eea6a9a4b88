#pragma once
// Writes a CurveTable in our result CSV layout (docs/architecture.md section 4): '#' comment lines,
// one header row `time,<names...>`, one row per sample, 17 significant digits. The file is
// written atomically (temporary file, then rename).

#include <iosfwd>
#include <string>

#include "results/curve_table.hpp"

namespace mb::results {

/// Writes the table as CSV text; the table's comments come first as '#' lines.
void write_csv(std::ostream& os, const CurveTable& table);

/// Writes the table to `path` atomically. Throws mb::Error(kInternal) when the file cannot be
/// written.
void write_csv_file(const std::string& path, const CurveTable& table);

}  // namespace mb::results
