#pragma once
// One entry point for every deck format, chosen by the file extension (case-insensitive):
// .adm -> Adams dataset, .acf -> Adams command file (which loads the dataset it names),
// anything else -> MotionSolve XML. Command-line overrides (--set) are applied on the way:
// `${name}` placeholders in the text before parsing, element paths after. This is what
// `mbsolve DECK` calls.

#include <span>
#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"
#include "parser/deck_overrides.hpp"

namespace mb {

/// Throws Error(kInputNotFound) if the deck (or an .acf's dataset) cannot be opened.
Deck read_deck_file(const std::string& path, std::span<const Override> overrides,
                    Diagnostics& diag);
inline Deck read_deck_file(const std::string& path, Diagnostics& diag) {
  return read_deck_file(path, {}, diag);
}

}  // namespace mb
