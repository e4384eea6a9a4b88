#pragma once
// Test oracle: the System's exact sparse Jacobian dF/dy + cj dF/dy' against central finite
// differences of its residual, column by column (y and y' moved together along one direction).

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "solver/system.hpp"

namespace mb::test {

struct JacobianCheck {
  int n = 0;
  std::vector<double> exact;  ///< dense, row-major n x n
  double worst = 0.0;         ///< largest |fd - exact| / (1 + |fd|)
  std::string where;          ///< the entry of `worst`, described
  int state_entries = 0;      ///< entries |fd| > 1e-8 in a user-state row or column

  double at(int r, int c) const { return exact[static_cast<size_t>(r) * n + c]; }
};

inline JacobianCheck check_jacobian(const System& sys, double t, const std::vector<double>& y,
                                    const std::vector<double>& yp, double cj, double h = 1e-6) {
  JacobianCheck out;
  const int n = out.n = sys.size();
  std::vector<double> values(sys.pattern().nnz());
  Workspace ws = sys.make_workspace();
  sys.jacobian(ws, t, y.data(), yp.data(), cj, values.data());
  out.exact.assign(static_cast<size_t>(n) * n, 0.0);
  const auto& p = sys.pattern();
  for (int c = 0; c < n; ++c) {
    for (int k = p.col_ptr[c]; k < p.col_ptr[c + 1]; ++k)
      out.exact[static_cast<size_t>(p.row_idx[k]) * n + c] = values[k];
  }
  std::vector<double> rp(n), rm(n);
  for (int c = 0; c < n; ++c) {
    auto yy = y, yyp = yp;
    yy[c] += h;
    yyp[c] += cj * h;
    sys.residual(ws, t, yy.data(), yyp.data(), rp.data());
    yy[c] -= 2 * h;
    yyp[c] -= 2 * cj * h;
    sys.residual(ws, t, yy.data(), yyp.data(), rm.data());
    for (int r = 0; r < n; ++r) {
      const double fd = (rp[r] - rm[r]) / (2 * h);
      const double err = std::abs(fd - out.at(r, c)) / (1.0 + std::abs(fd));
      if (err > out.worst) {
        out.worst = err;
        out.where =
            fmt::format("row {} ({}), column {} ({}): finite difference {}, exact {}", r,
                        sys.describe_variable(r), c, sys.describe_variable(c), fd, out.at(r, c));
      }
      if ((r >= sys.state_offset() || c >= sys.state_offset()) && std::abs(fd) > 1e-8) {
        ++out.state_entries;
      }
    }
  }
  return out;
}

/// check_jacobian at time t and the System's initial state moved off its consistent values
/// (y_i += 0.05 sin(1.7 i + 0.3), y'_i = 0.5 cos(0.9 i)), so every coupling is exercised.
inline JacobianCheck check_jacobian_off_initial_state(const System& sys, double t, double cj,
                                                      double h = 1e-6) {
  const int n = sys.size();
  std::vector<double> y = sys.initial_state(), yp(n, 0.0);
  for (int i = 0; i < n; ++i) {
    y[i] += 0.05 * std::sin(1.7 * i + 0.3);
    yp[i] = 0.5 * std::cos(0.9 * i);
  }
  return check_jacobian(sys, t, y, yp, cj, h);
}

/// check_jacobian at time t and a random state: the System's initial state with each y_i moved
/// by spread * U(-1, 1), then each y'_i drawn from U(-1, 1) (in that order, from rng).
inline JacobianCheck check_jacobian_at_random_state(const System& sys, double t, double cj,
                                                    std::mt19937& rng, double spread) {
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  std::vector<double> y = sys.initial_state(), yp(y.size());
  for (double& v : y) v += spread * uni(rng);
  for (double& v : yp) v = uni(rng);
  return check_jacobian(sys, t, y, yp, cj);
}

}  // namespace mb::test
