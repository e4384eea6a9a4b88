#include "models/user_subroutine.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

#include "common/text.hpp"
#include "models/element_reader.hpp"
#include "usersub/python_script.hpp"

namespace mb {

std::optional<std::vector<double>> parse_user_parameters(std::string_view text,
                                                         std::string& error) {
  std::string_view s = trim(text);
  if (s.size() < 6 || !iequals(s.substr(0, 4), "USER") || s.back() != ')') {
    error = fmt::format("must be written USER(p1, p2, ...) (got {})", quoted_value(text));
    return std::nullopt;
  }
  s = trim(s.substr(4));
  if (s.empty() || s.front() != '(') {
    error = fmt::format("must be written USER(p1, p2, ...) (got {})", quoted_value(text));
    return std::nullopt;
  }
  s = s.substr(1, s.size() - 2);
  std::vector<double> par;
  if (trim(s).empty()) return par;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(',', start);
    if (end == std::string_view::npos) end = s.size();
    const std::string_view item = trim(s.substr(start, end - start));
    auto v = parse_real(item);
    if (!v) {
      error = fmt::format("parameter {} of USER(...) must be a finite number (got {})",
                          par.size() + 1, quoted_value(item));
      return std::nullopt;
    }
    par.push_back(*v);
    start = end + 1;
  }
  return par;
}

bool has_user_subroutine(ElementReader& in) {
  for (auto n : {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string", "script_name",
                 "interpreter", "usrsub_param_name"}) {
    if (in.has(n)) return true;
  }
  return false;
}

namespace {

/// script_name + interpreter="PYTHON": finds the script (the name as given, next to the deck,
/// then in MBSOLVE_USERSUB_PATH) and loads its function into `s`. False after reporting.
bool read_script(ElementReader& in, UserSubroutine& s, const std::string& deck_dir) {
  if (in.has("usrsub_dll_name")) {
    in.error("usrsub_dll_name",
             "give usrsub_dll_name (a library) or script_name (a script), not both");
    return false;
  }
  const DeckAttribute* interpreter = in.attr("interpreter");
  const DeckAttribute* script = in.attr("script_name");
  if (!interpreter) {
    in.error("script_name", "a user script needs interpreter=\"PYTHON\" (its language)");
    return false;
  }
  const std::string_view language = trim(interpreter->value);
  if (!iequals(language, "PYTHON")) {
    in.error("interpreter",
             fmt::format("interpreter=\"{}\" is not supported: user scripts must be Python "
                         "(interpreter=\"PYTHON\"), or build the routine into a shared library "
                         "named with usrsub_dll_name",
                         language));
    return false;
  }
  if (!script || trim(script->value).empty()) {
    in.error(script ? "script_name" : "interpreter",
             "missing required attribute 'script_name' (the Python script)");
    return false;
  }
  const std::string name(trim(script->value));
  const std::vector<std::filesystem::path> dirs = user_search_dirs(name, deck_dir);
  std::string path;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(user_path_in(dir, name), ec)) {
      path = user_path_in(dir, name).string();
      break;
    }
  }
  if (path.empty()) {
    in.error("script_name", fmt::format("Python script {} not found: looked {}", quoted_value(name),
                                        where_searched(dirs)));
    return false;
  }
  LoadedScript loaded = load_python_script(path, s.routine);
  if (!loaded.function) {
    if (loaded.missing_function) {
      in.error(in.has("usrsub_fnc_name") ? "usrsub_fnc_name" : "script_name",
               fmt::format("Python script {} {} (the routine is {}: ...)", path, loaded.error,
                           python_signature(s)));
    } else {
      in.error("script_name", fmt::format("Python script {} {}", path, loaded.error));
    }
    return false;
  }
  s.library = path;
  s.script = std::move(loaded.function);
  return true;
}

/// usrsub_dll_name: loads the library and its entry point into `s`. False after reporting.
bool read_library(ElementReader& in, UserSubroutine& s, const std::string& deck_dir) {
  const DeckAttribute* dll = in.attr("usrsub_dll_name");
  if (!dll) {
    in.missing("usrsub_dll_name", "the user library");
    return false;
  }
  const std::string_view lib_name = trim(dll->value);
  if (lib_name.empty() || iequals(lib_name, "NULL")) {
    in.error("usrsub_dll_name",
             "usrsub_dll_name=\"NULL\" (a default user library) is not supported: name the "
             "library (searched next to the deck and in MBSOLVE_USERSUB_PATH)");
    return false;
  }
  LoadedLibrary lib = load_user_library(lib_name, deck_dir);
  if (!lib.handle) {
    // One error per library, however many elements name it.
    in.error_grouped("user-library:" + std::string(lib_name), "usrsub_dll_name",
                     fmt::format("user library {} {}", quoted_value(lib_name), lib.error));
    return false;
  }
  s.library = lib.path;
  s.handle = lib.handle;
  dlerror();
  s.entry = dlsym(s.handle.get(), s.routine.c_str());
  if (!s.entry) {
    in.error(in.has("usrsub_fnc_name") ? "usrsub_fnc_name" : "usrsub_dll_name",
             fmt::format("user library {} has no entry point '{}' (exported with C linkage: "
                         "extern \"C\")",
                         s.library, s.routine));
    return false;
  }
  return true;
}

}  // namespace

std::optional<UserSubroutine> read_user_subroutine(
    ElementReader& in, std::string_view default_routine, bool& failed,
    std::initializer_list<std::string_view> extra_routines,
    std::initializer_list<std::string_view> extra_attrs) {
  failed = false;
  if (!has_user_subroutine(in)) return std::nullopt;
  failed = true;
  UserSubroutine s;
  s.subject = in.subject();
  s.signature = user_signature(default_routine);
  const DeckAttribute* params = in.attr("usrsub_param_string");
  if (!params) params = in.attr("usrsub_param_name");  // spelling of the command docs
  if (!params) {
    in.missing("usrsub_param_string", "USER(p1, p2, ...)");
  } else {
    std::string error;
    if (auto p = parse_user_parameters(params->value, error)) {
      s.par = std::move(*p);
    } else {
      in.error(params->name, "usrsub_param_string " + error);
      return std::nullopt;
    }
  }
  const DeckAttribute* fnc = in.attr("usrsub_fnc_name");
  s.routine = fnc ? std::string(trim(fnc->value)) : std::string(default_routine);
  // The extra routines' names, each renamed by its attribute when given.
  std::vector<std::string> extra_names;
  const auto* attr_it = extra_attrs.begin();
  for (std::string_view extra : extra_routines) {
    std::string name(extra);
    if (attr_it != extra_attrs.end()) {
      if (const DeckAttribute* a = in.attr(*attr_it)) name = std::string(trim(a->value));
      ++attr_it;
    }
    extra_names.push_back(std::move(name));
  }
  const bool is_script = in.has("script_name") || in.has("interpreter");
  const std::string deck_dir =
      in.node().loc.file ? std::filesystem::path(*in.node().loc.file).parent_path().string() : "";
  if (is_script) {
    if (!params || !read_script(in, s, deck_dir)) return std::nullopt;
    s.extras.assign(extra_names.size(), nullptr);
    for (const auto& name : extra_names) {
      s.extra_scripts.push_back(find_python_function(*s.script, name));
    }
    failed = false;
    return s;
  }
  if (!read_library(in, s, deck_dir) || !params) return std::nullopt;
  for (const auto& name : extra_names) s.extras.push_back(dlsym(s.handle.get(), name.c_str()));
  failed = false;
  return s;
}

}  // namespace mb
