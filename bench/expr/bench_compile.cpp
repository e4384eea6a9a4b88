// Compile-time and memory budget of mb_expr (issue 20): compiling an expression of n bytes with
// the derivatives a model needs (models/compiled_expression: the partial with respect to every
// input, d/dTIME and d2/dTIME2) must take O(n) time and memory. Measured at n = 1 KB, 10 KB and
// 100 KB for several shapes; each case runs in a child process, whose peak resident memory
// (getrusage) less that of a child that compiles nothing is the memory figure; the time is the
// CPU time of the process (not wall time: the machine is shared), the best of three runs.
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "expr/compile.hpp"

namespace {

class AnyBinder : public mb::expr::Binder {
 public:
  mb::expr::BindResult bind(std::string_view, std::span<const long long> args) override {
    return mb::expr::BindResult::ok(static_cast<int>(args[0] % 8));
  }
  std::variant<mb::expr::SplineData, std::string> spline(long long) override {
    return std::string("no splines");
  }
};

struct Shape {
  const char* name;
  std::function<std::string(size_t)> text;  ///< an expression of about n bytes
};

// `unit` repeated, joined by `op`, until the text has n bytes.
std::string repeat(const std::string& unit, const std::string& op, size_t n) {
  std::string s = unit;
  while (s.size() + op.size() + unit.size() <= n) s += op + unit;
  return s;
}

// SIN(1+SIN(1+...DX(1)...)) `depth` deep, summed until the text has n bytes.
std::string nested(size_t depth, size_t n) {
  std::string unit;
  for (size_t i = 0; i < depth; ++i) unit += "SIN(1+";
  unit += "DX(" + std::to_string(depth % 8) + ")*TIME";
  unit += std::string(depth, ')');
  return repeat(unit, "+", std::max(n, unit.size()));
}

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

struct Result {
  double ms = 0;
  size_t tape = 0;  ///< instructions of the value and all its derivatives
};

Result compile_all(const std::string& text) {
  Result r;
  r.ms = 1e300;
  for (int rep = 0; rep < 3; ++rep) {
    const double t0 = cpu_ms();
    AnyBinder binder;
    mb::Diagnostics diag;
    auto e = mb::expr::compile({text, {}, "bench"}, binder, diag);
    if (!e) {
      diag.print(std::cerr);
      std::exit(1);
    }
    size_t tape = e->tape_size();
    for (int slot : e->input_slots()) tape += e->partial(slot).tape_size();
    const mb::expr::Expression dt = e->partial_time();
    tape += dt.tape_size() + dt.partial_time().tape_size();
    r.ms = std::min(r.ms, cpu_ms() - t0);
    r.tape = tape;
  }
  return r;
}

// Runs `f` in a child; returns its result and peak RSS in KB.
std::pair<Result, long> in_child(const std::function<Result()>& f) {
  int fd[2];
  if (pipe(fd) != 0) std::exit(1);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    const Result r = f();
    if (write(fd[1], &r, sizeof r) != static_cast<ssize_t>(sizeof r)) _exit(1);
    _exit(0);
  }
  close(fd[1]);
  Result r;
  if (read(fd[0], &r, sizeof r) != static_cast<ssize_t>(sizeof r)) std::exit(1);
  close(fd[0]);
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  return {r, ru.ru_maxrss};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string only = argc > 1 ? argv[1] : "";
  const std::vector<Shape> shapes = {
      {"long sum", [](size_t n) { return repeat("DX(1)*TIME+DX(2)", "+", n); }},
      {"long product", [](size_t n) { return repeat("TIME*DX(3)", "*", n); }},
      {"nested divisions", [](size_t n) { return repeat("(1+TIME)/(2+DX(1))", "/", n); }},
      {"deep nesting (150 levels)", [](size_t n) { return nested(150, n); }},
      {"MAX chains", [](size_t n) { return repeat("MAX(TIME,DX(1),DX(2)*TIME)", "*", n); }},
  };
  const long base_kb = in_child([] { return Result{}; }).second;
  std::printf("%-28s %8s %10s %10s %12s %10s %10s\n", "shape", "bytes", "ms", "us/byte",
              "tape instr", "RSS MB", "RSS B/byte");
  for (const auto& s : shapes) {
    if (std::string(s.name).find(only) == std::string::npos) continue;
    for (size_t n : {1000u, 10000u, 100000u}) {
      const std::string text = s.text(n);
      const auto [r, kb] = in_child([&] { return compile_all(text); });
      const double mb = static_cast<double>(std::max(0L, kb - base_kb)) / 1024.0;
      std::printf("%-28s %8zu %10.2f %10.2f %12zu %10.1f %10.0f\n", s.name, text.size(), r.ms,
                  1e3 * r.ms / static_cast<double>(text.size()), r.tape, mb,
                  mb * 1048576.0 / static_cast<double>(text.size()));
    }
  }
  return 0;
}
