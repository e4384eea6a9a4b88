#pragma once
// The log of one deck run: every line goes to PREFIX.log (written at the end, run_deck.cpp) and,
// by verbosity, to stderr.

#include <sstream>
#include <string>

namespace mb {

enum class Verbosity { kQuiet, kNormal, kVerbose };

class RunLog {
 public:
  explicit RunLog(Verbosity v) : verbosity_(v) {}
  /// Adds a line; `important` ones reach stderr unless quiet, all of them when verbose.
  void line(const std::string& s, bool important = false);
  std::string text() const { return text_.str(); }

 private:
  Verbosity verbosity_;
  std::ostringstream text_;
};

/// The current UTC time as 2026-01-31T12:00:00Z (log and result headers).
std::string now_iso8601();

}  // namespace mb
