// libFuzzer target for the expression compiler: any byte string is compiled with a permissive
// binder; whatever compiles is evaluated, and its first partial derivatives are built and
// evaluated too. Must never crash, hang or trip a sanitizer; errors are fine.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "common/diagnostics.hpp"
#include "expr/compile.hpp"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 2048) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  FuzzBinder binder;
  mb::Diagnostics diag;
  mb::expr::Source src{text,
                       [](size_t off) {
                         return mb::SourceLoc{nullptr, 1, int(off) + 1};
                       },
                       "fuzz"};
  auto e = mb::expr::compile(src, binder, diag);
  for (const auto& d : diag.all()) (void)d.str();
  if (!e) return 0;
  std::array<double, 16> inputs{};
  for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = 0.37 * static_cast<double>(i) - 2.1;
  mb::expr::Workspace ws(*e);
  (void)e->eval(0.25, inputs, ws);
  (void)ws.error().message();
  // First partials (bounded: the tape of a derivative is at most quadratic in the input).
  if (e->tape_size() > 400) return 0;
  auto dt = e->partial_time();
  ws.reserve(dt);
  (void)dt.eval(0.25, inputs, ws);
  for (int slot : e->input_slots()) {
    auto d = e->partial(slot);
    ws.reserve(d);
    (void)d.eval(0.25, inputs, ws);
  }
  return 0;
}
