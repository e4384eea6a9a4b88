#pragma once
// Map files: which result channel is compared with which reference channel.
//
//   # comment (also after an entry)
//   RESULT = REFERENCE [SCALE] [KIND]
//
// RESULT is a channel of the result file (e.g. body2.x). REFERENCE is a channel of one of the
// reference files, either bare (X_Pos) when only one reference file has it, or qualified with
// the reference file's stem, the file name without directory and extension
// (Revolute_Case01_ADAMS_Pos:X_Pos). SCALE (default 1) multiplies the reference values before
// comparing (unit or sign conversion). KIND (kind names in channel_kind.hpp) overrides the kind
// guessed from the names. Names are case-insensitive; a result channel may appear once.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/channel_kind.hpp"

namespace mb::compare {

struct MapEntry {
  std::string result;
  std::string reference;  ///< as written, possibly "stem:column"
  double scale = 1.0;
  std::optional<Kind> kind;
  int line = 0;
};

struct ChannelMap {
  std::string source;
  std::vector<MapEntry> entries;
};

/// Parses map text; throws mb::Error(kDeckError) with `source:line: message` on bad lines.
ChannelMap parse_channel_map(std::string_view text, const std::string& source);
ChannelMap read_channel_map(const std::string& path);

}  // namespace mb::compare
