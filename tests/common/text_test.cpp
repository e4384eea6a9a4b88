#include "common/text.hpp"

#include <array>
#include <catch2/catch.hpp>

using namespace mb;

TEST_CASE("split_list splits on commas and blanks") {
  CHECK(split_list("1, 2  3,4") == std::vector<std::string>{"1", "2", "3", "4"});
  CHECK(split_list(" , ").empty());
}

TEST_CASE("parse_real accepts plain and Fortran numbers only") {
  CHECK(parse_real(" 1.5e3 ") == 1500.0);
  CHECK(parse_real("1.0D-3") == 1e-3);
  CHECK(parse_real("+2") == 2.0);
  CHECK_FALSE(parse_real("nan"));
  CHECK_FALSE(parse_real("inf"));
  CHECK_FALSE(parse_real("1e999"));
  CHECK_FALSE(parse_real("1.0x"));
  CHECK_FALSE(parse_real(""));
}

TEST_CASE("parse_int enforces the range") {
  CHECK(parse_int("42", 1, 100) == 42);
  CHECK_FALSE(parse_int("0", 1, 100));
  CHECK_FALSE(parse_int("99999999999999999999999", 1, 100));
  CHECK_FALSE(parse_int("4.2", 1, 100));
}

TEST_CASE("closest_match suggests likely typos only") {
  const std::array<std::string_view, 3> names = {"mass", "inertia_xx", "cg_id"};
  CHECK(closest_match("mas", names) == "mass");
  CHECK(closest_match("inertia_x", names) == "inertia_xx");
  CHECK(closest_match("colour", names).empty());
}
