#pragma once
// Command-line overrides of deck values (`--set NAME=VALUE`, shared by mbsolve and mbsweep).
//
// Two kinds, told apart by the name:
//   * an element path (the name holds a '.'): `Type[id].attribute` sets the attribute of the
//     element of that type and id; `Type.attribute` sets it on every element of that type
//     (e.g. `Simulate.end_time`). For elements without ids (Simulate) `Type[N]` is the N-th
//     element of that type in deck order (`Simulate[2].end_time`). An override that would turn
//     a Static Simulate into a quasi-static one (end_time or duration where it has neither) is
//     an error: it would change the analysis' kind. Names are case-insensitive. The attribute is
//     replaced, or added when the element does not have it; its location reads `<--set>` so that
//     any later message about the value points at the command line. Whether the element knows the
//     attribute is checked by the model builder (an added unknown attribute is an error there).
//   * a placeholder (a plain name): every `${name}` in the deck text is replaced by the value
//     (XML-escaped) before the XML is parsed.
//
// Errors (all collected into Diagnostics; the deck is then not solved):
//   <--set>: error: Body_Rigd[2].mass: no Body_Rigd element in the deck (did you mean
//   'Body_Rigid'?)
//   <--set>: error: Body_Rigid[9].mass: no Body_Rigid element with id 9 (ids: 1, 2)
//   <--set>: error: k=5: the deck has no placeholder ${k}, and 'k' is not an element path
//   deck.xml:3:20: error: placeholder ${k} has no value (give one with --set k=VALUE)

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

struct Override {
  std::string name;   ///< as given: an element path or a placeholder name
  std::string value;  ///< as given (surrounding blanks removed)

  /// True when the name is an element path (it holds a '.').
  bool is_path() const;
};

/// Parses one `NAME=VALUE` spec. Returns nothing and sets `error` for a spec without '=', an
/// empty name, a placeholder name that is not an identifier, or a malformed element path.
std::optional<Override> parse_override(std::string_view spec, std::string& error);

/// An element path split into its parts.
struct ElementPath {
  std::string type;               ///< element name as written
  std::optional<std::string> id;  ///< the id between brackets, if any
  std::string attribute;          ///< attribute name as written
};

/// Parses `Type[id].attribute` or `Type.attribute`; sets `error` when malformed.
std::optional<ElementPath> parse_element_path(std::string_view path, std::string& error);

/// The location every overridden attribute carries: file `<--set>`, no line.
SourceLoc command_line_loc();

/// Replaces every `${name}` in `text` (read from `path`) by the value of the placeholder
/// override of that name. Unfilled placeholders are errors at their file:line:col; placeholder
/// overrides that match no `${name}` are errors naming them. Path overrides are ignored here.
std::string substitute_placeholders(std::string_view text, const std::string& path,
                                    std::span<const Override> overrides, Diagnostics& diag);

/// Applies the path overrides to `deck` (placeholder overrides are ignored here).
void apply_path_overrides(Deck& deck, std::span<const Override> overrides, Diagnostics& diag);

}  // namespace mb
