// TreeDynamics (solver/tree/tree_dynamics.hpp) at single states, on the mixed tree of every
// supported joint type (tree_decks.hpp):
//   * oracle: the Cartesian acceleration solve (AccelerationSolver: one sparse LU of the
//     augmented Newton-Euler and constraint system), an independent method on the System's own
//     equations. At the initial state and at a state moved away from it in every coordinate and
//     speed, the articulated-body accelerations y' and the reactions lambda agree with it, and
//     the Cartesian state maps back to the initial one exactly;
//   * the same on a loop (the four-bar of tree_decks.hpp: three tree joints and a cut joint whose
//     closure the tree's accelerations must satisfy), where the acceleration solve holds every
//     joint's acceleration rows at once;
//   * the right-hand side does not allocate, with or without loops (this program counts global
//     allocations, hence its own executable).

#include "solver/tree/tree_dynamics.hpp"

#include <fmt/format.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <new>

#include "solver/initial_conditions.hpp"
#include "solver/redundant_constraints.hpp"
#include "solver/system_blocks.hpp"
#include "tests/solver/inline_deck.hpp"
#include "tests/solver/tree/tree_decks.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define MB_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MB_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef MB_COUNT_ALLOCATIONS
#define MB_COUNT_ALLOCATIONS 1
#endif

namespace {
std::atomic<long> g_allocations{0};
}
#if MB_COUNT_ALLOCATIONS
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#endif

using namespace mb;

namespace {

struct Fixture {
  std::unique_ptr<Model> model;
  std::unique_ptr<System> sys;
  std::unique_ptr<Workspace> ws;
  std::unique_ptr<Dae> dae;
  std::vector<double> y0;

  explicit Fixture(std::string deck = test::kMixedTree) {
    const std::string key = "integr_tol=\"TOL\"";
    deck.replace(deck.find(key), key.size(), "integr_tol=\"1e-8\" integrator_type=\"ABAM\"");
    model = test::model_inline(deck);
    sys = std::make_unique<System>(*model);
    ws = std::make_unique<Workspace>(sys->make_workspace());
    dae =
        std::make_unique<Dae>(*sys, *ws, find_redundant_equations(*sys, 0.0, sys->initial_state()));
    y0 = compute_initial_conditions(*dae, 0.0, sys->initial_state()).y;
  }
};

/// Largest differences of the body rows of y' and of lambda between the tree form and the
/// acceleration solve at the tree form's Cartesian state y.
void compare_with_acceleration_solve(const Fixture& f, TreeDynamics& dyn,
                                     const std::vector<double>& x, double t) {
  std::vector<double> y(f.y0.size()), yp(f.y0.size());
  dyn.cartesian_state(t, x.data(), y, yp);
  std::vector<double> ya = y, ypa(y.size(), 0.0);
  AccelerationSolver acc(*f.dae);
  acc.solve(t, ya, ypa);
  const int nb = f.sys->num_moving_bodies(), m = f.sys->num_constraint_equations();
  double accel = 0, reaction = 0, scale = 0;
  for (int i = 0; i < 13 * nb; ++i) accel = std::max(accel, std::abs(yp[i] - ypa[i]));
  for (int e = 0; e < m; ++e) {
    scale = std::max(scale, std::abs(ya[13 * nb + e]));
    reaction = std::max(reaction, std::abs(y[13 * nb + e] - ya[13 * nb + e]));
  }
  INFO(fmt::format("t = {}: y' {:.3g}, lambda {:.3g} (largest {:.3g})", t, accel, reaction, scale));
  CHECK(accel < 1e-9);
  CHECK(reaction < 1e-9 * std::max(1.0, scale));
}

}  // namespace

TEST_CASE("Tree dynamics reproduce the initial state and agree with the acceleration solve") {
  const Fixture f;
  TreeTopology tree;
  std::string why;
  REQUIRE(find_tree_topology(*f.dae, tree, why));
  TreeDynamics dyn(*f.dae, tree, f.y0);
  const std::vector<double> x0 = dyn.initial_coordinates();
  // The Cartesian state of the initial coordinates is the assembled initial state.
  std::vector<double> y(f.y0.size()), yp(f.y0.size());
  dyn.cartesian_state(0.0, x0.data(), y, yp);
  double worst = 0;
  for (int i = 0; i < 13 * f.sys->num_moving_bodies(); ++i) {
    worst = std::max(worst, std::abs(y[i] - f.y0[i]));
  }
  CHECK(worst < 1e-9);
  compare_with_acceleration_solve(f, dyn, x0, 0.0);
  // Away from the initial configuration: every coordinate and speed moved.
  std::vector<double> x = x0;
  for (size_t i = 0; i < x.size(); ++i) x[i] += 0.1 + 0.05 * static_cast<double>(i % 7);
  dyn.normalise(x.data());
  compare_with_acceleration_solve(f, dyn, x, 0.3);
}

TEST_CASE("Loop closures: the tree's accelerations and reactions equal the acceleration solve") {
  const Fixture f(test::kFourBar);
  TreeTopology tree;
  std::string why;
  REQUIRE_FALSE(find_tree_topology(*f.dae, tree, why));  // a loop
  REQUIRE(find_tree_topology(*f.dae, tree, why, true));
  REQUIRE(tree.cuts.size() == 1);
  REQUIRE(tree.joints.size() == 3);
  TreeDynamics dyn(*f.dae, tree, f.y0);
  REQUIRE(dyn.has_loops());
  const std::vector<double> x0 = dyn.initial_coordinates();
  compare_with_acceleration_solve(f, dyn, x0, 0.0);
  // Moved in every coordinate and speed (off the closure: both solves hold its acceleration
  // rows at the same positions), then projected back onto it.
  std::vector<double> x = x0;
  for (size_t i = 0; i < x.size(); ++i) x[i] += 0.02 + 0.01 * static_cast<double>(i % 5);
  dyn.normalise(x.data());
  compare_with_acceleration_solve(f, dyn, x, 0.3);
  const double found = dyn.project(0.3, x.data(), 1e-10);
  CHECK(found > 1e-3);
  CHECK(dyn.project(0.3, x.data(), 1e-10) <= 1e-10);  // on the closure now
  compare_with_acceleration_solve(f, dyn, x, 0.3);
}

namespace {

/// Allocations during 50 right-hand sides after a warm-up (0 when they are not counted).
long rhs_allocations(const Fixture& f, bool loops) {
  TreeTopology tree;
  std::string why;
  REQUIRE(find_tree_topology(*f.dae, tree, why, loops));
  TreeDynamics dyn(*f.dae, tree, f.y0);
  REQUIRE(dyn.has_loops() == loops);
  std::vector<double> x = dyn.initial_coordinates(), xdot(x.size(), 0.0);
  dyn.derivatives(0.0, x.data(), xdot.data());  // warm-up
  const long before = g_allocations.load();
  double sum = 0;
  for (int k = 0; k < 50; ++k) {
    x[0] += 1e-4;
    dyn.derivatives(0.01 * k, x.data(), xdot.data());
    for (double v : xdot) sum += v;
  }
  CHECK(std::isfinite(sum));
  return MB_COUNT_ALLOCATIONS ? g_allocations.load() - before : 0;
}

}  // namespace

TEST_CASE("The joint-coordinate right-hand side does not allocate") {
  CHECK(rhs_allocations(Fixture(), false) == 0);
  CHECK(rhs_allocations(Fixture(test::kFourBar), true) == 0);
}
