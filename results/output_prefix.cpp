#include "results/output_prefix.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace mb {

namespace fs = std::filesystem;

std::string output_prefix(const std::string& deck, const std::string& given) {
  const fs::path d(deck);
  if (given.empty()) return (d.parent_path() / d.stem()).string();
  std::error_code ec;
  if (given.ends_with('/') || fs::is_directory(given, ec)) {
    return (fs::path(given) / d.stem()).string();
  }
  return given;
}

std::optional<std::string> output_prefix_problem(const std::string& prefix) {
  std::error_code ec;
  const fs::file_status st = fs::status(prefix, ec);
  if (fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st)) {
    return "-o " + prefix +
           ": this is a device or special file, not a results path; -o names the results "
           "without their extension (e.g. -o out/run writes out/run.csv, .json and .log)";
  }
  fs::path folder = fs::path(prefix).parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, ec)) {
    return "cannot write the results " + prefix + ".csv: the folder " + folder.string() +
           (fs::exists(folder, ec) ? " is not a folder" : " does not exist") +
           " (create it, or choose another -o PREFIX)";
  }
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    return "cannot write the results " + prefix + ".csv: the folder " + folder.string() +
           " is not writable (" + std::strerror(errno) + "); choose another -o PREFIX";
  }
  for (const char* ext : {".csv", ".json", ".log"}) {
    const fs::path file = prefix + ext;
    if (fs::exists(file, ec) && !fs::is_regular_file(file, ec)) {
      return "cannot write the results: " + file.string() +
             " exists and is not a regular file (remove it, or choose another -o PREFIX)";
    }
  }
  return std::nullopt;
}

}  // namespace mb
