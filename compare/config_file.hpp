#pragma once
// The small line-oriented files beside references (channel maps, tolerance files): '#' starts a
// comment, blank lines are skipped, errors name "file:line".

#include <sstream>
#include <string>
#include <string_view>

#include "common/text.hpp"

namespace mb::compare {

/// Throws Error(kDeckError) with "source:line: msg".
[[noreturn]] void config_error(const std::string& source, int line, const std::string& msg);

/// Calls f(line, lineno) for every line of `text` with its comment removed and trimmed, skipping
/// the lines left empty (lineno counts from 1).
template <class F>
void for_each_config_line(std::string_view text, F&& f) {
  std::istringstream in{std::string(text)};
  std::string raw;
  int lineno = 0;
  while (std::getline(in, raw)) {
    ++lineno;
    std::string_view line = raw;
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (!line.empty()) f(line, lineno);
  }
}

}  // namespace mb::compare
