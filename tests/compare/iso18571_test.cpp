#include "compare/iso18571.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "compare/dtw.hpp"

using namespace mb::compare;

namespace {
// A Gaussian pulse on [0, 1], 101 samples; shift moves it later by whole samples.
std::vector<double> pulse(int shift = 0, double scale = 1.0) {
  std::vector<double> y;
  for (int i = 0; i <= 100; ++i) {
    const double t = (i - shift) * 0.01;
    y.push_back(scale * std::exp(-std::pow((t - 0.4) / 0.08, 2)));
  }
  return y;
}
}  // namespace

TEST_CASE("identical curves rate 1 in every score") {
  const auto r = iso18571(pulse(), pulse());
  CHECK(r.corridor == 1);
  CHECK(r.phase == 1);
  CHECK(r.magnitude == 1);
  CHECK(r.slope == 1);
  CHECK(r.overall == Approx(1.0).epsilon(1e-15));
  CHECK(r.shift == 0);
  CHECK(iso_grade(r.overall) == "excellent");
}

TEST_CASE("corridor score by hand") {
  // max|T| = 1: inner half-width 0.05, outer 0.5, kz = 2.
  const std::vector<double> ref{0, 1, 0, -1, 0, 0.5};
  const std::vector<double> res{0, 1.04, 0.275, -0.4, -0.05, 0.8};
  // |d| = 0, 0.04, 0.275, 0.6, 0.05, 0.3 -> 1, 1, (0.225/0.45)^2, 0, 1, (0.2/0.45)^2
  const double expected = (3 + 0.25 + std::pow(0.2 / 0.45, 2)) / 6;
  CHECK(iso_corridor_score(ref, res) == Approx(expected).epsilon(1e-12));
}

TEST_CASE("a pure time shift is found and penalises the phase linearly") {
  // 5 samples late out of K = floor(0.2 * 100) = 20 allowed: E_P = 15/20.
  const auto r = iso18571(pulse(), pulse(5));
  CHECK(r.shift == 5);
  CHECK(r.phase == Approx(0.75).epsilon(1e-15));
  CHECK(r.magnitude == Approx(1.0).epsilon(1e-12));  // aligned parts are identical
  CHECK(r.slope == Approx(1.0).epsilon(1e-12));
  CHECK(r.corridor < 1);
  CHECK(r.overall == Approx(0.4 * r.corridor + 0.2 * 0.75 + 0.4).epsilon(1e-12));
  CHECK(iso18571(pulse(), pulse(-3)).shift == -3);
  CHECK(iso18571(pulse(), pulse(25)).phase == 0);  // beyond 20 %: the best allowed shift is 20
}

TEST_CASE("a scaled curve penalises the magnitude, not the phase") {
  const auto r = iso18571(pulse(), pulse(0, 0.8));
  CHECK(r.shift == 0);
  CHECK(r.phase == 1);
  CHECK(r.magnitude < 0.9);
  CHECK(r.magnitude > 0.5);
  CHECK(r.slope < 1);
  CHECK(r.overall < 1);
}

TEST_CASE("dynamic time warping and the magnitude score by hand") {
  const std::vector<double> a{1, 2, 3}, b{1, 2, 4};
  const auto p = dtw(a, b);
  CHECK(p.cost == 1);
  CHECK(p.pairs == std::vector<std::pair<std::size_t, std::size_t>>{{0, 0}, {1, 1}, {2, 2}});
  // eps_mag = 1 / 6, E_M = (0.5 - 1/6) / 0.5 = 2/3
  CHECK(iso_magnitude_score(a, b) == Approx(2.0 / 3.0).epsilon(1e-15));
  // A repeated sample is absorbed by the warp: zero magnitude error.
  const std::vector<double> c{0, 1, 1, 2}, d{0, 1, 2, 2};
  CHECK(dtw(c, d).cost == 0);
  CHECK(iso_magnitude_score(c, d) == 1);
}

TEST_CASE("slope score by hand (no smoothing)") {
  IsoParams p;
  p.slope_window = 1;
  // T' = 1, 1, 1; C' = 1, 1, 2 -> eps = 1/3, E_S = (2 - 1/3) / 2
  CHECK(iso_slope_score(std::vector<double>{0, 1, 2, 3}, std::vector<double>{0, 1, 2, 4}, p) ==
        Approx(5.0 / 6.0).epsilon(1e-15));
}

TEST_CASE("grades") {
  CHECK(iso_grade(0.95) == "excellent");
  CHECK(iso_grade(0.94) == "good");
  CHECK(iso_grade(0.81) == "good");
  CHECK(iso_grade(0.8) == "fair");
  CHECK(iso_grade(0.59) == "fair");
  CHECK(iso_grade(0.58) == "poor");
}

TEST_CASE("a long record is rated on a bounded number of points (100,000 samples)") {
  // 100,000 samples would need 10 GB for the DTW table; the rating resamples to kIsoMaxPoints.
  // The same analytic curves sampled directly at kIsoMaxPoints points must rate the same.
  const auto curve = [](std::size_t n, double shift, double scale) {
    std::vector<double> y(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double t = static_cast<double>(i) / static_cast<double>(n - 1) - shift;
      y[i] = scale * std::exp(-std::pow((t - 0.4) / 0.08, 2)) + 0.2 * std::sin(6 * t);
    }
    return y;
  };
  const std::size_t n = 100000;
  const auto long_rating = iso18571(curve(n, 0, 1), curve(n, 0.03, 1.1));
  const auto short_rating = iso18571(curve(kIsoMaxPoints, 0, 1), curve(kIsoMaxPoints, 0.03, 1.1));
  CHECK(long_rating.points == kIsoMaxPoints);
  CHECK(short_rating.points == kIsoMaxPoints);
  CHECK(long_rating.corridor == Approx(short_rating.corridor).margin(2e-3));
  CHECK(long_rating.phase == Approx(short_rating.phase).margin(2e-3));
  CHECK(long_rating.magnitude == Approx(short_rating.magnitude).margin(2e-3));
  CHECK(long_rating.slope == Approx(short_rating.slope).margin(2e-3));
  CHECK(long_rating.overall < 0.99);  // the shift and the scale are seen
  // A record no longer than the bound is rated on its own samples.
  CHECK(iso18571(pulse(), pulse(3)).points == 101);
}
