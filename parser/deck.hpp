#pragma once
// Deck: the input as a tree of nodes, before any physics. Element and attribute names are
// lower-cased (MotionSolve names are case-insensitive); the spelling found in the file is kept
// for messages. Every node and attribute is stamped with its file:line:col.

#include <string>
#include <string_view>
#include <vector>

#include "common/source_loc.hpp"

namespace mb {

struct DeckAttribute {
  std::string name;     ///< lower-cased
  std::string spelled;  ///< as written in the file
  std::string value;    ///< newlines and tabs folded to blanks
  SourceLoc loc;        ///< of the attribute name
  SourceLoc value_loc;  ///< of the first character of the value
  /// Offsets (into `value`) at which the file started a new line inside the value; empty for
  /// the usual single-line value. Used to map an offset in the value back to line:col.
  std::vector<unsigned> line_breaks;

  /// The file position of character `offset` of the value.
  SourceLoc loc_at(size_t offset) const;
};

struct DeckNode {
  std::string tag;      ///< lower-cased element name
  std::string spelled;  ///< as written in the file
  SourceLoc loc;        ///< of the '<' that opens the element
  std::vector<DeckAttribute> attributes;
  std::string text;  ///< element text (numeric data), `!` comment lines removed
  SourceLoc text_loc;
  std::vector<DeckNode> children;

  /// The attribute with this lower-case name, or nullptr.
  const DeckAttribute* find(std::string_view name) const;
  DeckAttribute* find(std::string_view name);
};

/// Which block of the deck a node came from.
enum class DeckBlock { kModel, kCommand };

struct Deck {
  std::string path;
  std::string root_tag;            ///< lower-cased name of the root element
  std::vector<DeckNode> model;     ///< model elements in file order
  std::vector<DeckNode> commands;  ///< command elements in file order
  /// Output prefix named by the deck itself (line 2 of an Adams .acf, as written); empty when
  /// the deck names none and the caller's default applies.
  std::string output_prefix;
  /// True when the deck was read from MotionSolve XML: the attributes the MotionSolve reference
  /// requires (models/element_registry.cpp) must then be present. Decks translated from Adams
  /// carry the Adams defaults instead, and their own reader checks what Adams requires.
  bool motionsolve_xml = false;
};

/// True for element names that only make sense in the command section (Simulate, Stop, ...).
bool is_command_only_element(std::string_view lower_tag);

}  // namespace mb
