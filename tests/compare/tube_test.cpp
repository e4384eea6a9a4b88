#include "compare/tube.hpp"

#include <catch2/catch.hpp>

using namespace mb::compare;

namespace {
// A step at t = 0.5 sampled every 0.1.
const std::vector<double> kTime{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
std::vector<double> step(int at) {
  std::vector<double> y(kTime.size(), 0.0);
  for (std::size_t i = static_cast<std::size_t>(at); i < y.size(); ++i) y[i] = 1.0;
  return y;
}
}  // namespace

TEST_CASE("without a time tolerance the tube is the plain band") {
  auto res = step(5);
  res[2] += 0.009;
  auto r = tube_test(kTime, step(5), res, 0.01, 0);
  CHECK(r.violations == 0);
  res[2] += 0.002;
  r = tube_test(kTime, step(5), res, 0.01, 0);
  CHECK(r.violations == 1);
  CHECK(r.first_violation == 0.2);
  CHECK(r.max_excess == Approx(0.001));
}

TEST_CASE("a step shifted by one sample fails the band and passes with dt") {
  const auto ref = step(5), res = step(6);  // the event comes 0.1 late
  auto r = tube_test(kTime, ref, res, 0.01, 0);
  CHECK(r.violations == 1);
  CHECK(r.first_violation == 0.5);
  CHECK(r.max_excess == Approx(0.99));
  CHECK(tube_test(kTime, ref, res, 0.01, 0.1).violations == 0);
  // Half a sample is not enough: at t = 0.5 the window [0.45, 0.55] holds ref 0.5 .. 1.
  r = tube_test(kTime, ref, res, 0.01, 0.05);
  CHECK(r.violations == 1);
  CHECK(r.max_excess == Approx(0.49));
}
