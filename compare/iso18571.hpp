#pragma once
// ISO/TS 18571 objective rating of an analysed curve C against a reference curve T, both sampled
// on the same uniform grid of N points (mbcompare uses the reference grid).
//
// Overall rating R = w_Z Z + w_P E_P + w_M E_M + w_S E_S  (0.4, 0.2, 0.2, 0.2), each score in [0,
// 1].
//
// Corridor score Z, on the unshifted curves. With the half-widths
//   delta_i = a0 max|T| (inner corridor), delta_o = b0 max|T| (outer corridor):
//   C_i = 1 if |T_i - C_i| <= delta_i; 0 if |T_i - C_i| >= delta_o;
//         ((delta_o - |T_i - C_i|) / (delta_o - delta_i))^kz otherwise;   Z = mean of C_i.
//
// Phase score E_P. C is shifted against T by n samples, |n| <= K = floor(eps_P (N - 1)) (at most
// 20 % of the interval); for each n the overlapping parts (T_i, C_{i+n}) are truncated and
// their Pearson correlation rho(n) computed. n* maximises rho (ties: the smallest |n|; rho of
// a constant part counts as 0).
//   E_P = ((K - |n*|) / K)^kP   (1 when n* = 0, 0 when |n*| = K).
//
// Magnitude score E_M, on the truncated curves aligned by n*: dynamic time warping (dtw.hpp)
// gives warped sequences T_w, C_w along the optimal path;
//   eps_mag = sum |T_w - C_w| / sum |T_w|,   E_M = max(0, (eps_M - eps_mag) / eps_M)^kM.
//
// Slope score E_S, on the aligned curves: forward-difference derivatives T', C', each smoothed
// by a centred moving average of `slope_window` points (shrunk at the ends);
//   eps_slope = sum |T' - C'| / sum |T'|,   E_S = max(0, (eps_S - eps_slope) / eps_S)^kS.
// (A uniform step cancels in the ratio.) When a denominator is 0, the score is 1 if the
// numerator is 0 too, else 0.
//
// Grade: R > 0.94 excellent, R > 0.8 good, R > 0.58 fair, else poor.
//
// Bounded cost: DTW takes time and memory N^2 and the phase search N K, so curves of more than
// kIsoMaxPoints samples are first resampled (linearly, in the sample index) onto kIsoMaxPoints
// uniformly spaced points, which keeps the rating of a long record within about 4 MB and a few
// milliseconds (100,000 points would need 10 GB). IsoRating::points says how many were rated.

#include <cstddef>
#include <span>
#include <string_view>

namespace mb::compare {

struct IsoParams {
  double a0 = 0.05;    ///< inner corridor half-width, fraction of max|T|
  double b0 = 0.5;     ///< outer corridor half-width, fraction of max|T|
  double kz = 2;       ///< corridor exponent
  double eps_p = 0.2;  ///< largest time shift, fraction of the interval
  double kp = 1;
  double eps_m = 0.5;  ///< magnitude error for a zero score
  double km = 1;
  double eps_s = 2;  ///< slope error for a zero score
  double ks = 1;
  int slope_window = 9;  ///< moving-average length for the derivatives
  double w_corridor = 0.4, w_phase = 0.2, w_magnitude = 0.2, w_slope = 0.2;
};

inline constexpr std::size_t kIsoMaxPoints = 2000;

struct IsoRating {
  double corridor = 0;
  double phase = 0;
  double magnitude = 0;
  double slope = 0;
  double overall = 0;
  int shift = 0;           ///< n*, in samples (of the rated points); > 0 when the result lags
  std::size_t points = 0;  ///< samples rated: N, or kIsoMaxPoints when N is larger
};

double iso_corridor_score(std::span<const double> ref, std::span<const double> res,
                          const IsoParams& p = {});

struct PhaseResult {
  int shift = 0;
  double score = 0;
};
PhaseResult iso_phase(std::span<const double> ref, std::span<const double> res,
                      const IsoParams& p = {});

/// Magnitude score of two curves that are already aligned (same length).
double iso_magnitude_score(std::span<const double> ref, std::span<const double> res,
                           const IsoParams& p = {});

/// Slope score of two curves that are already aligned (same length).
double iso_slope_score(std::span<const double> ref, std::span<const double> res,
                       const IsoParams& p = {});

/// The full rating; ref and res have the same length N >= 2 (resampled when N > kIsoMaxPoints).
IsoRating iso18571(std::span<const double> ref, std::span<const double> res,
                   const IsoParams& p = {});

/// "excellent", "good", "fair" or "poor".
std::string_view iso_grade(double overall);

}  // namespace mb::compare
