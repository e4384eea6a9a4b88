#pragma once
// The element table: one row per MotionSolve element name (sorted), the one place an element is
// registered. A row carries the element's reader (builder), a one-line description, its support
// status, its required attributes, its duplicate-id check and what commands may change on it
// (EditRule). The table drives dispatch, `mbsolve --list-elements`, "did you mean" for unknown
// element names, the unique-id checks and the resolution of modification commands
// (models/command_edits.hpp). CONTRIBUTING.md says how to add a row.

#include <span>
#include <string_view>

#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

enum class ElementSupport {
  kSupported,     ///< built, validated and solved
  kNotSupported,  ///< recognised; a deck that uses it stops with "not supported"
  kSkipped,       ///< pure graphics or output-only: skipped with one info line
};

/// Reports duplicate ids among the drafts of one row's elements (`family`: the row's name).
using IdCheck = void (*)(const ModelDraft& draft, std::string_view family, Diagnostics& diag);

/// Activate / Deactivate: the element_type keywords that select an element (blank-separated;
/// none: commands cannot switch it) and the model list its elements are in. FORCE selects every
/// element whose list is a force list.
struct ActivationRule {
  std::string_view keywords;
  ModelEdit::List list = ModelEdit::List::kJoint;
};

/// Which section of the deck an element belongs to.
enum class ElementScope { kModel, kCommand, kBoth };

struct ElementInfo {
  std::string_view tag;   ///< lower-case element name
  std::string_view name;  ///< canonical spelling
  ElementSupport support;
  ElementScope scope;
  ElementBuilder build;  ///< nullptr unless supported
  std::string_view description;
  /// The attributes the MotionSolve XML reference requires (beyond `id`, which the builder
  /// checks): blank-separated, alternatives joined by '|' ("stiffness|force_expression": either
  /// will do). Checked for decks read from XML only (Deck::motionsolve_xml); every attribute not
  /// listed is optional and takes the default its builder documents. docs/motionsolve-format.md
  /// section 2.0 gives the table with its sources.
  std::string_view required = {};
  /// The duplicate-id check of the element (nullptr: it has no id of its own, or its ids are
  /// checked with the data they key, as for Reference_Array).
  IdCheck unique_ids = nullptr;
  /// What a command-section element of this name may change on the model's element, and how
  /// (nullptr: commands cannot modify it). The changeable elements and their attribute lists
  /// (for messages and "did you mean") come from here.
  const EditRule* edit = nullptr;
  /// How Activate / Deactivate name the element (the keywords, their "did you mean" and the
  /// elements they select come from here).
  ActivationRule activation = {};
};

/// All rows, sorted by tag.
std::span<const ElementInfo> element_table();

/// The row for a lower-case tag, or nullptr.
const ElementInfo* find_element(std::string_view tag);

/// Runs the duplicate-id check of every row on `draft`.
void check_unique_ids(const ModelDraft& draft, Diagnostics& diag);

}  // namespace mb
