#include "common/user_library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>

namespace mb {

namespace {

std::shared_ptr<void> open_library(const std::string& path, LibraryLoad mode, std::string& error) {
  dlerror();
  // kFind opens only through the system search, lazily: a library that calls the solver
  // callbacks loads in a program that does not export them.
  void* h = dlopen(path.c_str(), (mode == LibraryLoad::kNow ? RTLD_NOW : RTLD_LAZY) | RTLD_LOCAL);
  if (!h) {
    const char* e = dlerror();
    error = e ? e : "unknown loader error";
    return nullptr;
  }
  return std::shared_ptr<void>(h, [](void* p) { dlclose(p); });
}

/// The candidate file names of library `name`: as given, libX.so, X.so.
std::vector<std::string> file_names(std::string_view name) {
  std::vector<std::string> out{std::string(name)};
  const std::filesystem::path p(name);
  const std::string file = p.filename().string();
  const std::filesystem::path dir = p.parent_path();
  if (!file.ends_with(".so")) {
    out.push_back((dir / ("lib" + file + ".so")).string());
    out.push_back((dir / (file + ".so")).string());
  }
  return out;
}

}  // namespace

/// The folders a relative user file is looked for in, in order: the deck's folder, then each
/// folder of MBSOLVE_USERSUB_PATH. An absolute name is used as is (one empty folder).
std::vector<std::filesystem::path> user_search_dirs(std::string_view name,
                                                    const std::string& deck_dir) {
  std::vector<std::filesystem::path> dirs;
  if (std::filesystem::path(name).is_absolute()) {
    dirs.emplace_back("");
    return dirs;
  }
  dirs.emplace_back(deck_dir.empty() ? "." : deck_dir);
  if (const char* env = std::getenv("MBSOLVE_USERSUB_PATH")) {
    const std::string_view list(env);
    size_t start = 0;
    while (start <= list.size()) {
      size_t end = list.find(':', start);
      if (end == std::string_view::npos) end = list.size();
      if (end > start) dirs.emplace_back(std::string(list.substr(start, end - start)));
      start = end + 1;
    }
  }
  return dirs;
}

/// "in <deck dir> and MBSOLVE_USERSUB_PATH (a:b)" for not-found messages.
std::string where_searched(const std::vector<std::filesystem::path>& dirs) {
  std::string where = fmt::format("in {}", dirs.empty() ? std::string("-") : dirs.front().string());
  if (dirs.size() > 1) {
    where += " and MBSOLVE_USERSUB_PATH (";
    for (size_t k = 1; k < dirs.size(); ++k) where += (k > 1 ? ":" : "") + dirs[k].string();
    where += ")";
  } else {
    where += " (MBSOLVE_USERSUB_PATH is not set)";
  }
  return where;
}

std::filesystem::path user_path_in(const std::filesystem::path& dir, const std::string& name) {
  return dir.empty() ? std::filesystem::path(name) : dir / name;
}

LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir,
                                LibraryLoad mode) {
  LoadedLibrary out;
  std::vector<std::string> tried;
  const std::vector<std::string> names = file_names(name);
  const std::vector<std::filesystem::path> dirs = user_search_dirs(name, deck_dir);
  for (const auto& dir : dirs) {
    for (const auto& n : names) {
      const std::filesystem::path p = user_path_in(dir, n);
      std::error_code ec;
      if (!std::filesystem::is_regular_file(p, ec)) continue;
      if (mode == LibraryLoad::kFind) {
        out.path = p.string();
        return out;
      }
      std::string error;
      out.handle = open_library(p.string(), mode, error);
      if (out.handle) {
        out.path = p.string();
        return out;
      }
      tried.push_back(fmt::format("{}: {}", p.string(), error));
    }
  }
  // The system loader's own search (LD_LIBRARY_PATH, ld.so.cache, ...) for bare names.
  if (std::filesystem::path(name).parent_path().empty()) {
    for (const auto& n : names) {
      std::string error;
      out.handle = open_library(n, mode, error);
      if (out.handle) {
        out.path = n;
        return out;
      }
      if (error.find("cannot open shared object file") == std::string::npos) {
        tried.push_back(error);
      }
    }
  }
  out.error = tried.empty()
                  ? fmt::format("not found: looked for {} {} and on the system library path",
                                fmt::join(names, ", "), where_searched(dirs))
                  : fmt::format("could not be loaded: {}", fmt::join(tried, "; "));
  return out;
}

}  // namespace mb
