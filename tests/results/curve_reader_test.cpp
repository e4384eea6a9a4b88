#include "results/curve_reader.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "common/error.hpp"
#include "results/curve_writer.hpp"

using namespace mb;
using namespace mb::results;

namespace {

std::string error_of(std::string_view text) {
  try {
    parse_curves(text, "f.txt");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("our result CSV: comments, header, 17-digit rows") {
  const auto t = parse_curves(
      "# mbsolve 0.1.0\n# deck: pendulum.xml\ntime,body2.x,body2.vx\n"
      "0,1.0000000000000002,0\n0.01,0.99999999999999989,-0.5\n",
      "r.csv");
  CHECK(t.time_name == "time");
  CHECK(t.names == std::vector<std::string>{"body2.x", "body2.vx"});
  CHECK(t.units == std::vector<std::string>{"", ""});
  CHECK(t.time == std::vector<double>{0, 0.01});
  CHECK(t.columns[0][0] == 1.0000000000000002);
  CHECK(t.columns[1][1] == -0.5);
  CHECK(t.comments == std::vector<std::string>{"mbsolve 0.1.0", "deck: pendulum.xml"});
  CHECK(t.find("BODY2.VX") == 1u);
  CHECK_FALSE(t.find("body3.x"));
}

TEST_CASE("Chrono/ADAMS tab-separated reference") {
  const auto t = parse_curves(
      "# Revolute_Case01_ADAMS\n#\nTime\tX_Pos\tY_Pos\tZ_Pos\n"
      "+0.000000E+00\t+2.000000E+00\t+0.000000E+00\t+0.000000E+00\n"
      "+1.000000E-02\t+2.000000E+00\t+0.000000E+00\t-4.783730E-04\n",
      "p.txt");
  CHECK(t.time_name == "Time");
  CHECK(t.names == std::vector<std::string>{"X_Pos", "Y_Pos", "Z_Pos"});
  CHECK(t.columns[2][1] == -4.783730E-04);
}

TEST_CASE("Adams tabulated ASCII: non-numeric lines are titles, headers or page breaks") {
  const auto t = parse_curves(
      "ADAMS/View tabular output\n\n  TIME   DX [mm]   FX (N)\n"
      "  0.0   1.0   2.0\n  0.5   1.5   2.5\nPAGE 2\n  TIME   DX [mm]   FX (N)\n"
      "  1.0   2.0   3.0D0\n",
      "a.tab");
  CHECK(t.names == std::vector<std::string>{"DX", "FX"});
  CHECK(t.units == std::vector<std::string>{"mm", "N"});
  CHECK(t.time == std::vector<double>{0, 0.5, 1.0});
  CHECK(t.columns[1][2] == 3.0);
}

TEST_CASE("without a matching header the channels are numbered") {
  const auto t = parse_curves("0 1 2\n1 2 3\n", "n.txt");
  CHECK(t.names == std::vector<std::string>{"col2", "col3"});
}

TEST_CASE("malformed files are rejected with file:line") {
  CHECK(error_of("time,a\n0,1\n1\n") == "f.txt:3: expected 2 fields, found 1");
  CHECK(error_of("time,a\n0,1\n1,nan\n") == "f.txt:3: field 2 is not a finite number: 'nan'");
  CHECK(error_of("time,a\n1,1\n0,1\n") == "f.txt:3: time decreases (0 after 1)");
  CHECK(error_of("# only comments\n") == "f.txt: no data rows");
  CHECK(error_of("0\n") == "f.txt:1: a data row needs a time and at least one value");
}

TEST_CASE("a missing file maps to kInputNotFound") {
  try {
    read_curves("/nonexistent/x.csv");
    FAIL("no exception");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInputNotFound);
    CHECK(std::string(e.what()) == "/nonexistent/x.csv: cannot open file");
  }
}

TEST_CASE("write_csv round-trips at full precision") {
  CurveTable t;
  t.comments = {"written by a test"};
  t.time = {0.0, 0.1, 0.30000000000000004};
  t.add_channel("body2.x", {1.0 / 3.0, 2.0 / 3.0, 1e-300});
  std::ostringstream os;
  write_csv(os, t);
  CHECK(os.str().starts_with("# written by a test\ntime,body2.x\n0,0.33333333333333331\n"));
  const auto back = parse_curves(os.str(), "mem");
  CHECK(back.time == t.time);
  CHECK(back.columns == t.columns);
  CHECK(back.comments == t.comments);

  const auto path = (std::filesystem::temp_directory_path() / "mb_results_roundtrip.csv").string();
  write_csv_file(path, t);
  CHECK(read_curves(path).columns == t.columns);
  std::filesystem::remove(path);
}

TEST_CASE("a row whose time is NaN or Inf is an error, not a title line") {
  const std::string head = "time,x\n0,1\n0.5,2\n";
  CHECK(error_of(head + "nan,3\n1,4\n") == "f.txt:4: the time is not a finite number: 'nan'");
  CHECK(error_of(head + "NaN,3\n") == "f.txt:4: the time is not a finite number: 'NaN'");
  CHECK(error_of(head + "-inf,3\n") == "f.txt:4: the time is not a finite number: '-inf'");
  CHECK(error_of("time x\n  Infinity 3\n") ==
        "f.txt:2: the time is not a finite number: 'Infinity'");
  // Before this check the row was taken for a repeated header and dropped: 2 of 3 rows read.
  CHECK(error_of(head + "1,nan\n") == "f.txt:4: field 2 is not a finite number: 'nan'");
}
