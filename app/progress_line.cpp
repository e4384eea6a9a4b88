#include "app/progress_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace mb {

namespace {
constexpr double kRedrawSeconds = 0.1;
constexpr double kEtaMinFraction = 0.02;
constexpr double kEtaMinSeconds = 0.5;

std::string clock_text(double seconds) {
  const long s = std::lround(seconds);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}
}  // namespace

std::string progress_text(const ProgressState& s, const std::string& time_unit) {
  const double span = s.t_end - s.t_begin;
  const double fraction = span > 0 ? std::clamp((s.t - s.t_begin) / span, 0.0, 1.0) : 1.0;
  std::string text =
      fmt::format("t = {:.6g} / {:.6g} {}   {:3.0f}%", s.t, s.t_end, time_unit, 100 * fraction);
  if (s.steps >= 0) text += fmt::format("   {} steps", s.steps);
  if (fraction >= kEtaMinFraction && fraction < 1 && s.elapsed >= kEtaMinSeconds) {
    text += "   ETA " + clock_text(s.elapsed * (1 - fraction) / fraction);
  }
  return text;
}

double progress_end_time(const Model& model, double t_begin) {
  double t = t_begin;
  for (const Command& c : model.commands) {
    if (c.kind == Command::Kind::kStop) break;
    if (c.kind != Command::Kind::kSimulate) continue;
    const Simulate& s = c.simulate;
    if (s.start_time) t = *s.start_time;
    if (s.end_time) {
      t = std::max(t, *s.end_time);
    } else if (s.duration) {
      t += *s.duration;
    }
  }
  return t;
}

ProgressLine::ProgressLine(std::ostream& os, double t_begin, double t_end, std::string time_unit)
    : os_(os),
      time_unit_(std::move(time_unit)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - std::chrono::seconds(1)) {
  state_.t = state_.t_begin = t_begin;
  state_.t_end = t_end;
}

void ProgressLine::at(double t) {
  state_.t = t;
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_draw_).count() < kRedrawSeconds) return;
  last_draw_ = now;
  state_.elapsed = std::chrono::duration<double>(now - start_).count();
  const std::string text = progress_text(state_, time_unit_);
  // Pads with blanks over what is left of a longer previous line.
  os_ << '\r' << text << std::string(width_ > text.size() ? width_ - text.size() : 0, ' ')
      << std::flush;
  width_ = text.size();
}

void ProgressLine::end() {
  if (width_ == 0) return;
  os_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
  width_ = 0;
}

}  // namespace mb
