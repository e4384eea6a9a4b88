// The ADAMSMAT matrix file (MATRIX/id, FILE=..., NAME=...): fixed-width Fortran fields read as
// Fortran reads them, and every malformed file refused with the record that is wrong.

#include "parser/adams_matrix_file.hpp"

#include <catch2/catch.hpp>
#include <string>

using mb::adm::read_adams_matrix_file;

TEST_CASE("ADAMSMAT: Fortran fields, repeat counts, skips, blanks and implied decimals") {
  // VALK (3 x 3 by columns, 3F6.3): `0.000-3.440` runs two fields together. M (2 x 2 by rows,
  // 1P2E12.4, 2X): a scale factor, a D exponent, skipped columns, a blank field (0) and an
  // integer field with 4 implied decimals.
  const std::string text =
      "ADAMSMAT a test file\n"
      "2\n"
      "VALK M\n"
      "VALK FULL CORDER 3 3 9 ( 3F6.3 )\n"
      " 1.970 0.000-3.440\n"
      " 0.000 4.510 6.020\n"
      "-3.440 6.020 1.000\n"
      "M FULL RORDER 2 2 4 (2X, 1P2E12.4)\n"
      "xx  1.2500D+01 -2.0000E-01\n"
      "xx              12345\n";
  std::string error;
  const auto valk = read_adams_matrix_file(text, "VALK", error);
  REQUIRE(valk);
  CHECK(valk->rows == 3);
  CHECK(valk->cols == 3);
  CHECK_FALSE(valk->row_order);
  CHECK(valk->values ==
        std::vector<double>{1.970, 0.0, -3.440, 0.0, 4.510, 6.020, -3.440, 6.020, 1.0});
  const auto m = read_adams_matrix_file(text, "m", error);  // names are case-insensitive
  REQUIRE(m);
  CHECK(m->row_order);
  REQUIRE(m->values.size() == 4);
  CHECK(m->values[0] == 12.5);
  CHECK(m->values[1] == -0.2);
  CHECK(m->values[2] == 0.0);
  CHECK(m->values[3] == Approx(1.2345).epsilon(1e-15));
}

TEST_CASE("ADAMSMAT: malformed files are refused with the record at fault") {
  std::string error;
  const auto refused = [&](const std::string& text, const std::string& name) {
    error.clear();
    return !read_adams_matrix_file(text, name, error);
  };
  CHECK(refused("MATRIXx\n", ""));
  CHECK(error ==
        "record 1: MATRIXx FSAVE and MATSAVE files are not supported by mbsolve (an "
        "ADAMSMAT file is)");
  CHECK(refused("hello\n", ""));
  CHECK(error == "record 1: an Adams matrix file starts with ADAMSMAT");
  CHECK(refused("ADAMSMAT\nthree\n", ""));
  CHECK(error == "record 2: expected the number of matrices in the file");
  CHECK(refused("ADAMSMAT\n1\nK\nK SPARSE RORDER 2 2 1 (2I5, F8.3)\n", "K"));
  CHECK(error ==
        "record 4: matrix K is SPARSE; only FULL matrices are read from a file (give a "
        "SPARSE matrix on the MATRIX statement)");
  CHECK(refused("ADAMSMAT\n1\nK\nK FULL RORDER 2 2 3 (F8.3)\n", "K"));
  CHECK(error ==
        "record 4: expected NAME FULL RORDER|CORDER rows columns count, with count = rows "
        "* columns");
  CHECK(refused("ADAMSMAT\n1\nK\nK FULL RORDER 1 2 2 (F8.3)\n   1.000\n", "K"));
  CHECK(error == "matrix K: the file ends after 1 of its 2 values");
  CHECK(refused("ADAMSMAT\n1\nK\nK FULL RORDER 1 1 1 (I8)\n       1\n", "K"));
  CHECK(error == "record 4: format item 'I8' is not read by mbsolve (Fw.d, Ew.d, Dw.d, Gw.d, nX)");
  CHECK(refused("ADAMSMAT\n1\nK\nK FULL RORDER 1 1 1 (F8.3)\n   1.x00\n", "K"));
  CHECK(error == "record 5, columns 1-8: bad number '1.x00' in matrix K");
  CHECK(refused("ADAMSMAT\n1\nK\nK FULL RORDER 1 1 1 (F8.3)\n   1.000\n", "L"));
  CHECK(error == "the file holds no matrix named L");
}
