#include "compare/iso18571.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/error.hpp"
#include "compare/dtw.hpp"
#include "compare/resample.hpp"

namespace mb::compare {
namespace {

/// Score of a relative error against the error that scores 0: ((eps0 - e) / eps0)^k, clipped.
double error_score(double num, double den, double eps0, double k) {
  if (den <= 0) return num <= 0 ? 1.0 : 0.0;
  const double e = num / den;
  if (e >= eps0) return 0.0;
  return std::pow((eps0 - e) / eps0, k);
}

/// Pearson correlation of a[i] and b[i]; 0 when either is constant.
double pearson(std::span<const double> a, std::span<const double> b) {
  const double n = static_cast<double>(a.size());
  double ma = 0, mb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) * (a[i] - ma);
    sbb += (b[i] - mb) * (b[i] - mb);
  }
  if (saa <= 0 || sbb <= 0) return 0.0;
  return sab / std::sqrt(saa * sbb);
}

/// The overlapping parts (ref_i, res_{i+shift}).
std::pair<std::span<const double>, std::span<const double>> overlap(std::span<const double> ref,
                                                                    std::span<const double> res,
                                                                    int shift) {
  const std::size_t s = static_cast<std::size_t>(std::abs(shift));
  const std::size_t len = ref.size() - s;
  if (shift >= 0) return {ref.subspan(0, len), res.subspan(s, len)};
  return {ref.subspan(s, len), res.subspan(0, len)};
}

/// Forward differences smoothed by a centred moving average of `window` points.
std::vector<double> smoothed_slope(std::span<const double> y, int window) {
  std::vector<double> d;
  for (std::size_t i = 0; i + 1 < y.size(); ++i) d.push_back(y[i + 1] - y[i]);
  const auto half = static_cast<std::ptrdiff_t>(std::max(window, 1) / 2);
  const auto n = static_cast<std::ptrdiff_t>(d.size());
  std::vector<double> out(d.size());
  for (std::ptrdiff_t i = 0; i < n; ++i) {
    const auto lo = std::max<std::ptrdiff_t>(0, i - half);
    const auto hi = std::min<std::ptrdiff_t>(n - 1, i + half);
    double s = 0;
    for (auto j = lo; j <= hi; ++j) s += d[static_cast<std::size_t>(j)];
    out[static_cast<std::size_t>(i)] = s / static_cast<double>(hi - lo + 1);
  }
  return out;
}

}  // namespace

double iso_corridor_score(std::span<const double> ref, std::span<const double> res,
                          const IsoParams& p) {
  MB_ASSERT(ref.size() == res.size() && !ref.empty());
  double tmax = 0;
  for (double v : ref) tmax = std::max(tmax, std::abs(v));
  const double inner = p.a0 * tmax;
  const double outer = p.b0 * tmax;
  double sum = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const double d = std::abs(ref[i] - res[i]);
    if (d <= inner) {
      sum += 1;
    } else if (d < outer) {
      sum += std::pow((outer - d) / (outer - inner), p.kz);
    }
  }
  return sum / static_cast<double>(ref.size());
}

PhaseResult iso_phase(std::span<const double> ref, std::span<const double> res,
                      const IsoParams& p) {
  MB_ASSERT(ref.size() == res.size() && ref.size() >= 2);
  const int kmax =
      static_cast<int>(std::floor(p.eps_p * static_cast<double>(ref.size() - 1) + 1e-9));
  PhaseResult out;
  double best = pearson(ref, res);
  // Increasing |n|, so that a tie keeps the smaller shift.
  for (int k = 1; k <= kmax; ++k) {
    for (int n : {k, -k}) {
      auto [a, b] = overlap(ref, res, n);
      const double rho = pearson(a, b);
      if (rho > best + 1e-12) {
        best = rho;
        out.shift = n;
      }
    }
  }
  if (kmax == 0) {
    out.score = 1.0;
  } else {
    const double frac = static_cast<double>(kmax - std::abs(out.shift)) / kmax;
    out.score = std::pow(std::max(frac, 0.0), p.kp);
  }
  return out;
}

double iso_magnitude_score(std::span<const double> ref, std::span<const double> res,
                           const IsoParams& p) {
  MB_ASSERT(ref.size() == res.size() && !ref.empty());
  const auto path = dtw(ref, res);
  double num = 0, den = 0;
  for (auto [i, j] : path.pairs) {
    num += std::abs(ref[i] - res[j]);
    den += std::abs(ref[i]);
  }
  return error_score(num, den, p.eps_m, p.km);
}

double iso_slope_score(std::span<const double> ref, std::span<const double> res,
                       const IsoParams& p) {
  MB_ASSERT(ref.size() == res.size() && ref.size() >= 2);
  const auto dr = smoothed_slope(ref, p.slope_window);
  const auto dc = smoothed_slope(res, p.slope_window);
  double num = 0, den = 0;
  for (std::size_t i = 0; i < dr.size(); ++i) {
    num += std::abs(dr[i] - dc[i]);
    den += std::abs(dr[i]);
  }
  return error_score(num, den, p.eps_s, p.ks);
}

IsoRating iso18571(std::span<const double> ref, std::span<const double> res, const IsoParams& p) {
  MB_ASSERT(ref.size() == res.size() && ref.size() >= 2);
  if (ref.size() > kIsoMaxPoints) {
    std::vector<double> index(ref.size()), at(kIsoMaxPoints);
    for (std::size_t i = 0; i < index.size(); ++i) index[i] = static_cast<double>(i);
    const double step = static_cast<double>(ref.size() - 1) / (kIsoMaxPoints - 1);
    for (std::size_t i = 0; i < at.size(); ++i) at[i] = static_cast<double>(i) * step;
    at.back() = index.back();
    return iso18571(resample(index, ref, at), resample(index, res, at), p);
  }
  IsoRating r;
  r.points = ref.size();
  r.corridor = iso_corridor_score(ref, res, p);
  const auto phase = iso_phase(ref, res, p);
  r.phase = phase.score;
  r.shift = phase.shift;
  auto [a, b] = overlap(ref, res, phase.shift);
  r.magnitude = iso_magnitude_score(a, b, p);
  r.slope = iso_slope_score(a, b, p);
  r.overall = p.w_corridor * r.corridor + p.w_phase * r.phase + p.w_magnitude * r.magnitude +
              p.w_slope * r.slope;
  return r;
}

std::string_view iso_grade(double overall) {
  if (overall > 0.94) return "excellent";
  if (overall > 0.8) return "good";
  if (overall > 0.58) return "fair";
  return "poor";
}

}  // namespace mb::compare
