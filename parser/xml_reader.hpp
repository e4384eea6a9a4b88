#pragma once
// Reads a MotionSolve XML deck into a Deck. Accepts any root element name, `<Model>` and
// `<Command>` blocks or bare elements under the root, and a `<Model>` root. Problems are added
// to `diag` (malformed XML: one error with file:line); the returned Deck holds what was read.

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Parses XML text that came from `path` (used for locations only).
Deck read_xml_deck_text(const std::string& text, const std::string& path, Diagnostics& diag);

/// Reads the file; throws Error(kInputNotFound) if it cannot be opened.
Deck read_xml_deck_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
