#include "common/source_loc.hpp"

#include <deque>
#include <mutex>

namespace mb {

const std::string* intern_path(const std::string& path) {
  static std::mutex mutex;
  static std::deque<std::string> paths;
  std::lock_guard lock(mutex);
  for (const auto& p : paths) {
    if (p == path) return &p;
  }
  return &paths.emplace_back(path);
}

std::string SourceLoc::str() const {
  std::string s = file ? *file : std::string("<input>");
  if (line > 0) {
    s += ':' + std::to_string(line);
    if (col > 0) s += ':' + std::to_string(col);
  }
  return s;
}

}  // namespace mb
