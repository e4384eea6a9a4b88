#pragma once
// A position in an input file: every deck node, attribute and expression token carries one, so
// that any diagnostic can point at the deck as `file:line:col`.

#include <string>

namespace mb {

/// File names are interned once per process so that locations stay small and copyable.
const std::string* intern_path(const std::string& path);

struct SourceLoc {
  const std::string* file = nullptr;  ///< interned path, nullptr when there is no file
  int line = 0;                       ///< 1-based; 0 = unknown
  int col = 0;                        ///< 1-based; 0 = unknown

  /// `file:line:col` (parts that are unknown are left out).
  std::string str() const;
};

}  // namespace mb
