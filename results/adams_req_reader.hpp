#pragma once
// Reads an Adams request file (`.req`, written by Adams Solver with OUTPUT/REQSAVE) into a
// CurveTable.
//
// The layout (text, fixed-width Fortran records; fields are read blank-separated here):
//   line 1   ` A.R3    DATE TIME   N1  N2  3D`    format tag (A.R<n>) and the run's time stamp
//   line 2   the model title
//   line 3   `NREQ  UNITS  SCALE`                  number of requests, units label, length scale
//   then, when NREQ > 0, one id record per request: a line of integers, the first the REQUEST id
//   then one record per output time: the time, then for each request its six components
//   without the magnitudes (REQUEST: "the same data without the magnitudes are written to the
//   Request file"), i.e. components 2, 3, 4, 6, 7, 8 of the eight.
// Values are read as a stream of numbers, so the line breaks inside a record do not matter.
//
// The table: time; per request ID the channels `req<ID>.f2 f3 f4 f6 f7 f8`, named like the
// components f1..f8 of mbsolve's own request channels (docs/architecture.md section 4), so
// that a result and a .req match by name. A file with NREQ = 0 (as Adams writes when a model
// has no REQUEST) has only its times. Equal times (the initial conditions written twice) are
// kept. The units label and scale are kept as comments; values are as written.
//
// Files with requests: their id records follow the layout above, which the Adams files at hand
// (all with NREQ = 0) could not confirm; a file that does not fit (a token count that is not a
// whole number of records, an id record that is not integers) is refused with the line, never
// read wrongly in silence. Malformed input throws mb::Error(kDeckError) as
// `source:line: message`.

#include <string>
#include <string_view>

#include "results/curve_table.hpp"

namespace mb::results {

/// True when the first field of the text is an Adams request file tag (A.R1, A.R2, A.R3, ...).
bool looks_like_adams_req(std::string_view text);

CurveTable parse_adams_req(std::string_view text, const std::string& source);

}  // namespace mb::results
