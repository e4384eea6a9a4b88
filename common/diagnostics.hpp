#pragma once
// Collected diagnostics: every problem of a deck is gathered, then printed together as
// `file:line:col: error|warning: <Element> <id>: message`, optionally followed by the source
// line and a caret under the offending column (expressions).

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "common/source_loc.hpp"

namespace mb {

enum class Severity { kError, kWarning, kInfo };

struct Diagnostic {
  Severity severity = Severity::kError;
  SourceLoc loc;
  std::string subject;  ///< "<Element> <id>", e.g. "Body_Rigid 30102"; may be empty
  std::string message;
  std::string excerpt;  ///< optional extra lines (source text and caret), printed verbatim
  int occurrences = 1;  ///< > 1 for a grouped diagnostic: how often its cause occurs

  /// The one-line form without the excerpt.
  std::string headline() const;
  /// The full form, excerpt included, ending without a newline.
  std::string str() const;
};

class Diagnostics {
 public:
  void add(Diagnostic d);
  void error(const SourceLoc& loc, std::string subject, std::string message);
  void warning(const SourceLoc& loc, std::string subject, std::string message);
  void info(const SourceLoc& loc, std::string subject, std::string message);

  /// One root cause, one error: the first error with this `key` is reported at `loc`; later
  /// ones only count, and the message then says how many times it occurs in all (the location
  /// is the first). A grouped error counts once in error_count().
  void error_grouped(const std::string& key, const SourceLoc& loc, std::string subject,
                     std::string message);
  /// The same for warnings.
  void warning_grouped(const std::string& key, const SourceLoc& loc, std::string subject,
                       std::string message);

  bool has_errors() const { return errors_ > 0; }
  int error_count() const { return errors_; }
  int warning_count() const { return warnings_; }
  const std::vector<Diagnostic>& all() const { return list_; }

  /// Prints every diagnostic, one per line (plus excerpts), in the order they were added.
  void print(std::ostream& os) const;

 private:
  void add_grouped(const std::string& key, Diagnostic d);

  std::vector<Diagnostic> list_;
  std::map<std::string, size_t> groups_;  ///< key -> index into list_
  int errors_ = 0;
  int warnings_ = 0;
};

}  // namespace mb
