// Oracle: Eigen's dense partial-pivoting LU of the same matrix. SparseLu (solver/sparse_lu.hpp)
// must solve a random sparse nonsymmetric system to rounding accuracy after a full
// factorisation, after a refactorisation with the kept pivot order (values changed, pattern
// kept), and after values that make the kept pivots tiny (the pivot growth check must then
// factor afresh); a singular matrix must be reported.

#include "solver/sparse_lu.hpp"

#include <Eigen/Dense>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

using namespace mb;

namespace {

using SpMat = Eigen::SparseMatrix<double>;

constexpr int kN = 60;

/// A random pattern with about 8 % off-diagonal entries and a full diagonal; values from
/// values_for(row, col, is_diagonal).
template <class F>
SpMat random_matrix(unsigned seed, F values_for) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Eigen::Triplet<double>> t;
  for (int c = 0; c < kN; ++c) {
    for (int r = 0; r < kN; ++r) {
      if (r == c || u(rng) < 0.08) t.emplace_back(r, c, values_for(r, c, r == c));
    }
  }
  SpMat a(kN, kN);
  a.setFromTriplets(t.begin(), t.end());
  a.makeCompressed();
  return a;
}

/// Same pattern, new values.
template <class F>
void set_values(SpMat& a, F values_for) {
  for (int c = 0; c < kN; ++c) {
    for (SpMat::InnerIterator it(a, c); it; ++it) {
      it.valueRef() = values_for(static_cast<int>(it.row()), c, it.row() == c);
    }
  }
}

/// max |x - x_dense| / max |x_dense| for a fixed right side.
double solve_error(SparseLu& lu, const SpMat& a) {
  Eigen::VectorXd b(kN);
  for (int i = 0; i < kN; ++i) b(i) = std::sin(1.0 + i);
  const Eigen::VectorXd expected = Eigen::MatrixXd(a).partialPivLu().solve(b);
  Eigen::VectorXd x = b;
  lu.solve(a, x.data());
  return (x - expected).lpNorm<Eigen::Infinity>() / expected.lpNorm<Eigen::Infinity>();
}

}  // namespace

TEST_CASE("SparseLu solves, refactors with kept pivots and refactors fully when pivots degrade",
          "[sparse_lu]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // Diagonally weighted: the first factorisation pivots on the diagonal.
  auto dominant = [&](int, int, bool diag) { return diag ? 4.0 + u(rng) : u(rng); };
  SpMat a = random_matrix(11, dominant);
  SparseLu lu;
  lu.analyze(a);
  REQUIRE(lu.factor(a));
  CHECK(lu.full_factorizations() == 1);
  CHECK(solve_error(lu, a) < 1e-13);

  // New values of the same kind: the kept pivot order is accurate.
  set_values(a, dominant);
  REQUIRE(lu.factor(a));
  CHECK(lu.full_factorizations() == 1);
  CHECK(lu.refactorizations() == 1);
  CHECK(solve_error(lu, a) < 1e-13);

  // Diagonal 1e-9 of the off-diagonal size: the kept diagonal pivots grow the factors by about
  // 1e9, so the pivot growth check factors afresh with new pivots.
  auto tiny_diagonal = [&](int, int, bool diag) { return diag ? 1e-9 * (2.0 + u(rng)) : u(rng); };
  set_values(a, tiny_diagonal);
  REQUIRE(lu.factor(a));
  CHECK(lu.full_factorizations() == 2);
  CHECK(lu.refactorizations() == 1);
  CHECK(solve_error(lu, a) < 1e-10);
}

TEST_CASE("SparseLu reports a singular matrix, then factors a regular one again", "[sparse_lu]") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto dominant = [&](int, int, bool diag) { return diag ? 4.0 + u(rng) : u(rng); };
  SpMat a = random_matrix(5, dominant);
  SparseLu lu;
  lu.analyze(a);
  REQUIRE(lu.factor(a));
  // Column 17 all zero: singular whatever the pivot order (the refactorisation meets a zero
  // pivot, the full factorisation finds no nonzero one).
  auto zero_column = [&](int, int c, bool diag) {
    return c == 17 ? 0.0 : (diag ? 4.0 + u(rng) : u(rng));
  };
  set_values(a, zero_column);
  CHECK_FALSE(lu.factor(a));
  // Regular values again: factored afresh, solved accurately.
  set_values(a, dominant);
  REQUIRE(lu.factor(a));
  CHECK(solve_error(lu, a) < 1e-13);
}

TEST_CASE("SparseLu reports a structurally singular pattern", "[sparse_lu]") {
  // Row 2 empty.
  std::vector<Eigen::Triplet<double>> t{{0, 0, 1.0}, {1, 1, 2.0}, {0, 2, 3.0}, {1, 2, 4.0}};
  SpMat a(3, 3);
  a.setFromTriplets(t.begin(), t.end());
  a.makeCompressed();
  SparseLu lu;
  lu.analyze(a);
  CHECK_FALSE(lu.factor(a));
}
