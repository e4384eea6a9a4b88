#pragma once
// The progress line of a run on a terminal (stderr is a TTY and the run is not --quiet): the
// simulated time against the end time of the deck's last Simulate, the percentage, the
// integrator steps so far and an estimate of the wall time left, rewritten in place (at most
// ten times a second) and cleared at the end:
//   t = 0.45 / 1 s   45%   1234 steps   ETA 0:03

#include <chrono>
#include <iosfwd>
#include <string>

#include "models/model.hpp"

namespace mb {

/// Where a run is, for progress_text.
struct ProgressState {
  double t = 0;        ///< simulated time reached
  double t_begin = 0;  ///< where the run started
  double t_end = 0;    ///< where its last Simulate ends (progress_end_time)
  long steps = -1;     ///< integrator steps so far; -1: not known (no transient yet)
  double elapsed = 0;  ///< wall seconds since the run started
};

/// The line's text; the ETA is the elapsed wall time scaled by the simulated time still to go,
/// shown once 2% of the run and half a second have passed.
std::string progress_text(const ProgressState& s, const std::string& time_unit);

/// The time the deck's Simulate commands end at, in order from `t_begin`: each starts at its
/// start_time or where the previous one ended, and ends at its end_time or after its duration
/// (a static analysis with neither ends where it starts).
double progress_end_time(const Model& model, double t_begin);

class ProgressLine {
 public:
  ProgressLine(std::ostream& os, double t_begin, double t_end, std::string time_unit);
  /// A new output time; redraws when a tenth of a second has passed since the last redraw.
  void at(double t);
  /// The integrator steps of the run so far.
  void steps(long n) { state_.steps = n; }
  /// Clears the line.
  void end();

 private:
  std::ostream& os_;
  ProgressState state_;
  std::string time_unit_;
  std::chrono::steady_clock::time_point start_, last_draw_;
  size_t width_ = 0;  ///< of the last line drawn
};

}  // namespace mb
