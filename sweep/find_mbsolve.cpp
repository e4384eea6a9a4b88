#include "sweep/find_mbsolve.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace mb::sweep {

namespace {
bool executable(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}
}  // namespace

std::string find_mbsolve() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto dir = self.parent_path();
    for (const auto& p : {dir / "mbsolve", dir / ".." / "mbsolve" / "mbsolve"}) {
      if (executable(p)) return std::filesystem::weakly_canonical(p, ec).string();
    }
  }
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::filesystem::path p = std::filesystem::path(rest.substr(0, colon)) / "mbsolve";
      if (executable(p)) return std::filesystem::absolute(p, ec).string();
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  return {};
}

}  // namespace mb::sweep
