#include "app/hdf5_result_file.hpp"

#include <fmt/format.h>

#include <map>
#include <string_view>

#include "common/text.hpp"

namespace mb {

namespace {

std::vector<Hdf5Column> hdf5_columns(const Model& model, const std::vector<ResultColumn>& cols) {
  std::vector<Hdf5Column> out;
  for (const auto& c : cols) out.push_back({c.name, c.unit, describe_column(model, c.name)});
  return out;
}

const std::map<std::string_view, std::string_view>& body_channel_words() {
  static const std::map<std::string_view, std::string_view> kWords = {
      {"x", "CM position x, ground"},
      {"y", "CM position y, ground"},
      {"z", "CM position z, ground"},
      {"e0", "Euler parameter e0 of the CM frame"},
      {"e1", "Euler parameter e1 of the CM frame"},
      {"e2", "Euler parameter e2 of the CM frame"},
      {"e3", "Euler parameter e3 of the CM frame"},
      {"vx", "CM velocity x, ground"},
      {"vy", "CM velocity y, ground"},
      {"vz", "CM velocity z, ground"},
      {"wx", "angular velocity x, ground axes"},
      {"wy", "angular velocity y, ground axes"},
      {"wz", "angular velocity z, ground axes"},
      {"yaw", "yaw of the CM frame (A = Rz Ry Rx)"},
      {"pitch", "pitch of the CM frame (A = Rz Ry Rx)"},
      {"roll", "roll of the CM frame (A = Rz Ry Rx)"},
      {"psi", "3-1-3 angle psi of the CM frame"},
      {"theta", "3-1-3 angle theta of the CM frame"},
      {"phi", "3-1-3 angle phi of the CM frame"}};
  return kWords;
}

}  // namespace

std::string describe_column(const Model& model, const std::string& column) {
  if (column == "time") return "simulation time";
  const size_t dot = column.find('.');
  if (dot == std::string::npos) return column;
  const std::string_view head = std::string_view(column).substr(0, dot);
  const std::string channel = column.substr(dot + 1);
  if (head.starts_with("body")) {
    const auto id = parse_int(head.substr(4), -2147483647, 2147483647);
    for (const Body& b : model.bodies) {
      if (id && b.id == *id) {
        const auto& words = body_channel_words();
        const auto it = words.find(channel);
        return fmt::format("{}: {}", b.subject, it == words.end() ? channel : it->second);
      }
    }
  }
  if (head.starts_with("req")) {
    return fmt::format("Post_Request {} channel {}", head.substr(3), channel);
  }
  return column;
}

Hdf5ResultFile::Hdf5ResultFile(const std::string& prefix, const Model& model,
                               const std::vector<ResultColumn>& columns,
                               const std::string& deck_path)
    : writer_(prefix + ".h5", hdf5_columns(model, columns)), model_(model), deck_path_(deck_path) {}

void Hdf5ResultFile::finish(bool successful, const RunSummary& s) {
  const Units& u = model_.units;
  writer_.set_group("model", {{"deck", deck_path_},
                              {"moving_bodies", std::int64_t{s.bodies}},
                              {"constraint_equations", std::int64_t{s.constraints}},
                              {"degrees_of_freedom", std::int64_t{s.dof}},
                              {"redundant_constraints_removed", std::int64_t{s.redundant_removed}},
                              {"force_unit", u.force},
                              {"mass_unit", u.mass},
                              {"length_unit", u.length},
                              {"time_unit", u.time},
                              {"angle_unit", std::string("radian")}});
  writer_.set_group("solver", {{"status", std::string(successful ? "ok" : "failed")},
                               {"mbsolve_version", std::string(mbsolve_version())},
                               {"end_time", s.end_time},
                               {"output_rows", static_cast<std::int64_t>(writer_.rows())},
                               {"steps", std::int64_t{s.stats.steps}},
                               {"residual_evals", std::int64_t{s.stats.residual_evals}},
                               {"jacobian_evals", std::int64_t{s.stats.jacobian_evals}},
                               {"newton_iters", std::int64_t{s.stats.newton_iters}},
                               {"error_test_fails", std::int64_t{s.stats.error_test_fails}}});
  writer_.finish();
}

}  // namespace mb
