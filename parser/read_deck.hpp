#pragma once
// One entry point for every deck format, chosen by the file extension (case-insensitive):
// .adm -> Adams dataset, .acf -> Adams command file (which loads the dataset it names),
// anything else -> MotionSolve XML. This is what `mbsolve DECK` calls.

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Throws Error(kInputNotFound) if the deck (or an .acf's dataset) cannot be opened.
Deck read_deck_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
