#include "common/user_library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>

#include "common/text.hpp"

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

/// The folders a relative user file is looked for in, in order: the deck's folder, the
/// deck's own folders, then each folder of MBSOLVE_USERSUB_PATH. An absolute name is used as is
/// (one empty folder).
std::vector<std::filesystem::path> user_search_dirs(
    std::string_view name, const std::string& deck_dir,
    std::span<const std::filesystem::path> deck_folders) {
  std::vector<std::filesystem::path> dirs;
  if (std::filesystem::path(name).is_absolute()) {
    dirs.emplace_back("");
    return dirs;
  }
  dirs.emplace_back(deck_dir.empty() ? "." : deck_dir);
  dirs.insert(dirs.end(), deck_folders.begin(), deck_folders.end());
  if (const char* env = std::getenv("MBSOLVE_USERSUB_PATH")) {
    for (auto& dir : split_folders(env, ":")) dirs.push_back(std::move(dir));
  }
  return dirs;
}

std::vector<std::filesystem::path> split_folders(std::string_view list,
                                                 std::string_view separators) {
  std::vector<std::filesystem::path> folders;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t end = std::min(list.find_first_of(separators, start), list.size());
    const std::string_view folder = trim(list.substr(start, end - start));
    if (!folder.empty()) folders.emplace_back(folder);
    start = end + 1;
  }
  return folders;
}

/// "in <deck dir>, LIBPATH (c:d) and MBSOLVE_USERSUB_PATH (a:b)" for not-found messages.
std::string where_searched(const std::vector<std::filesystem::path>& dirs, size_t deck_folders) {
  std::string where = fmt::format("in {}", dirs.empty() ? std::string("-") : dirs.front().string());
  const size_t env_first = std::min(dirs.size(), 1 + deck_folders);
  const auto folder_list = [&](size_t from, size_t to) {
    std::string list;
    for (size_t k = from; k < to; ++k) list += (k > from ? ":" : "") + dirs[k].string();
    return list;
  };
  if (env_first > 1) where += fmt::format(", LIBPATH ({})", folder_list(1, env_first));
  if (dirs.size() > env_first) {
    where += fmt::format(" and MBSOLVE_USERSUB_PATH ({})", folder_list(env_first, dirs.size()));
  } else {
    where += " (MBSOLVE_USERSUB_PATH is not set)";
  }
  return where;
}

std::filesystem::path user_path_in(const std::filesystem::path& dir, const std::string& name) {
  return dir.empty() ? std::filesystem::path(name) : dir / name;
}

LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir,
                                LibraryLoad mode,
                                std::span<const std::filesystem::path> deck_folders) {
  LoadedLibrary out;
  std::vector<std::string> tried;
  const std::vector<std::string> names = file_names(name);
  const std::vector<std::filesystem::path> dirs = user_search_dirs(name, deck_dir, deck_folders);
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
                                fmt::join(names, ", "),
                                where_searched(dirs, dirs.size() > 1 ? deck_folders.size() : 0))
                  : fmt::format("could not be loaded: {}", fmt::join(tried, "; "));
  return out;
}

}  // namespace mb
