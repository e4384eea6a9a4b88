#include "parser/read_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.hpp"

namespace mb {

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw Error(ExitCode::kInputNotFound, path + ": is a directory, not a deck file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error(ExitCode::kInputNotFound, path + ": cannot open: " + std::strerror(errno));
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace mb
