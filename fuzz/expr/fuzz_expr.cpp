// libFuzzer target for the expression compiler: any byte string is compiled with a permissive
// binder; whatever compiles is evaluated, and its first partial derivatives and its second time
// derivative are built and evaluated too (what models/compiled_expression does). Must never
// crash, hang or trip a sanitizer; errors are fine.
//
// Size-growing inputs: the first byte selects a shape and the second a repeat count, so a short
// input grows into a long sum, product, quotient, difference, MAX argument list or nesting of
// the rest (up to kMaxText = 16 KB, which keeps a unit under the 10 s timeout of scripts/test.sh
// with the sanitizers). The target checks the linear budget itself and aborts (a finding) when
// compiling and differentiating a text of n bytes takes more than
//   kBaseCpuMs + kCpuMsPerByte * n   milliseconds of CPU time, or
//   kBaseBytes + kBytesPerByte * n   bytes of peak heap above the start (malloc/free hooks).
#include <sanitizer/allocator_interface.h>
#include <time.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "common/diagnostics.hpp"
#include "expr/compile.hpp"

namespace {

constexpr size_t kMaxText = 16 * 1024;
constexpr double kBaseCpuMs = 200;  // sanitizers, the first call's one-time work
constexpr double kCpuMsPerByte = 1.0;
constexpr size_t kBaseBytes = 4 << 20;
constexpr size_t kBytesPerByte = 10 * 1024;

// Heap accounting through the sanitizer allocator's hooks (the fuzz build always has ASan).
long long g_live = 0, g_peak = 0;

void on_malloc(const volatile void*, size_t n) {
  g_live += static_cast<long long>(n);
  if (g_live > g_peak) g_peak = g_live;
}
void on_free(const volatile void* p) {
  g_live -= static_cast<long long>(__sanitizer_get_allocated_size(const_cast<const void*>(p)));
}
const int g_hooks = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);

}  // namespace

namespace {

class FuzzBinder : public mb::expr::Binder {
 public:
  mb::expr::BindResult bind(std::string_view name, std::span<const long long> args) override {
    size_t h = std::hash<std::string_view>{}(name);
    for (long long a : args) {
      if (a == 99) return mb::expr::BindResult::fail("marker 99 does not exist");
      h = h * 31 + static_cast<size_t>(a);
    }
    return mb::expr::BindResult::ok(static_cast<int>(h % 16));
  }
  std::variant<mb::expr::SplineData, std::string> spline(long long id) override {
    if (id == 1) return mb::expr::SplineData{{0, 1, 2, 4}, {0, 1, 0, 3}, {}, false};
    if (id == 2) return mb::expr::SplineData{{0, 1}, {0, 1, 2, 3}, {0, 1}, true};
    if (id == 3) return mb::expr::SplineData{{0, 0}, {0, 1}, {}, false};  // invalid
    return std::string("no such spline");
  }
};

// The text to compile: the input itself, or its tail grown into a long shape.
std::string grow(const uint8_t* data, size_t size) {
  const std::string raw(reinterpret_cast<const char*>(data), size);
  if (size < 3 || data[0] < 0xf0) return raw;  // most inputs are plain expressions
  const std::string body = raw.substr(2);
  const size_t reps = 1 + static_cast<size_t>(data[1]) * 64;
  static const char* kJoin[] = {"+", "*", "/", "-", ","};
  const int shape = data[0] & 0x0f;
  std::string s;
  auto room = [&]() { return s.size() + body.size() + 8 < kMaxText; };
  if (shape < 5) {
    if (shape == 4) s = "MAX(";
    s += body;
    for (size_t i = 1; i < reps && room(); ++i) s += kJoin[shape] + body;
    if (shape == 4) s += ")";
  } else {
    // Nesting: SIN( or ( around the body, closed at the end (deeper than the parser's limit is
    // an error, which is fine).
    const char* open = shape == 5 ? "(" : "SIN(";
    size_t depth = 0;
    for (; depth < reps && room(); ++depth) s += open;
    s += body;
    s += std::string(depth, ')');
  }
  return s;
}

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

void run(const std::string& text) {
  FuzzBinder binder;
  mb::Diagnostics diag;
  mb::expr::Source src{text,
                       [](size_t off) {
                         return mb::SourceLoc{nullptr, 1, int(off) + 1};
                       },
                       "fuzz"};
  auto e = mb::expr::compile(src, binder, diag);
  for (const auto& d : diag.all()) (void)d.str();
  if (!e) return;
  std::array<double, 16> inputs{};
  for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = 0.37 * static_cast<double>(i) - 2.1;
  mb::expr::Workspace ws(*e);
  (void)e->eval(0.25, inputs, ws);
  (void)ws.error().message();
  (void)e->str();
  (void)e->discontinuous_functions();
  auto dt = e->partial_time();
  auto dt2 = dt.partial_time();
  ws.reserve(dt);
  ws.reserve(dt2);
  (void)dt.eval(0.25, inputs, ws);
  (void)dt2.eval(0.25, inputs, ws);
  for (int slot : e->input_slots()) {
    auto d = e->partial(slot);
    ws.reserve(d);
    (void)d.eval(0.25, inputs, ws);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxText) return 0;
  const std::string text = grow(data, size);
  const long long base = g_live;
  g_peak = g_live;
  const double t0 = cpu_ms();
  run(text);
  const double ms = cpu_ms() - t0;
  const auto bytes = static_cast<size_t>(g_peak - base);
  const double n = static_cast<double>(text.size());
  if (ms > kBaseCpuMs + kCpuMsPerByte * n || bytes > kBaseBytes + kBytesPerByte * text.size()) {
    std::fprintf(stderr,
                 "fuzz_expr: over the linear budget: %zu bytes of text took %.1f ms CPU and %zu "
                 "bytes of heap (budget %.0f ms, %zu bytes)\n",
                 text.size(), ms, bytes, kBaseCpuMs + kCpuMsPerByte * n,
                 kBaseBytes + kBytesPerByte * text.size());
    std::abort();
  }
  return 0;
}
