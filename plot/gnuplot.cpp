#include "plot/gnuplot.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace mb::plot {
namespace fs = std::filesystem;
namespace {

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (std::size_t pos = s.find(from); pos != std::string::npos;
       pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
}

/// Runs `program script` in `dir`, stderr to gnuplot.log. Returns the exit status or -1.
int spawn_gnuplot(const std::string& program, const fs::path& dir, const std::string& script) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log = (dir / "gnuplot.log").string();
  const std::string workdir = dir.string();
  posix_spawn_file_actions_addchdir_np(&actions, workdir.c_str());
  posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  std::string arg0 = program, arg1 = script;
  char* argv[] = {arg0.data(), arg1.data(), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::optional<std::string> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    if (::access(name.c_str(), X_OK) == 0) return name;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  std::string d;
  while (std::getline(dirs, d, ':')) {
    if (d.empty()) continue;
    const auto p = (fs::path(d) / name).string();
    if (::access(p.c_str(), X_OK) == 0) return p;
  }
  return std::nullopt;
}

std::string gp_quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += (c == '\'') ? std::string("''") : std::string(1, c);
  return out + "'";
}

FigureRun run_gnuplot(const std::string& dir, const std::string& script, const char* program_env) {
  FigureRun res;
  const char* env = program_env ? std::getenv(program_env) : nullptr;
  const std::string wanted = (env && *env) ? env : "gnuplot";
  const auto program = find_program(wanted);
  if (!program) {
    res.message = fmt::format(
        "gnuplot not found ('{}'): the report has no figures; install it with "
        "`apt-get install gnuplot-nox` (or scripts/install-deps.sh)",
        wanted);
    return res;
  }
  const fs::path root = fs::absolute(dir);
  const int status = spawn_gnuplot(*program, root, script);
  res.drawn = status == 0;
  if (!res.drawn) {
    res.message = fmt::format("gnuplot failed (status {}); see {}", status,
                              (fs::path(dir) / "gnuplot.log").string());
  }
  return res;
}

std::string inline_svg(std::string svg, const std::string& prefix) {
  const auto start = svg.find("<svg");
  if (start == std::string::npos) return "";
  svg.erase(0, start);
  for (auto q : {"'", "\""}) {
    replace_all(svg, fmt::format("id={}", q), fmt::format("id={}{}_", q, prefix));
    replace_all(svg, fmt::format("href={}#", q), fmt::format("href={}#{}_", q, prefix));
  }
  replace_all(svg, "url(#", fmt::format("url(#{}_", prefix));
  return svg;
}

std::string inline_svg_file(const std::string& path, const std::string& prefix) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return inline_svg(ss.str(), prefix);
}

}  // namespace mb::plot
