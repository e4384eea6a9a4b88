#pragma once
// MATRIX (Adams/Solver dataset statement) -> reference_matrix, the node XML Reference_Matrix
// builds (models/reference_matrix.hpp):
//   MATRIX/id, FULL=RORDER|CORDER, ROWS=m, COLUMNS=n, VALUES=v1,..,v(m*n)
//       -> nrow, ncol, isroworder (RORDER: by rows; CORDER: by columns), the values as text;
//   MATRIX/id, SPARSE, ROWS=m, COLUMNS=n, I=i1,..,ik, J=j1,..,jk, VALUES=v1,..,vk
//       -> issparse, nval = k and "i j v" triplets as text (entries not listed are 0);
//   MATRIX/id, FILE=path, NAME=name
//       -> the FULL matrix `name` of an ADAMSMAT file (parser/adams_matrix_file.hpp); a relative
//          path is taken from the dataset's folder; a file that cannot be read is a deck error
//          at FILE=.
// The counts (m*n values; as many I, J as VALUES) and the 1-based indices are checked here, in
// Adams words, so that a bad statement is reported once, at its argument.

#include <span>

#include "parser/adm_build.hpp"

namespace mb::adm {

extern const std::span<const ArgSpec> kMatrixArgs;
void build_matrix(NodeBuilder& b);

}  // namespace mb::adm
