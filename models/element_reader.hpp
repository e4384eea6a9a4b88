#pragma once
// ElementReader: typed, validated access to one deck element's attributes. Every problem becomes
// a diagnostic that points at the attribute (`file:line:col: error: <Element> <id>: ...`).
// Attributes never asked for are reported by finish() as unknown, with a "did you mean"
// suggestion drawn from the names the element's builder asked for. A missing required attribute
// is reported once the element has been read (finish(), or when the reader goes away), so that
// the message can name an unknown attribute that looks like a misspelling of it.

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
  ~ElementReader();
  ElementReader(const ElementReader&) = delete;
  ElementReader& operator=(const ElementReader&) = delete;

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

  /// Reports that the required attribute `name` is absent (once per name); `hint` says what it
  /// holds or what may stand in for it, e.g. "TRANSLATIONAL or ROTATIONAL".
  void missing(std::string_view name, std::string_view hint = {});
  /// Checks the attributes the MotionSolve reference requires (ElementInfo::required: names
  /// separated by blanks, alternatives joined by '|', e.g. "i_marker_id stiffness|expr"). Each
  /// group with none of its names present is reported by finish() through missing().
  void require_all(std::string_view element_name, std::string_view spec);

  void error(std::string_view attribute, const std::string& message);
  void error_here(const std::string& message);  ///< at the element itself
  void warning(std::string_view attribute, const std::string& message);
  void warning_here(const std::string& message);

  /// Reports the missing required attributes, then warns about every attribute no accessor
  /// asked for.
  void finish();

 private:
  struct Missing {
    std::string name;
    std::string hint;
  };
  void report_missing();

  const DeckNode& node_;
  Diagnostics& diag_;
  std::string subject_;
  int id_ = 0;
  std::vector<std::string> asked_;     ///< every name asked for (for "did you mean")
  std::vector<char> attribute_asked_;  ///< per node attribute: asked for
  std::vector<Missing> missing_;       ///< required attributes found absent, not yet reported
  std::string_view required_;          ///< the element's required groups (require_all)
  std::string_view element_name_;      ///< canonical element name, for the required list
};

}  // namespace mb
