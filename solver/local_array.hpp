#pragma once
// Per-evaluation scratch of the element kernels: room for up to N values of T on the stack, of
// which only the first n are constructed. An array T[N] constructs all N, and with the AD scalar
// (autodiff.hpp) a value built from a constant zero-fills its whole derivative storage: the
// bodies' and markers' states (measures.hpp: BodyState, MarkerState, MarkerAcceleration; their
// members start at Zero() or Identity()) cost 14 KB of zeroing per element. A force kernel's 24
// marker slots zeroed 0.7 MB per Jacobian evaluation, most of the evaluation's time (callgrind on
// the real dataset ss_rd3 with ABAM: memset 63% of the run).

#include <cassert>
#include <cstddef>
#include <new>

// GCC turns a loop that constructs such values into one memset of every element's whole
// storage (-ftree-loop-distribute-patterns: the zero value and empty derivative vector look like
// a zero fill of the object); the constructor keeps the loop.
#if defined(__GNUC__) && !defined(__clang__)
#define MB_NO_LOOP_TO_MEMSET __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define MB_NO_LOOP_TO_MEMSET
#endif

namespace mb {

template <class T, size_t N>
class LocalArray {
 public:
  /// Constructs the first n values (n <= N, the kernel's own count of bodies or markers).
  explicit LocalArray(size_t n) MB_NO_LOOP_TO_MEMSET : n_(n) {
    assert(n <= N);  // the kernels check their counts against N when they are built
    for (size_t i = 0; i < n_; ++i) new (slot(i)) T;  // default-initialised: no zero-fill
  }
  ~LocalArray() {
    for (size_t i = 0; i < n_; ++i) data()[i].~T();
  }
  LocalArray(const LocalArray&) = delete;
  LocalArray& operator=(const LocalArray&) = delete;

  T* data() { return std::launder(reinterpret_cast<T*>(storage_)); }
  const T* data() const { return std::launder(reinterpret_cast<const T*>(storage_)); }
  size_t size() const { return n_; }

 private:
  void* slot(size_t i) { return storage_ + i * sizeof(T); }
  alignas(T) unsigned char storage_[N * sizeof(T)];
  size_t n_;
};

}  // namespace mb
