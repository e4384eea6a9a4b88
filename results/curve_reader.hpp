#pragma once
// Reads curve files into a CurveTable. One reader handles all three layouts we meet:
//   * our result CSV (docs/architecture.md section 4): '#' comment lines, a header row, rows;
//   * tab-separated references (Chrono's ADAMS files): '#' lines, a header `Time X_Pos ...`;
//   * Adams tabulated ASCII: every line that starts with a number is data, every other line is
//     a comment, a title or a header.
// Fields are split on tabs, commas, semicolons or blanks. The first column is time. The header
// is the last non-data line before the first data row whose field count matches the data; its
// fields may carry a unit as `name [unit]` or `name (unit)`. Without such a header the channels
// are called col2, col3, ...
//
// Rejected with mb::Error (kInputNotFound for a missing file, kDeckError for bad content):
// rows with a different number of fields, fields that are not finite numbers (a row whose time
// is NaN or Inf too: it is not taken for a title line), decreasing time, files without data
// rows.

#include <string>
#include <string_view>

#include "results/curve_table.hpp"

namespace mb::results {

/// Parses curve text; `source` names it in error messages (`source:line: message`).
CurveTable parse_curves(std::string_view text, const std::string& source);

/// Reads and parses a curve file; Adams results go to their own readers: `.res` (or text that
/// starts like one) to results/adams_res_reader.hpp, `.req` (or a first line `A.R3 ...`) to
/// results/adams_req_reader.hpp; mbsolve's HDF5 results (`.h5`, or the HDF5 signature) to
/// results/hdf5_reader.hpp.
CurveTable read_curves(const std::string& path);

}  // namespace mb::results
