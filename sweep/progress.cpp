#include "sweep/progress.hpp"

#include <fmt/format.h>

#include <iostream>

namespace mb::sweep {

Progress::Progress(std::size_t total, std::size_t already_done, bool enabled)
    : total_(total),
      done_(already_done),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()) {}

void Progress::case_done(bool ok) {
  ++done_;
  ++done_here_;
  ++(ok ? ok_ : not_ok_);
}

std::string format_duration(double s) {
  const long t = static_cast<long>(s + 0.5);
  if (t < 60) return fmt::format("{}s", t);
  if (t < 3600) return fmt::format("{}m{:02}s", t / 60, t % 60);
  return fmt::format("{}h{:02}m", t / 3600, (t % 3600) / 60);
}

std::string Progress::text(double elapsed) const {
  constexpr std::size_t kWidth = 20;
  const std::size_t filled = total_ ? kWidth * done_ / total_ : kWidth;
  std::string eta = "--";
  if (done_here_ > 0) {
    eta = format_duration(elapsed / static_cast<double>(done_here_) *
                          static_cast<double>(total_ - done_));
  }
  return fmt::format("[{}{}] {}/{}  ok {}  not ok {}  elapsed {}  ETA {}", std::string(filled, '#'),
                     std::string(kWidth - filled, '.'), done_, total_, ok_, not_ok_,
                     format_duration(elapsed), eta);
}

void Progress::draw() {
  if (!enabled_) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::cerr << '\r' << text(elapsed) << "\x1b[K" << std::flush;
}

void Progress::end() {
  if (enabled_) std::cerr << "\r\x1b[K" << std::flush;
}

}  // namespace mb::sweep
