#include "compare/resample.hpp"

#include <catch2/catch.hpp>

using namespace mb::compare;

TEST_CASE("resample interpolates linearly and clamps at the ends") {
  const std::vector<double> t{0, 1, 2}, y{0, 10, 0};
  CHECK(resample(t, y, std::vector<double>{-1, 0, 0.25, 1, 1.5, 2, 3}) ==
        std::vector<double>{0, 0, 2.5, 10, 5, 0, 0});
}

TEST_CASE("at a repeated time the later sample wins") {
  const std::vector<double> t{0, 1, 1, 2}, y{0, 1, 5, 5};
  CHECK(resample(t, y, std::vector<double>{1, 0.5}) == std::vector<double>{5, 0.5});
}

TEST_CASE("covered_range keeps the grid times inside the curve's span") {
  const std::vector<double> grid{0, 0.5, 1, 1.5, 2};
  auto r = covered_range(grid, std::vector<double>{0.4, 1.5});
  CHECK(r.begin == 1);
  CHECK(r.end == 4);
  r = covered_range(grid, std::vector<double>{0, 2 - 1e-12});  // rounding in a file
  CHECK(r.size() == 5);
}
