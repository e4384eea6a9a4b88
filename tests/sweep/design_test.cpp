#include "sweep/design.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "sweep/design_csv.hpp"
#include "sweep/parameter.hpp"
#include "sweep/sweep_plan.hpp"

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

TEST_CASE("designs: the number of cases is capped before anything is generated") {
  // Two parameters of 100000 levels: 1e10 cases ended in std::bad_alloc (exit 70).
  const std::vector<Parameter> huge = {parse_parameter("a=lin:1:2:100000"),
                                       parse_parameter("b=lin:1:2:100000")};
  CHECK(usage_error([&] { full_factorial(huge); }) ==
        "the full factorial has 10000000000 cases (100000 x 100000); a sweep has at most 100000 "
        "cases: use fewer levels, or --lhs N for a sample of the ranges");
  const std::vector<Parameter> lists = {parse_parameter("a=1,2,3"),
                                        parse_parameter("b=lin:0:1:50000")};
  CHECK(usage_error([&] {
          full_factorial(lists);
        }).starts_with("the full factorial has 150000 cases (3 x 50000)"));
  // At the limit: fine.
  const std::vector<Parameter> at_limit = {parse_parameter("a=1,2"),
                                           parse_parameter("b=lin:0:1:50000")};
  CHECK(full_factorial(at_limit).rows.size() == kMaxCases);
  const std::vector<Parameter> range = {parse_parameter("a=lin:0:1")};
  CHECK(usage_error([&] { latin_hypercube(range, 100001, 1); }) ==
        "--lhs 100001: a sweep has at most 100000 cases");
  std::string csv = "a\n";
  for (std::size_t i = 0; i <= kMaxCases; ++i) csv += "1\n";
  CHECK(usage_error([&] { parse_design_csv(csv, "d.csv"); }) ==
        "d.csv:100002: more than 100000 cases; a sweep has at most 100000");
}

TEST_CASE("design CSV: a UTF-8 byte order mark (Excel) is skipped") {
  const Design d = parse_design_csv("\xEF\xBB\xBFk,Simulate.end_time\r\n1,0.2\r\n", "d.csv");
  CHECK(d.names == std::vector<std::string>{"k", "Simulate.end_time"});
  CHECK(d.rows == std::vector<std::vector<std::string>>{{"1", "0.2"}});
}

TEST_CASE("plan: a name set twice (--set and -p, or --set twice) is a usage error") {
  SweepPlan plan;
  plan.sets = {"Simulate.end_time=0.2", "Body_Rigid[2].mass=5"};
  plan.design.names = {"body_rigid[2].MASS"};
  plan.design.rows = {{"1"}, {"2"}};
  CHECK(usage_error([&] { check_no_name_set_twice(plan); }) ==
        "--set Body_Rigid[2].mass=5 and the swept parameter body_rigid[2].MASS: the same name is "
        "set twice; give it once (fixed with --set or swept with -p / --design)");
  plan.design.names = {"k"};
  CHECK(usage_error([&] { check_no_name_set_twice(plan); }) == "no error");
  plan.sets.push_back("Simulate.end_time=0.3");
  CHECK(usage_error([&] { check_no_name_set_twice(plan); }) ==
        "--set Simulate.end_time=0.2 and --set Simulate.end_time=0.3: the same name is set "
        "twice; give it once (fixed with --set or swept with -p / --design)");
}
