#include "app/linear_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "results/atomic_file.hpp"

namespace mb {

namespace {

/// Full precision, as the result CSV writes its numbers.
std::string num(double v) { return fmt::format("{:.17g}", v + 0.0); }  // -0 as 0

double degrees(std::complex<double> c) {
  return std::abs(c) > 0 ? std::arg(c) * 180 / std::numbers::pi : 0.0;
}

/// MATLAB's ASCII matrix: one row per line.
std::string matlab_ascii(const Eigen::MatrixXd& m) {
  std::string out;
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? " " : "") + num(m(r, c));
    out += "\n";
  }
  return out;
}

/// The rows of PREFIX_statemat.csv for one matrix.
void append_entries(std::string& csv, size_t analysis, const char* name, const Eigen::MatrixXd& m,
                    const std::vector<std::string>& rows, const std::vector<std::string>& cols) {
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      csv += fmt::format("{},{},{},{},{}\n", analysis, name, rows[static_cast<size_t>(r)],
                         cols[static_cast<size_t>(c)], num(m(r, c)));
    }
  }
}

}  // namespace

std::vector<std::string> state_matrix_files(const std::string& prefix, size_t analysis) {
  const std::string base = analysis == 1 ? prefix : fmt::format("{}_{}", prefix, analysis);
  return {base + ".a", base + ".b", base + ".c", base + ".d"};
}

std::string state_matrix_csv(const std::string& prefix) { return prefix + "_statemat.csv"; }

std::string state_matrix_base(const std::string& prefix, const LinearResult& r) {
  if (r.matrix_file.empty()) return prefix;
  std::filesystem::path file(r.matrix_file);
  file.replace_extension();
  if (file.is_relative()) file = std::filesystem::path(prefix).parent_path() / file;
  return file.string();
}

std::vector<std::string> state_matrix_paths(const std::string& prefix, const LinearResult& r,
                                            size_t analysis) {
  const std::string base = state_matrix_base(prefix, r);
  std::vector<std::string> files;
  if (r.write_matrix_files) files = state_matrix_files(base, analysis);
  files.push_back(state_matrix_csv(base));
  return files;
}

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
  std::string energy = "analysis,mode,element,strain_energy[%]\n";
  bool any_energy = false;
  for (size_t a = 0; a < results.size(); ++a) {
    if (!results[a].write_energy_file) continue;
    any_energy = true;
    for (size_t k = 0; k < results[a].modes.size(); ++k) {
      for (const LinearResult::ModeResult::ElementShare& e : results[a].modes[k].elements) {
        energy +=
            fmt::format("{},{},{},{}\n", a + 1, k + 1, e.subject, num(100 * e.strain_energy_share));
      }
    }
  }
  if (any_energy) {
    written.push_back(prefix + "_energy.csv");
    write_file_atomically(written.back(), energy);
  }
  // One CSV per state-matrix base (the prefix, or a STATEMAT FILE=), in analysis order.
  std::vector<std::pair<std::string, std::string>> statemat;
  for (size_t a = 0; a < results.size(); ++a) {
    if (!results[a].state_matrices) continue;
    const LinearResult::StateMatrices& m = *results[a].state_matrices;
    const std::string csv = state_matrix_csv(state_matrix_base(prefix, results[a]));
    auto entry = std::find_if(statemat.begin(), statemat.end(),
                              [&](const auto& e) { return e.first == csv; });
    if (entry == statemat.end()) {
      statemat.emplace_back(csv, "analysis,matrix,row,column,value\n");
      entry = statemat.end() - 1;
    }
    append_entries(entry->second, a + 1, "A", m.A, m.states, m.states);
    append_entries(entry->second, a + 1, "B", m.B, m.states, m.inputs);
    append_entries(entry->second, a + 1, "C", m.C, m.outputs, m.states);
    append_entries(entry->second, a + 1, "D", m.D, m.outputs, m.inputs);
    if (!results[a].write_matrix_files) continue;
    const std::vector<std::string> files =
        state_matrix_files(state_matrix_base(prefix, results[a]), a + 1);
    const Eigen::MatrixXd* mats[] = {&m.A, &m.B, &m.C, &m.D};
    for (size_t k = 0; k < files.size(); ++k) {
      write_file_atomically(files[k], matlab_ascii(*mats[k]));
      written.push_back(files[k]);
    }
  }
  for (const auto& [csv, text] : statemat) {
    write_file_atomically(csv, text);
    written.push_back(csv);
  }
  return written;
}

}  // namespace mb
