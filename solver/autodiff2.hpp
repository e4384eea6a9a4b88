#pragma once
// AD2: forward mode over dual numbers, for the Jacobian of the acceleration rows of the
// stabilised index-1 form (solver/system.hpp). A kernel input is x_i + eps x'_i; an AD2 carries,
// for the quantity f it stands for,
//   v = f,  t = df/dx . x' (the eps part, the rate along x'),
//   g_i = df/dx_i,  gt_i = d(df/dx . x')/dx_i at fixed x' (second derivatives),
// over the kernel's n local inputs (n = 0: a constant, g and gt zero). This is the algebra of
// Eigen's nested AutoDiffScalar<Matrix<AutoDiffScalar<ADVector>, 1, 1>>, written out: the
// arrays are inline (no allocation), only the first n entries are read or written, and no
// expression temporaries of the full capacity are made. tests/solver/autodiff2_test.cpp checks
// it against the nested Eigen type and against finite differences.

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "solver/autodiff.hpp"

namespace mb {

class AD2 {
 public:
  AD2() = default;
  AD2(double value) : v_(value) {}  // NOLINT: a constant, as Eigen's scalars convert
  AD2(int value) : v_(value) {}     // NOLINT
  AD2(double value, double tangent) : v_(value), t_(tangent) {}

  /// Input i of n: value x, tangent x' (the direction).
  static AD2 variable(double x, double dir, int n, int i) {
    AD2 r(x, dir);
    r.n_ = n;
    std::fill_n(r.g_, n, 0.0);
    std::fill_n(r.gt_, n, 0.0);
    r.g_[i] = 1.0;
    return r;
  }

  /// Value v with gradient g (nv entries) and tangent t with gradient gt (nt entries).
  static AD2 from_parts(double v, int nv, const double* g, double t, int nt, const double* gt) {
    AD2 r(v, t);
    r.n_ = std::max(nv, nt);
    std::fill_n(r.g_, r.n_, 0.0);
    std::fill_n(r.gt_, r.n_, 0.0);
    std::copy_n(g, nv, r.g_);
    std::copy_n(gt, nt, r.gt_);
    return r;
  }

  AD2(const AD2& o) : v_(o.v_), t_(o.t_), n_(o.n_) { copy_arrays(o); }
  AD2& operator=(const AD2& o) {
    v_ = o.v_;
    t_ = o.t_;
    n_ = o.n_;
    copy_arrays(o);
    return *this;
  }

  double value() const { return v_; }
  double tangent() const { return t_; }
  int size() const { return n_; }
  /// d(value)/dx_i and d(tangent)/dx_i (0 beyond size()).
  double gradient(int i) const { return i < n_ ? g_[i] : 0.0; }
  double tangent_gradient(int i) const { return i < n_ ? gt_[i] : 0.0; }

  /// tangent += c * (f - f0) for another quantity f: its value's gradient scaled by c joins
  /// the tangent's gradient (a coupler's user partials; solver/coupler_kernel.cpp).
  void add_to_tangent_gradient(double c, const AD2& f) {
    widen(f.n_);
    for (int i = 0; i < f.n_; ++i) gt_[i] += c * f.g_[i];
  }

  /// The chain rule of a function h(f) with h' = d1 and h'' = d2 at f's value.
  static AD2 chain(const AD2& f, double h, double d1, double d2) {
    AD2 r(h, d1 * f.t_);
    r.n_ = f.n_;
    const double c = d2 * f.t_;
    for (int i = 0; i < f.n_; ++i) {
      r.g_[i] = d1 * f.g_[i];
      r.gt_[i] = d1 * f.gt_[i] + c * f.g_[i];
    }
    return r;
  }

  /// The chain rule of h(a, b) with first partials ha, hb and second haa, hab, hbb.
  static AD2 chain2(const AD2& a, const AD2& b, double h, double ha, double hb, double haa,
                    double hab, double hbb) {
    AD2 r(h, ha * a.t_ + hb * b.t_);
    const double ca = haa * a.t_ + hab * b.t_, cb = hab * a.t_ + hbb * b.t_;
    combine(a, b, r, [&](double ag, double agt, double bg, double bgt, double& g, double& gt) {
      g = ha * ag + hb * bg;
      gt = ha * agt + hb * bgt + ca * ag + cb * bg;
    });
    return r;
  }

  AD2 operator-() const {
    AD2 r(-v_, -t_);
    r.n_ = n_;
    for (int i = 0; i < n_; ++i) {
      r.g_[i] = -g_[i];
      r.gt_[i] = -gt_[i];
    }
    return r;
  }
  AD2 operator+() const { return *this; }

  AD2& operator+=(const AD2& o) {
    v_ += o.v_;
    t_ += o.t_;
    widen(o.n_);
    for (int i = 0; i < o.n_; ++i) {
      g_[i] += o.g_[i];
      gt_[i] += o.gt_[i];
    }
    return *this;
  }
  AD2& operator-=(const AD2& o) {
    v_ -= o.v_;
    t_ -= o.t_;
    widen(o.n_);
    for (int i = 0; i < o.n_; ++i) {
      g_[i] -= o.g_[i];
      gt_[i] -= o.gt_[i];
    }
    return *this;
  }
  AD2& operator+=(double c) {
    v_ += c;
    return *this;
  }
  AD2& operator-=(double c) {
    v_ -= c;
    return *this;
  }
  AD2& operator*=(double c) {
    v_ *= c;
    t_ *= c;
    for (int i = 0; i < n_; ++i) {
      g_[i] *= c;
      gt_[i] *= c;
    }
    return *this;
  }
  AD2& operator/=(double c) { return *this *= 1.0 / c; }
  AD2& operator*=(const AD2& o) { return *this = *this * o; }
  AD2& operator/=(const AD2& o) { return *this = *this / o; }

  friend AD2 operator+(const AD2& a, const AD2& b) {
    AD2 r(a.v_ + b.v_, a.t_ + b.t_);
    combine(a, b, r, [](double ag, double agt, double bg, double bgt, double& g, double& gt) {
      g = ag + bg;
      gt = agt + bgt;
    });
    return r;
  }
  friend AD2 operator-(const AD2& a, const AD2& b) {
    AD2 r(a.v_ - b.v_, a.t_ - b.t_);
    combine(a, b, r, [](double ag, double agt, double bg, double bgt, double& g, double& gt) {
      g = ag - bg;
      gt = agt - bgt;
    });
    return r;
  }
  friend AD2 operator+(AD2 a, double c) { return a += c; }
  friend AD2 operator+(double c, AD2 a) { return a += c; }
  friend AD2 operator-(AD2 a, double c) { return a -= c; }
  friend AD2 operator-(double c, const AD2& a) { return (-a) += c; }
  friend AD2 operator*(AD2 a, double c) { return a *= c; }
  friend AD2 operator*(double c, AD2 a) { return a *= c; }
  friend AD2 operator/(AD2 a, double c) { return a /= c; }

  friend AD2 operator*(const AD2& a, const AD2& b) {
    // (ab)' = a' b + a b'; d(ab)'/dx = a_x' b + a' b_x + a_x b' + a b_x'.
    AD2 r(a.v_ * b.v_, a.t_ * b.v_ + a.v_ * b.t_);
    combine(a, b, r, [&](double ag, double agt, double bg, double bgt, double& g, double& gt) {
      g = ag * b.v_ + a.v_ * bg;
      gt = agt * b.v_ + a.t_ * bg + ag * b.t_ + a.v_ * bgt;
    });
    return r;
  }
  friend AD2 operator/(const AD2& a, const AD2& b) {
    // r = a / b: r b = a, so r' = (a' - r b') / b and r_x' = (a_x' - r_x b' - r b_x' - r' b_x) / b.
    const double inv = 1.0 / b.v_;
    const double v = a.v_ * inv;
    AD2 r(v, (a.t_ - v * b.t_) * inv);
    const double t = r.t_;
    combine(a, b, r, [&](double ag, double agt, double bg, double bgt, double& g, double& gt) {
      g = (ag - v * bg) * inv;
      gt = (agt - g * b.t_ - v * bgt - t * bg) * inv;
    });
    return r;
  }
  friend AD2 operator/(double c, const AD2& b) {
    const double v = c / b.v_;
    return chain(b, v, -v / b.v_, 2.0 * v / (b.v_ * b.v_));
  }

  friend bool operator<(const AD2& a, const AD2& b) { return a.v_ < b.v_; }
  friend bool operator>(const AD2& a, const AD2& b) { return a.v_ > b.v_; }
  friend bool operator<=(const AD2& a, const AD2& b) { return a.v_ <= b.v_; }
  friend bool operator>=(const AD2& a, const AD2& b) { return a.v_ >= b.v_; }
  friend bool operator==(const AD2& a, const AD2& b) { return a.v_ == b.v_; }
  friend bool operator!=(const AD2& a, const AD2& b) { return a.v_ != b.v_; }

 private:
  void copy_arrays(const AD2& o) {
    std::copy_n(o.g_, o.n_, g_);
    std::copy_n(o.gt_, o.n_, gt_);
  }
  /// Grows the active size to n, the new entries zero.
  void widen(int n) {
    if (n <= n_) return;
    std::fill(g_ + n_, g_ + n, 0.0);
    std::fill(gt_ + n_, gt_ + n, 0.0);
    n_ = n;
  }
  /// r's gradients from a's and b's, entry by entry: f(ag, agt, bg, bgt, g, gt), with the
  /// entries beyond an operand's size as zeros; r's size is the larger of the two.
  template <class F>
  static void combine(const AD2& a, const AD2& b, AD2& r, F f) {
    // Unsigned indices: GCC's array-bounds analysis (-Werror) otherwise assumes a negative one.
    const auto na = static_cast<size_t>(a.n_), nb = static_cast<size_t>(b.n_);
    const size_t common = std::min(na, nb);
    r.n_ = std::max(a.n_, b.n_);
    for (size_t i = 0; i < common; ++i) f(a.g_[i], a.gt_[i], b.g_[i], b.gt_[i], r.g_[i], r.gt_[i]);
    for (size_t i = common; i < na; ++i) f(a.g_[i], a.gt_[i], 0.0, 0.0, r.g_[i], r.gt_[i]);
    for (size_t i = common; i < nb; ++i) f(0.0, 0.0, b.g_[i], b.gt_[i], r.g_[i], r.gt_[i]);
  }

  double v_ = 0.0;
  double t_ = 0.0;
  int n_ = 0;
  double g_[kMaxLocalInputs];
  double gt_[kMaxLocalInputs];
};

inline AD2 sin(const AD2& x) {
  const double s = std::sin(x.value()), c = std::cos(x.value());
  return AD2::chain(x, s, c, -s);
}
inline AD2 cos(const AD2& x) {
  const double s = std::sin(x.value()), c = std::cos(x.value());
  return AD2::chain(x, c, -s, -c);
}
inline AD2 tan(const AD2& x) {
  const double t = std::tan(x.value()), d1 = 1.0 + t * t;
  return AD2::chain(x, t, d1, 2.0 * t * d1);
}
inline AD2 sqrt(const AD2& x) {
  const double s = std::sqrt(x.value());
  return AD2::chain(x, s, 0.5 / s, -0.25 / (s * x.value()));
}
inline AD2 exp(const AD2& x) {
  const double e = std::exp(x.value());
  return AD2::chain(x, e, e, e);
}
inline AD2 log(const AD2& x) {
  const double inv = 1.0 / x.value();
  return AD2::chain(x, std::log(x.value()), inv, -inv * inv);
}
inline AD2 abs(const AD2& x) { return x.value() < 0.0 ? -x : x; }
inline AD2 asin(const AD2& x) {
  const double u = 1.0 - x.value() * x.value(), d1 = 1.0 / std::sqrt(u);
  return AD2::chain(x, std::asin(x.value()), d1, x.value() * d1 / u);
}
inline AD2 acos(const AD2& x) {
  const double u = 1.0 - x.value() * x.value(), d1 = -1.0 / std::sqrt(u);
  return AD2::chain(x, std::acos(x.value()), d1, x.value() * d1 / u);
}
inline AD2 atan(const AD2& x) {
  const double d1 = 1.0 / (1.0 + x.value() * x.value());
  return AD2::chain(x, std::atan(x.value()), d1, -2.0 * x.value() * d1 * d1);
}
inline AD2 atan2(const AD2& y, const AD2& x) {
  // h = atan2(y, x): h_y = x / r2, h_x = -y / r2, h_yy = -2xy / r2^2 = -h_xx,
  // h_xy = (y^2 - x^2) / r2^2.
  const double a = y.value(), b = x.value(), r2 = a * a + b * b, r4 = r2 * r2;
  return AD2::chain2(y, x, std::atan2(a, b), b / r2, -a / r2, -2.0 * a * b / r4,
                     (a * a - b * b) / r4, 2.0 * a * b / r4);
}
inline AD2 pow(const AD2& x, double p) {
  const double v = x.value(), vp = std::pow(v, p);
  return AD2::chain(x, vp, p * std::pow(v, p - 1.0), p * (p - 1.0) * std::pow(v, p - 2.0));
}

inline double value_of(const AD2& x) { return x.value(); }

/// An AD2's value and tangent as AD numbers with `width` derivatives (width >= x.size()), and
/// an AD2 made of two such (solver/autodiff.hpp has the same for Dual).
inline int active_size(const AD2& x) { return x.size(); }
inline AD value_part(const AD2& x, int width) {
  AD r(x.value(), ADVector::Zero(width));
  for (int i = 0; i < x.size(); ++i) r.derivatives()(i) = x.gradient(i);
  return r;
}
inline AD tangent_part(const AD2& x, int width) {
  AD r(x.tangent(), ADVector::Zero(width));
  for (int i = 0; i < x.size(); ++i) r.derivatives()(i) = x.tangent_gradient(i);
  return r;
}
inline AD2 from_parts(const AD& value, const AD& tangent) {
  const ADVector &g = value.derivatives(), &gt = tangent.derivatives();
  return AD2::from_parts(value.value(), static_cast<int>(g.size()), g.data(), tangent.value(),
                         static_cast<int>(gt.size()), gt.data());
}

}  // namespace mb

namespace Eigen {

template <>
struct NumTraits<mb::AD2> : NumTraits<double> {
  using Real = mb::AD2;
  using NonInteger = mb::AD2;
  using Nested = mb::AD2;
  using Literal = double;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1 };
  enum { ReadCost = 1, AddCost = 3, MulCost = 3 };
};

template <typename BinOp>
struct ScalarBinaryOpTraits<mb::AD2, double, BinOp> {
  using ReturnType = mb::AD2;
};
template <typename BinOp>
struct ScalarBinaryOpTraits<double, mb::AD2, BinOp> {
  using ReturnType = mb::AD2;
};

}  // namespace Eigen
