#include "expr/param_curve.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <cmath>

namespace mb::expr {

namespace {

/// A B-spline of order k in one component: knots t (size N + k) and coefficients c (size N),
/// evaluated on [t[k-1], t[N]].
struct BSpline {
  int k = 4;
  std::vector<double> t;
  std::vector<double> c;

  /// The value at u in knot span j (t[j] <= u <= t[j+1]), by de Boor's algorithm.
  double eval(int j, double u) const {
    const int p = k - 1;
    double d[4];
    for (int i = 0; i <= p; ++i) d[i] = c[static_cast<size_t>(j - p + i)];
    for (int r = 1; r <= p; ++r) {
      for (int i = p; i >= r; --i) {
        const double a = t[static_cast<size_t>(i + j - p)];
        const double b = t[static_cast<size_t>(i + 1 + j - r)];
        const double alpha = (u - a) / (b - a);
        d[i] = (1.0 - alpha) * d[i - 1] + alpha * d[i];
      }
    }
    return d[p];
  }
};

/// The k basis functions that do not vanish in span j, at u: N_{j-k+1..j}(u).
void basis(const std::vector<double>& t, int k, int j, double u, double* out) {
  BSpline b{k, t, std::vector<double>(t.size(), 0.0)};
  for (int i = 0; i < k; ++i) {
    b.c[static_cast<size_t>(j - k + 1 + i)] = 1.0;
    out[i] = b.eval(j, u);
    b.c[static_cast<size_t>(j - k + 1 + i)] = 0.0;
  }
}

/// The span j (k-1 <= j < N) with t[j] <= u < t[j+1] (the last non-empty one at the end).
int span_of(const std::vector<double>& t, int k, int N, double u) {
  int j = k - 1;
  while (j + 1 < N && t[static_cast<size_t>(j + 1)] <= u) ++j;
  return j;
}

/// Open clamped knots for N coefficients of order k: k at -1, k at 1, `interior` between.
std::vector<double> clamped(int k, const std::vector<double>& interior) {
  std::vector<double> t(static_cast<size_t>(k), -1.0);
  t.insert(t.end(), interior.begin(), interior.end());
  t.insert(t.end(), static_cast<size_t>(k), 1.0);
  return t;
}

/// Uniform periodic knots for m distinct points of order k (N = m + k - 1 coefficients), spans
/// k-1 .. m+k-2 covering [-1, 1], shifted by `shift` spans.
std::vector<double> periodic(int k, int m, double shift) {
  const double h = 2.0 / m;
  std::vector<double> t;
  for (int j = 0; j < m + 2 * k - 1; ++j) t.push_back(-1.0 + (j - (k - 1) + shift) * h);
  return t;
}

/// The B-spline of one component (the points' coordinate `comp`).
BSpline component(const CurveData& d, int comp) {
  const int k = d.order;
  const int n = static_cast<int>(d.points.size() / 3);
  auto q = [&](int i) { return d.points[static_cast<size_t>(3 * i + comp)]; };
  BSpline b;
  b.k = k;
  if (!d.closed && !d.through_points) {
    std::vector<double> interior;
    for (int j = 1; j <= n - k; ++j) interior.push_back(-1.0 + 2.0 * j / (n - k + 1));
    b.t = clamped(k, interior);
    for (int i = 0; i < n; ++i) b.c.push_back(q(i));
    return b;
  }
  if (d.closed && !d.through_points) {
    const int m = n - 1;
    b.t = periodic(k, m, 0.0);
    for (int i = 0; i < m + k - 1; ++i) b.c.push_back(q(i % m));
    return b;
  }
  // Interpolation: solve for the coefficients that put the curve through the points.
  const bool closed = d.closed;
  const int m = closed ? n - 1 : n;  // unknowns
  std::vector<double> u(static_cast<size_t>(m));
  for (int i = 0; i < m; ++i) u[static_cast<size_t>(i)] = -1.0 + 2.0 * i / (closed ? m : n - 1);
  const int p = k - 1;
  if (closed) {
    b.t = periodic(k, m, p % 2 == 0 ? 0.5 : 0.0);
  } else {
    std::vector<double> interior;
    for (int j = 1; j <= n - k; ++j) {
      double s = 0;
      for (int i = j; i <= j + p - 1; ++i) s += u[static_cast<size_t>(i)];
      interior.push_back(s / p);
    }
    b.t = clamped(k, interior);
  }
  const int N = closed ? m + k - 1 : n;
  std::vector<Eigen::Triplet<double>> entries;
  Eigen::VectorXd rhs(m);
  for (int s = 0; s < m; ++s) {
    double us = u[static_cast<size_t>(s)];
    if (closed && us < b.t[static_cast<size_t>(k - 1)]) us += 2.0;  // shifted knots
    const int j = span_of(b.t, k, N, us);
    double w[4];
    basis(b.t, k, j, us, w);
    for (int i = 0; i < k; ++i) {
      const int col = (j - k + 1 + i) % m;
      if (w[i] != 0.0) entries.emplace_back(s, col, w[i]);
    }
    rhs(s) = q(s);
  }
  Eigen::SparseMatrix<double> A(m, m);
  A.setFromTriplets(entries.begin(), entries.end());
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(A);
  const Eigen::VectorXd x = lu.solve(rhs);
  for (int i = 0; i < N; ++i) b.c.push_back(x(i % m));
  return b;
}

}  // namespace

std::optional<std::string> validate(const CurveData& d) {
  if (d.order < 2 || d.order > 4) {
    return fmt::format("ORDER {} is not supported (2 to 4: polyline to cubic)", d.order);
  }
  if (d.points.size() % 3 != 0) return std::string("the matrix must have 3 columns (x, y, z)");
  const size_t n = d.points.size() / 3;
  const size_t need = d.closed ? static_cast<size_t>(d.order) + 1 : static_cast<size_t>(d.order);
  if (n < std::max<size_t>(need, 4)) {
    return fmt::format("{} points given; at least {} are needed", n, std::max<size_t>(need, 4));
  }
  if (n > 100000) return fmt::format("{} points given; at most 100000 are allowed", n);
  for (double v : d.points) {
    if (!std::isfinite(v)) return std::string("the points must be finite numbers");
  }
  if (d.closed) {
    for (int c = 0; c < 3; ++c) {
      if (d.points[static_cast<size_t>(c)] != d.points[3 * (n - 1) + static_cast<size_t>(c)]) {
        return std::string("a closed curve needs its first and last points equal");
      }
    }
  }
  if (d.through_points) {
    for (size_t i = 1; i < n; ++i) {
      bool same = true;
      for (size_t c = 0; c < 3; ++c) same = same && d.points[3 * i + c] == d.points[3 * i - 3 + c];
      if (same) return fmt::format("points {} and {} are equal", i, i + 1);
    }
  }
  return std::nullopt;
}

SplineCurve curve_component(const CurveData& d, int comp) {
  const BSpline b = component(d, comp);
  const int k = b.k;
  const int N = static_cast<int>(b.c.size());
  std::vector<double> x, coeffs;
  // Each non-empty span is a polynomial of degree k - 1: fitted exactly from k samples inside
  // it, in s = (u - a) / L in [0, 1] (well conditioned), then scaled to powers of h = u - a.
  for (int j = k - 1; j < N; ++j) {
    const double a = b.t[static_cast<size_t>(j)], e = b.t[static_cast<size_t>(j + 1)];
    if (!(e > a)) continue;
    const double L = e - a;
    Eigen::Matrix4d V = Eigen::Matrix4d::Identity();
    Eigen::Vector4d y = Eigen::Vector4d::Zero();
    for (int r = 0; r < k; ++r) {
      const double s = (r + 0.5) / k;
      for (int c = 0; c < k; ++c) V(r, c) = std::pow(s, c);
      y(r) = b.eval(j, a + s * L);
    }
    Eigen::Vector4d g = Eigen::Vector4d::Zero();
    g.head(k) = V.topLeftCorner(k, k).partialPivLu().solve(y.head(k));
    x.push_back(a);
    for (int c = 0; c < 4; ++c) coeffs.push_back(c < k ? g(c) / std::pow(L, c) : 0.0);
  }
  x.push_back(b.t[static_cast<size_t>(N)]);
  return SplineCurve(std::move(x), std::move(coeffs), d.closed);
}

}  // namespace mb::expr
