#pragma once
// ElementReader: typed, validated access to one deck element's attributes. Every problem becomes
// a diagnostic that points at the attribute (`file:line:col: error: <Element> <id>: ...`).
// Attributes never asked for are reported by finish() as unknown, with a "did you mean"
// suggestion drawn from the names the element's builder asked for.

#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// A deck value for a message, in quotes: long values are cut to their first 32 characters and
/// their length ('99999...' (1048576 characters)), so one bad megabyte stays one short line.
std::string quoted_value(std::string_view value);

class ElementReader {
 public:
  ElementReader(const DeckNode& node, Diagnostics& diag);

  const DeckNode& node() const { return node_; }
  /// "<Element> <id>" as spelled in the deck, e.g. "Body_Rigid 30102".
  const std::string& subject() const { return subject_; }
  /// The element's `id` (0 when it has none or it is invalid; an error was then reported).
  int id() const { return id_; }
  /// Reads and validates `id` (an integer > 0). Called by the builders of elements that have one.
  int require_id();

  /// The raw attribute (marks it as known), or nullptr.
  const DeckAttribute* attr(std::string_view name);
  bool has(std::string_view name);
  SourceLoc loc_of(std::string_view name);

  std::optional<double> real(std::string_view name);
  double real_or(std::string_view name, double fallback);
  std::optional<double> required_real(std::string_view name);
  /// An element reference: an integer id > 0 (or >= 0 when `allow_zero`).
  std::optional<int> ref(std::string_view name, bool allow_zero = false);
  std::optional<int> required_ref(std::string_view name);
  std::optional<long long> integer(std::string_view name, long long min, long long max);
  std::optional<bool> boolean(std::string_view name);
  /// An upper-cased keyword from `allowed` (compared case-insensitively).
  std::optional<std::string> keyword(std::string_view name,
                                     std::span<const std::string_view> allowed);

  void error(std::string_view attribute, const std::string& message);
  void error_here(const std::string& message);  ///< at the element itself
  void warning(std::string_view attribute, const std::string& message);
  void warning_here(const std::string& message);

  /// Warns about every attribute no accessor asked for.
  void finish();

 private:
  const DeckNode& node_;
  Diagnostics& diag_;
  std::string subject_;
  int id_ = 0;
  std::vector<std::string> asked_;     ///< every name asked for (for "did you mean")
  std::vector<char> attribute_asked_;  ///< per node attribute: asked for
};

}  // namespace mb
