#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "common/error.hpp"
#include "sweep/case_record.hpp"
#include "sweep/csv_fields.hpp"
#include "sweep/summary_file.hpp"

using namespace mb;
using namespace mb::sweep;

TEST_CASE("CSV fields: quoting round trip") {
  CHECK(csv_line({"a", "b,c", "say \"hi\"", " x", "multi\nline"}) ==
        "a,\"b,c\",\"say \"\"hi\"\"\",\" x\",multi line");
  const auto f = split_csv_line("a,\"b,c\",\"say \"\"hi\"\"\",\" x\", y ,");
  REQUIRE(f);
  CHECK(*f == std::vector<std::string>{"a", "b,c", "say \"hi\"", " x", "y", ""});
  CHECK_FALSE(split_csv_line("a,\"b"));
}

TEST_CASE("summary: header and line") {
  CHECK(summary_header({"k", "c"}, {parse_metric("body2.x:max")}) ==
        std::vector<std::string>{"case", "k", "c", "status", "exit_code", "wall_s", "body2.x:max",
                                 "message"});
  CaseRecord r{"c0002", {"1", "2"}, "failed", 65, 0.01234, {std::nullopt}, "bad, very"};
  CHECK(summary_line(r) == "c0002,1,2,failed,65,0.012,,\"bad, very\"\n");
  r = {"c0001", {"1", "2"}, "ok", 0, 1.5, {0.1}, ""};
  CHECK(summary_line(r) == "c0001,1,2,ok,0,1.500,0.1,\n");
}

TEST_CASE("summary: resume keeps complete rows of this sweep only") {
  const std::vector<std::string> header = {"case", "k", "status", "exit_code", "wall_s", "message"};
  const std::set<std::string> ids = {"c0001", "c0002", "c0003", "c0004"};
  const std::string text =
      "case,k,status,exit_code,wall_s,message\n"
      "c0002,2,ok,0,0.1,\n"
      "c0009,9,ok,0,0.1,\n"  // not a case of this sweep
      "c0001,1,failed,65,0.1,x\n"
      "c0001,1,ok,0,0.1,\n"  // a second row of a case: the first wins
      "c0003,3,ok\n"         // too few fields
      "c0004,4,ok,0,0.1,";   // torn: no line end
  const auto rows = complete_rows(text, header, ids, "s.csv");
  REQUIRE(rows.size() == 2);
  CHECK(rows.at("c0001") == "c0001,1,failed,65,0.1,x\n");
  CHECK(rows.at("c0002") == "c0002,2,ok,0,0.1,\n");
  CHECK(complete_rows("", header, ids, "s.csv").empty());
  CHECK(complete_rows("case,k,status,exit_code,wall_s,mes", header, ids, "s.csv").empty());
  try {
    complete_rows("case,j,status,exit_code,wall_s,message\n", header, ids, "s.csv");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "s.csv: its columns differ from this sweep's (other parameters or metrics?); use "
          "another output directory or remove it");
  }
}

TEST_CASE("summary: the file is rewritten clean, appended, then sorted") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("mb_summary_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "summary.csv").string();
  {
    SummaryFile f(path, {"case", "x"}, {{"c0002", "c0002,2\n"}});
    CHECK(read_file_or_empty(path) == "case,x\nc0002,2\n");
    f.append("c0003", "c0003,3\n");
    f.append("c0001", "c0001,1\n");
    CHECK(read_file_or_empty(path) == "case,x\nc0002,2\nc0003,3\nc0001,1\n");
    f.finish();
  }
  CHECK(read_file_or_empty(path) == "case,x\nc0001,1\nc0002,2\nc0003,3\n");
  std::filesystem::remove_all(dir);
}
