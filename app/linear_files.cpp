#include "app/linear_files.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "results/atomic_file.hpp"

namespace mb {

namespace {

/// Full precision, as the result CSV writes its numbers.
std::string num(double v) { return fmt::format("{:.17g}", v); }

double degrees(std::complex<double> c) {
  return std::abs(c) > 0 ? std::arg(c) * 180 / std::numbers::pi : 0.0;
}

}  // namespace

std::vector<std::string> write_linear_files(const std::string& prefix, const Units& units,
                                            const std::vector<LinearResult>& results) {
  // A deck with mass_mult_factor only names no units (run_deck.cpp's CSV header says so too).
  const bool named = !units.mass.empty();
  const std::string time = named ? units.time : "time unit";
  const std::string length = named ? units.length : "length unit";
  std::string eigen = fmt::format(
      "analysis,time,mode,real[1/{0}],imag[rad/{0}],frequency[cycles/{0}],damping_ratio[-]\n",
      time);
  std::string modes = "analysis,mode,body";
  for (const char* part : {"t", "r"}) {
    for (const char* axis : {"x", "y", "z"}) {
      modes += fmt::format(",{0}{1}_amplitude[{2}],{0}{1}_phase[deg]", part, axis,
                           part[0] == 't' ? length : "rad");
    }
  }
  modes += ",kinetic_energy[%]\n";
  for (size_t a = 0; a < results.size(); ++a) {
    const LinearResult& r = results[a];
    for (size_t k = 0; k < r.modes.size(); ++k) {
      const LinearResult::ModeResult& m = r.modes[k];
      eigen +=
          fmt::format("{},{},{},{},{},{},{}\n", a + 1, num(r.t), k + 1, num(m.eigenvalue.real()),
                      num(m.eigenvalue.imag()), num(m.frequency), num(m.damping_ratio));
      for (const LinearResult::BodyShape& b : m.bodies) {
        modes += fmt::format("{},{},{}", a + 1, k + 1, b.body_id);
        for (const auto* part : {&b.translation, &b.rotation}) {
          for (const std::complex<double>& c : *part) {
            modes += "," + num(std::abs(c)) + "," + num(degrees(c));
          }
        }
        modes += "," + num(100 * b.kinetic_energy_share) + "\n";
      }
    }
  }
  std::vector<std::string> written = {prefix + "_eigen.csv", prefix + "_modes.csv"};
  write_file_atomically(written[0], eigen);
  write_file_atomically(written[1], modes);
  return written;
}

}  // namespace mb
