#include "solver/discrete_samples.hpp"

#include <algorithm>
#include <cmath>

#include "solver/system.hpp"

namespace mb {

namespace {

/// The round-off within which two times are the same sample time.
double time_tolerance(double t) { return 1e-12 * std::max(1.0, std::abs(t)); }

/// The first of e's sample times after `after` (beyond round-off).
double next_of(const StateElement& e, double after) {
  const double P = e.sample_period, t0 = e.sample_offset;
  double k = std::max(0.0, std::floor((after - t0) / P) - 1.0);
  while (t0 + k * P <= after + time_tolerance(after)) k += 1.0;
  return t0 + k * P;
}

}  // namespace

std::optional<double> next_sample_time(const Model& m, double after, double until) {
  std::optional<double> best;
  for (const StateElement& e : m.state_elements) {
    if (e.num_discrete == 0) continue;
    double t = next_of(e, after);
    if (std::abs(t - until) <= time_tolerance(until)) t = until;
    if (t > until) continue;
    if (!best || t < *best) best = t;
  }
  return best;
}

bool is_sample_time(const StateElement& e, double t) {
  if (e.num_discrete == 0 || t < e.sample_offset - time_tolerance(t)) return false;
  const double k = std::round((t - e.sample_offset) / e.sample_period);
  return std::abs(e.sample_offset + k * e.sample_period - t) <= time_tolerance(t);
}

bool sample_discrete_states(const System& sys, Workspace& ws, double t, std::vector<double>& y,
                            const std::vector<double>& yp) {
  if (t <= ws.last_sample_time + time_tolerance(t)) return false;  // sampled already
  const Model& m = sys.model();
  // Every element samples the state before any update (the samples at t are simultaneous).
  double next[StateKernel::kMaxStates];
  std::vector<std::pair<int, std::vector<double>>> updates;
  for (size_t e = 0; e < m.state_elements.size(); ++e) {
    const StateElement& el = m.state_elements[e];
    if (!is_sample_time(el, t)) continue;
    sys.state_kernels()[e].sample(y.data(), yp.data(), t, next, {sys, ws, ws.states[e]});
    updates.emplace_back(sys.state_offset() + el.first_state + el.num_continuous(),
                         std::vector<double>(next, next + el.num_discrete));
  }
  if (!updates.empty()) ws.last_sample_time = t;
  for (const auto& [first, values] : updates) {
    std::copy(values.begin(), values.end(), y.begin() + first);
  }
  return !updates.empty();
}

}  // namespace mb
