#pragma once
// Reads an Adams/Solver dataset (.adm) into a Deck in the MotionSolve XML vocabulary, so that
// the rest of mbsolve sees one format: PART -> body_rigid, MARKER -> reference_marker (global
// pos_x.. and a00..a22), JOINT -> constraint_joint, REQUEST -> post_request, ... (the full
// mapping is the table in adm_reader.cpp). The first line of a dataset is its title and is not
// read; END ends the dataset. Every problem goes to `diag` as `file:line:col`; the Deck holds
// what could be read. A dataset has no commands (deck.commands stays empty).

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Parses dataset text that came from `path` (used for locations only).
Deck read_adm_deck_text(const std::string& text, const std::string& path, Diagnostics& diag);

/// Reads the file; throws Error(kInputNotFound) if it cannot be opened.
Deck read_adm_deck_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
