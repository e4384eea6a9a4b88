#pragma once
// The sweep's progress line on stderr (only when stderr is a terminal):
//   [##########..........]  50/100  ok 48  not ok 2  elapsed 1m02s  ETA 1m02s
// The ETA extrapolates the mean time per case finished in this run.

#include <chrono>
#include <cstddef>
#include <string>

namespace mb::sweep {

class Progress {
 public:
  Progress(std::size_t total, std::size_t already_done, bool enabled);
  void case_done(bool ok);
  void draw();
  /// Clears the line.
  void end();
  /// The line without the bar's carriage return, for tests.
  std::string text(double elapsed_s) const;

 private:
  std::size_t total_, done_, done_here_ = 0, ok_ = 0, not_ok_ = 0;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
};

/// 75 -> "1m15s", 3725 -> "1h02m", 8.2 -> "8s".
std::string format_duration(double s);

}  // namespace mb::sweep
