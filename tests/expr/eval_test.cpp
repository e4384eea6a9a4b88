// Evaluation properties: no heap allocation in eval, copies share the program, the
// discontinuity query, overflowing constants.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>

#include "test_binder.hpp"

// Counts every global allocation of this test program. Not under AddressSanitizer, which owns
// operator new itself (the count check is then skipped; the evaluation still runs).
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

namespace mb::expr::test {
namespace {

TEST_CASE("eval and derivative eval do not allocate", "[expr][eval]") {
  TestBinder binder;
  binder.splines[1] = SplineData{{0, 1, 2, 3}, {0, 1, 0, 2}, {}, false};
  const Expression e = must_compile(
      "BISTOP($1, $2, 0.5, 9.5, 1e3, 2.1, 10, 0.1) + IF(TIME - 1: POLY($1, 0, 1, 2, 3), 0, "
      "STEP5(TIME, 1, 0, 2, 1)) + AKISPL($1, 0, 1) * SQRT(ABS($2)) + MAX($1, $2, TIME)",
      &binder);
  const Expression d = e.partial(0);
  const Expression dt2 = e.partial_time().partial_time();
  Workspace ws(e);
  ws.reserve(d);
  ws.reserve(dt2);
  std::vector<double> in(64, 0.0);
  const long before = g_allocations.load();
  double sum = 0;
  for (int i = 0; i < 100; ++i) {
    in[0] = 0.1 * i, in[1] = 0.05 * i - 1;
    const double t = 0.02 * i;
    sum += e.eval(t, in, ws) + d.eval(t, in, ws) + dt2.eval(t, in, ws);
  }
  if (MB_COUNT_ALLOCATIONS) CHECK(g_allocations.load() == before);
  CHECK(std::isfinite(sum));
  CHECK(ws.ok());
}

TEST_CASE("copies share the compiled program", "[expr][eval]") {
  const Expression e = must_compile("SIN($1) * TIME");
  const Expression c = e;  // NOLINT: the copy is the point
  CHECK(c.str() == e.str());
  CHECK(eval_at(c, 2, {0.5}) == eval_at(e, 2, {0.5}));
  const Expression zero;
  CHECK(zero.is_constant());
  CHECK(zero.constant_value() == 0);
}

TEST_CASE("discontinuous functions are listed for warnings", "[expr][eval]") {
  CHECK(must_compile("IF($1: 1, 2, MOD(TIME, 2)) + MAX($1, 0) + MAX($2, 1)")
            .discontinuous_functions() == std::vector<std::string>{"IF", "MAX", "MOD"});
  CHECK(must_compile("STEP(TIME, 0, 0, 1, 1)").discontinuous_functions().empty());
}

TEST_CASE("constant overflow is a compile error", "[expr][eval]") {
  CHECK(errors_of("TIME + 1e308*10") ==
        "deck.xml:12:42: error: Force_Vector_TwoBody 30101 fx_expression: constant "
        "subexpression overflows (got inf)\n"
        "  TIME + 1e308*10\n"
        "              ^");
  CHECK(errors_of("EXP(1000)") ==
        "deck.xml:12:30: error: Force_Vector_TwoBody 30101 fx_expression: constant "
        "subexpression overflows (got inf)\n"
        "  EXP(1000)\n"
        "  ^~~");
}

}  // namespace
}  // namespace mb::expr::test
