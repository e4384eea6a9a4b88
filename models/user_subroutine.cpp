#include "models/user_subroutine.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

#include "common/text.hpp"
#include "models/element_reader.hpp"

namespace mb {

namespace {

std::shared_ptr<void> open_library(const std::string& path, std::string& error) {
  dlerror();
  void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
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

LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir) {
  LoadedLibrary out;
  std::vector<std::string> tried;
  const std::vector<std::string> names = file_names(name);
  std::vector<std::filesystem::path> dirs;
  if (!std::filesystem::path(name).is_absolute()) {
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
  } else {
    dirs.emplace_back("");
  }
  for (const auto& dir : dirs) {
    for (const auto& n : names) {
      const std::filesystem::path p = dir.empty() ? std::filesystem::path(n) : dir / n;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(p, ec)) continue;
      std::string error;
      out.handle = open_library(p.string(), error);
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
      out.handle = open_library(n, error);
      if (out.handle) {
        out.path = n;
        return out;
      }
      if (error.find("cannot open shared object file") == std::string::npos) {
        tried.push_back(error);
      }
    }
  }
  std::string where = fmt::format("looked for {} in {}", fmt::join(names, ", "),
                                  dirs.empty() ? std::string("-") : dirs.front().string());
  if (dirs.size() > 1) {
    where += " and MBSOLVE_USERSUB_PATH (";
    for (size_t k = 1; k < dirs.size(); ++k) where += (k > 1 ? ":" : "") + dirs[k].string();
    where += ")";
  } else {
    where += " (MBSOLVE_USERSUB_PATH is not set)";
  }
  where += " and on the system library path";
  out.error = tried.empty() ? "not found: " + where
                            : fmt::format("could not be loaded: {}", fmt::join(tried, "; "));
  return out;
}

bool has_user_subroutine(ElementReader& in) {
  for (auto n : {"usrsub_dll_name", "usrsub_fnc_name", "usrsub_param_string", "script_name",
                 "interpreter", "usrsub_param_name"}) {
    if (in.has(n)) return true;
  }
  return false;
}

std::optional<UserSubroutine> read_user_subroutine(
    ElementReader& in, std::string_view default_routine, bool& failed,
    std::initializer_list<std::string_view> extra_routines,
    std::initializer_list<std::string_view> extra_attrs) {
  failed = false;
  if (!has_user_subroutine(in)) return std::nullopt;
  failed = true;
  if (in.has("interpreter") || in.has("script_name")) {
    const DeckAttribute* a = in.attr("interpreter");
    const std::string lang = a ? to_lower(trim(a->value)) : "";
    in.error(a ? "interpreter" : "script_name",
             fmt::format("user scripts ({}) are not supported: build the routine into a shared "
                         "library and name it with usrsub_dll_name",
                         lang == "python"   ? "interpreter=\"PYTHON\""
                         : lang == "matlab" ? "interpreter=\"MATLAB\""
                                            : "script_name"));
    return std::nullopt;
  }
  UserSubroutine s;
  s.subject = in.subject();
  const DeckAttribute* params = in.attr("usrsub_param_string");
  if (!params) params = in.attr("usrsub_param_name");  // spelling of the command docs
  if (!params) {
    in.error_here("missing required attribute 'usrsub_param_string' (USER(p1, p2, ...))");
  } else {
    std::string error;
    if (auto p = parse_user_parameters(params->value, error)) {
      s.par = std::move(*p);
    } else {
      in.error(params->name, "usrsub_param_string " + error);
      return std::nullopt;
    }
  }
  const DeckAttribute* dll = in.attr("usrsub_dll_name");
  if (!dll) {
    in.error_here("missing required attribute 'usrsub_dll_name' (the user library)");
    return std::nullopt;
  }
  const std::string_view lib_name = trim(dll->value);
  if (lib_name.empty() || iequals(lib_name, "NULL")) {
    in.error("usrsub_dll_name",
             "usrsub_dll_name=\"NULL\" (a default user library) is not supported: name the "
             "library (searched next to the deck and in MBSOLVE_USERSUB_PATH)");
    return std::nullopt;
  }
  const DeckAttribute* fnc = in.attr("usrsub_fnc_name");
  s.routine = fnc ? std::string(trim(fnc->value)) : std::string(default_routine);
  if (!params) return std::nullopt;
  const std::string deck_dir =
      in.node().loc.file ? std::filesystem::path(*in.node().loc.file).parent_path().string() : "";
  LoadedLibrary lib = load_user_library(lib_name, deck_dir);
  if (!lib.handle) {
    in.error("usrsub_dll_name",
             fmt::format("user library {} {}", quoted_value(lib_name), lib.error));
    return std::nullopt;
  }
  s.library = lib.path;
  s.handle = lib.handle;
  dlerror();
  s.entry = dlsym(s.handle.get(), s.routine.c_str());
  if (!s.entry) {
    in.error(fnc ? "usrsub_fnc_name" : "usrsub_dll_name",
             fmt::format("user library {} has no entry point '{}' (exported with C linkage: "
                         "extern \"C\")",
                         s.library, s.routine));
    return std::nullopt;
  }
  const auto* attr_it = extra_attrs.begin();
  for (std::string_view extra : extra_routines) {
    std::string name(extra);
    if (attr_it != extra_attrs.end()) {
      if (const DeckAttribute* a = in.attr(*attr_it)) name = std::string(trim(a->value));
      ++attr_it;
    }
    s.extras.push_back(dlsym(s.handle.get(), name.c_str()));
  }
  failed = false;
  return s;
}

}  // namespace mb
