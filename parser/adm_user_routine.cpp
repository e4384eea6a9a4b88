#include "parser/adm_user_routine.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "common/text.hpp"
#include "common/user_library.hpp"

namespace mb::adm {

bool is_user_call(std::string_view value) {
  const std::string_view v = trim(value);
  return v.size() >= 5 && iequals(v.substr(0, 4), "USER") && trim(v.substr(4)).starts_with('(');
}

std::optional<RoutineName> split_routine(std::string_view entry) {
  entry = trim(entry);
  const size_t sep = entry.rfind("::");
  if (sep == std::string_view::npos) return std::nullopt;
  RoutineName out{std::string(trim(entry.substr(0, sep))),
                  std::string(trim(entry.substr(sep + 2)))};
  if (out.library.empty() || out.routine.empty()) return std::nullopt;
  return out;
}

bool check_user_library(NodeBuilder& b, const Arg& a, const std::string& library) {
  const SourceLoc& loc = b.statement().loc;
  const std::string deck_dir =
      loc.file ? std::filesystem::path(*loc.file).parent_path().string() : std::string();
  static const std::vector<std::filesystem::path> kNoFolders;
  const std::vector<std::filesystem::path>& folders =
      b.library_folders() ? *b.library_folders() : kNoFolders;
  const LoadedLibrary lib = load_user_library(library, deck_dir, LibraryLoad::kFind, folders);
  if (lib.error.empty()) {
    // Found through LIBPATH: the model loads that file (it searches without the dataset's
    // folders).
    DeckAttribute* dll = b.node().find("usrsub_dll_name");
    if (!folders.empty() && dll && std::filesystem::path(lib.path).has_parent_path()) {
      std::error_code ec;
      const std::filesystem::path full = std::filesystem::absolute(lib.path, ec);
      if (!ec) dll->value = full.string();
    }
    return true;
  }
  // One error per library: the count of statements that name it and the first one.
  b.diag().error_grouped("adm-user-library:" + library, a.loc, b.subject(),
                         fmt::format("{}: user library '{}' {}", a.name, library, lib.error));
  return false;
}

void user_routine(NodeBuilder& b, std::string_view default_routine) {
  const Arg* f = b.arg("FUNCTION");
  const Arg* r = b.arg("ROUTINE");
  if (!f || !is_user_call(f->value)) {
    if (r) b.diag().error(r->loc, b.subject(), "ROUTINE is only used with FUNCTION=USER(...)");
    return;
  }
  b.copy_text("FUNCTION", "usrsub_param_string");
  const std::string entry = r ? std::string(trim(r->value)) : std::string();
  if (r && entry.find(',') != std::string::npos) {
    b.diag().error(
        r->value_loc, b.subject(),
        fmt::format("ROUTINE: one library::routine for {} (got '{}')", b.statement().name, entry));
    return;
  }
  const std::optional<RoutineName> name = split_routine(entry);
  if (!name) {
    // Adams calls the routine (default_routine, or ROUTINE's name alone) in the user library it
    // was started with; mbsolve is started with none.
    const std::string routine = entry.empty() ? std::string(default_routine) : entry;
    b.diag().error_grouped(
        "adm-user-default-library", r ? r->loc : f->loc, b.subject(),
        fmt::format("FUNCTION=USER(...) without ROUTINE=library::routine calls the statement's "
                    "routine ({} here) in the default user library (the one Adams Solver is "
                    "started with); mbsolve has no default library: name it with "
                    "ROUTINE=library::{} (looked for next to the dataset, then in "
                    "PREFERENCES/LIBPATH and MBSOLVE_USERSUB_PATH)",
                    routine, routine));
    return;
  }
  b.set("usrsub_dll_name", name->library, r->loc, r->value_loc, r->spelled);
  b.set("usrsub_fnc_name", name->routine, r->loc, r->value_loc, r->spelled);
  check_user_library(b, *r, name->library);
}

void function_or_user(NodeBuilder& b, std::string_view attr, std::string_view routine,
                      bool set_type) {
  const Arg* a = b.arg("FUNCTION");
  if (!a) {
    b.require("FUNCTION");
    return;
  }
  if (is_user_call(a->value)) {
    if (set_type) b.set_from("type", "USERSUB", *a);
  } else {
    if (set_type) b.set_from("type", "EXPRESSION", *a);
    b.copy_text("FUNCTION", attr);
  }
  user_routine(b, routine);
}

}  // namespace mb::adm
