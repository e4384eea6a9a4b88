#include "parser/deck.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace mb {

SourceLoc DeckAttribute::loc_at(size_t offset) const {
  SourceLoc at = value_loc;
  size_t line_start = 0;
  for (unsigned b : line_breaks) {
    if (b > offset) break;
    ++at.line;
    at.col = 1;
    line_start = b;
  }
  at.col += static_cast<int>(offset - line_start);
  return at;
}

const DeckAttribute* DeckNode::find(std::string_view name) const {
  for (const auto& a : attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

DeckAttribute* DeckNode::find(std::string_view name) {
  return const_cast<DeckAttribute*>(std::as_const(*this).find(name));
}

bool is_command_only_element(std::string_view lower_tag) {
  static constexpr std::array<std::string_view, 8> kCommands = {
      "activate",  "deactivate", "debugoutput", "load_model",
      "resoutput", "save",       "simulate",    "stop"};
  return std::find(kCommands.begin(), kCommands.end(), lower_tag) != kCommands.end();
}

}  // namespace mb
