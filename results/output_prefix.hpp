#pragma once
// Where a run's results go: PREFIX.csv, PREFIX.json and PREFIX.log (docs/architecture.md
// section 4). `-o DIR/` (or an existing folder) means DIR/<deck stem>; PREFIX must lie in a
// folder that exists and can be written, and must not itself be a device or other special file
// (`-o /dev/null` would create /dev/null.csv). A problem is a usage error (exit 2) found before
// anything is solved.

#include <optional>
#include <string>

namespace mb {

/// The prefix for `deck`: `given` (-o), a folder in `given` completed by the deck's stem, or
/// the deck path without its extension.
std::string output_prefix(const std::string& deck, const std::string& given);

/// What is wrong with writing PREFIX.csv/.json/.log, as a sentence that says what to do, or
/// nothing when they can be written.
std::optional<std::string> output_prefix_problem(const std::string& prefix);

}  // namespace mb
