#include "models/user_subroutine.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

#include "common/text.hpp"
#include "include/mbsolve/usersub.h"
#include "models/element_reader.hpp"
#include "models/python_script.hpp"

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

namespace {

/// The folders a relative user file is looked for in, in order: the deck's folder, then each
/// folder of MBSOLVE_USERSUB_PATH. An absolute name is used as is (one empty folder).
std::vector<std::filesystem::path> search_dirs(std::string_view name, const std::string& deck_dir) {
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

std::filesystem::path in_dir(const std::filesystem::path& dir, const std::string& name) {
  return dir.empty() ? std::filesystem::path(name) : dir / name;
}

}  // namespace

LoadedLibrary load_user_library(std::string_view name, const std::string& deck_dir) {
  LoadedLibrary out;
  std::vector<std::string> tried;
  const std::vector<std::string> names = file_names(name);
  const std::vector<std::filesystem::path> dirs = search_dirs(name, deck_dir);
  for (const auto& dir : dirs) {
    for (const auto& n : names) {
      const std::filesystem::path p = in_dir(dir, n);
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
  out.error = tried.empty()
                  ? fmt::format("not found: looked for {} {} and on the system library path",
                                fmt::join(names, ", "), where_searched(dirs))
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

namespace {

/// The Python signature of a routine, for messages.
std::string python_signature(const UserSubroutine& s) {
  switch (s.signature) {
    case UserSignature::kRequest:
      return fmt::format("def {}(id, time, par, npar, iflag)", s.routine);
    case UserSignature::kArray:
      return fmt::format("def {}(id, time, par, npar, dflag, iflag, nvalue)", s.routine);
    case UserSignature::kMotion:
      return fmt::format("def {}(id, time, par, npar, iord, iflag)", s.routine);
    case UserSignature::kStateEquation:
      return fmt::format(
          "def {}(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt)",
          s.routine);
    case UserSignature::kCoupler:
      return fmt::format("def {}(id, time, par, npar, disp, ndisp, iflag)", s.routine);
    case UserSignature::kForce:
      break;
  }
  return fmt::format("def {}(id, time, par, npar, dflag, iflag)", s.routine);
}

/// The calling convention of routine `name` (its default name, before usrsub_fnc_name).
UserSignature signature_of(std::string_view name) {
  if (name == "REQSUB") return UserSignature::kRequest;
  if (name == "ARYSUB") return UserSignature::kArray;
  if (name == "MOTSUB") return UserSignature::kMotion;
  if (name == "GSESUB" || name == "YFOSUB") return UserSignature::kStateEquation;
  if (name == "COUSUB") return UserSignature::kCoupler;
  return UserSignature::kForce;
}

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
  const std::vector<std::filesystem::path> dirs = search_dirs(name, deck_dir);
  std::string path;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(in_dir(dir, name), ec)) {
      path = in_dir(dir, name).string();
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
    in.error("usrsub_dll_name",
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
  s.signature = signature_of(default_routine);
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

bool UserSubroutine::call(const UserArgs& a, std::string& error) const {
  if (a.extra >= 0) {
    const auto k = static_cast<size_t>(a.extra);
    if (script) return call_python_function(*extra_scripts[k], a, signature, error);
    int id = a.id, npar = a.npar, iflag = a.iflag, noutpt = a.noutpt;
    int nstate = static_cast<int>(a.states.size()), ninput = static_cast<int>(a.inputs.size());
    double time = a.time;
    if (signature == UserSignature::kCoupler) {
      reinterpret_cast<mbsolve_couxx>(extras[k])(&id, &time, a.par, &npar, a.states.data(), &nstate,
                                                 &iflag, a.result.data());
      return true;
    }
    reinterpret_cast<mbsolve_gsexx>(extras[k])(&id, &time, a.par, &npar, &iflag, &nstate,
                                               a.states.data(), &ninput, a.inputs.data(), &noutpt,
                                               a.result.data());
    return true;
  }
  if (script) return call_python_function(*script, a, signature, error);
  int id = a.id, npar = a.npar, dflag = a.dflag, iflag = a.iflag;
  double time = a.time;
  switch (signature) {
    case UserSignature::kForce:
      reinterpret_cast<mbsolve_sfosub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag,
                                              a.result.data());
      break;
    case UserSignature::kRequest:
      reinterpret_cast<mbsolve_reqsub>(entry)(&id, &time, a.par, &npar, &iflag, a.result.data());
      break;
    case UserSignature::kArray: {
      int nvalue = static_cast<int>(a.result.size());
      reinterpret_cast<mbsolve_arysub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag, &nvalue,
                                              a.result.data());
      break;
    }
    case UserSignature::kMotion: {
      int iord = a.iord;
      reinterpret_cast<mbsolve_motsub>(entry)(&id, &time, a.par, &npar, &iord, &iflag,
                                              a.result.data());
      break;
    }
    case UserSignature::kStateEquation: {
      int nstate = static_cast<int>(a.states.size()), ninput = static_cast<int>(a.inputs.size());
      int noutpt = a.noutpt;
      reinterpret_cast<mbsolve_gsesub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag, &nstate,
                                              a.states.data(), &ninput, a.inputs.data(), &noutpt,
                                              a.result.data(), a.output.data());
      break;
    }
    case UserSignature::kCoupler: {
      int ndisp = static_cast<int>(a.states.size());
      reinterpret_cast<mbsolve_cousub>(entry)(&id, &time, a.par, &npar, a.states.data(), &ndisp,
                                              &iflag, a.result.data());
      break;
    }
  }
  return true;
}

}  // namespace mb
