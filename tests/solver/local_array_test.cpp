// LocalArray (solver/local_array.hpp), the kernels' per-evaluation scratch: only the first n of
// its N slots are constructed, and exactly those are destroyed; the values are usable as the
// array they replace (a MarkerState<AD> starts as the ground frame, as in a plain array).

#include "solver/local_array.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

#include "solver/autodiff.hpp"
#include "solver/measures.hpp"

using namespace mb;

namespace {
struct Counted {
  static inline int constructed = 0, destroyed = 0;
  int value = 7;
  Counted() { ++constructed; }
  ~Counted() { ++destroyed; }
};
}  // namespace

TEST_CASE("a LocalArray constructs and destroys only the values asked for") {
  Counted::constructed = Counted::destroyed = 0;
  {
    LocalArray<Counted, 24> a(3);
    CHECK(Counted::constructed == 3);
    CHECK(a.size() == 3);
    for (size_t i = 0; i < a.size(); ++i) CHECK(a.data()[i].value == 7);
    CHECK(reinterpret_cast<std::uintptr_t>(a.data()) % alignof(Counted) == 0);
  }
  CHECK(Counted::destroyed == 3);
  { LocalArray<Counted, 24> none(0); }
  CHECK(Counted::constructed == 3);
}

TEST_CASE("a LocalArray of AD marker states holds ground frames, writable like an array") {
  LocalArray<MarkerState<AD>, 24> storage(2);
  MarkerState<AD>* ms = storage.data();
  for (int i = 0; i < 2; ++i) {
    CHECK(ms[i].R(0).value() == 0.0);
    CHECK(ms[i].A(1, 1).value() == 1.0);
    CHECK(ms[i].A(0, 1).value() == 0.0);
  }
  ms[1].R(2) = AD(3.0, 4, 2);
  CHECK(ms[1].R(2).value() == 3.0);
  CHECK(ms[1].R(2).derivatives()(2) == 1.0);
  CHECK(reinterpret_cast<std::uintptr_t>(ms) % alignof(MarkerState<AD>) == 0);
}
