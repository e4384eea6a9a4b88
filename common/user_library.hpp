#pragma once
// Finding and opening a user library (the shared library of user subroutines a deck names:
// MotionSolve usrsub_dll_name, Adams ROUTINE=library::routine). Shared by the Adams reader,
// which reports a missing library once per library before anything is built, and the model,
// which loads the routines.
//
// Search, first match wins: the name as given, libX.so and X.so, each relative to the deck's
// folder (an absolute name is used as is), then in each folder the deck names (Adams
// PREFERENCES/LIBPATH), then in each folder of MBSOLVE_USERSUB_PATH (colon-separated), then the
// system loader's own search (LD_LIBRARY_PATH, ...). Libraries are
// opened with RTLD_NOW | RTLD_LOCAL, so unresolved symbols are reported at load time.

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mb {

/// A loaded library, or the reasons it could not be loaded.
struct LoadedLibrary {
  std::shared_ptr<void> handle;
  std::string path;
  std::string error;  ///< when handle is null: every place tried and the loader's messages
};

/// How a library is opened: kNow for use (every symbol resolved at load time); kFind only finds
/// it (a file of one of its names in the search folders, else what the system loader opens),
/// for a reader that reports a missing library before anything is loaded: `path` is then set,
/// `handle` may be null, and `error` is empty.
enum class LibraryLoad { kNow, kFind };

/// Finds and opens `name` (see the search order above); `deck_dir` is the deck's folder,
/// `deck_folders` the folders the deck itself names (PREFERENCES/LIBPATH).
LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir,
                                LibraryLoad mode = LibraryLoad::kNow,
                                std::span<const std::filesystem::path> deck_folders = {});

/// The folders a relative user file (library or script) is looked for in, in order: the deck's
/// folder, then `deck_folders`, then each folder of MBSOLVE_USERSUB_PATH. An absolute name: one
/// empty folder.
std::vector<std::filesystem::path> user_search_dirs(
    std::string_view name, const std::string& deck_dir,
    std::span<const std::filesystem::path> deck_folders = {});

/// The folders of a list such as "a:b" (each separator in `separators` splits; blanks around a
/// folder are dropped, empty entries skipped).
std::vector<std::filesystem::path> split_folders(std::string_view list,
                                                 std::string_view separators);

/// `name` in folder `dir` (an empty folder: the name as is).
std::filesystem::path user_path_in(const std::filesystem::path& dir, const std::string& name);

/// "in <deck dir>, LIBPATH (c:d) and MBSOLVE_USERSUB_PATH (a:b)" for not-found messages; the
/// `deck_folders` first folders after the deck's are the deck's own (PREFERENCES/LIBPATH).
std::string where_searched(const std::vector<std::filesystem::path>& dirs, size_t deck_folders = 0);

}  // namespace mb
