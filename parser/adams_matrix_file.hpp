#pragma once
// The ADAMSMAT matrix file that `MATRIX/id, FILE=..., NAME=...` reads (Adams/Solver reference,
// MATRIX statement): records (lines)
//   1  the header: `ADAMSMAT` or `ADAMSMAT2`, then a title (ignored);
//   2  the number of matrices in the file;
//   3  their names, separated by blanks;
//   then for each matrix a description record
//        NAME  FULL  RORDER|CORDER  rows  columns  count  ( Fortran format )
//   followed by its `count` = rows * columns values, read with that format: fixed-width fields
//   Fw.d, Ew.d, Dw.d, Gw.d (with repeat counts, e.g. 8F8.5) and nX (skipped columns), a new
//   record whenever the format is used up; a blank field reads 0, and a field without a decimal
//   point has d implied decimals, as in Fortran.
// The MATRIXx FSAVE and MATSAVE formats and SPARSE matrices in a file are not read (an error
// says so).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mb::adm {

struct MatrixFileData {
  long long rows = 0, cols = 0;
  bool row_order = true;
  std::vector<double> values;  ///< rows * cols, in the file's order
};

/// The matrix `name` of the ADAMSMAT file `text` (any matrix when `name` is empty and the file
/// holds one). On failure, nothing, and `error` says what is wrong (with the record number).
std::optional<MatrixFileData> read_adams_matrix_file(std::string_view text, std::string_view name,
                                                     std::string& error);

}  // namespace mb::adm
