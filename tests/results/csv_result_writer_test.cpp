// The result CSV's fixed preamble (results/csv_result_writer.hpp): readers skip exactly
// kCsvPreambleLines lines (numpy.genfromtxt skip_header=5, README.md CSV), so a line break in a
// comment (a deck path can hold one) must not add a line.

#include "results/csv_result_writer.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace mb;

TEST_CASE("CSV result writer: exactly kCsvPreambleLines '#' lines, then the header row") {
  const auto dir = std::filesystem::temp_directory_path() / "mb_csv_result_writer_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "r.csv").string();
  {
    CsvResultWriter csv(path, {"mbsolve x", "deck: odd\nname\r.xml", "date: d", "units: u"},
                        {{"time", "second"}, {"body2.x", "meter"}});
    const std::vector<double> row = {0.5, 0.1};
    csv.write_row(row);
    csv.finish();
  }
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  REQUIRE(lines.size() == kCsvPreambleLines + 2);
  CHECK(kCsvPreambleLines == 5);  // the number README.md and docs/architecture.md give
  for (size_t k = 0; k < kCsvPreambleLines; ++k) CHECK(lines[k].starts_with("# "));
  CHECK(lines[1] == "# deck: odd name .xml");
  CHECK(lines[4] == "# column units: second,meter");
  CHECK(lines[5] == "time,body2.x");
  CHECK(lines[6] == "0.5,0.10000000000000001");
  std::filesystem::remove_all(dir);
}

TEST_CASE("the column units line reads back one entry per column, empty ones kept") {
  using Units = std::vector<std::string>;
  CHECK(mb::parse_column_units("# column units: second,meter,,newton") ==
        Units{"second", "meter", "", "newton"});
  CHECK(mb::parse_column_units("column units: second,1,") == Units{"second", "1", ""});
  CHECK_FALSE(mb::parse_column_units("# units: force=newton").has_value());
}
