#include "compare/channel_map.hpp"

#include <fmt/format.h>

#include <fstream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "compare/config_file.hpp"

namespace mb::compare {
namespace {}  // namespace

ChannelMap parse_channel_map(std::string_view text, const std::string& source) {
  ChannelMap map;
  map.source = source;
  for_each_config_line(text, [&](std::string_view line, int lineno) {
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) {
      config_error(source, lineno, "expected 'RESULT = REFERENCE [SCALE] [KIND]'");
    }
    MapEntry e;
    e.line = lineno;
    e.result = std::string(trim(line.substr(0, eq)));
    const auto rhs = split_list(line.substr(eq + 1));
    if (e.result.empty() || e.result.find(' ') != std::string::npos || rhs.empty()) {
      config_error(source, lineno, "expected 'RESULT = REFERENCE [SCALE] [KIND]'");
    }
    e.reference = rhs[0];
    for (std::size_t k = 1; k < rhs.size(); ++k) {
      if (auto v = parse_real(rhs[k]); v && k == 1) {
        e.scale = *v;
      } else if (auto kind = parse_kind(rhs[k]); kind && !e.kind) {
        e.kind = kind;
      } else {
        config_error(source, lineno,
                     fmt::format("unexpected '{}' (expected a scale, then a kind)", rhs[k]));
      }
    }
    for (const auto& prev : map.entries) {
      if (iequals(prev.result, e.result)) {
        config_error(
            source, lineno,
            fmt::format("result channel '{}' is already mapped on line {}", e.result, prev.line));
      }
    }
    map.entries.push_back(std::move(e));
  });
  return map;
}

ChannelMap read_channel_map(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ExitCode::kInputNotFound, fmt::format("{}: cannot open map file", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_channel_map(ss.str(), path);
}

}  // namespace mb::compare
