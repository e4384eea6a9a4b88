#pragma once
// The element table: one row per MotionSolve element name (sorted), with its builder, a one-line
// description and its support status. The same table drives dispatch, `mbsolve --list-elements`
// and "did you mean" for unknown element names.

#include <span>
#include <string_view>

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

enum class ElementSupport {
  kSupported,     ///< built, validated and solved
  kNotSupported,  ///< recognised; a deck that uses it stops with "not supported"
  kSkipped,       ///< pure graphics or output-only: skipped with one info line
};

/// Which section of the deck an element belongs to.
enum class ElementScope { kModel, kCommand, kBoth };

using ElementBuilder = void (*)(ElementReader&, ModelDraft&, bool in_command);

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
};

/// All rows, sorted by tag.
std::span<const ElementInfo> element_table();

/// The row for a lower-case tag, or nullptr.
const ElementInfo* find_element(std::string_view tag);

}  // namespace mb
