#include "compare/error_metrics.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace mb::compare;

TEST_CASE("max_abs, rms and rel_l2 of a hand-computed difference") {
  const std::vector<double> t{0, 1, 2, 3}, ref{1, 2, 2, 1}, res{1, 2.5, 1.5, 1};
  const auto m = error_metrics(t, ref, res);
  CHECK(m.max_abs == 0.5);
  CHECK(m.t_max_abs == 1);  // the first of equal maxima
  CHECK(m.rms == Approx(std::sqrt(0.5 / 4)).epsilon(1e-15));
  CHECK(m.rel_l2 == Approx(std::sqrt(0.5 / 10)).epsilon(1e-15));
}

TEST_CASE("rel_l2 against a zero reference") {
  const std::vector<double> t{0, 1}, zero{0, 0}, one{0, 1};
  CHECK(error_metrics(t, zero, zero).rel_l2 == 0);
  CHECK(error_metrics(t, zero, one).rel_l2 == std::numeric_limits<double>::infinity());
}
