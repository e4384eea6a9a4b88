#include "sweep/design.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "sweep/design_csv.hpp"
#include "sweep/parameter.hpp"

using namespace mb;
using namespace mb::sweep;

namespace {
std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("parameters: lists and ranges") {
  CHECK(parse_parameter("Body_Rigid[2].mass=1, 2.5 ,x").levels() ==
        std::vector<std::string>{"1", "2.5", "x"});
  CHECK(parse_parameter("k=lin:0:1:5").levels() ==
        std::vector<std::string>{"0", "0.25", "0.5", "0.75", "1"});
  CHECK(parse_parameter("k=lin:0:1:11").levels()[3] == "0.3");
  CHECK(parse_parameter("k=log:1e2:1e5:4").levels() ==
        std::vector<std::string>{"100", "1000", "10000", "100000"});
  CHECK(parse_parameter("k=log:1:100:3").levels() == std::vector<std::string>{"1", "10", "100"});
  CHECK(parse_parameter("k=lin:3:7:1").levels() == std::vector<std::string>{"3"});
  CHECK(format_number(1e-6) == "1e-06");
  CHECK(format_number(0.1 + 0.2) == "0.3");
}

TEST_CASE("parameters: malformed specs name the spec") {
  CHECK(usage_error([] { parse_parameter("k"); }) ==
        "-p 'k': expected NAME=VALUES (a list a,b,c or a range lin:LO:HI:N or log:LO:HI:N)");
  CHECK(usage_error([] { parse_parameter("k=1,,2"); }) == "-p 'k=1,,2': empty value in the list");
  CHECK(usage_error([] { parse_parameter("k=lin:1"); }) ==
        "-p 'k=lin:1': a range is lin:LO:HI:N or log:LO:HI:N (N may be left out with --lhs)");
  CHECK(usage_error([] { parse_parameter("k=lin:a:2:3"); }) ==
        "-p 'k=lin:a:2:3': LO and HI of a range must be numbers");
  CHECK(usage_error([] { parse_parameter("k=log:0:2:3"); }) ==
        "-p 'k=log:0:2:3': a log range needs LO > 0 and HI > 0");
  CHECK(usage_error([] { parse_parameter("k=lin:0:2:0"); }) ==
        "-p 'k=lin:0:2:0': N must be an integer from 1 to 1000000");
}

TEST_CASE("designs: full factorial, first parameter slowest") {
  const Design d = full_factorial({parse_parameter("a=1,2"), parse_parameter("b=lin:0:1:3")});
  CHECK(d.names == std::vector<std::string>{"a", "b"});
  CHECK(d.rows == std::vector<std::vector<std::string>>{
                      {"1", "0"}, {"1", "0.5"}, {"1", "1"}, {"2", "0"}, {"2", "0.5"}, {"2", "1"}});
  CHECK(usage_error([] { full_factorial({parse_parameter("k=lin:0:1")}); }) ==
        "-p k: a range needs a count (lin:LO:HI:N or log:LO:HI:N) unless --lhs is given");
}

TEST_CASE("designs: Latin hypercube puts one sample in each stratum, fixed by the seed") {
  const std::vector<Parameter> params = {parse_parameter("a=lin:0:10"),
                                         parse_parameter("b=log:1:1e4")};
  const int n = 8;
  const Design d = latin_hypercube(params, n, 42);
  REQUIRE(d.rows.size() == n);
  std::set<int> strata_a, strata_b;
  for (const auto& row : d.rows) {
    const double a = std::stod(row[0]), b = std::stod(row[1]);
    CHECK(a >= 0);
    CHECK(a <= 10);
    CHECK(b >= 1);
    CHECK(b <= 1e4);
    strata_a.insert(static_cast<int>(std::floor(a / 10 * n)));
    strata_b.insert(static_cast<int>(std::floor(std::log10(b) / 4 * n)));
  }
  CHECK(strata_a.size() == n);
  CHECK(strata_b.size() == n);
  CHECK(latin_hypercube(params, n, 42).rows == d.rows);
  CHECK(latin_hypercube(params, n, 43).rows != d.rows);
  CHECK(usage_error([] { latin_hypercube({parse_parameter("a=1,2")}, 4, 1); }) ==
        "--lhs: parameter a needs a range lin:LO:HI or log:LO:HI");
  CHECK(usage_error([] { latin_hypercube({parse_parameter("a=lin:0:1:4")}, 4, 1); }) ==
        "--lhs: parameter a: the number of samples comes from --lhs; write the range without "
        "':N'");
}

TEST_CASE("designs: case ids") {
  CHECK(case_id(0, 5) == "c0001");
  CHECK(case_id(41, 100) == "c0042");
  CHECK(case_id(0, 12345) == "c00001");
}

TEST_CASE("design CSV: header, rows, comments and quotes") {
  const Design d = parse_design_csv(
      "# a design\nForce_SpringDamper[3].stiffness, k\n\n100, \"a,b\"\r\n200,x\n", "d.csv");
  CHECK(d.names == std::vector<std::string>{"Force_SpringDamper[3].stiffness", "k"});
  CHECK(d.rows == std::vector<std::vector<std::string>>{{"100", "a,b"}, {"200", "x"}});
}

TEST_CASE("design CSV: errors name file and line") {
  const auto err = [](const char* text) {
    return usage_error([&] { parse_design_csv(text, "d.csv"); });
  };
  CHECK(err("a,b\n1,2\n3\n") == "d.csv:3: 1 values, the header names 2 parameters");
  CHECK(err("a,,b\n") == "d.csv:1: empty parameter name in column 2");
  CHECK(err("a,a\n1,2\n") == "d.csv:1: parameter 'a' appears twice in the header");
  CHECK(err("a,b\n1,\n") == "d.csv:2: empty value for 'b'");
  CHECK(err("a\n\"1\n") == "d.csv:2: unterminated quote");
  CHECK(err("# nothing\n") == "d.csv: no header row");
  CHECK(err("a,b\n") == "d.csv: no cases (only a header)");
  CHECK(usage_error([] { read_design_csv("/nonexistent/d.csv"); }) ==
        "/nonexistent/d.csv: cannot open the design file");
}
